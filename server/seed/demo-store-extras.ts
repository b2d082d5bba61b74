/**
 * What the demo stores have beyond their menus: opening hours, add-on groups
 * on some dishes, and a few reviews (their mean is the store's avgRating).
 * Keyed by store slug and dish name, checked against demo-stores.ts by the seed.
 */
import type { AddonCategoryType } from '../db/tables.ts';

/** Riverton sits where Pittsburgh is; its stores keep Eastern time. */
export const DEMO_TIMEZONE = 'America/New_York';

/** `[opens, closes]` as HH:MM; a close at or before the open runs past midnight. */
type Window = readonly [string, string];
type WeekHours = Readonly<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, readonly Window[]>>;

function everyDay(...windows: Window[]): WeekHours {
  return { 0: windows, 1: windows, 2: windows, 3: windows, 4: windows, 5: windows, 6: windows };
}

const LUNCH_AND_DINNER = everyDay(['11:30', '15:00'], ['17:00', '22:30']);

export const DEMO_OPENING_HOURS: Readonly<Record<string, WeekHours>> = {
  'nonna-lucia-trattoria': LUNCH_AND_DINNER,
  'saffron-house': everyDay(['11:00', '23:00']),
  'tokyo-tide-sushi-bar': { ...LUNCH_AND_DINNER, 1: [] },
  'smokestack-bbq': everyDay(['12:00', '22:00']),
  'green-bowl-kitchen': { ...everyDay(['08:00', '20:00']), 0: [] },
  'el-farolito-taqueria': everyDay(['10:00', '02:00']),
  'beirut-grill': everyDay(['11:00', '23:30']),
  'morning-rise-bakery': everyDay(['07:00', '15:00']),
  'golden-wok': everyDay(['11:30', '22:00']),
  // Late nights at the weekend.
  'riverside-burger-co': { ...everyDay(['11:00', '23:00']), 5: [['11:00', '03:00']], 6: [['11:00', '03:00']] },
};

export interface DemoAddonGroup {
  name: string;
  type: AddonCategoryType;
  minSelect: number;
  maxSelect: number | null;
  /** [name, price in cents] */
  addons: readonly (readonly [string, number])[];
  /** The dishes of the store that offer this group. */
  dishes: readonly string[];
}

export const DEMO_ADDON_GROUPS: Readonly<Record<string, readonly DemoAddonGroup[]>> = {
  'nonna-lucia-trattoria': [
    {
      name: 'Pizza size',
      type: 'SINGLE',
      minSelect: 1,
      maxSelect: 1,
      addons: [['Regular 11"', 0], ['Large 14"', 400]],
      dishes: ['Margherita', 'Diavola', 'Quattro Formaggi'],
    },
    {
      name: 'Extra toppings',
      type: 'MULTI',
      minSelect: 0,
      maxSelect: 4,
      addons: [['Buffalo mozzarella', 250], ['Nduja', 200], ['Rocket', 100], ['Truffle oil', 300]],
      dishes: ['Margherita', 'Diavola'],
    },
  ],
  'riverside-burger-co': [
    {
      name: 'Cook it',
      type: 'SINGLE',
      minSelect: 1,
      maxSelect: 1,
      addons: [['Medium', 0], ['Well done', 0]],
      dishes: ['Double Smash Burger', 'Bacon Jam Burger'],
    },
    {
      name: 'Add to your burger',
      type: 'MULTI',
      minSelect: 0,
      maxSelect: null,
      addons: [['Extra patty', 350], ['Bacon', 200], ['Jalapeños', 75], ['Gluten-free bun', 150]],
      dishes: ['Double Smash Burger', 'Bacon Jam Burger', 'Halloumi Burger'],
    },
  ],
  'saffron-house': [
    {
      name: 'Spice level',
      type: 'SINGLE',
      minSelect: 1,
      maxSelect: 1,
      addons: [['Mild', 0], ['Medium', 0], ['Hot', 0]],
      dishes: ['Butter Chicken', 'Lamb Rogan Josh', 'Chana Masala'],
    },
  ],
};

export interface DemoReview {
  reviewer: string;
  rating: number;
  comment: string;
  daysAgo: number;
}

/** Reviewers who are not demo accounts: customers who cannot sign in. */
export const DEMO_REVIEWERS = [
  { name: 'Hannah Okafor', email: 'hannah.okafor@reviewers.foodpilot.test' },
  { name: 'Diego Alvarez', email: 'diego.alvarez@reviewers.foodpilot.test' },
  { name: 'Mei Lin', email: 'mei.lin@reviewers.foodpilot.test' },
] as const;

export const DEMO_REVIEWS: Readonly<Record<string, readonly DemoReview[]>> = {
  'nonna-lucia-trattoria': [
    { reviewer: 'Hannah Okafor', rating: 5, comment: 'The cacio e pepe tastes like Rome. Arrived hot.', daysAgo: 2 },
    { reviewer: 'Diego Alvarez', rating: 5, comment: 'Best margherita in Riverton, no contest.', daysAgo: 9 },
    { reviewer: 'Mei Lin', rating: 4, comment: 'Great lasagne; delivery took a little longer than shown.', daysAgo: 20 },
  ],
  'tokyo-tide-sushi-bar': [
    { reviewer: 'Mei Lin', rating: 5, comment: 'Fresh fish and the ramen broth is deep.', daysAgo: 4 },
    { reviewer: 'Hannah Okafor', rating: 4, comment: 'Dragon roll was lovely, gyoza a bit soft.', daysAgo: 12 },
  ],
  'smokestack-bbq': [
    { reviewer: 'Diego Alvarez', rating: 4, comment: 'Brisket with a proper bark. Fries could be crisper.', daysAgo: 6 },
    { reviewer: 'Mei Lin', rating: 3, comment: 'Ribs were good, the mac & cheese was lukewarm.', daysAgo: 15 },
  ],
  'morning-rise-bakery': [
    { reviewer: 'Hannah Okafor', rating: 5, comment: 'Worth getting up early for the croissants.', daysAgo: 1 },
  ],
};
