/**
 * People in the console (issue 7): the list by role with search, one
 * person with their wallet, creating staff (drivers, store owners,
 * call-centre agents), changing someone's details or password, their stores,
 * and bans. Deleted accounts are invisible here as everywhere. Passwords
 * never reach the audit: only that one was set.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminUser, AdminUserDetail, AdminUsersPage, StaffRole } from '../../../src/api/admin/entities.ts';
import { ADMIN_PAGE_SIZE } from '../../../src/api/admin/entities.ts';
import type { WalletEntryType } from '../../../src/api/account/limits.ts';
import type { StoreRef } from '../../../src/api/entities.ts';
import { checkNewPassword, given, normaliseEmail, normalisePhone } from '../../account/identifiers.ts';
import { forbidden } from '../../account/authenticate.ts';
import { hashPassword } from '../../account/passwords.ts';
import type { UserRole, UserRow } from '../../db/tables.ts';
import { uniqueViolationOf } from '../../db/unique-violation.ts';
import { HttpError } from '../../http/http-error.ts';
import { emailTaken, phoneTaken, type SessionUser } from '../../account/users-repository.ts';
import { hasStores, replaceStoresOf, storesOfUsers } from './user-stores.ts';

/** The newest wallet entries admin/get-user shows. */
const WALLET_ENTRIES_SHOWN = 50;

export function unknownUser(id: number): HttpError {
  return new HttpError(404, 'UNKNOWN_USER', `There is no user ${id}.`);
}

function toAdminUser(row: UserRow, stores: StoreRef[]): AdminUser {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    is_banned: Number(row.is_banned) === 1,
    wallet_balance: Number(row.wallet_balance),
    created_at: row.created_at,
    stores,
  };
}

async function activeUser(app: FastifyInstance, id: number): Promise<UserRow> {
  const row = await app.usersRepository.findById(id);
  if (!row) throw unknownUser(id);
  return row;
}

export async function adminUser(app: FastifyInstance, id: number): Promise<AdminUser> {
  const row = await activeUser(app, id);
  const stores = await storesOfUsers(app, [{ id: Number(row.id), role: row.role }]);
  return toAdminUser(row, stores.get(Number(row.id)) ?? []);
}

export interface UsersQuery {
  role?: UserRole | undefined;
  q?: string | undefined;
  banned?: boolean | undefined;
  before?: number | undefined;
  limit?: number | undefined;
}

