/**
 * The console's popular locations (issue 7): add, rename or move, choose the
 * primary one, delete. Exactly one is primary once any is: new visitors
 * start there, and without one the app shows its Critical Error page, so the
 * primary location cannot be deleted and the first one added becomes it.
 * Every change answers the whole list (few rows, and the console shows them
 * all).
 */
import type { FastifyInstance } from 'fastify';
import type { PopularLocation } from '../../../src/api/entities.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { SessionUser } from '../../account/users-repository.ts';

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

const list = (app: FastifyInstance) => app.popularLocationsRepository.list();

export async function createLocation(
  app: FastifyInstance,
  user: SessionUser,
  input: LocationInput & { isDefault: boolean },
): Promise<PopularLocation[]> {
  const name = cleanName(input.name);
  await app.db.transaction().execute(async (trx) => {
    const { id } = await app.popularLocationsRepository.insert(
      { name, latitude: input.latitude, longitude: input.longitude, is_default: 0 },
      trx,
    );
    const primary = await app.popularLocationsRepository.primary(trx);
    const becomesPrimary = input.isDefault || !primary;
    if (becomesPrimary) await app.popularLocationsRepository.movePrimaryTo(Number(id), trx);
    await app.auditRepository.record({
      userId: user.id,
      role: user.role,
      action: 'admin/create-location',
      entity: 'popular_locations',
      entityId: Number(id),
      details: { name, latitude: input.latitude, longitude: input.longitude, is_default: becomesPrimary },
    }, trx);
  });
  return list(app);
}

export async function updateLocation(
  app: FastifyInstance,
  user: SessionUser,
  id: number,
  changes: Partial<LocationInput>,
): Promise<PopularLocation[]> {
  const name = changes.name === undefined ? undefined : cleanName(changes.name);
  await app.db.transaction().execute(async (trx) => {
    const before = await app.popularLocationsRepository.findRow(id, trx);
    if (!before) throw notFound(`There is no popular location with id ${id}.`);
    const after = {
      name: name ?? before.name,
      latitude: changes.latitude ?? Number(before.latitude),
      longitude: changes.longitude ?? Number(before.longitude),
    };
    const was = { name: before.name, latitude: Number(before.latitude), longitude: Number(before.longitude) };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((field) => after[field] !== was[field]);
    if (changed.length === 0) return;
    await app.popularLocationsRepository.update(id, after, trx);
    await app.auditRepository.record({
      userId: user.id,
      role: user.role,
      action: 'admin/update-location',
      entity: 'popular_locations',
      entityId: id,
      details: Object.fromEntries(changed.map((field) => [field, { from: was[field], to: after[field] }])),
    }, trx);
  });
  return list(app);
}

export async function setPrimaryLocation(app: FastifyInstance, user: SessionUser, id: number): Promise<PopularLocation[]> {
  await app.db.transaction().execute(async (trx) => {
    const target = await app.popularLocationsRepository.nameAndFlagOf(id, trx);
    if (!target) throw notFound(`There is no popular location with id ${id}.`);
    if (Number(target.is_default) === 1) return;
    const previous = await app.popularLocationsRepository.primary(trx);
    await app.popularLocationsRepository.movePrimaryTo(id, trx);
    await app.auditRepository.record({
      userId: user.id,
      role: user.role,
      action: 'admin/set-primary-location',
      entity: 'popular_locations',
      entityId: id,
      details: { name: target.name, previous_primary_id: previous ? Number(previous.id) : null },
    }, trx);
  });
  return list(app);
}

export async function deleteLocation(app: FastifyInstance, user: SessionUser, id: number): Promise<PopularLocation[]> {
  await app.db.transaction().execute(async (trx) => {
    const location = await app.popularLocationsRepository.findRow(id, trx);
    if (!location) throw notFound(`There is no popular location with id ${id}.`);
    if (Number(location.is_default) === 1) {
      throw new HttpError(409, 'LOCATION_IS_PRIMARY', 'The primary location cannot be deleted. Make another location primary first.');
    }
    await app.popularLocationsRepository.delete(id, trx);
    await app.auditRepository.record({
      userId: user.id,
      role: user.role,
      action: 'admin/delete-location',
      entity: 'popular_locations',
      entityId: id,
      details: { name: location.name, latitude: Number(location.latitude), longitude: Number(location.longitude) },
    }, trx);
  });
  return list(app);
}
