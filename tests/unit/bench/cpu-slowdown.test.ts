// @vitest-environment node
/** The Lighthouse bench judges a page as a mid-range phone runs it, whatever machine it runs on (issue 32). */
import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../../../bench/scenarios/cpu-slowdown.ts';

describe("the Lighthouse bench's CPU slowdown", () => {
  it("is Lighthouse's 4× on a machine of a mid-range phone's class, more on a faster one, never less than 1×", () => {
    expect(cpuSlowdownFor(1500)).toBe(4);
    expect(cpuSlowdownFor(2700)).toBe(7.2);
    expect(cpuSlowdownFor(750)).toBe(2);
    expect(cpuSlowdownFor(100)).toBe(1);
    expect(cpuSlowdownFor(100_000)).toBe(20);
  });

  it('falls back to 4× when the index could not be read', () => {
    expect(cpuSlowdownFor(Number.NaN)).toBe(4);
    expect(cpuSlowdownFor(0)).toBe(4);
  });
});
