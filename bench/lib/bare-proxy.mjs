// A bare pass-through, the floor any proxy of the partner API stands on: one loopback hop, the
// bearer header added, the body piped as it arrives. `node bare-proxy.mjs <port> <portal origin> <token>`
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const [port, upstream, token] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

http
  .createServer((req, res) => {
    const url = new URL(req.url.replace(/^\/api\/partner\//, '/api/'), upstream);
    const headers = { authorization: `Bearer ${token}` };
    if (req.headers['accept-encoding']) headers['accept-encoding'] = req.headers['accept-encoding'];
    const up = http.request(url, { agent, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      pipeline(answer, res).catch(() => res.destroy());
    });
    up.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":{"status":502,"message":"upstream failed"}}');
    });
    up.end();
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
