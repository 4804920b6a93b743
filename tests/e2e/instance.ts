import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { serverEnv } from '../../playwright.config';

// One more dashboard instance on the same build, started and stopped by a test with an environment
// of its own (the suite's two instances keep theirs).

export class Dashboard {
  private server: ChildProcess | null = null;
  readonly origin: string;

  constructor(readonly port: number) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  async start(env: Record<string, string>) {
    this.server = spawn(process.execPath, ['.next/standalone/server.js'], {
      stdio: 'ignore',
      env: { ...process.env, ...serverEnv, ...env, PORT: String(this.port), HOSTNAME: '127.0.0.1' },
    });
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
    const exited = new Promise((resolve) => this.server?.once('exit', resolve));
    this.server.kill('SIGTERM');
    await exited;
    this.server = null;
  }
}
