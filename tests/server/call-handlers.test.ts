/**
 * Each call is answered by one domain (issue 31): the domains' handler tables
 * are merged once at start, and a call two domains answer, or one no domain
 * answers, stops the server from starting instead of being silently overridden.
 */
import { describe, expect, it } from 'vitest';
import { calls } from '../../src/api/all-calls.ts';
import { mergeHandlers } from '../../server/routes/api/handlers.ts';

const answerEveryCall = () => Object.fromEntries(Object.keys(calls).map((name) => [name, async () => ({})]));

describe('the domains answering the calls', () => {
  it('merge into one table with every call of the contract', () => {
    const table = mergeHandlers([answerEveryCall()]);
    expect(Object.keys(table).sort()).toEqual(Object.keys(calls).sort());
  });

  it('refuse a call two domains answer', () => {
    expect(() => mergeHandlers([answerEveryCall(), { 'get-settings': async () => ({}) }])).toThrow(
      'Two domains answer the call get-settings: each call belongs to one domain.',
    );
  });

  it('refuse a contract with a call no domain answers', () => {
    const { 'place-order': _placeOrder, ...allButOne } = answerEveryCall();
    expect(() => mergeHandlers([allButOne])).toThrow('No domain answers place-order.');
  });
});
