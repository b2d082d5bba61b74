/**
 * A store as its form edits it (texts as typed) and the save body made from
 * it. Numbers and money that cannot be read, and a phone that is not one, are
 * reported per field before anything is sent; the server checks the rest
 * (ranges, slug, hours, time zone) and names its field.
 */
import { phoneProblem } from '../../../api/account/rules.ts';
import type { CallBody } from '../../../api/calls.ts';
import type { AdminStore } from '../../../api/admin/catalog-entities.ts';
import type { TextKey } from '../../../api/language/texts.ts';
import { moneyText, numberText, optionalText, parseMoney, parseNumber } from '../console-values.ts';
import { DELIVERY_TYPES, DeliveryType, type DeliveryTypeCode } from '../../../api/delivery-types.ts';

export interface OpeningWindowDraft {
  day: number;
  opens: string;
  closes: string;
}

/** What each way of taking orders is called in the console. */
export const DELIVERY_TYPE_WORDS: Record<DeliveryTypeCode, TextKey> = {
  [DeliveryType.DELIVERY]: 'consoleDeliveryOnly',
  [DeliveryType.SELFPICKUP]: 'consolePickupOnly',
  [DeliveryType.BOTH]: 'consoleDeliveryAndPickup',
};
/** The store form's choices, in code order. */
export const DELIVERY_TYPE_CHOICES = DELIVERY_TYPES.map((code) => ({ value: `${code}` as const, words: DELIVERY_TYPE_WORDS[code] }));

export interface StoreDraft {
  name: string;
  slug: string;
  city: string;
  description: string;
  image: string;
  is_active: boolean;
  is_featured: boolean;
  custom_featured_name: string;
  custom_message_on_list: string;
  rating: string;
  delivery_time: string;
  price_range: string;
  delivery_type: `${DeliveryTypeCode}`;
  address: string;
  phone: string;
  latitude: string;
  longitude: string;
  delivery_radius_km: string;
  store_color: string;
  timezone: string;
  owner_user_id: string;
  min_order_subtotal: string;
  store_charge: string;
  /** Percent with up to two decimals (travels as basis points). */
  tax_percent: string;
  delivery_fee_base: string;
  delivery_fee_base_km: string;
  delivery_fee_per_km: string;
  free_delivery_subtotal: string;
  auto_accept_orders: boolean;
  opening_hours: OpeningWindowDraft[];
  category_ids: string[];
}

export type StoreField = keyof StoreDraft;

/** The fields in the order the form shows them (the first in error takes the focus). */
export const STORE_FIELDS: readonly StoreField[] = [
  'name',
  'slug',
  'city',
  'description',
  'image',
  'delivery_type',
  'is_active',
  'is_featured',
  'custom_featured_name',
  'custom_message_on_list',
  'rating',
  'delivery_time',
  'price_range',
  'address',
  'phone',
  'latitude',
  'longitude',
  'delivery_radius_km',
  'store_color',
  'owner_user_id',
  'category_ids',
  'min_order_subtotal',
  'store_charge',
  'tax_percent',
  'delivery_fee_base',
  'delivery_fee_base_km',
  'delivery_fee_per_km',
  'free_delivery_subtotal',
  'auto_accept_orders',
  'timezone',
  'opening_hours',
];

export const EMPTY_STORE: StoreDraft = {
  name: '',
  slug: '',
  city: '',
  description: '',
  image: '',
  is_active: true,
  is_featured: false,
  custom_featured_name: '',
  custom_message_on_list: '',
  rating: '',
  delivery_time: '30',
  price_range: '',
  delivery_type: `${DeliveryType.BOTH}`,
  address: '',
  phone: '',
  latitude: '',
  longitude: '',
  delivery_radius_km: '5',
  store_color: '',
  timezone: 'UTC',
  owner_user_id: '',
  min_order_subtotal: '0.00',
  store_charge: '0.00',
  tax_percent: '0',
  delivery_fee_base: '0.00',
  delivery_fee_base_km: '0',
  delivery_fee_per_km: '0.00',
  free_delivery_subtotal: '',
  auto_accept_orders: false,
  opening_hours: [],
  category_ids: [],
};

