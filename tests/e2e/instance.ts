import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { serverEnv } from '../../playwright.config';

// One more dashboard instance on the same build, started and stopped by a test with an environment
// of its own (the suite's two instances keep theirs). By default the standalone server itself; a
// test may start it another way (`node scripts/start.mjs`, `next start`) with its own arguments.

export class Dashboard {
  private server: ChildProcess | null = null;
  readonly origin: string;
  /** What the server printed (its JSON log lines among it), when started with `keepOutput`. */
  output = '';

  constructor(
    readonly port: number,
    private readonly command: string[] = ['.next/standalone/server.js'],
  ) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  async start(env: Record<string, string>, { keepOutput = false } = {}) {
    this.output = '';
    this.server = spawn(process.execPath, this.command, {
      stdio: keepOutput ? ['ignore', 'pipe', 'pipe'] : 'ignore',
      env: { ...process.env, ...serverEnv, ...env, PORT: String(this.port), HOSTNAME: '127.0.0.1' },
    });
    if (keepOutput)
      for (const stream of [this.server.stdout!, this.server.stderr!])
        stream.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await expect
      .poll(
        () =>
          fetch(`${this.origin}/api/ready`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
  }

  async stop() {
    if (!this.server) return;
    if (this.server.exitCode !== null || this.server.signalCode !== null) return void (this.server = null);
    const exited = new Promise((resolve) => this.server?.once('exit', resolve));
    this.server.kill('SIGTERM');
    await exited;
    this.server = null;
  }
}
