// The shop's own commands as real processes, for tests of what an owner runs: the server
// (main.ts) started on a DATA_DIR or database the test prepared, `npm run restore`'s script,
// each as built (this run's build, global-setup.ts), as `npm start` and the commands run it.
// Each gets only the environment the test gives it on top of the machine's: never the suite's
// DATABASE_URL, so a process under test cannot touch the suite's database by accident.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';

/** A file of this run's build of the server, as dist/ holds it: 'main.js', 'backup-cli.js'. */
export function built(file: string): string {
  return path.join(inject('serverBuild'), file);
}

/** The built files a test may run, by the npm command that runs them. */
export const SCRIPTS = {
  start: 'main.js',
  restore: 'restore-cli.js',
} as const;

export interface OwnProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves with the first output matching, or rejects after `ms` (or once it exits). */
  waitFor: (pattern: RegExp, ms: number) => Promise<RegExpMatchArray>;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** A command to run: a file, its arguments, and where. */
export interface Command {
  file: string;
  args: string[];
  cwd?: string;
  /** In a process group of its own, as a terminal starts a command (default: yes). */
  detached?: boolean;
}

/**
 * Runs a command with the machine's environment less the suite's database and `env` on top,
 * collecting what it prints.
 */
export function watchProcess(command: Command, env: Record<string, string>): OwnProcess {
  const { DATABASE_URL: _url, TEST_DATABASE: _kind, ...inherited } = process.env;
  const child = spawn(command.file, command.args, {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(command.cwd ? { cwd: command.cwd } : {}),
    // Its own process group, so a test can end it with every process it started (pg tools).
    detached: command.detached ?? true,
  });
  let text = '';
  let ended = false;
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  // 'close', not 'exit': the output is all read by then, so a line printed just before the
  // process ended is found, not reported missing.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      ended = true;
      for (const listener of listeners) listener();
      resolve(code);
    }),
  );
  const waitFor = (pattern: RegExp, ms: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = text.match(pattern);
        if (match) {
          cleanup();
          resolve(match);
        } else if (ended) {
          cleanup();
          reject(new Error(`exited without printing ${pattern}; output:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${pattern} within ${ms} ms; output:\n${text}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return { child, output: () => text, waitFor, exited };
}

/** Runs one of the shop's built scripts, as `npm run …` does. */
export function runScript(
  script: keyof typeof SCRIPTS,
  args: string[],
  env: Record<string, string>,
): OwnProcess {
  return watchProcess({ file: process.execPath, args: [built(SCRIPTS[script]), ...args] }, env);
}

/** Ends the process and everything it started (kill -9 of its group). */
export function killGroup(p: OwnProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-p.child.pid!, signal);
  } catch {
    // already gone
  }
}

/** Ports handed out in this test process, so two asks never get the same one. */
const handedOut = new Set<number>();

/**
 * A port for a process a test starts (a server, nginx), free when asked. It comes from below
 * the range Linux gives outgoing connections (32768 and up): a port from that range may be taken,
 * in the seconds before the process binds it, by one of the suite's own connections to
 * PostgreSQL, and the process then fails to listen. Each Vitest worker draws from its own block.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) % 8;
  const first = 20_000 + worker * 1_500;
  for (let tries = 0; tries < 200; tries++) {
    const port = first + Math.floor(Math.random() * 1_500);
    if (handedOut.has(port)) continue;
    const server = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!free) continue;
    await new Promise((resolve) => server.close(resolve));
    handedOut.add(port);
    return port;
  }
  throw new Error('no free port found for a test process');
}

/** The server's environment on DATA_DIR (and PostgreSQL when a URL is given), on `port`. */
export function serverEnv(
  dataDir: string,
  port: number,
  databaseUrl?: string | null,
): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    // No nightly backup at start: the backups a test finds are the ones it is about.
    BACKUP_TIME: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}
