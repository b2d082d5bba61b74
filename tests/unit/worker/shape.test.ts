// @vitest-environment node
/**
 * The sync worker keeps its shape (issue 16): no import circle, no file that
 * imports upward, and no area reaching into another past its api.ts. The
 * rules are in worker-shape.ts; eslint.config.js says the door rules again
 * where an editor shows them. The checks are first run on small made-up
 * graphs, so a checker that found nothing could not pass for a clean worker.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGraph, findCircles, importSpecifiers } from '../../support/import-graph.ts';
import { findShapeProblems, readWorker } from './worker-shape.ts';

const worker = readWorker(resolve(import.meta.dirname, '../../../worker'));

describe('the checker', () => {
  it('reads every kind of import the worker writes', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../net/b.ts';",
      'import {',
      '  c,',
      "} from './c.ts';",
      "export { d } from './d.ts';",
      "import './e.ts';",
      "type F = import('./f.ts').F;",
      "import { g } from '../../src/api/g.ts';",
      "import { expose } from 'comlink';",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(['../../src/api/g.ts', '../net/b.ts', './a.ts', './c.ts', './d.ts', './e.ts', './f.ts']);
  });

  it('finds a circle, however long', () => {
    const graph = buildGraph(
      new Map([
        ['outbox/batch.ts', "import type { DrainDeps } from './drain.ts';"],
        ['outbox/drain.ts', "import { sendBatch } from './batch.ts';"],
        ['a/one.ts', "import { two } from '../b/two.ts';"],
        ['b/two.ts', "import { three } from '../c/three.ts';"],
        ['c/three.ts', "import { one } from '../a/one.ts';"],
        ['c/alone.ts', "import { three } from './three.ts';"],
      ]),
    );
    expect(findCircles(graph)).toEqual([['a/one.ts', 'b/two.ts', 'c/three.ts'], ['outbox/batch.ts', 'outbox/drain.ts']]);
  });

  it('finds an import past a door, upward, or below the base layers', () => {
    const graph = buildGraph(
      new Map([
        ['sync-service.ts', "import { cartApi } from './cart/api.ts';\nimport { readCartMeta } from './cart/rows.ts';"],
        ['cart/api.ts', "import { readCartMeta } from './rows.ts';"],
        ['cart/rows.ts', "import { readPref } from '../replica/prefs.ts';\nimport { EXPIRED_WORDS } from '../outbox/row-status.ts';"],
        ['checkout/quote.ts', "import { readCartMeta } from '../cart/api.ts';\nimport type { SyncService } from '../sync-service.ts';"],
        ['outbox/api.ts', ''],
        ['outbox/row-status.ts', ''],
        ['replica/prefs.ts', "import { createHttp } from '../net/http.ts';\nimport { cartApi } from '../cart/api.ts';"],
        ['net/http.ts', "import { readPref } from '../replica/prefs.ts';"],
      ]),
    );
    expect(findShapeProblems(graph)).toEqual([
      'cart/rows.ts → outbox/row-status.ts: reaches into outbox/ past its door (outbox/api.ts)',
      'checkout/quote.ts → sync-service.ts: imports upward, into the files that compose the areas',
      'net/http.ts → replica/prefs.ts: net/ is a base layer and may import only net/',
      'replica/prefs.ts → cart/api.ts: replica/ is a base layer and may import only net/, replica/',
      'sync-service.ts → cart/rows.ts: reaches into cart/ past its door (cart/api.ts)',
    ]);
  });
});

describe('the sync worker', () => {
  it('is read whole: its entry, its composition and a door of every area', () => {
    const files = [...worker.keys()];
    expect(files).toContain('sync-worker.ts');
    expect(files).toContain('sync-service.ts');
    for (const area of ['account', 'boot', 'cart', 'catalog', 'checkout', 'driver', 'orders', 'outbox']) expect(files).toContain(`${area}/api.ts`);
    expect(worker.get('sync-service.ts')).toContain('outbox/api.ts');
  });

  it('has no import circle', () => {
    // Each circle as the files in it, so a failure names them all.
    expect(findCircles(worker).map((circle) => circle.join(', '))).toEqual([]);
  });

  it('has no import upward, past a door, or below the base layers', () => {
    expect(findShapeProblems(worker)).toEqual([]);
  });

  it('keeps sync-worker.ts and sync-service.ts the only files at the top', () => {
    expect([...worker.keys()].filter((file) => !file.includes('/')).sort()).toEqual(['sync-service.ts', 'sync-worker.ts']);
  });
});
