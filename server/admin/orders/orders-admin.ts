/**
 * admin/get-orders (issue 7: "see and act on all orders"): every order for
 * an administrator, a store owner's own stores' orders for them, newest
 * first and paged by id, with the filters the console offers. A store
 * owner naming another owner's store is FORBIDDEN, as everywhere in the
 * console. The delivery PIN is never in it (order-view.ts showPin: false).
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_PAGE_SIZE, type AdminOrdersPage } from '../../../src/api/admin/entities.ts';
import { forbidden } from '../../account/authenticate.ts';
import { HttpError } from '../../http/http-error.ts';
import { toOrders } from '../../orders/order-view.ts';
import type { ConsoleUser } from '../admin-access.ts';

export interface OrdersQuery {
  restaurantId?: number | undefined;
  statuses?: readonly number[] | undefined;
  /** ISO times: placed at or after from, before to. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  before?: number | undefined;
  limit?: number | undefined;
}

/** Whether the date part names a day the calendar has (Date.parse rolls 2030-02-31 over into March). */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A time the schema's pattern let through, as the ISO UTC text orders store (the calendar must know it). */
function isoOf(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time) || !isCalendarDay(value)) {
    throw new HttpError(400, 'VALIDATION_FAILED', `${field} is not a real time.`, [{ path: `/${field}`, message: 'is not a real time' }]);
  }
  return new Date(time).toISOString();
}

export async function ordersPage(app: FastifyInstance, user: ConsoleUser, query: OrdersQuery): Promise<AdminOrdersPage> {
  const from = isoOf(query.from, 'from');
  const to = isoOf(query.to, 'to');
  if (from !== undefined && to !== undefined && from >= to) {
    throw new HttpError(400, 'INVALID_DATE_RANGE', 'from must be before to.', [{ path: '/to', message: 'must be after from' }]);
  }
  if (query.restaurantId !== undefined && user.role === 'store_owner') {
    const store = await app.storesRepository.ownerIdOf(query.restaurantId);
    if (Number(store?.owner_user_id) !== user.id) throw forbidden('This store is not yours.');
  }
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const rows = await app.ordersRepository.consolePage(user, {
    restaurantId: query.restaurantId,
    statuses: query.statuses,
    from,
    to,
    q: query.q?.trim().toUpperCase(),
    before: query.before,
    limit,
  });
  const page = rows.slice(0, limit);
  return {
    orders: await toOrders(app, page, { showPin: false, showCustomer: true }),
    next_before: rows.length > limit ? Number(page.at(-1)?.id) : null,
  };
}
