/**
 * Demo accounts, one per role, with simple passwords that `npm start` prints
 * and the README documents. For a local demo only: never seed these into a
 * database reachable from the internet.
 */
import type { UserRole } from '../db/tables.ts';

export interface DemoAccount {
  role: UserRole;
  name: string;
  email: string;
  phone: string;
  password: string;
  /** What the account is for, printed beside it. */
  purpose: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'admin',
    name: 'Ada Whitfield',
    email: 'admin@foodpilot.test',
    phone: '+14125550100',
    password: 'admin-demo',
    purpose: 'administrator: settings, translations, popular locations',
  },
  {
    role: 'store_owner',
    name: 'Lucia Romano',
    email: 'owner@foodpilot.test',
    phone: '+14125550101',
    password: 'owner-demo',
    purpose: 'owns Nonna Lucia Trattoria, Green Bowl Kitchen and Morning Rise Bakery',
  },
  {
    role: 'agent',
    name: 'Marcus Bell',
    email: 'agent@foodpilot.test',
    phone: '+14125550102',
    password: 'agent-demo',
    purpose: 'call-centre agent: logs in as a customer, registers guests',
  },
  {
    role: 'driver',
    name: 'Priya Natarajan',
    email: 'driver@foodpilot.test',
    phone: '+14125550103',
    password: 'driver-demo',
    purpose: 'delivery driver for every demo store: /delivery/login',
  },
  {
    role: 'driver',
    name: 'Tomás Reyes',
    email: 'driver2@foodpilot.test',
    phone: '+14125550105',
    password: 'driver-demo',
    purpose: 'second delivery driver, same stores: race the first for an order',
  },
  {
    role: 'customer',
    name: 'Sam Carter',
    email: 'customer@foodpilot.test',
    phone: '+14125550104',
    password: 'customer-demo',
    purpose: 'customer with an account',
  },
];

export function formatDemoAccounts(accounts: readonly DemoAccount[] = DEMO_ACCOUNTS): string {
  const rows = accounts.map((a) => [a.role, a.email, a.password, a.purpose]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  return rows
    .map((row) => row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  '))
    .join('\n');
}
