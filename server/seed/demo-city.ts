/**
 * The demo city: Riverton, a river town with a market square at its heart.
 * Places, store categories and sliders; the stores and their menus are in
 * demo-stores.ts. Coordinates sit close together so every store is in reach of
 * the primary location.
 */
export const DEMO_CITY = 'Riverton';
/** The city's slug in store URLs (/stores/riverton/<store>). */
export const DEMO_CITY_SLUG = 'riverton';

export interface DemoLocation {
  name: string;
  latitude: number;
  longitude: number;
  isPrimary: boolean;
}

export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  { name: 'Market Square, Riverton', latitude: 40.4406, longitude: -79.9959, isPrimary: true },
  { name: 'Riverside Park', latitude: 40.447, longitude: -80.01, isPrimary: false },
  { name: 'University Hill', latitude: 40.444, longitude: -79.953, isPrimary: false },
  { name: 'Old Mill District', latitude: 40.465, longitude: -79.98, isPrimary: false },
  { name: 'Harbor Point', latitude: 40.431, longitude: -80.005, isPrimary: false },
];

/** Store categories; `key` links stores and category slides to them. */
export const DEMO_CATEGORIES = [
  { key: 'pizza', name: 'Pizza & Pasta', art: 'pizza' },
  { key: 'indian', name: 'Indian', art: 'curry' },
  { key: 'japanese', name: 'Sushi & Japanese', art: 'sushi' },
  { key: 'bbq', name: 'Barbecue', art: 'ribs' },
  { key: 'healthy', name: 'Healthy', art: 'salad' },
  { key: 'mexican', name: 'Mexican', art: 'taco' },
  { key: 'middle-eastern', name: 'Middle Eastern', art: 'skewer' },
  { key: 'bakery', name: 'Bakery & Café', art: 'pastry' },
  { key: 'chinese', name: 'Chinese', art: 'dumpling' },
  { key: 'burgers', name: 'Burgers', art: 'burger' },
] as const;

export type DemoCategoryKey = (typeof DEMO_CATEGORIES)[number]['key'];

/** The round pictures at the top of the store list; a tap filters by their categories. */
export const DEMO_CATEGORY_SLIDES: readonly { name: string; art: string; categories: readonly DemoCategoryKey[] }[] = [
  { name: 'Pizza', art: 'pizza', categories: ['pizza'] },
  { name: 'Curry', art: 'curry', categories: ['indian'] },
  { name: 'Sushi', art: 'sushi', categories: ['japanese'] },
  { name: 'Burgers', art: 'burger', categories: ['burgers', 'bbq'] },
  { name: 'Healthy', art: 'salad', categories: ['healthy'] },
  { name: 'Tacos', art: 'taco', categories: ['mexican'] },
  { name: 'Grill', art: 'skewer', categories: ['middle-eastern', 'bbq'] },
  { name: 'Sweet', art: 'cake', categories: ['bakery'] },
];

export interface DemoPromoSlide {
  name: string;
  /** Headline painted on the banner image. */
  headline: string;
  art: string;
  /** The store (by slug) the slide opens. */
  storeSlug: string;
}

export interface DemoPromoSlider {
  name: string;
  isMain: boolean;
  /** Inserted after this many stores in the list (main sliders sit above it). */
  positionId: number;
  size: number;
  slides: readonly DemoPromoSlide[];
}

export const DEMO_PROMO_SLIDERS: readonly DemoPromoSlider[] = [
  {
    name: 'Home banners',
    isMain: true,
    positionId: 0,
    size: 4,
    slides: [
      { name: 'Pasta night', headline: 'Fresh pasta, made today', art: 'pasta', storeSlug: 'nonna-lucia-trattoria' },
      { name: 'Sushi for two', headline: 'Sushi for two from $29', art: 'sushi', storeSlug: 'tokyo-tide-sushi-bar' },
      { name: 'Weekend grill', headline: 'Weekend mixed grill', art: 'skewer', storeSlug: 'beirut-grill' },
    ],
  },
  {
    name: 'Between the stores',
    isMain: false,
    positionId: 3,
    size: 3,
    slides: [
      { name: 'Early birds', headline: 'Croissants from 7 am', art: 'pastry', storeSlug: 'morning-rise-bakery' },
      { name: 'Taco Tuesday', headline: 'Taco Tuesday, every day', art: 'taco', storeSlug: 'el-farolito-taqueria' },
    ],
  },
];
