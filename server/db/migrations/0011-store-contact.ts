/**
 * Where a driver collects the food and whom they call about it: a store's
 * street address and phone number, both written in the console. Stores made
 * before this have neither (null) until someone fills them in; the driver
 * then navigates by the store's coordinates alone, as before.
 */
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  // As the console saves it: trimmed, null rather than empty.
  await db.schema.alterTable('restaurants').addColumn('address', 'text').execute();
  // As typed (the console checks it reads as a number with its country code); tel: links drop the separators.
  await db.schema.alterTable('restaurants').addColumn('phone', 'text').execute();
}
