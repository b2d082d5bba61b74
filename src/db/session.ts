/**
 * The signed-in user as the replica keeps it: the `session` row 'customer'
 * (SessionRow) with its `data` typed here. The worker writes it on every
 * sign-in; the UI reads it (useCustomerSession). A call-centre agent signs
 * in into the same row; acting for a customer puts the customer's session
 * there and keeps the agent's own beside it, to return to.
 */
import type { SessionRow } from './schema.ts';

export const CUSTOMER_SESSION_ID = 'customer';
/** A driver's session (delivery/login) lives in its own row, so a customer and a driver can both be signed in on one device. */
export const DRIVER_SESSION_ID = 'driver';
/** The /admin console's session (an administrator or a store owner): its own row, beside the customer's and the driver's. */
export const CONSOLE_SESSION_ID = 'console';

/** The agent behind a customer's session, and the agent's own session to go back to. */
export interface ActingAgent {
  id: number;
  name: string;
  session: SessionRow;
}

export interface CustomerSessionData {
  name: string;
  email: string;
  phone: string | null;
  phoneVerified: boolean;
  /** An image path under /public/images/avatars/, or null for the default picture. */
  avatar: string | null;
  taxNumber: string | null;
  /** Integer minor units, as update-user-info last answered it. */
  walletBalance: number;
  /** Loyalty points, as update-user-info last answered them. */
  loyaltyPoints: number;
  actingAgent: ActingAgent | null;
}

/** The signed-in user: the row's id, token and role, and its data with defaults for rows older than this shape. */
export interface CustomerSession extends CustomerSessionData {
  userId: number;
  token: string;
  role: string;
  savedAt: number;
}

export function customerSessionOf(row: SessionRow): CustomerSession {
  const data = row.data as Partial<CustomerSessionData>;
  return {
    userId: row.userId,
    token: row.token,
    role: row.role,
    savedAt: row.savedAt,
    name: typeof data.name === 'string' ? data.name : '',
    email: typeof data.email === 'string' ? data.email : '',
    phone: typeof data.phone === 'string' ? data.phone : null,
    phoneVerified: data.phoneVerified === true,
    avatar: typeof data.avatar === 'string' ? data.avatar : null,
    taxNumber: typeof data.taxNumber === 'string' ? data.taxNumber : null,
    walletBalance: typeof data.walletBalance === 'number' ? data.walletBalance : 0,
    loyaltyPoints: typeof data.loyaltyPoints === 'number' ? data.loyaltyPoints : 0,
    actingAgent: data.actingAgent ?? null,
  };
}

/** Why the worker ended a session on its own (PrefKey.sessionEnded). */
export interface SessionEnded {
  /** A ban, or a token the server no longer knows. */
  code: 'ACCOUNT_BANNED' | 'UNAUTHORIZED';
  at: number;
}

/** PrefKey.pageList: the content pages the account page links to (get-pages, without bodies). */
export interface PageList {
  pages: { id: number; name: string; slug: string }[];
  fetchedAt: number;
}
