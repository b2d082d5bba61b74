/**
 * The demo catalogue in Arabic (issue 15.7), written as the console would
 * (catalogue_translations): store descriptions (names are brands and stay),
 * two full menus, every add-on group and add-on, the store categories and
 * both kinds of slides. Keyed by
 * the English text of demo-stores.ts and demo-city.ts; the seed fails on a
 * key that names nothing, so the two cannot drift apart.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** Store slug → description. */
const STORE_DESCRIPTIONS: Record<string, string> = {
  'nonna-lucia-trattoria': 'معكرونة مفرودة يدويًا وبيتزا من فرن الحطب من كتاب وصفات العائلة.',
  'saffron-house': 'كاري شمال الهند وخبز التنور وبرياني عطِر.',
  'tokyo-tide-sushi-bar': 'نيغيري وماكي ورامن دافئ على ضفة النهر.',
  'smokestack-bbq': 'شواء على طريقة تكساس، مدخّن ببطء على خشب الجوز ١٤ ساعة.',
  'green-bowl-kitchen': 'أطباق حبوب وسلطات كبيرة وعصائر معصورة على البارد. اطلب مسبقًا واستلم.',
  'el-farolito-taqueria': 'تاكو الشارع وبوريتو محشو وصلصة طازجة كل صباح.',
  'beirut-grill': 'مشاوي على الفحم وخبز عربي دافئ ومازة للمشاركة.',
  'morning-rise-bakery': 'خبز العجين المخمّر والكرواسون وقهوة حقيقية من السابعة صباحًا.',
  'golden-wok': 'أطباق كانتونية كلاسيكية وزلابية مطوية يدويًا.',
  'riverside-burger-co': 'برغر مضغوط وبطاطا مموجة وميلك شيك كثيف.',
};

/**
 * Store slug → add-on group → [its Arabic name, add-on → Arabic name] (issue
 * 32.4: "Pizza size" and "Regular 11"" stayed English where money is chosen).
 * Sizes in Arabic words and digits, with no inch mark to turn around.
 */
const ADDON_GROUPS: Record<string, Record<string, readonly [string, Record<string, string>]>> = {
  'nonna-lucia-trattoria': {
    'Pizza size': ['حجم البيتزا', { 'Regular 11"': 'عادية ١١ إنش', 'Large 14"': 'كبيرة ١٤ إنش' }],
    'Extra toppings': ['إضافات', { 'Buffalo mozzarella': 'موزاريلا الجاموس', Nduja: 'إندويا حارة', Rocket: 'جرجير', 'Truffle oil': 'زيت الكمأة' }],
  },
  'riverside-burger-co': {
    'Cook it': ['درجة الطهي', { Medium: 'متوسطة', 'Well done': 'مطهوة جيدًا' }],
    'Add to your burger': ['أضف إلى البرغر', { 'Extra patty': 'قطعة لحم إضافية', Bacon: 'لحم مقدد', 'Jalapeños': 'هالابينو', 'Gluten-free bun': 'خبز خالٍ من الغلوتين' }],
  },
  'saffron-house': {
    'Spice level': ['درجة الحرارة', { Mild: 'خفيفة', Medium: 'متوسطة', Hot: 'حارة' }],
  },
};

/** Store slug → menu section → Arabic name, and dish name → [name, description]. */
const MENUS: Record<string, { sections: Record<string, string>; dishes: Record<string, readonly [string, string]> }> = {
  'nonna-lucia-trattoria': {
    sections: { Pizza: 'بيتزا', Pasta: 'معكرونة', Dolci: 'حلويات' },
    dishes: {
      Margherita: ['مارغريتا', 'طماطم سان مارزانو، جبن فيور دي لاتي، ريحان، زيت زيتون.'],
      Diavola: ['ديافولا', 'طماطم، موزاريلا، سلامي حار، عسل بالفلفل الحار.'],
      'Quattro Formaggi': ['أربعة أجبان', 'موزاريلا، غورغونزولا، فونتينا وبارميزان.'],
      'Tagliatelle al Ragù': ['تالياتيلي بالراغو', 'راغو لحم بقر وخنزير مطهو ببطء، بارميزان.'],
      'Cacio e Pepe': ['كاتشو إي بيبي', 'تونّاريلي، جبن بيكورينو رومانو، فلفل أسود مجروش.'],
      'Lasagne della Nonna': ['لازانيا الجدة', 'سبع طبقات، بشاميل، راغو، تُخبز عند الطلب.'],
      'Tiramisù': ['تيراميسو', 'بسكويت سافوياردي منقوع بالإسبريسو، كريمة ماسكاربوني، كاكاو.'],
    },
  },
  'beirut-grill': {
    sections: { Mezze: 'مازة', 'From the Grill': 'من المشوى' },
    dishes: {
      'Hummus Beiruti': ['حمص بيروتي', 'حمص، طحينة، ثوم، بقدونس، زيت زيتون.'],
      Fattoush: ['فتوش', 'خبز محمّص، طماطم، خيار، صلصة السماق.'],
      'Falafel (6)': ['فلافل (٦)', 'مع صلصة الطحينة واللفت المخلل.'],
      'Mixed Grill': ['مشاوي مشكلة', 'شيش طاووق وكفتة وأسياخ لحم غنم، أرز، صلصة الثوم.'],
      'Chicken Shawarma Wrap': ['لفافة شاورما دجاج', 'ثومية، مخلل، بطاطا مقلية في الداخل.'],
      'Lamb Kafta Plate': ['طبق كفتة لحم غنم', 'سيخان، طماطم مشوية، خبز عربي.'],
      'Baklava (4)': ['بقلاوة (٤)', 'فستق حلبي، عجينة فيلو، قطر بماء الزهر.'],
    },
  },
};

