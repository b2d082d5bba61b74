/**
 * admin/get-orders (issue 7: "see and act on all orders"): every order for
 * an administrator, a store owner's own stores' orders for them, newest
 * first and paged by id, with the filters the console offers. A store
 * owner naming another owner's store is FORBIDDEN, as everywhere in the
 * console. The delivery PIN is never in it (order-view.ts showPin: false).
 */
import type { Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, type AdminOrdersPage } from '../../../src/api/admin/entities.ts';
import { forbidden } from '../../account/authenticate.ts';
import type { Database } from '../../db/tables.ts';
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

export async function ordersPage(db: Kysely<Database>, user: ConsoleUser, query: OrdersQuery): Promise<AdminOrdersPage> {
  const from = isoOf(query.from, 'from');
  const to = isoOf(query.to, 'to');
  if (from !== undefined && to !== undefined && from >= to) {
    throw new HttpError(400, 'INVALID_DATE_RANGE', 'from must be before to.', [{ path: '/to', message: 'must be after from' }]);
  }
  if (query.restaurantId !== undefined && user.role === 'store_owner') {
    const store = await db.selectFrom('restaurants').select('owner_user_id').where('id', '=', query.restaurantId).executeTakeFirst();
    if (Number(store?.owner_user_id) !== user.id) throw forbidden('This store is not yours.');
  }
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  let select = db.selectFrom('orders as o').selectAll('o');
  if (user.role === 'store_owner') {
    select = select.innerJoin('restaurants as r', 'r.id', 'o.restaurant_id').where('r.owner_user_id', '=', user.id);
  }
  if (query.restaurantId !== undefined) select = select.where('o.restaurant_id', '=', query.restaurantId);
  if (query.statuses !== undefined) select = select.where('o.status', 'in', [...query.statuses]);
  if (from !== undefined) select = select.where('o.created_at', '>=', from);
  if (to !== undefined) select = select.where('o.created_at', '<', to);
  const q = query.q?.trim().toUpperCase();
  if (q) select = select.where('o.unique_order_id', 'like', `%${q.replace(/[\\%_]/g, '')}%`);
  if (query.before !== undefined) select = select.where('o.id', '<', query.before);
  const rows = await select
    .orderBy('o.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    orders: await toOrders(db, page, { showPin: false, showCustomer: true }),
    next_before: rows.length > limit ? Number(page.at(-1)?.id) : null,
  };
}
