/**
 * Signing in and up (spec §7: login, register, the one-time-code calls, the
 * password reset). Every sign-in ends in keepSession: one session row, one
 * path, whatever the way in. Refusals come back with the server's code.
 */
import type { CodeSent, LoginResult } from '../../src/api/account/entities.ts';
import type { CodeLoginInput, CodeSentInfo, LoginCodeSentInfo, RegisterInput } from '../../src/api/account/worker-api.ts';
import { cleanPhone } from '../../src/api/account/rules.ts';
import type { LoginSummary, SyncResult } from '../../src/api/worker-api.ts';
import type { ValueResult } from '../net/api-client.ts';
import { keepSession } from '../replica/session.ts';
import type { SyncContext } from '../replica/context.ts';

/** '' is "not given" to the server; leave such fields out. */
function given(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

async function signedIn(ctx: SyncContext, result: ValueResult<LoginResult>): Promise<SyncResult<LoginSummary>> {
  if (!result.ok) return result;
  return { ok: true, value: await keepSession(ctx, result.value.data) };
}

export function codeSent(sent: CodeSent): CodeSentInfo {
  return { channel: sent.channel, expiresInSeconds: sent.expires_in_seconds };
}

function done(result: ValueResult<unknown>): SyncResult {
  return result.ok ? { ok: true } : result;
}

export async function register(ctx: SyncContext, input: RegisterInput): Promise<SyncResult<LoginSummary>> {
  const phone = given(input.phone);
  const otp = given(input.otp);
  const result = await ctx.api.call('register', {
    name: input.name.trim(),
    email: input.email.trim(),
    password: input.password,
    ...(phone ? { phone: cleanPhone(phone) } : {}),
    ...(otp ? { otp } : {}),
  });
  return signedIn(ctx, result);
}

/** Something with an @ is an e-mail; anything else is taken for a phone number. */
export async function loginWithPassword(ctx: SyncContext, emailOrPhone: string, password: string): Promise<SyncResult<LoginSummary>> {
  const who = emailOrPhone.trim();
  const identity = who.includes('@') ? { email: who } : { phone: cleanPhone(who) };
  return signedIn(ctx, await ctx.api.call('login', { ...identity, password }));
}

export async function requestLoginCode(ctx: SyncContext, phone: string): Promise<SyncResult<LoginCodeSentInfo>> {
  const result = await ctx.api.call('generate-otp-for-login', { phone: cleanPhone(phone) });
  if (!result.ok) return result;
  return { ok: true, value: { ...codeSent(result.value), registered: result.value.registered } };
}

export async function loginWithCode(ctx: SyncContext, input: CodeLoginInput): Promise<SyncResult<LoginSummary>> {
  const name = given(input.name);
  const email = given(input.email);
  const result = await ctx.api.call('login-with-otp', {
    phone: cleanPhone(input.phone),
    otp: input.code.trim(),
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
  });
  return signedIn(ctx, result);
}

export async function sendOtp(ctx: SyncContext, phone: string, email?: string): Promise<SyncResult<CodeSentInfo>> {
  const emailGiven = given(email);
  const result = await ctx.api.call('send-otp', { phone: cleanPhone(phone), ...(emailGiven ? { email: emailGiven } : {}) });
  return result.ok ? { ok: true, value: codeSent(result.value) } : result;
}

export async function verifyOtp(ctx: SyncContext, phone: string, code: string): Promise<SyncResult> {
  return done(await ctx.api.call('verify-otp', { phone: cleanPhone(phone), otp: code.trim() }));
}

export async function requestPasswordReset(ctx: SyncContext, email: string): Promise<SyncResult<CodeSentInfo>> {
  const result = await ctx.api.call('send-password-reset-mail', { email: email.trim() });
  return result.ok ? { ok: true, value: codeSent(result.value) } : result;
}

export async function verifyPasswordResetCode(ctx: SyncContext, email: string, code: string): Promise<SyncResult> {
  return done(await ctx.api.call('verify-password-reset-otp', { email: email.trim(), code: code.trim() }));
}

export async function changePassword(ctx: SyncContext, email: string, code: string, password: string): Promise<SyncResult<LoginSummary>> {
  return signedIn(ctx, await ctx.api.call('change-user-password', { email: email.trim(), code: code.trim(), password }));
}
