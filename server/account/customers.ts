/** New customer accounts, as registration, sign-in by code and the call centre make them. */
import type { FastifyInstance } from 'fastify';
import type { AddressInput } from '../../src/api/account/entities.ts';

export interface NewCustomer {
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  phoneVerified: boolean;
  address?: AddressInput | undefined;
}

/** Creates a customer and their first address in one transaction; EMAIL_TAKEN / PHONE_TAKEN on a clash. */
export async function createCustomer(app: FastifyInstance, customer: NewCustomer, now: Date = new Date()): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    const id = await app.usersRepository.create({
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      password_hash: customer.passwordHash,
      role: 'customer',
      created_at: now.toISOString(),
      phone_verified_at: customer.phoneVerified ? now.toISOString() : null,
    }, trx);
    if (customer.address) await app.addressesRepository.add(id, customer.address, now, trx);
    return id;
  });
}
