// Three-decimal prices on the card networks' 10-fils step where they are written
// (docs/decisions/0060): a Kuwaiti owner's dish, offer, option choice and spreadsheet row at 1.234 KWD are
// refused beside their field (422, what was typed kept), 1.230 is taken; a diner's tip of 0.125 is refused by
// the API; a change from KWD to BHD rounds stored prices to the step and lists them; a price stored off the
// step before this change shows on the diner's menu as it is charged.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { restaurantCall } from "../../worker/restaurant/stub";
import { catalogueOf, catalogueRow, catalogueRows, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";

const STEP_MESSAGE = "KWD prices go in steps of 0.010: card networks take no single fils";
let restaurant: number;
let owner: string;
let branch: number;
let category: number;

const site = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { cookie: owner, ...init.headers } });
const dishForm = (name: string, price: string, offer = "0") => ({
  intent: "dish-create",
  form: `new-dish-${category}`,
  category: String(category),
  name_en: name,
  name_ar: `${name} ع`,
  description_en: "",
  description_ar: "",
  price,
  price_offer: offer,
});
const stored = (name: string) => catalogueRow(restaurant, "SELECT price_minor, offer_minor FROM products WHERE name_en = ?", name);

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: "fils-step",
    name_en: "Fils Step",
    name_ar: "خطوة الفلس",
    country: "KW",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+96550000333", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  restaurant = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(restaurant).run();
  owner = (await seedMember(restaurant, "owner")).cookie;
  branch = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM branches LIMIT 1"))!.id;
  const menu = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM menus LIMIT 1"))!.id;
  category = (await catalogueRow<{ id: number }>(restaurant, "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Tea', 'شاي') RETURNING id", menu))!
    .id;
});

