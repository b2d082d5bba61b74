/**
 * The settings the driver area reads (src/api/settings/defaults.ts), in one query of
 * only those keys, the way checkout-settings.ts reads the checkout's. A key
 * never saved, or saved as nonsense, falls back to its default; numbers are
 * clamped to what makes sense (a limit of at least one order, a rate of
 * 0–100 %).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DRIVER_COMMISSION_TYPES, type DriverCommissionType } from '../../src/api/driver/limits.ts';
import { SETTING_DEFAULTS, readNumber, readSetting, readSwitch, type SettingKey, type SettingsMap } from '../../src/api/settings/defaults.ts';
import type { Database } from '../db/tables.ts';

export interface DriverSettings {
  /** Orders a driver may hold at once (driver assigned, picked up). */
  maxActiveOrders: number;
  commissionType: DriverCommissionType;
  /** Percent of the commission's base, 0–100 (fractions allowed, to the hundredth). */
  commissionRate: number;
  gpsIntervalSeconds: number;
  /** deliver-order needs the customer's PIN. */
  pinRequired: boolean;
}

const KEYS = [
  'driverMaxActiveOrders',
  'driverCommissionType',
  'driverCommissionRate',
  'driverGpsIntervalSeconds',
  'deliveryPinRequired',
] as const satisfies readonly SettingKey[];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function commissionTypeOf(settings: SettingsMap): DriverCommissionType {
  const value = readSetting(settings, 'driverCommissionType');
  return (DRIVER_COMMISSION_TYPES as readonly string[]).includes(value)
    ? (value as DriverCommissionType)
    : (SETTING_DEFAULTS.driverCommissionType as DriverCommissionType);
}

export function driverSettingsFrom(settings: SettingsMap): DriverSettings {
  return {
    maxActiveOrders: clamp(Math.floor(readNumber(settings, 'driverMaxActiveOrders')), 1, 1000),
    commissionType: commissionTypeOf(settings),
    commissionRate: clamp(Math.round(readNumber(settings, 'driverCommissionRate') * 100) / 100, 0, 100),
    gpsIntervalSeconds: clamp(Math.round(readNumber(settings, 'driverGpsIntervalSeconds')), 1, 3600),
    pinRequired: readSwitch(settings, 'deliveryPinRequired'),
  };
}

/** The driver settings, read on `trx` when given (inside a move's transaction). */
export async function readDriverSettings(app: FastifyInstance, trx?: Kysely<Database>): Promise<DriverSettings> {
  const rows = await app.settingsRepository.valuesOf(KEYS, trx);
  return driverSettingsFrom(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}
