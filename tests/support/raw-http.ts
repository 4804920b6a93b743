import { connect } from 'node:net';

// One HTTP/1.1 request written by hand, for what fetch and Playwright cannot send (CONNECT, TRACE,
// a made-up verb), read until the server closes the connection.

export interface RawAnswer {
  status: number;
  body: string;
}

/** A chunked body's data (short answers: ASCII sizes, no extensions). */
function dechunk(body: string): string {
  let out = '';
  for (let rest = body; ;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

export function rawRequest(port: number, method: string, path: string, headers = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const body = rest.join('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        body: /transfer-encoding: chunked/i.test(head) ? dechunk(body) : body,
      });
    });
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${headers}\r\n`);
  });
}
