/**
 * The real server (`npm start`'s entry) in a child process for the load
 * benchmarks, so the load generator does not share its event loop, and its
 * CPU time from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ServerProcessOptions {
  /** A postgres:// URL; default none (SQLite in dataDir). */
  databaseUrl?: string;
  /** More environment for the server (e.g. DIST_DIR). */
  env?: Record<string, string>;
}

/** `npm start`'s own entry on a free port; resolves with its URL once it prints it. */
export function startServerProcess(dataDir: string, options: ServerProcessOptions = {}): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server process.
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/cli/start.ts'], {
    cwd: resolve('.'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? '', LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolveStart, rejectStart) => {
    let output = '';
    const timer = setTimeout(() => rejectStart(new Error(`The server did not start in time:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/FoodPilot is running: (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (url) {
        clearTimeout(timer);
        resolveStart({ child, url });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      rejectStart(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
}

export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** utime + stime of a process in ms (Linux /proc; undefined elsewhere). */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