describe("a KWD price written off the 10-fils step", { timeout: 30_000 }, () => {
  it("is refused in the menu editor beside its field, what was typed kept; 1.230 is taken", async () => {
    const refused = await consolePost("/console/menu", owner, dishForm("Karak", "1.234"));
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain(STEP_MESSAGE);
    expect(html).toMatch(/name="price"[^>]*value="1.234"|value="1.234"[^>]*name="price"/);
    expect(await stored("Karak")).toBeNull();
    // An offer off the step too, with the price on it.
    const offer = await consolePost("/console/menu", owner, dishForm("Karak", "1.230", "0.995"));
    expect(offer.status).toBe(422);
    expect(await offer.text()).toContain(STEP_MESSAGE);
    expect(await stored("Karak")).toBeNull();
    expect((await consolePost("/console/menu", owner, dishForm("Karak", "1.230", "0.990"))).status).toBe(200);
    expect(await stored("Karak")).toEqual({ price_minor: 1230, offer_minor: 990 });
  });

  it("is refused for an option's choice (422), nothing written; 0.130 is taken", async () => {
    const karak = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM products WHERE name_en = 'Karak'"))!.id;
    const payload = (price: number) => ({
      groups: [
        {
          id: null,
          name_en: "Extras",
          name_ar: "إضافات",
          required: false,
          min_choices: 0,
          max_choices: 1,
          choices: [{ id: null, name_en: "Saffron", name_ar: "زعفران", price }],
        },
      ],
      allergens: null,
      tags: [],
    });
    const post = (price: number) =>
      site(`/console/menu/dishes/${karak}?lng=en`, {
        method: "POST",
        body: new URLSearchParams([["payload", JSON.stringify(payload(price))]]),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const refused = await post(0.125);
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain(STEP_MESSAGE);
    expect(html).toContain('value="0.125"');
    expect(await catalogueRows(restaurant, "SELECT name_en FROM sub_options")).toEqual([]);
    expect((await post(0.13)).status).toBe(200);
    expect(await catalogueRows(restaurant, "SELECT name_en, price_minor FROM sub_options")).toEqual([{ name_en: "Saffron", price_minor: 130 }]);
  });

  it("is refused in a spreadsheet import with its line, and the other lines are still offered", async () => {
    const csv = ["menu_en,category_en,name_en,price,offer_price", "Main,Tea,Chai,0.750,", "Main,Tea,Odd Chai,0.755,", "Main,Tea,Odd Offer,0.750,0.745"].join(
      "\n",
    );
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new File([csv], "menu.csv", { type: "text/csv" }));
    const res = await site(`/console/menu/import?branch=${branch}&lng=en`, { method: "POST", body, headers: { accept: "text/html" } });
    expect(res.status).toBe(422);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect([...html.matchAll(/data-line="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([3, 4]);
    expect(html).toContain("price “0.755”: prices in your currency go in steps of 0.010 (card networks take no single fils)");
    expect(html).toContain("offer_price “0.745”: prices in your currency go in steps of 0.010");
    expect(await stored("Chai")).toBeNull();
  });

  it("is refused as a tip by the API (the cart rounds it visibly before sending)", async () => {
    await catalogueRun(restaurant, "INSERT INTO seller (restaurant_id, service_bp, tips) VALUES (?, 0, '[1000]')", restaurant);
    const karak = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM products WHERE name_en = 'Karak'"))!.id;
    const price = (tip: number) =>
      restaurantCall(
        env,
        { id: restaurant },
        "priceItems",
        { id: branch, time_zone: "Asia/Kuwait", currency: "KWD", country: "KW" },
        [{ product_id: karak, amount: 2, sub_option_id: [], note: null }],
        Date.now(),
        tip,
      );
    expect(await price(0.125)).toEqual({ ok: false, errors: { tip: ["step"] }, problems: [] });
    expect(await price(0.13)).toMatchObject({ ok: true, tip: 130, total: 2 * 990 + 130 });
  });
});

describe("a price stored off the step before it was refused", { timeout: 30_000 }, () => {
  it("shows on the diner's menu as it is charged: 1.234 KWD reads 1.230", async () => {
    await catalogueRun(restaurant, "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Old Tea', 'شاي قديم', 1234)", category);
    const menu = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM menus LIMIT 1"))!.id;
    const html = await (await exports.default.fetch(`http://localhost/fils-step/${branch}/${menu}?lng=en`)).text();
    expect(html).toContain("Old Tea");
    expect(html).toContain("1.230 KWD");
    expect(html).not.toContain("1.234 KWD");
  });

  it("is rounded to the step by a change from KWD to BHD, and listed before it is confirmed", async () => {
    const choice = (await catalogueRow<{ id: number }>(restaurant, "SELECT id FROM sub_options WHERE name_en = 'Saffron'"))!.id;
    await catalogueRun(restaurant, "UPDATE sub_options SET price_minor = 125 WHERE id = ?", choice);
    const asked = await consolePost("/console/account?lng=en", owner, { intent: "currency", currency: "BHD" });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    const plan = page.slice(page.indexOf('data-testid="currency-plan"')).replace(/<!-- -->/g, "");
    expect(plan).toContain("Old Tea: <bdi>1.234 KWD</bdi> → <bdi>1.230 BHD</bdi>");
    expect(plan).toContain("Karak — Saffron: <bdi>0.125 KWD</bdi> → <bdi>0.130 BHD</bdi>");
    // Prices already on the step keep their amount and are not listed.
    expect(plan).not.toContain("Karak: ");
    const confirm = /name="confirm" value="([0-9a-f]{64})"/.exec(plan)![1]!;
    expect((await consolePost("/console/account?lng=en", owner, { intent: "currency", currency: "BHD", confirm })).status).toBe(200);
    const prices = () =>
      catalogueRows(
        restaurant,
        "SELECT price_minor AS p FROM products UNION ALL SELECT offer_minor FROM products UNION ALL SELECT price_minor FROM sub_options",
      );
    const after = await prices();
    expect(after.every((r) => (r.p as number) % 10 === 0)).toBe(true);
    expect(await stored("Old Tea")).toEqual({ price_minor: 1230, offer_minor: 0 });
    expect(await stored("Karak")).toEqual({ price_minor: 1230, offer_minor: 990 });
    // And back to KWD: nothing to round, no drift.
    const back = await (await consolePost("/console/account?lng=en", owner, { intent: "currency", currency: "KWD" })).text();
    expect(back).toContain("Every price keeps its amount: none needs rounding.");
    const again = /name="confirm" value="([0-9a-f]{64})"/.exec(back)![1]!;
    expect((await consolePost("/console/account?lng=en", owner, { intent: "currency", currency: "KWD", confirm: again })).status).toBe(200);
    expect(await prices()).toEqual(after);
  });
});
