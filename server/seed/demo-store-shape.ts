/**
 * The shape of a demo store and its dishes, and the `dish()` shorthand the
 * store table is written with.
 */
import type { DemoCategoryKey } from './demo-city.ts';
import type { DeliveryTypeCode } from '../../src/api/entities.ts';

export interface DemoDish {
  name: string;
  description: string;
  price: number;
  art: string;
  veg: boolean;
  recommended: boolean;
}

export interface DemoStore {
  name: string;
  slug: string;
  description: string;
  art: string;
  color: string;
  categories: readonly DemoCategoryKey[];
  deliveryType: DeliveryTypeCode;
  rating: number;
  deliveryMinutes: number;
  /** Price for two, cents. */
  priceForTwo: number;
  /** Where a driver collects the food, in the demo city. */
  address: string;
  /** The number a driver calls the store on (+1 412 555 01xx, one per store). */
  phone: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  isActive?: boolean;
  featuredName?: string | null;
  isFeatured?: boolean;
  listMessage?: string | null;
  /** Owned by the demo store owner. */
  ownedByDemoOwner?: boolean;
  /** Menu sections, in order, each with its dishes. */
  menu: Readonly<Record<string, readonly DemoDish[]>>;
}

type DishOptions = { veg?: boolean; recommended?: boolean };

export function dish(name: string, description: string, price: number, art: string, options: DishOptions = {}): DemoDish {
  return { name, description, price, art, veg: options.veg ?? false, recommended: options.recommended ?? false };
}

export const VEG = { veg: true } as const;
export const VEG_PICK = { veg: true, recommended: true } as const;
export const PICK = { recommended: true } as const;
