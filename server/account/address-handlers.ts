/**
 * Saved addresses (/my-addresses): list, save (create or update), delete,
 * set the default. Only the token's own addresses: another user's address
 * is a 404 (its existence is nobody else's business), a user_id other than
 * the token's a 403. Every change runs in one transaction with its agent
 * audit row, and answers the whole list so the app replaces its mirror.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADDRESS_HOUSE_MAX_LENGTH,
  ADDRESS_TAG_MAX_LENGTH,
  ADDRESS_TEXT_MAX_LENGTH,
} from '../../src/api/account/address-calls.ts';
import type { Address } from '../../src/api/account/entities.ts';
import type { CallBody } from '../../src/api/calls.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { AgentAction } from './agent-actions-repository.ts';
import type { AddressFields } from './addresses-repository.ts';
import type { Database } from '../db/tables.ts';
import type { SessionUser } from './users-repository.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

type AuditDetails = NonNullable<AgentAction['details']>;

export type AddressCalls = 'get-addresses' | 'save-address' | 'delete-address' | 'set-default-address';

/** Checks and trims what save-address sends; each broken rule has its own code. */
export function checkAddressFields(body: CallBody<'save-address'>): AddressFields {
  const { latitude, longitude } = body;
  if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) {
    throw new HttpError(400, 'INVALID_COORDINATES', 'latitude must be within ±90 and longitude within ±180.');
  }
  const address = body.address.trim();
  if (address === '') throw new HttpError(400, 'ADDRESS_EMPTY', 'The address must not be empty.');
  if ([...address].length > ADDRESS_TEXT_MAX_LENGTH) {
    throw new HttpError(400, 'ADDRESS_TOO_LONG', `The address must be at most ${ADDRESS_TEXT_MAX_LENGTH} characters.`);
  }
  const house = optionalText(body.house);
  if (house !== null && [...house].length > ADDRESS_HOUSE_MAX_LENGTH) {
    throw new HttpError(400, 'HOUSE_TOO_LONG', `The house must be at most ${ADDRESS_HOUSE_MAX_LENGTH} characters.`);
  }
  const tag = optionalText(body.tag);
  if (tag !== null && [...tag].length > ADDRESS_TAG_MAX_LENGTH) {
    throw new HttpError(400, 'TAG_TOO_LONG', `The tag must be at most ${ADDRESS_TAG_MAX_LENGTH} characters.`);
  }
  return { latitude, longitude, address, house, tag };
}

function isCoordinate(value: number, limit: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= limit;
}

/** Empty or blank means "not given": the app shows its default tag text. */
function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function createAddressHandlers(app: FastifyInstance): Pick<CallHandlers, AddressCalls> {
  /** Runs one change and its audit (what apply answers) in a transaction, then answers the fresh list. */
  async function change(
    user: SessionUser,
    action: AddressCalls,
    apply: (trx: Kysely<Database>) => Promise<AuditDetails>,
  ): Promise<Address[]> {
    return app.db.transaction().execute(async (trx) => {
      const details = await apply(trx);
      await app.agentActionsRepository.recordIfActing(user, action, details, trx);
      return app.addressesRepository.listOf(user.id, trx);
    });
  }

  const noSuchAddress = (id: number) => notFound(`You have no saved address with id ${id}.`);

  return {
    'get-addresses': async (body, request) => {
      const user = userOf(request);
      return app.addressesRepository.listOf(user.id);
    },

    'save-address': async (body, request) => {
      const user = userOf(request);
      const fields = checkAddressFields(body);
      const { id } = body;
      return change(user, 'save-address', async (trx) => {
        if (id === undefined) return { address_id: await app.addressesRepository.create(user.id, fields, undefined, trx), created: true };
        if (!(await app.addressesRepository.update(user.id, id, fields, trx))) throw noSuchAddress(id);
        return { address_id: id, created: false };
      });
    },

    'delete-address': async (body, request) => {
      const user = userOf(request);
      return change(user, 'delete-address', async (trx) => {
        if (!(await app.addressesRepository.remove(user.id, body.id, trx))) throw noSuchAddress(body.id);
        return { address_id: body.id };
      });
    },

    'set-default-address': async (body, request) => {
      const user = userOf(request);
      return change(user, 'set-default-address', async (trx) => {
        if (!(await app.addressesRepository.makeDefault(user.id, body.id, trx))) throw noSuchAddress(body.id);
        return { address_id: body.id };
      });
    },
  };
}
