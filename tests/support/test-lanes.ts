/**
 * `npm test`'s layers in two lanes that run side by side: the unit and API
 * tests in one, the build and the browser tests in the other. Each layer
 * alone keeps about one core busy (vitest waits on jsdom, the databases and
 * scrypt; the browser tests on Chromium), so on a 2-core machine the lanes
 * take about as long as the longer one instead of the sum.
 *
 * Every line a layer prints is passed on as it comes, led by its lane's name.
 * A layer that fails stops its own lane; the other lane runs to its end, so
 * one run reports every failing layer. The exit code is 1 when any failed.
 *
 * The API tests serve dist/ by default; they come after the unit tests, by
 * which time the other lane's build has long written it (it never changes
 * under them).
 *
 *   node --import tsx tests/support/test-lanes.ts
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Lane {
  name: string;
  /** npm scripts, run one after the other. */
  scripts: readonly string[];
}

const LANES: readonly Lane[] = [
  { name: 'unit+api', scripts: ['test:unit', 'test:server'] },
  { name: 'browser', scripts: ['build', 'test:e2e'] },
];

function runScript(lane: string, script: string): Promise<boolean> {
  const started = Date.now();
  console.log(`[${lane}] == npm run ${script}`);
  // Plain text: the lines of two lanes are read side by side in a log, not a terminal.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${lane}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      console.log(`[${lane}] == npm run ${script}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(ok);
    });
  });
}

async function runLane(lane: Lane): Promise<boolean> {
  for (const script of lane.scripts) {
    if (!(await runScript(lane.name, script))) return false;
  }
  return true;
}

const results = await Promise.all(LANES.map(runLane));
const failed = LANES.filter((_, index) => !results[index]).map((lane) => lane.name);
console.log(failed.length === 0 ? 'all test lanes passed' : `failed lanes: ${failed.join(', ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
