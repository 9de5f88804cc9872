// Each restaurant's currency (docs/decisions/0052) through the worker: sign-up
// prices a Kuwaiti restaurant in KWD, its menu editor takes three decimals where an AED restaurant's
// refuses them (on the 10-fils step: tests/workers/charge-step.test.ts), an order is priced to the fils,
// and the owner changes the currency until the first order (then 409), managers cannot: the change
// converts each price to the new decimals once confirmed.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { restaurantCall } from "../../worker/restaurant/stub";
import { catalogueOf, catalogueRow, catalogueRows, catalogueRun } from "./catalogue";
import { setCurrency } from "../../worker/console/currency";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, json } from "./helpers";
import { restaurantRows, SAFFRON_ID } from "./restaurant-rows";

const call = apiCaller(71);
let kuwait: number;
let kuwaitOwner: string;
let kuwaitManager: string;
let saffronOwner: string;
let category: number;

const form = consolePost;

const dish = (name: string, price: string, categoryId: number) => ({
  intent: "dish-create",
  form: `new-dish-${categoryId}`,
  category: String(categoryId),
  name_en: name,
  name_ar: `${name} ع`,
  description_en: "",
  description_ar: "",
  price,
  price_offer: "0",
});
const currencyOf = async (id: number) =>
  (await env.DB.prepare("SELECT currency FROM restaurants WHERE id = ?").bind(id).first<{ currency: string }>())!.currency;

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: "kuwait-grill",
    name_en: "Kuwait Grill",
    name_ar: "مشويات الكويت",
    country: "KW",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+96550000111", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  kuwait = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(kuwait).run();
  kuwaitOwner = (await seedMember(kuwait, "owner")).cookie;
  kuwaitManager = (await seedMember(kuwait, "manager")).cookie;
  saffronOwner = (await seedMember(SAFFRON_ID, "owner")).cookie;
  const menu = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM menus LIMIT 1"))!.id;
  category = (await catalogueRow<{ id: number }>(kuwait, "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Grill', 'مشاوي') RETURNING id", menu))!
    .id;
});

