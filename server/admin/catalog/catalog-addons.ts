/**
 * A store's add-on groups with their add-ons, saved as one: the group's
 * rules and its whole list of add-ons in order. The limits must be ones a
 * customer can meet, by the rule the cart applies (src/api/cart/rules.ts
 * addonLimits): a SINGLE group takes at most one (min 0 or 1, max 1); a
 * MULTI group between min_select and max_select (null: no maximum); and no
 * group may demand more add-ons than it offers, or the items offering it
 * could never be ordered. Orders keep the add-ons they were placed with
 * (order_lines.addons), so removing one changes no history.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminAddonCategory } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { fromFlag, type AddonCategoryType, type Database } from '../../db/tables.ts';
import type { HttpError } from '../../http/http-error.ts';
import { storeOfOwnedRow, storeOfSave } from './catalog-access.ts';
import { auditedWrite, fieldError, flagOf, givenFields, requireOnCreate, type CatalogActor } from './catalog-change.ts';

type SaveAddonCategory = CallBody<'admin/save-addon-category'>;
type AddonInput = NonNullable<SaveAddonCategory['addons']>[number];

interface GroupRules {
  type: AddonCategoryType;
  min_select: number;
  max_select: number | null;
}

export async function listAddonCategories(app: FastifyInstance, storeId: number, onlyId?: number): Promise<AdminAddonCategory[]> {
  const groups = await app.menuRepository.adminAddonGroupsOf(storeId, onlyId);
  const ids = groups.map((group) => Number(group.id));
  if (ids.length === 0) return [];
  const [addons, links] = await Promise.all([app.menuRepository.addonsOfGroups(ids), app.menuRepository.itemLinksOfGroups(ids)]);
  return groups.map((group) => {
    const id = Number(group.id);
    return {
      id,
      restaurant_id: Number(group.restaurant_id),
      name: group.name,
      type: group.type,
      min_select: Number(group.min_select),
      max_select: group.max_select === null ? null : Number(group.max_select),
      addons: addons
        .filter((addon) => Number(addon.addon_category_id) === id)
        .map((addon) => ({
          id: Number(addon.id),
          name: addon.name,
          price: Number(addon.price),
          sort_order: Number(addon.sort_order),
          is_active: fromFlag(addon.is_active),
        })),
      item_ids: links.filter((link) => Number(link.addon_category_id) === id).map((link) => Number(link.item_id)),
    };
  });
}

function invalidLimits(field: string, message: string): HttpError {
  return fieldError(400, 'INVALID_ADDON_LIMITS', field, message);
}

/** INVALID_ADDON_LIMITS unless a customer can meet the group's rules with its active add-ons. */
function checkLimits(rules: GroupRules, activeAddons: number): void {
  if (rules.type === 'SINGLE') {
    if (rules.min_select > 1) throw invalidLimits('min_select', 'A SINGLE group takes at most one add-on: min_select is 0 or 1.');
    if (rules.max_select !== 1) throw invalidLimits('max_select', 'A SINGLE group takes at most one add-on: max_select is 1.');
  } else if (rules.max_select !== null && rules.max_select < rules.min_select) {
    throw invalidLimits('max_select', `max_select (${rules.max_select}) is below min_select (${rules.min_select}).`);
  }
  if (rules.min_select > activeAddons) {
    throw invalidLimits(
      'min_select',
      `The group asks for at least ${rules.min_select} add-ons but offers ${activeAddons}: items with it could not be ordered.`,
    );
  }
}

/** The group's rules after the save: what was given over what is stored (or the defaults of a new group). */
function rulesAfter(body: SaveAddonCategory, stored: GroupRules | undefined): GroupRules {
  const type = body.type ?? stored?.type ?? 'MULTI';
  const typeChanged = stored !== undefined && body.type !== undefined && body.type !== stored.type;
  // A new SINGLE group (or one switched to SINGLE) takes one; a MULTI one any number unless told.
  const defaultMax = type === 'SINGLE' ? 1 : null;
  const max = body.max_select !== undefined ? body.max_select : stored && !typeChanged ? stored.max_select : defaultMax;
  return { type, min_select: body.min_select ?? stored?.min_select ?? 0, max_select: max };
}

