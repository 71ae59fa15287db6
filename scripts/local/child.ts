import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Starts a Node script as a child process that announces itself with one JSON line on stdout
 * (e.g. {"url": …}); resolves with that object. What it prints after that is passed on to this
 * process's stdout (its log). The child is stopped with SIGTERM by `stop()`.
 */
export async function startChild<T>(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ info: T; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [script, ...args], {
    // stdin stays open as a lifeline: the child exits when it closes (see onParentExit).
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const line = await new Promise<string>((resolve, reject) => {
    if (!child.stdout) return reject(new Error(`${script} has no stdout`));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (first) => {
      resolve(first);
      lines.on('line', (later) => process.stdout.write(`${later}\n`));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code} before it was ready`)));
  });
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    await stopProcess(child);
  };
  return { info: JSON.parse(line) as T, child, stop };
}

/** Stops a child process with SIGTERM and waits for it to exit (at once if it already has). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/**
 * In the child: run `stop` when the parent goes away, even if it was killed with SIGKILL and could
 * not signal us (its end of our stdin closes), or when asked with SIGTERM/SIGINT.
 */
export function onParentExit(stop: () => Promise<void>): void {
  let stopping = false;
  const run = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.stdin.on('end', run).on('close', run).resume();
  process.on('SIGTERM', run);
  process.on('SIGINT', run);
}
