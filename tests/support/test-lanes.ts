/**
 * `npm test`'s layers in two lanes that run side by side: the unit and API
 * tests in one, the build and the browser tests in the other. Each layer
 * alone keeps about one core busy (vitest waits on jsdom, the databases and
 * scrypt; the browser tests on Chromium), so on a 2-core machine the lanes
 * take about as long as the longer one instead of the sum.
 *
 * Every line a layer prints is passed on as it comes, led by its lane's name.
 * A failed build stops its lane (the browser tests need it); a failed unit
 * layer does not stop the API tests, which need nothing of it; the other
 * lane runs to its end either way, so one run reports every failing layer. The exit code is 1 when any failed,
 * and the failures (vitest's "Failed Tests" part, or a layer's last lines)
 * are printed again at the very end: a CI log read from its tail shows what
 * failed in both lanes, not only in the lane that finished last.
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
  /** Whether each script needs the ones before it to have passed: the browser tests need the build; the API tests need nothing of the unit tests. */
  chained: boolean;
}

const LANES: readonly Lane[] = [
  { name: 'unit+api', scripts: ['test:unit', 'test:server'], chained: false },
  { name: 'browser', scripts: ['build', 'test:e2e'], chained: true },
];

/** How much of a failed layer is printed again at the end. */
const REPORT_MAX_LINES = 150;
const TAIL_LINES = 40;

/** What a layer printed that says what failed: vitest's failure part, else its last lines. */
class FailureReport {
  private readonly failures: string[] = [];
  private readonly tail: string[] = [];
  private inFailures = false;

  take(line: string): void {
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    if (/⎯ Failed (Tests|Suites) \d+ ⎯/.test(line)) this.inFailures = true;
    if (this.inFailures && this.failures.length < REPORT_MAX_LINES) this.failures.push(line);
    if (/^\s*Test Files /.test(line)) this.inFailures = false;
  }

  lines(): string[] {
    return this.failures.length > 0 ? this.failures : this.tail;
  }
}

const reports: { lane: string; script: string; report: FailureReport }[] = [];

function runScript(lane: string, script: string): Promise<boolean> {
  const started = Date.now();
  console.log(`[${lane}] == npm run ${script}`);
  // Plain text: the lines of two lanes are read side by side in a log, not a terminal.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const report = new FailureReport();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      report.take(line);
      console.log(`[${lane}] ${line}`);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      console.log(`[${lane}] == npm run ${script}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      if (!ok) reports.push({ lane, script, report });
      resolve(ok);
    });
  });
}

async function runLane(lane: Lane): Promise<boolean> {
  let allPassed = true;
  for (const script of lane.scripts) {
    const passed = await runScript(lane.name, script);
    allPassed &&= passed;
    if (!passed && lane.chained) break;
  }
  return allPassed;
}

const results = await Promise.all(LANES.map(runLane));
const failed = LANES.filter((_, index) => !results[index]).map((lane) => lane.name);
for (const { lane, script, report } of reports) {
  console.log(`\n[${lane}] == what failed in npm run ${script} (printed above, again here)`);
  for (const line of report.lines()) console.log(`[${lane}] ${line}`);
}
console.log(failed.length === 0 ? 'all test lanes passed' : `failed lanes: ${failed.join(', ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