const STORE_CATEGORIES: Record<string, string> = {
  'Pizza & Pasta': 'بيتزا ومعكرونة',
  Indian: 'هندي',
  'Sushi & Japanese': 'سوشي وياباني',
  Barbecue: 'شواء',
  Healthy: 'صحي',
  Mexican: 'مكسيكي',
  'Middle Eastern': 'شرق أوسطي',
  'Bakery & Café': 'مخبز ومقهى',
  Chinese: 'صيني',
  Burgers: 'برغر',
};

const CATEGORY_SLIDES: Record<string, string> = {
  Pizza: 'بيتزا',
  Curry: 'كاري',
  Sushi: 'سوشي',
  Burgers: 'برغر',
  Healthy: 'صحي',
  Tacos: 'تاكو',
  Grill: 'مشاوي',
  Sweet: 'حلويات',
};

const PROMO_SLIDES: Record<string, string> = {
  'Pasta night': 'ليلة المعكرونة',
  'Sushi for two': 'سوشي لشخصين',
  'Weekend grill': 'مشاوي نهاية الأسبوع',
  'Early birds': 'للمبكّرين',
  'Taco Tuesday': 'ثلاثاء التاكو',
};

type Row = { kind: string; entity_id: number; language_id: number; field: string; text: string };

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The Arabic demo catalogue names ${what}, which the demo data lacks.`);
  return value;
}

export async function seedArabicCatalogue(db: Kysely<Database>): Promise<void> {
  const arabic = await db.selectFrom('languages').select('id').where('code', '=', 'ar').executeTakeFirstOrThrow();
  const languageId = Number(arabic.id);
  const rows: Row[] = [];
  const add = (kind: string, id: number, field: string, text: string) => rows.push({ kind, entity_id: id, language_id: languageId, field, text });

  const stores = await db.selectFrom('restaurants').select(['id', 'slug']).execute();
  const storeId = (slug: string) => Number(must(stores.find((row) => row.slug === slug), `store ${slug}`).id);
  for (const [slug, text] of Object.entries(STORE_DESCRIPTIONS)) add('store', storeId(slug), 'description', text);

  for (const [slug, menu] of Object.entries(MENUS)) {
    const id = storeId(slug);
    const [sections, items] = await Promise.all([
      db.selectFrom('item_categories').select(['id', 'name']).where('restaurant_id', '=', id).execute(),
      db.selectFrom('items').select(['id', 'name']).where('restaurant_id', '=', id).execute(),
    ]);
    for (const [name, text] of Object.entries(menu.sections)) {
      add('item_category', Number(must(sections.find((row) => row.name === name), `section ${name} of ${slug}`).id), 'name', text);
    }
    for (const [name, [text, description]] of Object.entries(menu.dishes)) {
      const item = Number(must(items.find((row) => row.name === name), `dish ${name} of ${slug}`).id);
      add('item', item, 'name', text);
      add('item', item, 'description', description);
    }
  }

  for (const [slug, groups] of Object.entries(ADDON_GROUPS)) {
    const id = storeId(slug);
    const rowsOfStore = await db.selectFrom('addon_categories').select(['id', 'name']).where('restaurant_id', '=', id).execute();
    for (const [name, [text, choices]] of Object.entries(groups)) {
      const group = Number(must(rowsOfStore.find((row) => row.name === name), `add-on group ${name} of ${slug}`).id);
      add('addon_category', group, 'name', text);
      const addons = await db.selectFrom('addons').select(['id', 'name']).where('addon_category_id', '=', group).execute();
      for (const [choice, choiceText] of Object.entries(choices)) {
        add('addon', Number(must(addons.find((row) => row.name === choice), `add-on ${choice} of ${name}`).id), 'name', choiceText);
      }
    }
  }

  const byName = async (table: 'restaurant_categories' | 'category_slides' | 'promo_slides', kind: string, texts: Record<string, string>) => {
    const found = await db.selectFrom(table).select(['id', 'name']).execute();
    for (const [name, text] of Object.entries(texts)) add(kind, Number(must(found.find((row) => row.name === name), `${kind} ${name}`).id), 'name', text);
  };
  await byName('restaurant_categories', 'store_category', STORE_CATEGORIES);
  await byName('category_slides', 'category_slide', CATEGORY_SLIDES);
  await byName('promo_slides', 'promo_slide', PROMO_SLIDES);

  await db.insertInto('catalogue_translations').values(rows).execute();
}