export function draftOf(store: AdminStore): StoreDraft {
  return {
    name: store.name,
    slug: store.slug,
    city: store.city,
    description: store.description,
    image: store.image,
    is_active: store.is_active,
    is_featured: store.is_featured,
    custom_featured_name: store.custom_featured_name ?? '',
    custom_message_on_list: store.custom_message_on_list ?? '',
    rating: numberText(store.rating),
    delivery_time: numberText(store.delivery_time),
    price_range: moneyText(store.price_range),
    delivery_type: String(store.delivery_type) as StoreDraft['delivery_type'],
    address: store.address ?? '',
    phone: store.phone ?? '',
    latitude: numberText(store.latitude),
    longitude: numberText(store.longitude),
    delivery_radius_km: numberText(store.delivery_radius_km),
    store_color: store.store_color ?? '',
    timezone: store.timezone,
    owner_user_id: store.owner_user_id === null ? '' : String(store.owner_user_id),
    min_order_subtotal: moneyText(store.min_order_subtotal),
    store_charge: moneyText(store.store_charge),
    tax_percent: moneyText(store.tax_basis_points).replace(/\.00$/, ''),
    delivery_fee_base: moneyText(store.delivery_fee_base),
    delivery_fee_base_km: numberText(store.delivery_fee_base_km),
    delivery_fee_per_km: moneyText(store.delivery_fee_per_km),
    free_delivery_subtotal: moneyText(store.free_delivery_subtotal),
    auto_accept_orders: store.auto_accept_orders,
    opening_hours: store.opening_hours.map(({ day, opens, closes }) => ({ day, opens, closes })),
    category_ids: store.category_ids.map(String),
  };
}

/** The fields typed as an amount of money (the server holds them in cents). */
export const STORE_MONEY_FIELDS: readonly StoreField[] = [
  'price_range',
  'min_order_subtotal',
  'store_charge',
  'delivery_fee_base',
  'delivery_fee_per_km',
  'free_delivery_subtotal',
];

type SaveStoreBody = CallBody<'admin/save-store'>;
export type StoreBodyResult = { ok: true; body: SaveStoreBody } | { ok: false; problems: Partial<Record<StoreField, TextKey>> };

/** The save body, or the fields whose text is not a number or an amount. */
export function bodyOf(draft: StoreDraft): StoreBodyResult {
  const problems: Partial<Record<StoreField, TextKey>> = {};
  const number = (field: StoreField, integer = false): number | null => {
    const value = parseNumber(draft[field] as string, { integer });
    if (value === undefined) problems[field] = integer ? 'consoleNeedWholeNumber' : 'consoleNeedNumber';
    return value ?? null;
  };
  const money = (field: StoreField): number | null => {
    const value = parseMoney(draft[field] as string);
    if (value === undefined) problems[field] = 'consoleNeedAmount';
    return value ?? null;
  };
  const rating = number('rating');
  const deliveryTime = number('delivery_time', true);
  const priceRange = money('price_range');
  const latitude = number('latitude');
  const longitude = number('longitude');
  const radius = number('delivery_radius_km');
  const minOrder = money('min_order_subtotal');
  const storeCharge = money('store_charge');
  const tax = parseMoney(draft.tax_percent);
  if (tax === undefined) problems.tax_percent = 'consoleNeedPercent';
  const feeBase = money('delivery_fee_base');
  const feeBaseKm = number('delivery_fee_base_km');
  const feePerKm = money('delivery_fee_per_km');
  const freeFrom = money('free_delivery_subtotal');
  const phone = optionalText(draft.phone.trim());
  if (phone !== null && phoneProblem(phone)) problems.phone = 'errorInvalidPhone';
  if (Object.keys(problems).length > 0) return { ok: false, problems };

  // Empty required numbers are left out, so the server names them as missing (a create) or keeps them (a change).
  const present = <K extends string, V>(key: K, value: V | null) => (value === null ? {} : ({ [key]: value } as Record<K, V>));
  return {
    ok: true,
    body: {
      name: draft.name.trim(),
      slug: draft.slug.trim(),
      city: draft.city.trim(),
      description: draft.description,
      image: draft.image.trim(),
      is_active: draft.is_active,
      is_featured: draft.is_featured,
      custom_featured_name: optionalText(draft.custom_featured_name),
      custom_message_on_list: optionalText(draft.custom_message_on_list),
      ...present('rating', rating),
      ...present('delivery_time', deliveryTime),
      ...present('price_range', priceRange),
      delivery_type: Number(draft.delivery_type) as DeliveryTypeCode,
      // Emptied: null, which clears what was saved.
      address: optionalText(draft.address.trim()),
      phone,
      ...present('latitude', latitude),
      ...present('longitude', longitude),
      ...present('delivery_radius_km', radius),
      store_color: optionalText(draft.store_color.trim()),
      timezone: draft.timezone.trim() || 'UTC',
      owner_user_id: draft.owner_user_id ? Number(draft.owner_user_id) : null,
      ...present('min_order_subtotal', minOrder),
      ...present('store_charge', storeCharge),
      ...present('tax_basis_points', tax ?? null),
      ...present('delivery_fee_base', feeBase),
      ...present('delivery_fee_base_km', feeBaseKm),
      ...present('delivery_fee_per_km', feePerKm),
      free_delivery_subtotal: freeFrom,
      auto_accept_orders: draft.auto_accept_orders,
      opening_hours: draft.opening_hours,
      category_ids: draft.category_ids.map(Number),
    },
  };
}

/** Server details name body keys; the form calls tax 'tax_percent'. */
export function storeFieldOfDetail(field: string): StoreField | null {
  if (field === 'tax_basis_points') return 'tax_percent';
  return (STORE_FIELDS as readonly string[]).includes(field) ? (field as StoreField) : null;
}