async function storedGroup(app: FastifyInstance, id: number): Promise<{ rules: GroupRules; addonIds: number[]; activeAddons: number }> {
  const [group, addons] = await Promise.all([app.menuRepository.addonGroupRules(id), app.menuRepository.addonsOfGroup(id)]);
  return {
    rules: {
      type: group.type,
      min_select: Number(group.min_select),
      max_select: group.max_select === null ? null : Number(group.max_select),
    },
    addonIds: addons.map((addon) => Number(addon.id)),
    activeAddons: addons.filter((addon) => fromFlag(addon.is_active)).length,
  };
}

/** NOT_FOUND for an add-on id that is not one of this group's. */
function checkAddonIds(addons: readonly AddonInput[], ownIds: readonly number[]): void {
  addons.forEach((addon, index) => {
    if (addon.id !== undefined && !ownIds.includes(addon.id)) {
      throw fieldError(404, 'NOT_FOUND', `addons/${index}/id`, `Add-on ${addon.id} is not one of this group's.`);
    }
  });
}

async function replaceAddons(app: FastifyInstance, groupId: number, addons: readonly AddonInput[], trx: Kysely<Database>): Promise<void> {
  const kept = addons.flatMap((addon) => (addon.id === undefined ? [] : [addon.id]));
  await app.menuRepository.deleteAddonsOfGroupExcept(groupId, kept, trx);
  for (const [index, addon] of addons.entries()) {
    const values = { name: addon.name, price: addon.price, sort_order: index, is_active: flagOf(addon.is_active ?? true) as number };
    if (addon.id === undefined) await app.menuRepository.insertAddon({ ...values, addon_category_id: groupId }, trx);
    else await app.menuRepository.updateAddon(addon.id, values, trx);
  }
}

export async function saveAddonCategory(app: FastifyInstance, actor: CatalogActor, body: SaveAddonCategory): Promise<AdminAddonCategory> {
  const storeId = await storeOfSave(app, actor.user, 'addon_categories', 'add-on group', body);
  if (body.id === undefined) requireOnCreate(body, ['name', 'type']);
  const stored = body.id === undefined ? undefined : await storedGroup(app, body.id);
  if (body.addons) checkAddonIds(body.addons, stored?.addonIds ?? []);
  const rules = rulesAfter(body, stored?.rules);
  const activeAddons = body.addons ? body.addons.filter((addon) => addon.is_active ?? true).length : (stored?.activeAddons ?? 0);
  checkLimits(rules, activeAddons);
  const id = await auditedWrite(app, actor, async (trx) => {
    let groupId = body.id;
    if (groupId === undefined) {
      const created = await app.menuRepository.insertAddonGroup({ restaurant_id: storeId, name: body.name as string, ...rules }, trx);
      groupId = Number(created.id);
    } else {
      await app.menuRepository.updateAddonGroup(groupId, { ...(body.name === undefined ? {} : { name: body.name }), ...rules }, trx);
    }
    if (body.addons) await replaceAddons(app, groupId, body.addons, trx);
    return { result: groupId, entity: 'addon_categories', entityId: groupId, details: givenFields(body) };
  });
  const [saved] = await listAddonCategories(app, storeId, id);
  return saved as AdminAddonCategory;
}

export async function deleteAddonCategory(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const storeId = await storeOfOwnedRow(app, actor.user, 'addon_categories', id, 'add-on group');
  await auditedWrite(app, actor, async (trx) => {
    await app.menuRepository.deleteAddonGroup(id, trx);
    return { result: undefined, entity: 'addon_categories', entityId: id, details: { restaurant_id: storeId } };
  });
}
