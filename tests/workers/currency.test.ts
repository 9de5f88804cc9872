// Each restaurant's currency (issue 26, point 1; docs/decisions/0052) through the worker: sign-up
// prices a Kuwaiti restaurant in KWD, its menu editor takes three decimals where an AED restaurant's
// refuses them, an order is priced to the fils, and the owner changes the currency until the first
// order (then 409), managers cannot.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/directory/signup";
import { priceItems } from "../../worker/restaurant/pricing";
import { catalogueOf, catalogueRow, catalogueRun } from "./catalogue";
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

describe("a restaurant's currency", () => {
  it("is its country's from sign-up: a Kuwaiti restaurant prices in KWD", async () => {
    expect(await currencyOf(kuwait)).toBe("KWD");
    expect(await currencyOf(SAFFRON_ID)).toBe("AED");
  });

  it("lets a KWD menu take three decimals and refuses them in AED, beside the field (422)", async () => {
    expect((await form("/console/menu", kuwaitOwner, dish("Kebab", "3.125", category))).status).toBe(200);
    // Stored in fils.
    expect(await catalogueRow(kuwait, "SELECT price_minor FROM products WHERE name_en = 'Kebab'")).toEqual({ price_minor: 3125 });
    const saffronCategory = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT id FROM categories ORDER BY id LIMIT 1"))!.id;
    const refused = await form("/console/menu", saffronOwner, dish("Too precise", "12.345", saffronCategory));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("with at most your currency");
    expect(await catalogueRow(SAFFRON_ID, "SELECT id FROM products WHERE name_en = 'Too precise'")).toBeNull();
  });

  it("prices an order to the fils, and to the fils only in KWD", async () => {
    const kebab = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM products WHERE name_en = 'Kebab'"))!.id;
    const branch = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM branches LIMIT 1"))!.id;
    const priced = await priceItems(catalogueOf(kuwait), { id: branch, time_zone: "Asia/Kuwait", currency: "KWD", country: "KW" }, [
      { product_id: kebab, amount: 3, sub_option_id: [], note: null },
    ]);
    // In fils (minor units), no VAT in Kuwait; 3.125 charged as 3.130, on the 10-fils step Stripe takes (docs/decisions/0060).
    expect(priced).toMatchObject({ ok: true, currency: "KWD", vatBp: 0, vat: 0, total: 9390, lines: [{ unit: 3130 }] });
    // The diner's API shows the currency with the restaurant.
    expect((await json(await call("/getBranch", { domain: "kuwait-grill" }))).data.restaurant.currency).toBe("KWD");
  });

  it("is changed by the owner before the first order, never by a manager, and stays once an order exists", async () => {
    expect((await form("/console/account", kuwaitManager, { intent: "currency", currency: "SAR" })).status).toBe(403);
    expect(await currencyOf(kuwait)).toBe("KWD");
    expect((await form("/console/account", kuwaitOwner, { intent: "currency", currency: "XYZ" })).status).toBe(400);
    expect((await form("/console/account", kuwaitOwner, { intent: "currency", currency: "SAR" })).status).toBe(200);
    expect(await currencyOf(kuwait)).toBe("SAR");
    // The diner's answers say so at once (the tenant's caches were bumped).
    expect((await json(await call("/getBranch", { domain: "kuwait-grill" }))).data.restaurant.currency).toBe("SAR");
    // An order: from now on the currency stays.
    const branch = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM branches LIMIT 1"))!.id;
    await restaurantRows(
      kuwait,
      `INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, status, payment, paid, created_at, public_id)
       VALUES (${kuwait}, ${branch}, 1, 'Diner', '+96550000222', 1, 9375, 'SAR', 0, 'otp', 0, '2026-11-26 10:00:00', 'kw-first')`,
    );
    const refused = await form("/console/account", kuwaitOwner, { intent: "currency", currency: "KWD" });
    expect(refused.status).toBe(409);
    expect(await currencyOf(kuwait)).toBe("SAR");
    const page = await (await exports.default.fetch("http://localhost/console/account", { headers: { cookie: kuwaitOwner } })).text();
    expect(page).toContain("The currency stays as it is once a restaurant has taken orders.");
  });

  it("shows three decimals on a KWD restaurant's diner page", async () => {
    await env.DB.prepare("UPDATE restaurants SET currency = 'KWD' WHERE id = ?").bind(kuwait).run();
    await catalogueRun(kuwait, "UPDATE branches SET active_order = 1");
    const { bumpTenantVersion } = await import("../../worker/directory/versions");
    await bumpTenantVersion(env.HOSTS, "kuwait-grill");
    const branch = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM branches LIMIT 1"))!.id;
    const menu = (await catalogueRow<{ id: number }>(kuwait, "SELECT id FROM menus LIMIT 1"))!.id;
    const html = await (await exports.default.fetch(`http://localhost/kuwait-grill/${branch}/${menu}?lng=en`)).text();
    expect(html).toContain("3.125 KWD");
  });
});
