/**
 * Each call is answered once, by the domain of its area of the contract
 * (issue 31): the domains' handler tables are merged once at start, and a
 * call two handlers answer, a call answered by another area's domain, or a
 * call no domain answers stops the server from starting instead of being
 * silently overridden or misplaced.
 */
import { describe, expect, it } from 'vitest';
import { callAreas, calls, type CallArea } from '../../src/api/all-calls.ts';
import { mergeHandlers } from '../../server/routes/api/handlers.ts';
import { buildTestApp } from '../support/test-app.ts';

const answer = async () => ({});
/** Every area's calls answered by a handler table of that area. */
function everyArea(): Record<CallArea, Record<string, typeof answer>[]> {
  return Object.fromEntries(
    Object.entries(callAreas).map(([area, table]) => [area, [Object.fromEntries(Object.keys(table).map((name) => [name, answer]))]]),
  ) as Record<CallArea, Record<string, typeof answer>[]>;
}

describe('the domains answering the calls', () => {
  it('merge into one table with every call of the contract, each in its own area', async () => {
    expect(Object.keys(mergeHandlers(everyArea())).sort()).toEqual(Object.keys(calls).sort());
    // The real server starts, so its domains answer their own areas' calls and nothing else.
    const t = await buildTestApp('sqlite', { seed: false });
    await t.close();
  });

  it('refuse a call two handlers answer', () => {
    const areas = everyArea();
    areas.settings.push({ 'get-settings': answer });
    expect(() => mergeHandlers(areas)).toThrow('Two handlers answer the call get-settings: each call belongs to one domain.');
  });

  it('refuse a call answered by the domain of another area', () => {
    const areas = everyArea();
    const { 'place-order': placeOrder, ...checkout } = areas.checkout[0]!;
    areas.checkout = [checkout];
    areas.orders.push({ 'place-order': placeOrder! });
    expect(() => mergeHandlers(areas)).toThrow('The orders domain answers place-order, a call of another area of the contract');
  });

  it('refuse a contract with a call no domain answers', () => {
    const areas = everyArea();
    const { 'place-order': _placeOrder, ...checkout } = areas.checkout[0]!;
    areas.checkout = [checkout];
    expect(() => mergeHandlers(areas)).toThrow('No domain answers place-order.');
  });
});
