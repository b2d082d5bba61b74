/**
 * The console in a test: the whole app at an /admin path over a fixture
 * replica (optionally with a console session already on the device), and a
 * fake of the API that answers each call the way the contract says, records
 * what was sent, and refuses what a test did not expect.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { CallBody, CallName, CallResponse } from '../../../../src/api/calls.ts';
import type { AdminSetting } from '../../../../src/api/admin/entities.ts';
import { SETTING_HINTS } from '../../../../src/api/admin/limits.ts';
import type { ApiError } from '../../../../src/api/errors.ts';
import type { SettingKey } from '../../../../src/api/settings/defaults.ts';
import { AppContent, AppProviders } from '../../../../src/app/App.tsx';
import type { ReplicaDatabase, SessionRow } from '../../../../src/db/schema.ts';
import { CONSOLE_SESSION_ID } from '../../../../src/db/session.ts';
import { createServiceWorkerDouble, createWorkerDouble } from '../../support/doubles.ts';
import { buildReplica } from '../../support/replica-fixture.ts';

/** The first find of a test also waits for the lazily loaded console and section. */
export const SLOW = { timeout: 5000 };

export const ADMIN = { userId: 1, name: 'Avery Admin', email: 'admin@foodpilot.test', token: 'admin-token' } as const;
export const OWNER = { userId: 2, name: 'Olivia Owner', email: 'owner@foodpilot.test', token: 'owner-token' } as const;

export function consoleSession(role: 'admin' | 'store_owner'): SessionRow {
  const who = role === 'admin' ? ADMIN : OWNER;
  return { id: CONSOLE_SESSION_ID, userId: who.userId, token: who.token, role, data: { name: who.name, email: who.email }, savedAt: 1 };
}

/** An API error answer. */
export function refusal(status: number, code: ApiError['code'], details?: ApiError['details']): { status: number; body: ApiError } {
  return { status, body: { code, message: `refused: ${code}`, ...(details ? { details } : {}) } };
}

type Answer<N extends CallName> = CallResponse<N> | { status: number; body: unknown };
type Handler<N extends CallName> = (body: CallBody<N>) => Answer<N> | Promise<Answer<N>>;
export type ConsoleHandlers = { [N in CallName]?: Handler<N> };

export interface SentCall {
  name: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

/** A fetch that answers /public/api/<name> from the handlers; the store-order stream is unavailable (404) unless `stream` answers it. */
export function fakeConsoleApi(handlers: ConsoleHandlers, stream?: () => Response) {
  const sent: SentCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input), 'http://console.test').pathname;
    const headers = new Headers(init?.headers);
    if (path === '/public/api/store-order-events') return stream ? stream() : json(404, { code: 'NOT_FOUND', message: 'no stream' });
    const name = path.replace(/^\/public\/api\//, '') as CallName;
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
    sent.push({ name, body, authorization: headers.get('authorization') });
    const handler = handlers[name] as Handler<CallName> | undefined;
    if (!handler) return json(404, { code: 'NOT_FOUND', message: `no fake for ${name}` });
    const answer = await handler(body as never);
    if (isRaw(answer)) return json(answer.status, answer.body);
    return json(200, answer);
  });
  /** The bodies sent to one call, in order. */
  const bodiesOf = (name: CallName) => sent.filter((call) => call.name === name).map((call) => call.body);
  return { fetch, sent, bodiesOf };
}

function isRaw(answer: unknown): answer is { status: number; body: unknown } {
  return typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer && typeof (answer as { status: unknown }).status === 'number';
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface RenderConsoleOptions {
  path: string;
  /** Signed in to the console on this device before the page opens. */
  role?: 'admin' | 'store_owner';
  api: ReturnType<typeof fakeConsoleApi>;
  /** The replica of an earlier render: the same device after a reload. */
  db?: ReplicaDatabase;
}

export async function renderConsole({ path, role, api, db: existing }: RenderConsoleOptions) {
  const db = existing ?? (await buildReplica({ settings: { storeName: 'Test Kitchen', currencySymbol: '$', currencySymbolAlign: 'left' } }));
  if (role) await db.session.put(consoleSession(role));
  vi.stubGlobal('fetch', api.fetch);
  const worker = createWorkerDouble(db);
  const serviceWorker = createServiceWorkerDouble();
  const view = render(
    <AppProviders services={{ db, worker, serviceWorker, reloadPage: vi.fn() }}>
      <MemoryRouter initialEntries={[path]}>
        <AppContent />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, db, worker };
}

/** A setting as admin/get-settings answers it, of the kind the app's hint table gives it. */
export function adminSetting(key: SettingKey, value: string): AdminSetting {
  const hint = SETTING_HINTS[key];
  return {
    key,
    value,
    default_value: value,
    is_stored: true,
    kind: hint.kind,
    group: hint.group,
    ...(hint.min !== undefined ? { min: hint.min } : {}),
    ...(hint.max !== undefined ? { max: hint.max } : {}),
    ...(hint.integer !== undefined ? { integer: hint.integer } : {}),
    ...(hint.maxLength !== undefined ? { max_length: hint.maxLength } : {}),
    ...(hint.choices ? { choices: [...hint.choices] } : {}),
  };
}
