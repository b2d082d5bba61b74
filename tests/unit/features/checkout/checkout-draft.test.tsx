/**
 * The checkout's draft (notes, tip, the chosen address) belongs to whoever
 * typed it (issue 32): an agent's next caller on the same tab starts from
 * the defaults, while a visitor's draft goes on with the account they sign in to.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, useCheckoutDraft, type DraftOwner } from '../../../../src/features/checkout/use-checkout-draft.ts';

afterEach(() => sessionStorage.clear());

function draftOf(owner: DraftOwner) {
  return renderHook(({ who }) => useCheckoutDraft(who), { initialProps: { who: owner } });
}

describe('the checkout draft', () => {
  it('is kept for its owner across a reload, and never shown to another account', () => {
    const first = draftOf(41);
    act(() => first.result.current.update({ notes: 'Ring twice', addressId: 7 }));
    first.unmount();

    expect(draftOf(41).result.current.draft).toMatchObject({ notes: 'Ring twice', addressId: 7 });
    expect(draftOf(42).result.current.draft).toEqual(EMPTY_DRAFT);
    expect(draftOf(null).result.current.draft).toEqual(EMPTY_DRAFT);
  });

  it('changes with the signed-in account while the checkout stays open', () => {
    const view = draftOf(41);
    act(() => view.result.current.update({ notes: 'Leave at the door' }));
    view.rerender({ who: 42 });
    expect(view.result.current.draft).toEqual(EMPTY_DRAFT);
    act(() => view.result.current.update({ notes: 'Call on arrival' }));
    expect(view.result.current.draft.notes).toBe('Call on arrival');
    expect(draftOf(41).result.current.draft).toEqual(EMPTY_DRAFT);
  });

  it("a visitor's draft goes on with the account they sign in to", () => {
    const view = draftOf(null);
    act(() => view.result.current.update({ notes: 'No onions' }));
    view.rerender({ who: 41 });
    expect(view.result.current.draft.notes).toBe('No onions');
  });
});
