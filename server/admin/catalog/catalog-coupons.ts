/**
 * Coupons as an administrator sets them up. Codes are kept upper case (the
 * customer may type any case, server/checkout/coupons.ts looks them up upper
 * case); times are stored as ISO-8601 UTC, the form the checkout compares.
 * A coupon that orders used is never deleted: its redemptions count towards
 * each customer's limit and the orders name it; it can be deactivated.
 */
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { AdminCoupon } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { COUPON_PERCENT_MAX } from '../../../src/api/admin/catalog-limits.ts';
import { fromFlag, type CouponsTable } from '../../db/tables.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import {
  assertAllExist,
  auditedWrite,
  definedOnly,
  fieldError,
  flagOf,
  givenFields,
  requireOnCreate,
  withUniqueAs,
  type CatalogActor,
} from './catalog-change.ts';

type SaveCoupon = CallBody<'admin/save-coupon'>;
type CouponRow = Selectable<CouponsTable>;

function toCoupon(row: CouponRow): AdminCoupon {
  const orNull = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: Number(row.id),
    code: row.code,
    description: row.description,
    discount_type: row.discount_type,
    discount_value: Number(row.discount_value),
    max_discount: orNull(row.max_discount),
    min_subtotal: Number(row.min_subtotal),
    restaurant_id: orNull(row.restaurant_id),
    starts_at: row.starts_at,
    expires_at: row.expires_at,
    max_uses: orNull(row.max_uses),
    max_uses_per_user: orNull(row.max_uses_per_user),
    used_count: Number(row.used_count),
    is_active: fromFlag(row.is_active),
    created_at: row.created_at,
  };
}

export async function listCoupons(app: FastifyInstance, storeId?: number): Promise<AdminCoupon[]> {
  const rows = await app.couponsRepository.listForStore(storeId);
  return rows.map(toCoupon);
}

/** A time the schema's pattern let through, as ISO-8601 UTC; VALIDATION_FAILED for one the calendar does not know. */
function utcTime(value: string | null | undefined, field: string): string | null | undefined {
  if (value === null || value === undefined) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw fieldError(400, 'VALIDATION_FAILED', field, `${field} is not a real time.`);
  return new Date(time).toISOString();
}

function codeTaken(code: string | undefined): HttpError {
  return fieldError(409, 'CODE_TAKEN', 'code', `Another coupon already has the code ${code ?? ''}.`);
}

/** The discount rules that span fields, over what is stored for those not given. */
function checkDiscount(after: Pick<CouponRow, 'discount_type' | 'discount_value' | 'max_discount' | 'starts_at' | 'expires_at'>): void {
  if (after.discount_type === 'PERCENT' && after.discount_value > COUPON_PERCENT_MAX) {
    throw fieldError(400, 'INVALID_DISCOUNT', 'discount_value', `A percentage coupon takes 1 to ${COUPON_PERCENT_MAX} percent off.`);
  }
  if (after.discount_type === 'FIXED' && after.max_discount !== null) {
    throw fieldError(400, 'INVALID_DISCOUNT', 'max_discount', 'Only a percentage coupon has a maximum discount; a fixed one takes its value off.');
  }
  if (after.starts_at !== null && after.expires_at !== null && after.starts_at >= after.expires_at) {
    throw fieldError(400, 'INVALID_DATE_RANGE', 'expires_at', 'The coupon must start before it expires.');
  }
}

export async function saveCoupon(app: FastifyInstance, actor: CatalogActor, body: SaveCoupon, now: Date = new Date()): Promise<AdminCoupon> {
  if (body.id === undefined) requireOnCreate(body, ['code', 'discount_type', 'discount_value']);
  const stored = body.id === undefined ? undefined : await app.couponsRepository.findById(body.id);
  if (body.id !== undefined && !stored) throw notFound(`There is no coupon with id ${body.id}.`);
  const code = body.code?.toUpperCase();
  const startsAt = utcTime(body.starts_at, 'starts_at');
  const expiresAt = utcTime(body.expires_at, 'expires_at');
  checkDiscount({
    discount_type: body.discount_type ?? (stored?.discount_type as CouponRow['discount_type']),
    discount_value: body.discount_value ?? Number(stored?.discount_value),
    max_discount: body.max_discount !== undefined ? body.max_discount : (stored?.max_discount ?? null),
    starts_at: startsAt !== undefined ? startsAt : (stored?.starts_at ?? null),
    expires_at: expiresAt !== undefined ? expiresAt : (stored?.expires_at ?? null),
  });
  await assertAllExist(app, 'restaurants', body.restaurant_id === null || body.restaurant_id === undefined ? [] : [body.restaurant_id], 'restaurant_id');
  if (code !== undefined) {
    if (await app.couponsRepository.otherWithCode(code, body.id)) throw codeTaken(code);
  }
  const id = await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({
      code,
      description: body.description,
      discount_type: body.discount_type,
      discount_value: body.discount_value,
      max_discount: body.max_discount,
      min_subtotal: body.min_subtotal,
      restaurant_id: body.restaurant_id,
      starts_at: startsAt,
      expires_at: expiresAt,
      max_uses: body.max_uses,
      max_uses_per_user: body.max_uses_per_user,
      is_active: flagOf(body.is_active),
    });
    const couponId = await withUniqueAs('CODE_TAKEN', 'code', codeTaken(code).message, async () => {
      if (body.id !== undefined) {
        if (Object.keys(columns).length > 0) await app.couponsRepository.update(body.id, columns, trx);
        return body.id;
      }
      return app.couponsRepository.insert(
        {
          max_discount: null,
          restaurant_id: null,
          starts_at: null,
          expires_at: null,
          max_uses: null,
          max_uses_per_user: null,
          ...columns,
          code: code as string,
          discount_type: body.discount_type as CouponRow['discount_type'],
          discount_value: body.discount_value as number,
          created_at: now.toISOString(),
        },
        trx,
      );
    });
    return { result: couponId, entity: 'coupons', entityId: couponId, details: { ...givenFields(body), ...(code ? { code } : {}) } };
  });
  return toCoupon(await app.couponsRepository.getById(id));
}

export async function deleteCoupon(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const coupon = await app.couponsRepository.deletionFactsOf(id);
  if (!coupon) throw notFound(`There is no coupon with id ${id}.`);
  const order = await app.ordersRepository.anyWithCoupon(id);
  if (order || Number(coupon.used_count) > 0) {
    throw new HttpError(409, 'IN_USE', `Orders used coupon ${coupon.code}, so it cannot be deleted. Deactivate it instead.`);
  }
  await auditedWrite(app, actor, async (trx) => {
    await app.couponsRepository.deleteById(id, trx);
    return { result: undefined, entity: 'coupons', entityId: id, details: { code: coupon.code } };
  });
}
