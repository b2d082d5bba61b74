/**
 * `npm run bench`: every speed and size figure of the project, measured the
 * same way on every run, printed as a table and written to bench/results/.
 * Each scenario states its budget; the run fails when a figure is over it.
 * Later issues add scenarios to the list below.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BenchFigure, BenchScenario } from './types.ts';
import { bigStore } from './scenarios/big-store.ts';
import { firstRouteWeight } from './scenarios/first-route-weight.ts';
import { nearbyStores } from './scenarios/nearby-stores.ts';
import { offlineRepeatVisit } from './scenarios/offline-repeat-visit.ts';
import { placeOrders } from './scenarios/place-orders.ts';
import { driverReplay } from './scenarios/driver-replay.ts';
import { lighthouseScenario } from './scenarios/lighthouse.ts';
import { clusterScenario } from './scenarios/cluster.ts';

const scenarios: BenchScenario[] = [firstRouteWeight, nearbyStores, offlineRepeatVisit, bigStore, placeOrders, driverReplay];
/**
 * Only by name (`npm run bench -- lighthouse`, `npm run bench -- cluster`): their figures depend on how busy the
 * machine is, and cluster needs PostgreSQL (TEST_DATABASE_URL's server), so a full run leaves them out.
 */
const onDemand: BenchScenario[] = [lighthouseScenario, clusterScenario];

function formatRow(figure: BenchFigure): string {
  const verdict = figure.budget === undefined ? 'info' : figure.withinBudget ? 'ok' : 'OVER BUDGET';
  const budget = figure.budget === undefined ? '—' : `${figure.budgetComparison ?? '≤'} ${figure.budget} ${figure.unit}`;
  return `${figure.name.padEnd(52)} ${String(figure.value).padStart(10)} ${figure.unit.padEnd(6)} ${budget.padEnd(14)} ${verdict}`;
}

async function main(): Promise<void> {
  const only = process.argv[2];
  const selected = only ? [...scenarios, ...onDemand].filter((s) => s.id === only) : scenarios;
  const figures: BenchFigure[] = [];
  for (const scenario of selected) {
    console.log(`\n▶ ${scenario.id}: ${scenario.description}`);
    figures.push(...(await scenario.run()));
  }
  console.log(`\n${'figure'.padEnd(52)} ${'value'.padStart(10)} ${'unit'.padEnd(6)} ${'budget'.padEnd(14)} verdict`);
  for (const figure of figures) console.log(formatRow(figure));
  const dir = resolve('bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), figures }, null, 2));
  const over = figures.filter((f) => f.budget !== undefined && !f.withinBudget);
  if (over.length > 0) {
    console.error(`\n${over.length} figure(s) over budget.`);
    process.exitCode = 1;
  }
}

await main();
