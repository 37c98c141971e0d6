import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

const GUARD = join(import.meta.dirname, 'guard.mjs');

export interface GroupProcess {
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  /** Last lines of its output, for error messages. */
  tail(): string;
  stop(timeoutMs?: number): Promise<void>;
  /** Kills the whole group at once (SIGKILL, as a crash would) and waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts a command in its own process group, so that stopping it also stops
 * everything it started (the emulators spawn Java and Node workers), and so that
 * the group stops by itself when this process is killed. Adding a part to the
 * stack as its own process is one call of this.
 */
export function spawnGroup(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; echo?: (line: string) => void },
): GroupProcess {
  mkdirSync(dirname(opts.logFile), { recursive: true });
  const log = createWriteStream(opts.logFile, { flags: 'w' });
  // Through guard.mjs, which stops the whole group when this process goes away.
  const child = spawn(process.execPath, [GUARD, command, ...args], {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (lines.length > 40) lines.shift();
      opts.echo?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      log.end();
      resolve(code);
    });
    child.on('error', () => resolve(-1));
  });

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  return {
    child,
    exited,
    tail: () => lines.join('\n'),
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) {
        signalGroup('SIGKILL');
        return;
      }
      signalGroup('SIGINT');
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs));
      if ((await Promise.race([exited, timer])) === 'timeout') signalGroup('SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
      // Workers the main process left behind in its group.
      signalGroup('SIGKILL');
    },
    async kill() {
      signalGroup('SIGKILL');
      await exited;
    },
  };
}

/** Polls `url` until it answers 2xx, the process dies, or time runs out. */
export async function waitForHttp(
  url: string,
  opts: { timeoutMs: number; process?: GroupProcess; what: string },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let exited = false;
  void opts.process?.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`${opts.what} stopped before it was ready:\n${opts.process?.tail() ?? ''}`);
    }
    try {
      // A long wait per try: the Functions emulator keeps working on a request its caller
      // gave up on, so short tries only pile work up in its queue.
      const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (res.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `${opts.what} was not ready within ${opts.timeoutMs / 1000} s:\n${opts.process?.tail() ?? ''}`,
  );
}

/** True when nothing listens on the port. */
function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portIsFree(port))) busy.push(`${port} (${name})`);
  }
  if (busy.length > 0) {
    throw new Error(
      `Port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} already in use. Is another \`npm start\` or test run still going? Stop it and try again.`,
    );
  }
}

/** Waits until something accepts TCP connections on 127.0.0.1:`port`. */
export async function waitForPort(
  port: number,
  opts: { timeoutMs: number; process?: GroupProcess; what: string },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline) {
    if (opts.process && opts.process.child.exitCode !== null) {
      throw new Error(`${opts.what} stopped before it was ready:\n${opts.process.tail()}`);
    }
    if (!(await portIsFree(port))) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${opts.what} was not ready within ${opts.timeoutMs / 1000} s.`);
}
