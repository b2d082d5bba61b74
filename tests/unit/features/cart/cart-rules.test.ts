/** The add-on rules and totals the item sheet and the worker share, and the words /cart picks for a check. */
import { describe, expect, it } from 'vitest';
import { addonChoiceProblems, cartLineKey, cartTotals, chosenAddons, unitPriceOf } from '../../../../src/api/cart/rules.ts';
import type { OutboxEntry } from '../../../../src/api/outbox.ts';
import { cartCheckView } from '../../../../src/features/cart/cart-check-view.ts';
import { BREAD, EXTRAS, SAUCE } from './fixtures.ts';

const GROUPS = [BREAD, EXTRAS, SAUCE];

describe('add-on rules', () => {
  it('wants one of a required single group, at most the maximum of a multi group, and nothing unknown or twice', () => {
    expect(addonChoiceProblems(GROUPS, [11])).toEqual([]);
    expect(addonChoiceProblems(GROUPS, [12, 21, 22, 31])).toEqual([]);
    expect(addonChoiceProblems(GROUPS, [])).toEqual([{ kind: 'too-few', groupId: 1, min: 1, max: 1 }]);
    expect(addonChoiceProblems(GROUPS, [11, 12])).toEqual([{ kind: 'too-many', groupId: 1, min: 1, max: 1 }]);
    expect(addonChoiceProblems(GROUPS, [11, 21, 22, 23])).toEqual([{ kind: 'too-many', groupId: 2, min: 0, max: 2 }]);
    expect(addonChoiceProblems(GROUPS, [11, 99])).toEqual([{ kind: 'unknown-addon', addonId: 99 }]);
    expect(addonChoiceProblems(GROUPS, [11, 21, 21])).toEqual([{ kind: 'unknown-addon', addonId: 21 }]);
  });

  it('a multi group without a maximum takes any number', () => {
    const any = { ...EXTRAS, max_select: null, min_select: 1 };
    expect(addonChoiceProblems([any], [21, 22, 23])).toEqual([]);
    expect(addonChoiceProblems([any], [])).toEqual([{ kind: 'too-few', groupId: 2, min: 1, max: null }]);
  });

  it('prices a line from the item and its add-ons, keyed the same whatever order they were chosen in', () => {
    const addons = chosenAddons(GROUPS, [21, 12]);
    expect(addons.map((addon) => addon.name)).toEqual(['Wholewheat', 'Feta']);
    expect(unitPriceOf(850, addons)).toBe(1050);
    expect(cartLineKey(101, [21, 12])).toBe(cartLineKey(101, [12, 21]));
    expect(cartLineKey(101, [])).not.toBe(cartLineKey(101, [12]));
  });

  it('counts every unit in the badge and leaves unavailable lines out of the subtotal', () => {
    const checkedAt = '2025-01-01T12:00:00Z';
    expect(
      cartTotals([
        { quantity: 2, unitPrice: 1000 },
        { quantity: 1, unitPrice: 350, verdict: { available: false, reason: 'INACTIVE', checkedAt } },
        { quantity: 3, unitPrice: 100, verdict: { available: true, reason: null, checkedAt } },
      ]),
    ).toEqual({ productQuantity: 6, totalPrice: 2300 });
  });
});

describe('what /cart says about the check', () => {
  const row = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
    id: 'c2',
    kind: 'cart-check',
    call: 'check-cart-items-availability',
    body: {},
    status: 'pending',
    userKey: 'cart',
    actedAt: '',
    attempts: 0,
    label: '',
    ...overrides,
  });
  const answered = { outboxId: 'c1', checkedAt: '2025-01-01T12:00:00Z', storeOpen: true };

  it('follows the newest check, not an older answer', () => {
    expect(cartCheckView(null, undefined)).toEqual({ state: 'idle' });
    expect(cartCheckView({ outboxId: 'c1', requestedAt: 1, answer: answered }, undefined)).toEqual({ state: 'checked', checkedAt: answered.checkedAt });
    const newer = { outboxId: 'c2', requestedAt: 2, answer: answered };
    expect(cartCheckView(newer, row({ status: 'sending' }))).toEqual({ state: 'checking' });
    expect(cartCheckView(newer, row({ attempts: 1, lastError: 'offline' }))).toEqual({ state: 'waiting-network' });
    expect(cartCheckView(newer, row({ status: 'queued', attempts: 1 }))).toEqual({ state: 'waiting-network' });
    expect(cartCheckView(newer, row({ attempts: 2, lastError: 'The server answered 503; trying again later.' }))).toEqual({ state: 'retrying' });
    expect(cartCheckView({ ...newer, failure: { outboxId: 'c2', words: 'Expired', expired: true } }, row({ status: 'expired' }))).toEqual({
      state: 'expired',
    });
  });
});
