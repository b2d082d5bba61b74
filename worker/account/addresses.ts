/**
 * The signed-in customer's saved addresses (/my-addresses, the checkout's
 * address picker). Reading is a mirror: get-addresses replaces the
 * `addresses` table, and offline the screens show it with its age. Changes
 * (save, delete, make default) are made online only and never queued: the
 * checkout prices delivery by the address the server holds, so an address
 * change must be confirmed before the customer relies on it, and a change
 * waiting in an outbox could land after an order was placed for the old one.
 * Offline, a change answers reason 'offline' and nothing moves.
 */
import type { Address } from '../../src/api/account/entities.ts';
import type { SavedAddressInput, SavedAddressOutcome } from '../../src/api/account/address-worker-api.ts';
import type { SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { SyncResource } from '../../src/db/schema.ts';
import type { CustomerSession } from '../../src/db/session.ts';
import { endSessionIfRefused, readSession } from '../replica/session.ts';
import { savedAddressId, writeAddressList } from './address-rows.ts';
import type { ValueResult } from '../net/api-client.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { markFailed } from '../replica/sync-state.ts';

export async function refreshAddresses(ctx: SyncContext): Promise<SyncResult> {
  const session = await readSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const result = await ctx.api.call('get-addresses', { token: session.token, user_id: session.userId });
  const at = ctx.now();
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.addresses, result, at);
    await endSessionIfRefused(ctx, session, result);
    return result;
  }
  await writeAddressList(ctx.db, session.userId, result.value, at);
  return { ok: true };
}

/**
 * Runs one change with the session; the answer (the whole list) replaces the
 * mirror. A refusal that ends the session signs out here too; NOT_FOUND means
 * the mirror is stale (changed on another device), so it is refreshed.
 */
async function change(
  ctx: SyncContext,
  run: (session: CustomerSession) => Promise<ValueResult<Address[]>>,
): Promise<ValueResult<Address[]>> {
  const session = await readSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const result = await run(session);
  if (!result.ok) {
    const signedOut = await endSessionIfRefused(ctx, session, result);
    if (!signedOut && 'code' in result && result.code === 'NOT_FOUND') await refreshAddresses(ctx);
    return result;
  }
  await writeAddressList(ctx.db, session.userId, result.value, ctx.now());
  return result;
}

function invalid(code: 'VALIDATION_FAILED' | 'INVALID_COORDINATES', message: string): SyncFailure {
  return { ok: false, reason: 'invalid', code, message };
}

function isAddressId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= 1;
}

/** The input crossed the worker boundary unchecked: text, or none. */
function isOptionalText(value: unknown): value is string | null | undefined {
  return value === null || value === undefined || typeof value === 'string';
}

function isCoordinate(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

export async function saveAddress(ctx: SyncContext, input: SavedAddressInput): Promise<SyncResult<SavedAddressOutcome>> {
  if (input.id !== undefined && !isAddressId(input.id)) return invalid('VALIDATION_FAILED', `Not an address id: ${String(input.id)}`);
  // JSON would turn NaN into null, and the server's schema would refuse the whole body without saying which field.
  if (!isCoordinate(input.latitude, 90) || !isCoordinate(input.longitude, 180)) {
    return invalid('INVALID_COORDINATES', `Not a point on the map: ${String(input.latitude)}, ${String(input.longitude)}`);
  }
  if (typeof input.address !== 'string' || !isOptionalText(input.house) || !isOptionalText(input.tag)) {
    return invalid('VALIDATION_FAILED', 'The address, house and tag must be text.');
  }
  const result = await change(ctx, (session) =>
    ctx.api.call('save-address', {
      token: session.token,
      user_id: session.userId,
      ...(input.id !== undefined ? { id: input.id } : {}),
      latitude: input.latitude,
      longitude: input.longitude,
      address: input.address,
      house: input.house,
      tag: input.tag,
    }),
  );
  if (!result.ok) return result;
  const addressId = savedAddressId(input, result.value);
  if (addressId === undefined) return { ok: false, reason: 'bad-response', message: 'The saved address is not in the answer.' };
  return { ok: true, value: { addressId } };
}

export async function deleteAddress(ctx: SyncContext, addressId: number): Promise<SyncResult> {
  if (!isAddressId(addressId)) return invalid('VALIDATION_FAILED', `Not an address id: ${String(addressId)}`);
  const result = await change(ctx, (session) => ctx.api.call('delete-address', { token: session.token, user_id: session.userId, id: addressId }));
  return result.ok ? { ok: true } : result;
}

export async function setDefaultAddress(ctx: SyncContext, addressId: number): Promise<SyncResult> {
  if (!isAddressId(addressId)) return invalid('VALIDATION_FAILED', `Not an address id: ${String(addressId)}`);
  const result = await change(ctx, (session) =>
    ctx.api.call('set-default-address', { token: session.token, user_id: session.userId, id: addressId }),
  );
  return result.ok ? { ok: true } : result;
}
