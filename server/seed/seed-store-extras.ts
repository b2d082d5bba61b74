/**
 * Writes opening hours, add-on groups and reviews for the demo stores (inside
 * the seed's transaction), from demo-store-extras.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { DEMO_ADDON_GROUPS, DEMO_OPENING_HOURS, DEMO_REVIEWERS, DEMO_REVIEWS } from './demo-store-extras.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function minuteOfDay(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export async function seedStoreExtras(
  db: Kysely<Database>,
  storeIds: ReadonlyMap<string, number>,
  createdAt: string,
): Promise<void> {
  await seedOpeningHours(db, storeIds);
  await seedAddons(db, storeIds);
  await seedReviews(db, storeIds, createdAt);
}

function storeIdOf(storeIds: ReadonlyMap<string, number>, slug: string): number {
  const id = storeIds.get(slug);
  if (id === undefined) throw new Error(`Demo extras refer to unknown store ${slug}`);
  return id;
}

async function seedOpeningHours(db: Kysely<Database>, storeIds: ReadonlyMap<string, number>): Promise<void> {
  const rows = Object.entries(DEMO_OPENING_HOURS).flatMap(([slug, week]) =>
    Object.entries(week).flatMap(([day, windows]) =>
      windows.map(([opens, closes]) => {
        const opensMinute = minuteOfDay(opens);
        const closesMinute = minuteOfDay(closes);
        return {
          restaurant_id: storeIdOf(storeIds, slug),
          day_of_week: Number(day),
          opens_minute: opensMinute,
          // 00:00 as a closing time is the end of the day.
          closes_minute: closesMinute === 0 ? 1440 : closesMinute,
        };
      }),
    ),
  );
  await db.insertInto('restaurant_opening_hours').values(rows).execute();
}

async function seedAddons(db: Kysely<Database>, storeIds: ReadonlyMap<string, number>): Promise<void> {
  for (const [slug, groups] of Object.entries(DEMO_ADDON_GROUPS)) {
    const restaurantId = storeIdOf(storeIds, slug);
    const items = await db
      .selectFrom('items')
      .select(['id', 'name'])
      .where('restaurant_id', '=', restaurantId)
      .execute();
    for (const [groupIndex, group] of groups.entries()) {
      const { id } = await db
        .insertInto('addon_categories')
        .values({
          restaurant_id: restaurantId,
          name: group.name,
          type: group.type,
          min_select: group.minSelect,
          max_select: group.maxSelect,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const categoryId = Number(id);
      await db
        .insertInto('addons')
        .values(
          group.addons.map(([name, price], index) => ({
            addon_category_id: categoryId,
            name,
            price,
            sort_order: index,
            is_active: 1,
          })),
        )
        .execute();
      await db
        .insertInto('item_addon_categories')
        .values(
          group.dishes.map((dishName) => {
            const item = items.find((candidate) => candidate.name === dishName);
            if (!item) throw new Error(`Demo add-ons refer to unknown dish ${dishName} of ${slug}`);
            return { item_id: Number(item.id), addon_category_id: categoryId, sort_order: groupIndex };
          }),
        )
        .execute();
    }
  }
}

async function seedReviews(db: Kysely<Database>, storeIds: ReadonlyMap<string, number>, createdAt: string): Promise<void> {
  const reviewerIds = new Map<string, number>();
  for (const reviewer of DEMO_REVIEWERS) {
    const { id } = await db
      .insertInto('users')
      .values({
        name: reviewer.name,
        email: reviewer.email,
        phone: null,
        // Not a scrypt string, so no password ever matches: these accounts cannot sign in.
        password_hash: '!',
        role: 'customer',
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    reviewerIds.set(reviewer.name, Number(id));
  }
  const now = Date.parse(createdAt);
  const rows = Object.entries(DEMO_REVIEWS).flatMap(([slug, reviews]) =>
    reviews.map((review) => ({
      restaurant_id: storeIdOf(storeIds, slug),
      user_id: reviewerIds.get(review.reviewer) ?? null,
      rating: review.rating,
      comment: review.comment,
      created_at: new Date(now - review.daysAgo * DAY_MS).toISOString(),
    })),
  );
  await db.insertInto('reviews').values(rows).execute();
}
