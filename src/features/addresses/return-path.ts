/**
 * The way back from adding an address for another screen (the checkout's
 * address picker): /my-addresses?add=1&return=/checkout opens the add form,
 * and saving goes back to `return` with the new address's id in the history
 * state, so the picker can select it.
 */

export const ADD_PARAM = 'add';
export const RETURN_PARAM = 'return';

/** The history state a return carries. */
export interface AddressReturnState {
  savedAddressId: number;
}

export function addAddressPath(returnTo: string): string {
  const params = new URLSearchParams({ [ADD_PARAM]: '1', [RETURN_PARAM]: returnTo });
  return `/my-addresses?${params.toString()}`;
}

export function savedAddressIdOf(state: unknown): number | null {
  const id = (state as Partial<AddressReturnState> | null)?.savedAddressId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}
