import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { stopProcess } from './child.ts';
import { freePort } from './redis.ts';

export interface ContentBackend {
  /** decap-server's API (http://127.0.0.1:{port}/api/v1); the local server forwards /admin/api/v1 to it. */
  url: string;
  stop(): Promise<void>;
}

/** How long decap-server may take to answer its first call on a slow, busy machine. */
const READY_TIMEOUT_MS = 60_000;

/**
 * The content editor's local backend: Decap's own decap-server, writing the files of `root` directly
 * (its "fs" mode: no commits, no account), on a free port of 127.0.0.1 only — it writes any file of
 * the working tree it is asked to, so it never listens beyond this machine.
 */
export async function startContentBackend(root: string): Promise<ContentBackend> {
  const port = await freePort();
  const script = createRequire(import.meta.url).resolve('decap-server');
  const child = spawn(process.execPath, [script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      GIT_REPO_DIRECTORY: root,
      MODE: 'fs',
      LOG_LEVEL: 'warn',
    },
  });
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  const url = `http://127.0.0.1:${port}/api/v1`;
  const stop = async () => {
    process.off('exit', onExit);
    await stopProcess(child);
  };
  try {
    await untilAnswers(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Polls decap-server's `info` call until it answers, it exits, or the time is up. */
async function untilAnswers(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (child.exitCode === null) {
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'info' }),
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`decap-server did not answer within ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`decap-server exited with code ${child.exitCode} before it was ready`);
}
