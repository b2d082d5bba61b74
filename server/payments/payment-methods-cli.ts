/**
 * Lists the payment methods, or switches one on or off, on the database the
 * environment names (DATA_DIR or DATABASE_URL), with the gateways'
 * credentials from the same environment:
 *   node --import tsx server/payments/payment-methods-cli.ts              → each method: on/off, configured
 *   node --import tsx server/payments/payment-methods-cli.ts stripe on    → offer card payments through Stripe
 *   node --import tsx server/payments/payment-methods-cli.ts cod off      → stop taking cash on delivery
 */
import { PAYMENT_METHOD_IDS, PAYMENT_METHOD_SETTINGS, isPaymentGatewayId, type PaymentMethodId } from '../../src/api/checkout/payment-limits.ts';
import { readSwitch } from '../../src/api/settings/defaults.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createSettingsRepository } from '../settings/settings-repository.ts';
import { createGateways, isAvailable } from './gateways.ts';
import { switchPaymentMethod } from './switch-method.ts';

const [name, state] = process.argv.slice(2);
const id = name?.toUpperCase().replace(/[^A-Z]/g, '');
if (name !== undefined && (!(PAYMENT_METHOD_IDS as readonly string[]).includes(id ?? '') || (state !== 'on' && state !== 'off'))) {
  console.error(`Usage: payment-methods-cli.ts [${PAYMENT_METHOD_IDS.map((method) => method.toLowerCase()).join('|')} on|off]`);
  process.exit(2);
}

const config = loadConfig();
const gateways = createGateways(config.payments);
const db = openDatabase(config);
try {
  await migrateToLatest(db);
  if (id !== undefined) {
    await switchPaymentMethod(db, gateways, id as PaymentMethodId, state === 'on');
    console.log(`${id} is switched ${state}; the settings version was raised, so every app refetches its settings.`);
  }
  const settings = Object.fromEntries(await createSettingsRepository(db).asMap());
  for (const method of PAYMENT_METHOD_IDS) {
    const configured = isPaymentGatewayId(method) ? (gateways[method].isConfigured() ? 'configured' : 'no credentials') : 'built in';
    const offered = isAvailable(gateways, settings, method) ? 'offered' : 'not offered';
    console.log(`${method.padEnd(12)} ${readSwitch(settings, PAYMENT_METHOD_SETTINGS[method]) ? 'on ' : 'off'}  ${configured.padEnd(15)} ${offered}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
