/**
 * The signed-in user in the replica: keeping a session the server answered,
 * logout (spec §4's list, nothing else), and ending a session the server
 * refused (a ban, a token it no longer knows) with a note the UI shows.
 */
import type { Account, Address, SignedInUser } from '../../src/api/account/entities.ts';
import type { ErrorCode } from '../../src/api/errors.ts';
import type { LoginSummary, SyncFailure } from '../../src/api/worker-api.ts';
import { PrefKey, SyncResource, type ReplicaDatabase, type SessionRow } from '../../src/db/schema.ts';
import {
  CUSTOMER_SESSION_ID,
  customerSessionOf,
  type ActingAgent,
  type CustomerSession,
  type CustomerSessionData,
  type SessionEnded,
} from '../../src/db/session.ts';
import type { SyncContext } from './context.ts';
import { writePrimaryAddressIfMissing } from './writes.ts';

export async function readSession(db: ReplicaDatabase): Promise<CustomerSession | undefined> {
  const row = await db.session.get(CUSTOMER_SESSION_ID);
  return row ? customerSessionOf(row) : undefined;
}

function dataOf(account: Account, actingAgent: ActingAgent | null): CustomerSessionData {
  return {
    name: account.name,
    email: account.email,
    phone: account.phone,
    phoneVerified: account.phone_verified,
    avatar: account.avatar,
    taxNumber: account.tax_number,
    walletBalance: account.wallet_balance,
    loyaltyPoints: account.loyalty_points ?? 0,
    actingAgent,
  };
}

export function summaryOf(user: { id: number; name: string; role: string }): LoginSummary {
  return { userId: user.id, name: user.name, role: user.role };
}

/** Keeps a new session (replacing any other) and forgets why an earlier one ended. */
export async function keepSession(ctx: SyncContext, user: SignedInUser, actingAgent: ActingAgent | null = null): Promise<LoginSummary> {
  const { db } = ctx;
  const row: SessionRow = {
    id: CUSTOMER_SESSION_ID,
    userId: user.id,
    token: user.auth_token,
    role: user.role,
    data: { ...dataOf(user, actingAgent) },
    savedAt: ctx.now(),
  };
  await db.transaction('rw', [db.session, db.prefs, ...userDataTables(db)], async () => {
    const previous = await db.session.get(CUSTOMER_SESSION_ID);
    // Another user's running order, wallet and addresses must not show under this one.
    if (previous && previous.userId !== user.id) await clearUserData(db);
    await db.session.put(row);
    await db.prefs.delete(PrefKey.sessionEnded);
  });
  return summaryOf(user);
}

/** A fresh account (update-user-info, change-avatar…) into the session row, keeping token, role and agent. */
export async function updateSessionAccount(db: ReplicaDatabase, account: Account): Promise<void> {
  await db.transaction('rw', db.session, async () => {
    const row = await db.session.get(CUSTOMER_SESSION_ID);
    // Signed out (or someone else signed in) while the answer was on its way.
    if (!row || row.userId !== account.id) return;
    const { actingAgent } = customerSessionOf(row);
    await db.session.put({ ...row, data: { ...dataOf(account, actingAgent) } });
  });
}

/**
 * The user's own data besides the session (spec §4: running order, wallet,
 * addresses) and their alerts and favourites: the spec's list predates both
 * in the replica, and another person on this device must not see them or
 * their unread count on the tab bar.
 */
async function clearUserData(db: ReplicaDatabase): Promise<void> {
  await db.runningOrder.clear();
  await db.wallet.clear();
  await db.addresses.clear();
  // Without it the next user's empty table would read as "fetched: no addresses" until the first answer.
  await db.syncState.bulkDelete([SyncResource.addresses, SyncResource.favourites, SyncResource.runningOrder]);
  await db.alerts.clear();
  await db.favourites.clear();
  // The orders list and what checkout kept for this user (an unanswered order attempt, a card payment, a quote).
  await db.orders.clear();
  await db.prefs.bulkDelete([PrefKey.ordersList, PrefKey.checkoutQuote, PrefKey.placeOrderAttempt, PrefKey.pendingPayment, PrefKey.lastDeliveryAddress]);
}

/** The tables clearUserData writes: every transaction that calls it names them. */
export function userDataTables(db: ReplicaDatabase) {
  return [db.runningOrder, db.wallet, db.addresses, db.syncState, db.alerts, db.favourites, db.orders, db.prefs];
}

