// @vitest-environment node
/**
 * Issue 16: each runtime's code reads as a map with no import circle, so a
 * newcomer can follow any module down to what it stands on and never back.
 * The worker's own areas and doors are held in tests/unit/worker/shape.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCircles, readTree } from '../../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('import circles', () => {
  it.each(['src', 'worker', 'sw', 'server'])('%s/ has none (a lazy import() may lead back)', (dir) => {
    const graph = readTree(path.join(ROOT, dir), { lazy: false });
    expect(graph.size).toBeGreaterThan(5);
    expect(findCircles(graph).map((circle) => circle.join(', '))).toEqual([]);
  });

  it('reads type imports and re-exports as edges and, when asked, not a lazy import()', () => {
    const home = readTree(path.join(ROOT, 'src/features/home'), { lazy: false });
    // slider-slots loads Sliders lazily; Sliders imports slider-slots.
    expect(home.get('Sliders.tsx')).toContain('slider-slots.tsx');
    expect(home.get('slider-slots.tsx')).not.toContain('Sliders.tsx');
    expect(readTree(path.join(ROOT, 'src/features/home')).get('slider-slots.tsx')).toContain('Sliders.tsx');
    // home-snapshot's only link to the shapes is a type import.
    expect(home.get('home-snapshot.ts')).toContain('home-shapes.ts');
  });
});
