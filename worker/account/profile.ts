/**
 * The account page's calls (update-user-info, change-avatar,
 * update-tax-number, delete-user), logout, and the ban check boot runs.
 * Each is made with the saved session; a refusal that means the session is
 * over (a ban, an unknown token) signs the user out here as well.
 */
import { AVATAR_MAX_BYTES } from '../../src/api/account/limits.ts';
import type { BanCheck, CodeSentInfo, DetailsChange } from '../../src/api/account/worker-api.ts';
import { cleanPhone } from '../../src/api/account/rules.ts';
import { avatarProblem, imageTypeOf } from '../../src/api/account/rules.ts';
import type { SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { PrefKey } from '../../src/db/schema.ts';
import type { CustomerSession } from '../../src/db/session.ts';
import type { ValueResult } from '../net/api-client.ts';
import { codeSent } from './sign-in.ts';
import { clearSignedIn, endSession, endSessionIfRefused, readSession, updateSessionAccount } from '../replica/session.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';

/** Runs a call with the session; a refusal that ends the session signs out here too. */
async function withSession<T>(
  ctx: SyncContext,
  run: (session: CustomerSession) => Promise<ValueResult<T>>,
): Promise<ValueResult<T> | SyncFailure> {
  const session = await readSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const result = await run(session);
  if (!result.ok) await endSessionIfRefused(ctx, session, result);
  return result;
}

export async function refreshProfile(ctx: SyncContext): Promise<SyncResult> {
  const result = await withSession(ctx, (session) => ctx.api.call('update-user-info', { token: session.token, user_id: session.userId }));
  if (!result.ok) return result;
  await updateSessionAccount(ctx.db, result.value.data);
  return { ok: true };
}

/** send-otp to the e-mail or phone the account is moving to: the code update-user-info then needs. */
export async function sendContactCode(ctx: SyncContext, kind: 'email' | 'phone', value: string): Promise<SyncResult<CodeSentInfo>> {
  const body = kind === 'email' ? { email: value.trim() } : { phone: cleanPhone(value) };
  const result = await ctx.api.call('send-otp', body);
  return result.ok ? { ok: true, value: codeSent(result.value) } : result;
}

/** update-user-info with what changes (the server keeps a new e-mail or phone for its code); the fresh account into the session. */
export async function changeDetails(ctx: SyncContext, change: DetailsChange): Promise<SyncResult> {
  const body = {
    ...(change.name !== undefined ? { name: change.name.trim() } : {}),
    ...(change.email !== undefined ? { email: change.email.trim() } : {}),
    ...(change.phone !== undefined ? { phone: cleanPhone(change.phone) } : {}),
    ...(change.code !== undefined ? { otp: change.code.trim() } : {}),
  };
  const result = await withSession(ctx, (session) => ctx.api.call('update-user-info', { token: session.token, user_id: session.userId, ...body }));
  if (!result.ok) return result;
  await updateSessionAccount(ctx.db, result.value.data);
  return { ok: true };
}

function invalid(code: 'IMAGE_TYPE' | 'IMAGE_TOO_LARGE', message: string): SyncFailure {
  return { ok: false, reason: 'invalid', code, message };
}

/** Bytes to base64 in slices: one String.fromCharCode over 2 MB would overflow the call stack. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** The picture as a data URL of its real type (by its bytes), refused here when the server would refuse it. */
export async function changeAvatar(ctx: SyncContext, image: Blob | ArrayBuffer): Promise<SyncResult> {
  if (image instanceof Blob && image.size > AVATAR_MAX_BYTES) return invalid('IMAGE_TOO_LARGE', 'The picture is too large.');
  const bytes = new Uint8Array(image instanceof Blob ? await image.arrayBuffer() : image);
  const problem = avatarProblem(bytes);
  if (problem === 'IMAGE_TOO_LARGE') return invalid(problem, 'The picture is too large.');
  const type = imageTypeOf(bytes);
  if (problem || !type) return invalid('IMAGE_TYPE', 'The picture must be a PNG, JPEG or WebP image.');
  const avatar = `data:${type};base64,${base64Of(bytes)}`;
  const result = await withSession(ctx, (session) => ctx.api.call('change-avatar', { token: session.token, avatar }));
  if (!result.ok) return result;
  await updateSessionAccount(ctx.db, result.value.data);
  return { ok: true };
}

export async function updateTaxNumber(ctx: SyncContext, taxNumber: string): Promise<SyncResult> {
  const result = await withSession(ctx, (session) => ctx.api.call('update-tax-number', { token: session.token, tax_number: taxNumber.trim() }));
  if (!result.ok) return result;
  await updateSessionAccount(ctx.db, result.value.data);
  return { ok: true };
}

/** delete-user; once the server has erased the account, this device signs out as on logout. */
export async function deleteAccount(ctx: SyncContext): Promise<SyncResult> {
  const result = await withSession(ctx, (session) => ctx.api.call('delete-user', { token: session.token, user_id: session.userId }));
  if (!result.ok) return result;
  await clearSignedIn(ctx.db, ctx.now());
  return { ok: true };
}

/**
 * Signs this device out at once, offline too. Online, the server first ends
 * the session and forgets this device's push token, so the user's alerts stop
 * arriving here; unreachable, the token lapses when it expires.
 */
export async function logout(ctx: SyncContext): Promise<SyncResult> {
  const session = await readSession(ctx.db);
  if (session) {
    const pushToken = (await ctx.db.prefs.get(PrefKey.pushToken))?.value as { token?: string } | undefined;
    const ended = await ctx.api.call('logout', { token: session.token, ...(pushToken?.token ? { push_token: pushToken.token } : {}) });
    if (!ended.ok) console.warn('logout: the server was not told', ended);
  }
  await clearSignedIn(ctx.db, ctx.now());
  return { ok: true };
}

/**
 * check-ban with the saved session. Banned: signed out with ACCOUNT_BANNED
 * for the UI to say. A token the server no longer knows (password changed
 * elsewhere, account deleted): signed out with UNAUTHORIZED. Unreachable:
 * nothing changes.
 */
export async function checkBan(ctx: SyncContext): Promise<SyncResult<BanCheck>> {
  const session = await readSession(ctx.db);
  if (!session) return { ok: true, value: { signedOut: false } };
  const result = await ctx.api.call('check-ban', { token: session.token });
  if (!result.ok) {
    const signedOut = await endSessionIfRefused(ctx, session, result);
    return signedOut ? { ok: true, value: { signedOut } } : result;
  }
  if (!result.value.is_banned) return { ok: true, value: { signedOut: false } };
  await endSession(ctx, session, 'ACCOUNT_BANNED');
  return { ok: true, value: { signedOut: true } };
}
