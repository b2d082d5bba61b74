/** New customer accounts, as registration, sign-in by code and the call centre make them. */
import type { Kysely } from 'kysely';
import type { AddressInput } from '../../src/api/account/entities.ts';
import type { Database } from '../db/tables.ts';
import { createAddressesRepository } from './addresses-repository.ts';
import { createUsersRepository } from './users-repository.ts';

export interface NewCustomer {
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  phoneVerified: boolean;
  address?: AddressInput | undefined;
}

/** Creates a customer and their first address in one transaction; EMAIL_TAKEN / PHONE_TAKEN on a clash. */
export async function createCustomer(db: Kysely<Database>, customer: NewCustomer, now: Date = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await createUsersRepository(trx).create({
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      password_hash: customer.passwordHash,
      role: 'customer',
      created_at: now.toISOString(),
      phone_verified_at: customer.phoneVerified ? now.toISOString() : null,
    });
    if (customer.address) await createAddressesRepository(trx).add(id, customer.address, now);
    return id;
  });
}