/** q as a LIKE pattern matching any part, with LIKE's own wildcards taken literally. */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listUsers(app: FastifyInstance, query: UsersQuery): Promise<AdminUsersPage> {
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const q = given(query.q);
  const rows = await app.usersRepository.consolePage(
    {
      role: query.role,
      banned: query.banned,
      before: query.before,
      // The phone also without its separators, as it is stored ("+1 412-555" finds +1412555…).
      search: q === undefined ? undefined : { text: containsPattern(q), phone: containsPattern(q.replace(/[\s().-]/g, '')) },
    },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const stores = await storesOfUsers(app, page.map((row) => ({ id: Number(row.id), role: row.role })));
  return {
    users: page.map((row) => toAdminUser(row, stores.get(Number(row.id)) ?? [])),
    next_before: rows.length > limit ? Number(page.at(-1)?.id) : null,
  };
}

export async function userDetail(app: FastifyInstance, id: number): Promise<AdminUserDetail> {
  const user = await adminUser(app, id);
  const entries = await app.walletRepository.newestOf(id, WALLET_ENTRIES_SHOWN);
  return {
    user,
    wallet_transactions: entries.map((entry) => ({
      id: Number(entry.id),
      amount: Number(entry.amount),
      balance_after: Number(entry.balance_after),
      type: entry.type as WalletEntryType,
      reason: entry.reason,
      created_at: entry.created_at,
    })),
  };
}

export interface NewStaff {
  role: StaffRole;
  name: string;
  email: string;
  phone?: string | undefined;
  password: string;
  storeIds?: readonly number[] | undefined;
}

function cleanName(value: string): string {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') throw new HttpError(400, 'VALIDATION_FAILED', 'A name is needed.', [{ path: '/name', message: 'must not be blank' }]);
  return name;
}

export async function createStaff(app: FastifyInstance, admin: SessionUser, input: NewStaff, now: Date = new Date()): Promise<AdminUser> {
  const name = cleanName(input.name);
  const email = normaliseEmail(input.email);
  const phoneText = given(input.phone);
  const phone = phoneText === undefined ? null : normalisePhone(phoneText);
  const storeIds = input.storeIds ?? [];
  if (storeIds.length > 0 && !hasStores(input.role)) {
    throw new HttpError(409, 'WRONG_USER_ROLE', 'Only drivers and store owners can be linked to stores.', [{ path: '/store_ids', message: 'must be empty for an agent' }]);
  }
  const users = app.usersRepository;
  if (await users.findByEmail(email)) throw emailTaken();
  if (phone !== null && (await users.findByPhone(phone))) throw phoneTaken();
  const passwordHash = await hashPassword(checkNewPassword(input.password));
  const id = await app.db.transaction().execute(async (trx) => {
    const userId = await users.create({
      name,
      email,
      phone,
      password_hash: passwordHash,
      role: input.role,
      created_at: now.toISOString(),
    }, trx);
    const stores = hasStores(input.role) ? await replaceStoresOf(app, trx, { id: userId, role: input.role }, storeIds, now) : undefined;
    await app.auditRepository.record({
      userId: admin.id,
      role: admin.role,
      action: 'admin/create-user',
      entity: 'users',
      entityId: userId,
      details: { role: input.role, name, email, phone, ...(stores ? { stores } : {}) },
      now,
    }, trx);
    return userId;
  });
  return adminUser(app, id);
}

export interface UserChanges {
  name?: string | undefined;
  email?: string | undefined;
  /** '' removes the phone. */
  phone?: string | undefined;
  password?: string | undefined;
}

export async function updateUser(app: FastifyInstance, admin: SessionUser, id: number, changes: UserChanges): Promise<AdminUser> {
  const before = await activeUser(app, id);
  const after = {
    name: changes.name === undefined ? before.name : cleanName(changes.name),
    email: changes.email === undefined ? before.email : normaliseEmail(changes.email),
    phone: changes.phone === undefined ? before.phone : given(changes.phone) === undefined ? null : normalisePhone(changes.phone),
  };
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(checkNewPassword(changes.password));
  const users = app.usersRepository;
  if (after.email !== before.email && (await users.findByEmail(after.email))) throw emailTaken();
  if (after.phone !== null && after.phone !== before.phone && (await users.findByPhone(after.phone))) throw phoneTaken();
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter((field) => after[field] !== before[field]);
  if (changed.length === 0 && passwordHash === undefined) return adminUser(app, id);
  await app.db.transaction().execute(async (trx) => {
    await withTakenCodes(() =>
      users.setFields(
        id,
        {
          ...after,
          // A new phone is not confirmed yet.
          ...(after.phone !== before.phone ? { phone_verified_at: null } : {}),
          ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
        },
        trx,
      ),
    );
    // A password set by an administrator (a lost or leaked one): every session made with the old one ends.
    if (passwordHash !== undefined) await users.revokeSessionsOf(id, trx);
    await app.auditRepository.record({
      userId: admin.id,
      role: admin.role,
      action: 'admin/update-user',
      entity: 'users',
      entityId: id,
      details: {
        ...Object.fromEntries(changed.map((field) => [field, { from: before[field], to: after[field] }])),
        ...(passwordHash !== undefined ? { password: 'set' } : {}),
      },
    }, trx);
  });
  return adminUser(app, id);
}

/** A unique violation by a racing request is the same EMAIL_TAKEN / PHONE_TAKEN as the check before it. */
async function withTakenCodes<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violated = uniqueViolationOf(error);
    if (violated?.includes('phone')) throw phoneTaken();
    if (violated?.includes('email')) throw emailTaken();
    throw error;
  }
}

export async function setUserStores(app: FastifyInstance, admin: SessionUser, id: number, storeIds: readonly number[]): Promise<AdminUser> {
  const user = await activeUser(app, id);
  const role = user.role;
  if (!hasStores(role)) {
    throw new HttpError(409, 'WRONG_USER_ROLE', `This user's role is ${role}; only drivers and store owners have stores.`);
  }
  await app.db.transaction().execute(async (trx) => {
    const change = await replaceStoresOf(app, trx, { id, role }, storeIds);
    if (change.added.length === 0 && change.removed.length === 0) return;
    await app.auditRepository.record(
      { userId: admin.id, role: admin.role, action: 'admin/set-user-stores', entity: 'users', entityId: id, details: { role, ...change } },
      trx,
    );
  });
  return adminUser(app, id);
}

export async function setUserBan(app: FastifyInstance, admin: SessionUser, id: number, banned: boolean): Promise<AdminUser> {
  if (id === admin.id && banned) throw forbidden('You cannot ban yourself.');
  const user = await activeUser(app, id);
  if ((Number(user.is_banned) === 1) !== banned) {
    await app.db.transaction().execute(async (trx) => {
      await app.usersRepository.setBanned(id, banned, trx);
      await app.auditRepository.record({
        userId: admin.id,
        role: admin.role,
        action: 'admin/set-user-ban',
        entity: 'users',
        entityId: id,
        details: { is_banned: banned, name: user.name, role: user.role },
      }, trx);
    });
  }
  return adminUser(app, id);
}