const LOGOUT_TABLES = (db: ReplicaDatabase) => [db.session, db.address, db.popularLocations, db.prefs, ...userDataTables(db)];

/**
 * Spec §4: clears the saved address (and with it its geo-location mirror),
 * the notification token, and resets user, running order, wallet and
 * addresses (and the user's alerts, see clearUserData), in one transaction.
 * The primary popular location becomes the address again, as on a first
 * visit (spec §2 '/'), so home keeps working. Cart, language, settings and
 * the outbox stay (favourites go with the user, see clearUserData).
 */
export async function clearSignedIn(db: ReplicaDatabase, at: number, ended?: SessionEnded): Promise<void> {
  await db.transaction('rw', LOGOUT_TABLES(db), async () => {
    await db.session.delete(CUSTOMER_SESSION_ID);
    await db.address.delete('current');
    await db.prefs.delete(PrefKey.pushToken);
    await clearUserData(db);
    if (ended) await db.prefs.put({ key: PrefKey.sessionEnded, value: ended });
    await writePrimaryAddressIfMissing(db, at);
  });
}

/** The customer's saved addresses, as login-as-customer answers them. */
export async function replaceAddresses(db: ReplicaDatabase, addresses: Address[], at: number): Promise<void> {
  await db.addresses.clear();
  await db.addresses.bulkPut(addresses.map((address) => ({ ...address, fetchedAt: at })));
}

/** The tables forgetCaller writes: every transaction that calls it names them. */
export function callerTables(db: ReplicaDatabase) {
  return [db.session, db.address, db.popularLocations, db.cartLines, db.cartMeta, db.outbox, ...userDataTables(db)];
}

/**
 * A shared device passes from one caller to the next (issue 32): an agent
 * starts or stops acting for a customer. Everything of the customer goes:
 * their data (clearUserData), the cart with its coupon, loyalty and waiting
 * checks, and the place they were browsing for. The next one starts where a
 * first visit does, at the primary popular location, with the locations
 * sheet asking where they are. Their queued actions stay in the outbox: each
 * carries its own token and is sent for its own account.
 */
export async function forgetCaller(db: ReplicaDatabase, at: number): Promise<void> {
  await clearUserData(db);
  await db.cartLines.clear();
  await db.cartMeta.clear();
  await db.outbox.where('kind').equals('cart-check').delete();
  await db.prefs.bulkDelete([PrefKey.sessionEnded, PrefKey.pushToken]);
  await db.prefs.put({ key: PrefKey.locationChosenByUser, value: false });
  await db.address.delete('current');
  await writePrimaryAddressIfMissing(db, at);
}

/** An agent leaves a customer's session: the agent's own comes back and the customer's data goes (forgetCaller). */
export async function restoreAgent(db: ReplicaDatabase, agent: ActingAgent, at: number): Promise<void> {
  await db.transaction('rw', callerTables(db), async () => {
    await db.session.put(agent.session);
    await forgetCaller(db, at);
  });
}

/** Codes that mean the session itself is over, whatever the call was. */
const SESSION_OVER: readonly SessionEnded['code'][] = ['UNAUTHORIZED', 'ACCOUNT_BANNED'];

function isSessionOver(code: ErrorCode): code is SessionEnded['code'] {
  return (SESSION_OVER as readonly ErrorCode[]).includes(code);
}

/**
 * After a call made with the session's token: a ban or a token the server no
 * longer knows ends the session here too (an agent acting for a customer
 * goes back to the agent's own session), with a note for the UI.
 */
export async function endSessionIfRefused(ctx: SyncContext, session: CustomerSession, failure: SyncFailure): Promise<boolean> {
  if (failure.reason !== 'unauthorized' || !isSessionOver(failure.code)) return false;
  await endSession(ctx, session, failure.code);
  return true;
}

export async function endSession(ctx: SyncContext, session: CustomerSession, code: SessionEnded['code']): Promise<void> {
  const ended: SessionEnded = { code, at: ctx.now() };
  const current = await readSession(ctx.db);
  // Someone signed in again meanwhile: that session is not the one refused.
  if (current && current.token !== session.token) return;
  if (session.actingAgent) {
    await restoreAgent(ctx.db, session.actingAgent, ctx.now());
    await ctx.db.prefs.put({ key: PrefKey.sessionEnded, value: ended });
    return;
  }
  await clearSignedIn(ctx.db, ctx.now(), ended);
}
