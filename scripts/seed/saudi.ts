// The Saudi demo restaurant (issue 37's demo): Najd Kitchen in Riyadh, priced in SAR with calories,
// caffeine and the salt shaker on every dish (SFDA's menu labels, docs/decisions/0070). Its rows go on
// the local D1's seed tables (scripts/local-data.ts, like the demo dishes' nutrition: no migration may
// touch those tables, decision 0050) and its object adopts them; its seller (15 % VAT) and its branch's
// e-invoicing registration with the ZATCA stand-in are made by the running site (`POST /_edge/demo`).
// The pictures are the other demo restaurants' (public/storage).

export const SAUDI_DOMAIN = "najd";
/** High ids on the seed tables, clear of the generated seed's (migrations/0002). */
const BASE = 9000;

type Dish = [en: string, ar: string, den: string, dar: string, price: number, picture: string, kcal: number, caffeine?: number, salty?: boolean];
const MENUS: { en: string; ar: string; picture: string; dishes: Dish[] }[] = [
  {
    en: "Breakfast",
    ar: "الفطور",
    picture: "menus/saffron/breakfast.svg",
    dishes: [
      [
        "Foul Medames",
        "فول مدمس",
        "Slow-cooked fava beans, cumin, olive oil.",
        "فول مطبوخ على نار هادئة مع الكمون وزيت الزيتون.",
        18,
        "products/saffron/foul-medames.svg",
        350,
      ],
      [
        "Shakshuka",
        "شكشوكة",
        "Eggs in spiced tomato, warm bread.",
        "بيض في صلصة طماطم متبلة مع خبز دافئ.",
        24,
        "products/saffron/saffron-shakshuka.svg",
        420,
        undefined,
        true,
      ],
      [
        "Cheese Fatayer",
        "فطاير جبن",
        "Three baked pastries with white cheese.",
        "ثلاث فطائر مخبوزة بالجبن الأبيض.",
        16,
        "products/saffron/cheese-fatayer.svg",
        460,
      ],
    ],
  },
  {
    en: "Mains",
    ar: "الأطباق الرئيسية",
    picture: "menus/saffron/mains.svg",
    dishes: [
      [
        "Chicken Kabsa",
        "كبسة دجاج",
        "Spiced rice, half a chicken, daqqus.",
        "أرز متبل مع نصف دجاجة ودقوس.",
        45,
        "products/saffron/chicken-freekeh-bowl.svg",
        980,
        undefined,
        true,
      ],
      [
        "Lamb Mandi",
        "مندي لحم",
        "Slow-roasted lamb on smoked rice.",
        "لحم مشوي ببطء على أرز مدخن.",
        65,
        "products/saffron/chef-s-special-mansaf.svg",
        1150,
        undefined,
        true,
      ],
      [
        "Mixed Grill",
        "مشاوي مشكلة",
        "Kebab, tawook and lamb chops.",
        "كباب وشيش طاووق وريش غنم.",
        72,
        "products/saffron/mixed-grill.svg",
        890,
        undefined,
        true,
      ],
    ],
  },
  {
    en: "Drinks",
    ar: "المشروبات",
    picture: "menus/saffron/coffee-tea.svg",
    dishes: [
      [
        "Saudi Coffee",
        "قهوة سعودية",
        "Light roast with cardamom, served with dates.",
        "تحميص خفيف بالهيل تقدم مع التمر.",
        12,
        "products/saffron/arabic-coffee.svg",
        25,
        60,
      ],
      ["Karak Tea", "شاي كرك", "Black tea boiled with milk and cardamom.", "شاي أسود مغلي بالحليب والهيل.", 8, "products/saffron/karak-chai.svg", 160, 45],
      ["Laban", "لبن", "Chilled salted yoghurt drink.", "مشروب لبن مملح بارد.", 6, "products/grill-house/laban-ayran.svg", 110, undefined, true],
    ],
  },
];

const q = (v: string | number | null | undefined) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`;
const insert = (table: string, row: Record<string, string | number | null | undefined>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(q).join(", ")})`;

/** The restaurant, its branch and menus, as INSERTs on the seed tables (with schema 17's nutrition columns there). */
export function saudiDemoSql(): string[] {
  const restaurant = BASE;
  const branch = BASE;
  const rows = [
    insert("restaurants", {
      id: restaurant,
      domain: SAUDI_DOMAIN,
      name_en: "Najd Kitchen",
      name_ar: "مطبخ نجد",
      description_en: "Kabsa, mandi and Saudi coffee in Olaya.\nPrices include 15 % VAT; calories on every dish.",
      description_ar: "كبسة ومندي وقهوة سعودية في العليا.\nالأسعار شاملة ضريبة القيمة المضافة ١٥٪، والسعرات على كل طبق.",
      currency: "SAR",
      country: "SA",
      is_active: 1,
      style_primary: "#166534",
      style_on_primary: "#ffffff",
      style_secondary: "#713f12",
      style_on_secondary: "#ffffff",
      style_background: "#f7faf5",
      style_on_background: "#1c1917",
    }),
    insert("branches", {
      id: branch,
      restaurant_id: restaurant,
      name_en: "Riyadh Olaya",
      name_ar: "الرياض العليا",
      description_en: "Family seating and takeaway. Open daily.",
      description_ar: "جلسات عائلية وطلبات خارجية. مفتوح يومياً.",
      address_en: "Olaya Street, Al Olaya, Riyadh 12214",
      address_ar: "شارع العليا، حي العليا، الرياض ١٢٢١٤",
      phone: "+966 11 555 0123",
      mobile: "+966 50 555 0123",
      active_order: 1,
      payment_mode: "both",
      time_zone: "Asia/Riyadh",
      sort_num: 0,
    }),
  ];
  MENUS.forEach((menu, mi) => {
    const id = BASE + mi;
    rows.push(insert("menus", { id, branch_id: branch, name_en: menu.en, name_ar: menu.ar, image: menu.picture, sort_num: mi }));
    rows.push(insert("categories", { id, menu_id: id, name_en: menu.en, name_ar: menu.ar, image: menu.picture, sort_num: 0 }));
    menu.dishes.forEach(([en, ar, den, dar, price, picture, kcal, caffeine, salty], di) =>
      rows.push(
        insert("products", {
          id: BASE + mi * 10 + di,
          category_id: id,
          name_en: en,
          name_ar: ar,
          description_en: den,
          description_ar: dar,
          image: picture,
          price,
          common: di === 0 ? 1 : 0,
          sort_num: di,
          calories: kcal,
          caffeine_mg: caffeine ?? null,
          high_salt: salty ? 1 : 0,
        }),
      ),
    );
  });
  return rows;
}
