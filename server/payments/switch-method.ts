/**
 * The admin's switch for a payment method, until the admin console has one:
 * writes the method's settings key and raises the settings version, so
 * every installed app refetches its settings (and with them the methods it
 * offers). A gateway is switched on only when the server holds its
 * credentials: a switch that could not work would only confuse customers.
 */
import type { Kysely } from 'kysely';
import { PAYMENT_METHOD_SETTINGS, isPaymentGatewayId, type PaymentMethodId } from '../../src/api/checkout/payment-limits.ts';
import type { Database } from '../db/tables.ts';
import { createSettingsRepository } from '../settings/settings-repository.ts';
import { createVersionsRepository } from '../settings/versions-repository.ts';
import { GATEWAY_ENV_VARIABLES } from './config.ts';
import type { Gateways } from './gateways.ts';

export async function switchPaymentMethod(db: Kysely<Database>, gateways: Gateways, id: PaymentMethodId, on: boolean): Promise<void> {
  if (on && isPaymentGatewayId(id) && !gateways[id].isConfigured()) {
    throw new Error(`${id} has no credentials on this server: set ${GATEWAY_ENV_VARIABLES[id].join(' and ')} in its environment and restart it first.`);
  }
  await createSettingsRepository(db).set(PAYMENT_METHOD_SETTINGS[id], on ? 'true' : 'false');
  await createVersionsRepository(db).bump('settings');
}
