/**
 * Who may make a call (issue 31): stated once, in the call table, for every
 * call; the server checks it once, before the call's handler runs
 * (server/auth/call-access.ts), and refuses to start with a call whose
 * access it does not know. Rules about a caller's own things (their order,
 * their store) stay with the call: this says only who the caller must be.
 */
export const CALL_ACCESS = {
  /** No token needed (signing in, the public catalogue); a token sent along is not checked. */
  anyone: 'Anyone, signed in or not.',
  /** No token prices as a visitor; a token must be a customer's. */
  'visitor-or-customer': 'A visitor (no token) or a signed-in customer.',
  /** Any signed-in account, on its own things. */
  user: 'Any signed-in account.',
  /** Any signed-in account, even a banned one (to learn that it is). */
  'user-even-banned': 'Any signed-in account, banned or not.',
  /** The signed-in account the body's user_id names. */
  self: 'The signed-in account the body names in user_id.',
  /** A customer account (an agent acting for a customer holds the customer\'s token). */
  customer: 'A signed-in customer.',
  driver: 'A signed-in driver.',
  /** A call-centre agent signed in as themselves. */
  agent: 'A call-centre agent, signed in as themselves.',
  /** An administrator or a store owner signed in as themselves (a store owner on their own stores). */
  staff: 'An administrator, or a store owner on their own stores, signed in as themselves.',
  /** An administrator signed in as themselves. */
  admin: 'An administrator, signed in as themselves.',
} as const;

export type CallAccess = keyof typeof CALL_ACCESS;

export function isCallAccess(value: unknown): value is CallAccess {
  return typeof value === 'string' && Object.hasOwn(CALL_ACCESS, value);
}
