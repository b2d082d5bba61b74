/**
 * The console's popular locations (issue 7): add, rename or move, choose the
 * primary one, delete. Exactly one is primary once any is: new visitors
 * start there, and without one the app shows its Critical Error page, so the
 * primary location cannot be deleted and the first one added becomes it.
 * Every change answers the whole list (few rows, and the console shows them
 * all).
 */
import type { Kysely } from 'kysely';
import type { PopularLocation } from '../../../src/api/entities.ts';
import type { Database } from '../../db/tables.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { createPopularLocationsRepository } from '../../settings/popular-locations-repository.ts';
import type { SessionUser } from '../../account/users-repository.ts';
import { recordAudit } from '../audit.ts';

export interface LocationInput {
  name: string;
  latitude: number;
  longitude: number;
}

function cleanName(name: string): string {
  const cleaned = name.trim().replace(/\s+/g, ' ');
  if (cleaned === '') {
    throw new HttpError(400, 'VALIDATION_FAILED', 'A popular location needs a name.', [{ path: '/name', message: 'must not be blank' }]);
  }
  return cleaned;
}

const list = (db: Kysely<Database>) => createPopularLocationsRepository(db).list();

/** Makes one location the primary and every other one not, inside the caller's transaction. */
async function makePrimary(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.updateTable('popular_locations').set({ is_default: 0 }).where('id', '!=', id).where('is_default', '=', 1).execute();
  await trx.updateTable('popular_locations').set({ is_default: 1 }).where('id', '=', id).execute();
}

export async function createLocation(
  db: Kysely<Database>,
  user: SessionUser,
  input: LocationInput & { isDefault: boolean },
): Promise<PopularLocation[]> {
  const name = cleanName(input.name);
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('popular_locations')
      .values({ name, latitude: input.latitude, longitude: input.longitude, is_default: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const primary = await trx.selectFrom('popular_locations').select('id').where('is_default', '=', 1).executeTakeFirst();
    const becomesPrimary = input.isDefault || !primary;
    if (becomesPrimary) await makePrimary(trx, Number(id));
    await recordAudit(trx, {
      userId: user.id,
      role: user.role,
      action: 'admin/create-location',
      entity: 'popular_locations',
      entityId: Number(id),
      details: { name, latitude: input.latitude, longitude: input.longitude, is_default: becomesPrimary },
    });
  });
  return list(db);
}

export async function updateLocation(
  db: Kysely<Database>,
  user: SessionUser,
  id: number,
  changes: Partial<LocationInput>,
): Promise<PopularLocation[]> {
  const name = changes.name === undefined ? undefined : cleanName(changes.name);
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('popular_locations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(`There is no popular location with id ${id}.`);
    const after = {
      name: name ?? before.name,
      latitude: changes.latitude ?? Number(before.latitude),
      longitude: changes.longitude ?? Number(before.longitude),
    };
    const was = { name: before.name, latitude: Number(before.latitude), longitude: Number(before.longitude) };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((field) => after[field] !== was[field]);
    if (changed.length === 0) return;
    await trx.updateTable('popular_locations').set(after).where('id', '=', id).execute();
    await recordAudit(trx, {
      userId: user.id,
      role: user.role,
      action: 'admin/update-location',
      entity: 'popular_locations',
      entityId: id,
      details: Object.fromEntries(changed.map((field) => [field, { from: was[field], to: after[field] }])),
    });
  });
  return list(db);
}

export async function setPrimaryLocation(db: Kysely<Database>, user: SessionUser, id: number): Promise<PopularLocation[]> {
  await db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('popular_locations').select(['name', 'is_default']).where('id', '=', id).executeTakeFirst();
    if (!target) throw notFound(`There is no popular location with id ${id}.`);
    if (Number(target.is_default) === 1) return;
    const previous = await trx.selectFrom('popular_locations').select('id').where('is_default', '=', 1).executeTakeFirst();
    await makePrimary(trx, id);
    await recordAudit(trx, {
      userId: user.id,
      role: user.role,
      action: 'admin/set-primary-location',
      entity: 'popular_locations',
      entityId: id,
      details: { name: target.name, previous_primary_id: previous ? Number(previous.id) : null },
    });
  });
  return list(db);
}

export async function deleteLocation(db: Kysely<Database>, user: SessionUser, id: number): Promise<PopularLocation[]> {
  await db.transaction().execute(async (trx) => {
    const location = await trx.selectFrom('popular_locations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!location) throw notFound(`There is no popular location with id ${id}.`);
    if (Number(location.is_default) === 1) {
      throw new HttpError(409, 'LOCATION_IS_PRIMARY', 'The primary location cannot be deleted. Make another location primary first.');
    }
    await trx.deleteFrom('popular_locations').where('id', '=', id).execute();
    await recordAudit(trx, {
      userId: user.id,
      role: user.role,
      action: 'admin/delete-location',
      entity: 'popular_locations',
      entityId: id,
      details: { name: location.name, latitude: Number(location.latitude), longitude: Number(location.longitude) },
    });
  });
  return list(db);
}