describe("a restaurant's currency", { timeout: 30_000 }, () => {
  it("is its country's from sign-up: a Kuwaiti restaurant prices in KWD", async () => {
    expect(await currencyOf(kuwait)).toBe("KWD");
    expect(await currencyOf(SAFFRON_ID)).toBe("AED");
  });

  it("lets a KWD menu take three decimals and refuses them in AED, beside the field (422)", async () => {
    // On the card networks' 10-fils step only (docs/decisions/0060): 3.125 is refused, 3.130 taken.
    const offStep = await form("/console/menu", kuwaitOwner, dish("Kebab", "3.125", category));
    expect(offStep.status).toBe(422);
    expect(await offStep.text()).toContain("KWD prices go in steps of 0.010");
    expect((await form("/console/menu", kuwaitOwner, dish("Kebab", "3.130", category))).status).toBe(200);
    // Stored in fils.
    expect(await catalogueRow(kuwait, "SELECT price_minor FROM products WHERE name_en = 'Kebab'")).toEqual({ price_minor: 3130 });
    // From here on Kebab is 3.125, as written before the editor refused it: it still prices and converts.
    await catalogueRun(kuwait, "UPDATE products SET price_minor = 3125 WHERE name_en = 'Kebab'");
    const saffronCategory = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT id FROM categories ORDER BY id LIMIT 1"))!.id;
    const refused = await form("/console/menu", saffronOwner, dish("Too precise", "12.345", saffronCategory));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("with at most your currency");
    expect(await catalogueRow(SAFFRON_ID, "SELECT id FROM products WHERE name_en = 'Too precise'")).toBeNull();
  });

  it("prices an order to the fils, and to the fils only in KWD", async () => {
    const kebab = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM products WHERE name_en = 'Kebab'"))!.id;
    const branch = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM branches LIMIT 1"))!.id;
    const priced = await restaurantCall(env, { id: kuwait }, "priceItems", { id: branch, time_zone: "Asia/Kuwait", currency: "KWD", country: "KW" }, [
      { product_id: kebab, amount: 3, sub_option_id: [], note: null },
    ]);
    // In fils (minor units), no VAT in Kuwait; 3.125 charged as 3.130, on the 10-fils step Stripe takes (docs/decisions/0060).
    expect(priced).toMatchObject({ ok: true, currency: "KWD", vatBp: 0, vat: 0, total: 9390, lines: [{ unit: 3130 }] });
    // The diner's API shows the currency with the restaurant.
    expect((await json(await call("/getBranch", { domain: "kuwait-grill" }))).data.restaurant.currency).toBe("KWD");
  });

  it("converts every price to the new currency's decimals after the owner confirms the rounded ones, both ways, with no drift", async () => {
    // Tea 1.234 KWD (rounded in AED), Samosa 1.230 KWD (not), an offer of 0.995 on Kebab 3.125, a choice at 0.255.
    const tea = (await catalogueRow<{ id: number }>(
      kuwait,
      "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Tea', 'شاي', 1234) RETURNING id",
      category,
    ))!.id;
    await catalogueRun(kuwait, "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Samosa', 'سمبوسة', 1230)", category);
    await catalogueRun(kuwait, "UPDATE products SET offer_minor = 995 WHERE name_en = 'Kebab'");
    const option = (await catalogueRow<{ id: number }>(
      kuwait,
      "INSERT INTO options (product_id, name_en, name_ar) VALUES (?, 'Extras', 'إضافات') RETURNING id",
      tea,
    ))!.id;
    await catalogueRun(kuwait, "INSERT INTO sub_options (option_id, name_en, name_ar, price_minor) VALUES (?, 'Cheese', 'جبن', 255)", option);
    const prices = async () =>
      (
        await catalogueRows<{ n: string; p: number }>(
          kuwait,
          `SELECT name_en AS n, price_minor AS p FROM products WHERE name_en IN ('Tea', 'Samosa', 'Kebab')
         UNION ALL SELECT 'Kebab offer', offer_minor FROM products WHERE name_en = 'Kebab'
         UNION ALL SELECT name_en, price_minor FROM sub_options WHERE name_en = 'Cheese' ORDER BY 1`,
        )
      ).map((r) => `${r.n} ${r.p}`);
    expect(await prices()).toEqual(["Cheese 255", "Kebab 3125", "Kebab offer 995", "Samosa 1230", "Tea 1234"]);

    // Managers cannot; a currency that is none is a 400.
    expect((await form("/console/account", kuwaitManager, { intent: "currency", currency: "AED" })).status).toBe(403);
    expect((await form("/console/account", kuwaitOwner, { intent: "currency", currency: "XYZ" })).status).toBe(400);

    // KWD → AED: first the list of what the rounding changes, nothing changed yet.
    const asked = await form("/console/account", kuwaitOwner, { intent: "currency", currency: "AED" });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    // The list as the owner reads it (React's text separators left out).
    const plan = page.slice(page.indexOf('data-testid="currency-plan"')).replace(/<!-- -->/g, "");
    for (const line of [
      "Tea: <bdi>1.234 KWD</bdi> → <bdi>1.23 AED</bdi>",
      "Kebab: <bdi>3.125 KWD</bdi> → <bdi>3.13 AED</bdi>",
      "Kebab (offer): <bdi>0.995 KWD</bdi> → <bdi>1.00 AED</bdi>",
      "Tea — Cheese: <bdi>0.255 KWD</bdi> → <bdi>0.26 AED</bdi>",
    ])
      expect(plan).toContain(line);
    expect(plan).not.toContain("Samosa");
    expect(await currencyOf(kuwait)).toBe("KWD");
    expect(await prices()).toEqual(["Cheese 255", "Kebab 3125", "Kebab offer 995", "Samosa 1230", "Tea 1234"]);
    const digest = /name="confirm" value="([0-9a-f]{64})"/.exec(plan)![1]!;

    // A confirmation of another list (a price edited since) changes nothing and shows the list again.
    const stale = await form("/console/account", kuwaitOwner, { intent: "currency", currency: "AED", confirm: "0".repeat(64) });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("A price changed since this list was made");
    expect(await currencyOf(kuwait)).toBe("KWD");

    // Confirmed: each price keeps its written amount, rounded to fils → 2 decimals.
    expect((await form("/console/account", kuwaitOwner, { intent: "currency", currency: "AED", confirm: digest })).status).toBe(200);
    expect(await currencyOf(kuwait)).toBe("AED");
    expect(await prices()).toEqual(["Cheese 26", "Kebab 313", "Kebab offer 100", "Samosa 123", "Tea 123"]);
    // The diner's answers say so at once (the tenant's caches were bumped).
    expect((await json(await call("/getBranch", { domain: "kuwait-grill" }))).data.restaurant.currency).toBe("AED");

    // AED → KWD: nothing to round, 1.23 AED is 1.230 KWD; then back to AED: 1.23 again, no drift.
    for (const [to, expected] of [
      ["KWD", ["Cheese 260", "Kebab 3130", "Kebab offer 1000", "Samosa 1230", "Tea 1230"]],
      ["AED", ["Cheese 26", "Kebab 313", "Kebab offer 100", "Samosa 123", "Tea 123"]],
      ["KWD", ["Cheese 260", "Kebab 3130", "Kebab offer 1000", "Samosa 1230", "Tea 1230"]],
    ] as const) {
      const listed = await (await form("/console/account", kuwaitOwner, { intent: "currency", currency: to })).text();
      expect(listed).toContain("Every price keeps its amount: none needs rounding.");
      const confirm = /name="confirm" value="([0-9a-f]{64})"/.exec(listed)![1]!;
      expect((await form("/console/account", kuwaitOwner, { intent: "currency", currency: to, confirm })).status).toBe(200);
      expect(await currencyOf(kuwait)).toBe(to);
      expect(await prices()).toEqual(expected);
    }
  });

  it("stays once an order exists (409), and a change that loses a race to another undoes its conversion", async () => {
    expect(await currencyOf(kuwait)).toBe("KWD");
    const before = await catalogueRows(kuwait, "SELECT id, price_minor, offer_minor FROM products ORDER BY id");
    // Another change won meanwhile (the directory no longer holds the currency this one converted from).
    expect(await setCurrency(env, kuwait, "SAR", "KWD")).toBe("changed");
    expect(await catalogueRows(kuwait, "SELECT id, price_minor, offer_minor FROM products ORDER BY id")).toEqual(before);
    const branch = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM branches LIMIT 1"))!.id;
    await restaurantRows(
      kuwait,
      `INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, status, payment, paid, created_at, public_id)
       VALUES (${kuwait}, ${branch}, 1, 'Diner', '+96550000222', 1, 9390, 'KWD', 0, 'otp', 0, '2026-11-26 10:00:00', 'kw-first')`,
    );
    const refused = await form("/console/account", kuwaitOwner, { intent: "currency", currency: "AED" });
    expect(refused.status).toBe(409);
    expect(await currencyOf(kuwait)).toBe("KWD");
    // The conversion's own transaction sees the order too: nothing is converted, even past the first check.
    expect(await setCurrency(env, kuwait, "KWD", "AED")).toBe("has-orders");
    expect(await currencyOf(kuwait)).toBe("KWD");
    expect(await catalogueRows(kuwait, "SELECT id, price_minor, offer_minor FROM products ORDER BY id")).toEqual(before);
    const page = await (await exports.default.fetch("http://localhost/console/account", { headers: { cookie: kuwaitOwner } })).text();
    expect(page).toContain("The currency stays as it is once a restaurant has taken orders.");
  });

  it("shows three decimals on a KWD restaurant's diner page", async () => {
    await env.DB.prepare("UPDATE restaurants SET currency = 'KWD' WHERE id = ?").bind(kuwait).run();
    await catalogueRun(kuwait, "UPDATE branches SET active_order = 1");
    const { bumpTenantVersion } = await import("../../worker/directory/versions");
    await bumpTenantVersion(env, "kuwait-grill");
    const branch = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM branches LIMIT 1"))!.id;
    const menu = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM menus LIMIT 1"))!.id;
    const html = await (await exports.default.fetch(`http://localhost/kuwait-grill/${branch}/${menu}?lng=en`)).text();
    expect(html).toContain("3.130 KWD");
  });

  it("shows a price in the menu editor and the dish's options with the currency's decimals (1.250 KWD reads 1.250)", async () => {
    const kunafa = (await catalogueRow<{ id: number }>(
      kuwait,
      "INSERT INTO products (category_id, name_en, name_ar, price_minor, offer_minor) VALUES (?, 'Kunafa', 'كنافة', 1250, 1100) RETURNING id",
      category,
    ))!.id;
    const option = (await catalogueRow<{ id: number }>(
      kuwait,
      "INSERT INTO options (product_id, name_en, name_ar) VALUES (?, 'Size', 'الحجم') RETURNING id",
      kunafa,
    ))!.id;
    await catalogueRun(kuwait, "INSERT INTO sub_options (option_id, name_en, name_ar, price_minor) VALUES (?, 'Large', 'كبير', 250)", option);
    const get = async (path: string) => (await exports.default.fetch(`http://localhost${path}`, { headers: { cookie: kuwaitOwner } })).text();
    const editor = await get("/console/menu?lng=en");
    expect(editor).toMatch(/name="price"[^>]*value="1.250"|value="1.250"[^>]*name="price"/);
    expect(editor).toMatch(/name="price_offer"[^>]*value="1.100"|value="1.100"[^>]*name="price_offer"/);
    expect(editor).not.toMatch(/value="1.25"/);
    const options = await get(`/console/menu/dishes/${kunafa}?lng=en`);
    expect(options).toContain('value="0.250"');
  });
});
