/**
 * The account methods of the worker double (spread into createWorkerDouble):
 * like the worker, where the UI can see it. A sign-in writes the session row
 * of a demo customer, logout and delete remove it; everything else answers ok.
 */
import { vi } from 'vitest';
import type {
  AccountWorkerApi,
  BanCheck,
  CodeLoginInput,
  CodeSentInfo,
  DetailsChange,
  GuestInput,
  LoginCodeSentInfo,
  RegisterInput,
} from '../../../src/api/account/worker-api.ts';
import type { CustomerMatch } from '../../../src/api/account/entities.ts';
import type { LoginSummary, SyncResult } from '../../../src/api/worker-api.ts';
import type { ReplicaDatabase, SessionRow } from '../../../src/db/schema.ts';
import { CUSTOMER_SESSION_ID, type CustomerSessionData } from '../../../src/db/session.ts';

export const TEST_CUSTOMER = {
  userId: 7,
  name: 'Sam Carter',
  email: 'customer@foodpilot.test',
  phone: '+14125550104',
} as const;

/** A session row as the worker keeps it; `data` overrides the demo customer's fields. */
export function sessionRow(data: Partial<CustomerSessionData> = {}, row: Partial<Omit<SessionRow, 'data'>> = {}): SessionRow {
  const full: CustomerSessionData = {
    name: TEST_CUSTOMER.name,
    email: TEST_CUSTOMER.email,
    phone: TEST_CUSTOMER.phone,
    phoneVerified: true,
    avatar: null,
    taxNumber: null,
    walletBalance: 0,
    loyaltyPoints: 0,
    actingAgent: null,
    ...data,
  };
  return { id: CUSTOMER_SESSION_ID, userId: TEST_CUSTOMER.userId, token: 'token-1', role: 'customer', savedAt: 1, ...row, data: { ...full } };
}

const SUMMARY: LoginSummary = { userId: TEST_CUSTOMER.userId, name: TEST_CUSTOMER.name, role: 'customer' };
const SENT: CodeSentInfo = { channel: 'sms', expiresInSeconds: 600 };

export function accountWorkerDefaults(db: ReplicaDatabase) {
  const signIn = async (): Promise<SyncResult<LoginSummary>> => {
    await db.session.put(sessionRow());
    return { ok: true as const, value: SUMMARY };
  };
  const signOut = async (): Promise<SyncResult> => {
    await db.session.delete(CUSTOMER_SESSION_ID);
    return { ok: true as const };
  };
  const ok = async (): Promise<SyncResult> => ({ ok: true as const });
  return {
    register: vi.fn(async (_input: RegisterInput) => signIn()),
    loginWithPassword: vi.fn(async (_emailOrPhone: string, _password: string) => signIn()),
    requestLoginCode: vi.fn(async (_phone: string): Promise<SyncResult<LoginCodeSentInfo>> => ({ ok: true as const, value: { ...SENT, registered: true } })),
    loginWithCode: vi.fn(async (_input: CodeLoginInput) => signIn()),
    sendOtp: vi.fn(async (_phone: string, _email?: string): Promise<SyncResult<CodeSentInfo>> => ({ ok: true as const, value: SENT })),
    verifyOtp: vi.fn(async (_phone: string, _code: string) => ok()),
    requestPasswordReset: vi.fn(async (_email: string): Promise<SyncResult<CodeSentInfo>> => ({ ok: true as const, value: { ...SENT, channel: 'email' as const } })),
    verifyPasswordResetCode: vi.fn(async (_email: string, _code: string) => ok()),
    changePassword: vi.fn(async (_email: string, _code: string, _password: string) => signIn()),
    refreshProfile: vi.fn(async () => ok()),
    sendContactCode: vi.fn(async (kind: 'email' | 'phone', _value: string): Promise<SyncResult<CodeSentInfo>> => ({
      ok: true as const,
      value: { ...SENT, channel: kind === 'email' ? ('email' as const) : ('sms' as const) },
    })),
    changeDetails: vi.fn(async (_change: DetailsChange) => ok()),
    changeAvatar: vi.fn(async (_image: Blob | ArrayBuffer) => ok()),
    updateTaxNumber: vi.fn(async (_taxNumber: string) => ok()),
    deleteAccount: vi.fn(async () => signOut()),
    logout: vi.fn(async () => signOut()),
    checkBan: vi.fn(async (): Promise<SyncResult<BanCheck>> => ({ ok: true as const, value: { signedOut: false } })),
    loginAsCustomer: vi.fn(async (_userId: number) => signIn()),
    registerGuestUser: vi.fn(async (_input: GuestInput) => signIn()),
    searchCustomers: vi.fn(async (_query: string): Promise<SyncResult<CustomerMatch[]>> => ({ ok: true as const, value: [] })),
    stopActing: vi.fn(async () => ok()),
    refreshPageList: vi.fn(async () => ok()),
  } satisfies AccountWorkerApi;
}
