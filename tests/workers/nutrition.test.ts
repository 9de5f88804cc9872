// Nutrition on the menu (docs/decisions/0070) through the whole worker, on a Saudi restaurant of this file's
// own: the dish form's and the choices' bounds (422 beside the field, what was typed kept; 0 and the
// maxima taken), the spreadsheet's (a bad cell reported with its line and column), the catalogue API's
// fields and a backend without them, the data file's round trip, and the checklist's and editor's count.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { createRestaurant } from "../../worker/console/signup";
import { planImport, type ImportPlan } from "../../worker/rules/menu-csv/plan";
import { Product } from "../../worker/upstream/schemas";
import type { RestaurantDump } from "../../worker/restaurant/dump";
import { catalogueRow, catalogueRows, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, json } from "./helpers";

const DOMAIN = "jeddah-nutrition";
const call = apiCaller(83);
let riyadh: number;
let branch: number;
let category: number;
let owner: string;

const site = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { cookie: owner, accept: "text/html", ...init.headers } });
const dish = (name: string, extra: Record<string, string> = {}) => ({
  intent: "dish-create",
  category: String(category),
  form: `new-dish-${category}`,
  name_en: name,
  name_ar: `${name} ع`,
  description_en: "kept words",
  description_ar: "",
  price: "20",
  price_offer: "0",
  ...extra,
});
const stored = (name: string) =>
  catalogueRow<{ id: number; calories: number | null; caffeine_mg: number | null; high_salt: number }>(
    riyadh,
    "SELECT id, calories, caffeine_mg, high_salt FROM products WHERE name_en = ? ORDER BY id DESC",
    name,
  );

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: DOMAIN,
    name_en: "Jeddah Nutrition",
    name_ar: "تغذية جدة",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+966500000183", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  riyadh = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(riyadh).run();
  branch = (await catalogueRow<{ id: number }>(riyadh, "SELECT id FROM branches LIMIT 1"))!.id;
  const menu = (await catalogueRow<{ id: number }>(riyadh, "SELECT id FROM menus LIMIT 1"))!.id;
  category = (await catalogueRow<{ id: number }>(
    riyadh,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Mains', 'رئيسية') RETURNING id",
    menu,
  ))!.id;
  owner = (await seedMember(riyadh, "owner")).cookie;
});

describe("the dish form", { timeout: 30_000 }, () => {
  it.each([
    ["calories", "-1", "Calories are a whole number from 0 to 5,000"],
    ["calories", "5001", "Calories are a whole number from 0 to 5,000"],
    ["calories", "1.5", "Calories are a whole number from 0 to 5,000"],
    ["calories", "abc", "Calories are a whole number from 0 to 5,000"],
    ["caffeine_mg", "1001", "Caffeine is a whole number of mg from 0 to 1,000"],
    ["caffeine_mg", "-1", "Caffeine is a whole number of mg from 0 to 1,000"],
  ])("refuses %s %s with 422 and the message beside it, keeping what was typed", async (field, value, message) => {
    const before = await catalogueRows(riyadh, "SELECT id FROM products");
    const res = await consolePost("/console/menu?lng=en", owner, dish(`Bad ${field} ${value}`, { [field]: value }));
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(message);
    expect(html).toContain(`value="${value}"`);
    expect(html).toContain("kept words");
    expect(await catalogueRows(riyadh, "SELECT id FROM products")).toEqual(before);
  });

  it("takes 0 and the maxima, empty as not given, and the high-salt mark", async () => {
    expect((await consolePost("/console/menu", owner, dish("Zero", { calories: "0", caffeine_mg: "0" }))).status).toBe(200);
    expect(await stored("Zero")).toMatchObject({ calories: 0, caffeine_mg: 0, high_salt: 0 });
    expect((await consolePost("/console/menu", owner, dish("Most", { calories: "5000", caffeine_mg: "1000", high_salt: "on" }))).status).toBe(200);
    expect(await stored("Most")).toMatchObject({ calories: 5000, caffeine_mg: 1000, high_salt: 1 });
    expect((await consolePost("/console/menu", owner, dish("Unknown", { calories: " ", caffeine_mg: "" }))).status).toBe(200);
    expect(await stored("Unknown")).toMatchObject({ calories: null, caffeine_mg: null, high_salt: 0 });
    // An edit changes them, and an emptied field is not given again.
    const id = (await stored("Most"))!.id;
    const edit = { ...dish("Most", { calories: "", caffeine_mg: "80" }), intent: "dish-update", id: String(id), form: `dish-${id}` };
    expect((await consolePost("/console/menu", owner, edit)).status).toBe(200);
    expect(await stored("Most")).toMatchObject({ calories: null, caffeine_mg: 80, high_salt: 0 });
  });

  it("the store refuses what the form would: a fraction or a number past the bound", async () => {
    await expect(catalogueRun(riyadh, "UPDATE products SET calories = 5001 WHERE name_en = 'Zero'")).rejects.toThrow(/CHECK/);
    await expect(catalogueRun(riyadh, "UPDATE products SET calories = 1.5 WHERE name_en = 'Zero'")).rejects.toThrow(/CHECK/);
    await expect(catalogueRun(riyadh, "UPDATE products SET caffeine_mg = 1001 WHERE name_en = 'Zero'")).rejects.toThrow(/CHECK/);
  });
});

describe("an option choice's kcal", { timeout: 30_000 }, () => {
  const save = (productId: number, kcal: unknown) =>
    site(`/console/menu/dishes/${productId}?lng=en`, {
      method: "POST",
      body: new URLSearchParams([
        [
          "payload",
          JSON.stringify({
            allergens: null,
            tags: [],
            groups: [
              {
                id: null,
                name_en: "Size",
                name_ar: "الحجم",
                required: false,
                min_choices: 0,
                max_choices: 1,
                choices: [{ id: null, name_en: "Large", name_ar: "كبير", price: 4, calories: kcal }],
              },
            ],
          }),
        ],
      ]),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it.each([[-1], [5001], [1.5], ["abc"]])("refuses %s with 422 beside the choice", async (kcal) => {
    const id = (await stored("Zero"))!.id;
    const res = await save(id, kcal);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Whole kcal from 0 to 5,000 (or empty)");
    expect(await catalogueRows(riyadh, "SELECT id FROM options WHERE product_id = ?", id)).toEqual([]);
  });

  it("stores 0, 5000 and none", async () => {
    const id = (await stored("Zero"))!.id;
    for (const kcal of [0, 5000, null]) {
      expect((await save(id, kcal)).status).toBe(200);
      const row = await catalogueRow<{ calories: number | null }>(
        riyadh,
        "SELECT s.calories FROM sub_options s JOIN options o ON o.id = s.option_id WHERE o.product_id = ?",
        id,
      );
      expect(row).toEqual({ calories: kcal });
    }
  });
});

describe("the catalogue API", { timeout: 30_000 }, () => {
  it("answers a dish's nutrition and its choices' kcal; a dish without them answers null and false", async () => {
    const id = (await stored("Zero"))!.id;
    await catalogueRun(riyadh, "UPDATE products SET calories = 450, caffeine_mg = 95, high_salt = 1 WHERE id = ?", id);
    await catalogueRun(riyadh, "UPDATE sub_options SET calories = 120 WHERE option_id IN (SELECT id FROM options WHERE product_id = ?)", id);
    const body = await json(await call(`/getProductById/${id}&0`, { domain: DOMAIN }));
    expect(body.data).toMatchObject({ calories: 450, caffeine_mg: 95, high_salt: true });
    expect(body.data.option[0].subOption[0]).toMatchObject({ name_en: "Large", calories: 120 });
    const plain = (await stored("Unknown"))!.id;
    expect((await json(await call(`/getProductById/${plain}&0`, { domain: DOMAIN }))).data).toMatchObject({
      calories: null,
      caffeine_mg: null,
      high_salt: false,
    });
    const listed = await json(await call("/getProduct", { domain: DOMAIN, category_id: category, visit: 0 }));
    expect(listed.data.find((p: { id: number }) => p.id === id)).toMatchObject({ calories: 450, caffeine_mg: 95, high_salt: true });
  });

  it("reads a backend without the fields, or with ones it cannot trust, as not given", () => {
    const old = v.parse(Product, { id: 1, name_en: "Tea", price: "5", option: [{ id: 2, name_en: "Size", subOption: [{ id: 3, name_en: "Big", price: 1 }] }] });
    expect(old).toMatchObject({ calories: null, caffeine_mg: null, high_salt: false });
    expect(old.option![0]!.subOption[0]!.calories).toBeNull();
    const odd = v.parse(Product, { id: 1, price: 5, calories: 1.5, caffeine_mg: 5000, high_salt: "1" });
    expect(odd).toMatchObject({ calories: null, caffeine_mg: null, high_salt: true });
  });
});

describe("the menu spreadsheet", { timeout: 30_000 }, () => {
  const HEADER = "menu_en,category_en,name_en,price,calories,caffeine_mg,high_salt";
  const plan = (csv: string) => planImport(csv, { menus: [], categories: [], dishes: [] }, "SAR") as ImportPlan;

  it("reports a bad cell with its line and column, and takes 0 and the maxima", () => {
    const csv = [
      HEADER,
      "M,C,A,10,-1,,",
      "M,C,B,10,5001,,",
      "M,C,C,10,1.5,,",
      "M,C,D,10,abc,,",
      "M,C,E,10,0,1001,",
      "M,C,F,10,5000,1000,yes",
      "M,C,G,10,0,0,no",
    ].join("\n");
    const result = plan(csv);
    expect(result.errors).toEqual([
      { line: 2, code: "calories", column: "calories", value: "-1" },
      { line: 3, code: "calories", column: "calories", value: "5001" },
      { line: 4, code: "calories", column: "calories", value: "1.5" },
      { line: 5, code: "calories", column: "calories", value: "abc" },
      { line: 6, code: "caffeine", column: "caffeine_mg", value: "1001" },
    ]);
    expect(result.creates.map((c) => [c.values.name_en, c.values.calories, c.values.caffeine_mg, c.values.high_salt])).toEqual([
      ["F", 5000, 1000, 1],
      ["G", 0, 0, 0],
    ]);
  });

  it("exports the columns and imports them through the console", async () => {
    const csv = `${HEADER}\nSheet,Imported,Sheet dish,12,640,,1\nSheet,Imported,Bad dish,12,5001,,0\n`;
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new File([csv], "menu.csv", { type: "text/csv" }));
    const preview = await (await site(`/console/menu/import?branch=${branch}&lng=en`, { method: "POST", body })).text();
    expect(preview).toContain('data-line="3"');
    expect(preview).toContain("calories must be a whole number from 0 to 5,000, or empty");
    const stash = /name="stash" value="([^"]+)"/.exec(preview)![1]!;
    const apply = new FormData();
    apply.set("intent", "apply");
    apply.set("stash", stash);
    apply.set("skipBad", "on");
    expect((await site(`/console/menu/import?branch=${branch}`, { method: "POST", body: apply })).status).toBeLessThan(400);
    expect(await stored("Sheet dish")).toMatchObject({ calories: 640, caffeine_mg: null, high_salt: 1 });
    const exported = await (await site(`/console/menu/export.csv?branch=${branch}`)).text();
    expect(exported.split("\n")[0]).toContain("calories,caffeine_mg,high_salt");
    expect(exported).toMatch(/Sheet dish,[^\n]*,640,,1/);
  });
});

describe("the data file", { timeout: 30_000 }, () => {
  it("round-trips the nutrition columns through a fresh object", async () => {
    const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName(`restaurant:${riyadh}`));
    const file = (await stub.exportData(riyadh)) as unknown as RestaurantDump;
    const products = file.tables.products as { name_en: string; calories: number | null; caffeine_mg: number | null; high_salt: number }[];
    expect(products.find((p) => p.name_en === "Zero")).toMatchObject({ calories: 450, caffeine_mg: 95, high_salt: 1 });
    expect((file.tables.sub_options as { calories: number | null }[]).some((s) => s.calories === 120)).toBe(true);
    const fresh = env.RESTAURANT.get(env.RESTAURANT.newUniqueId());
    expect(await fresh.importData(file, { restaurant: riyadh, allowOther: false })).toMatchObject({ ok: true });
    const again = (await fresh.exportData(riyadh)) as unknown as RestaurantDump;
    expect(again.tables.products).toEqual(file.tables.products);
    expect(again.tables.sub_options).toEqual(file.tables.sub_options);
  });
});

describe("dishes without calories", { timeout: 30_000 }, () => {
  const missing = async () => (await catalogueRow<{ n: number }>(riyadh, "SELECT count(*) AS n FROM products WHERE calories IS NULL"))!.n;

  it("a Saudi restaurant's first steps count them, and the step is done once every dish gives them", async () => {
    const n = await missing();
    expect(n).toBeGreaterThan(0);
    let html = await (await site("/console?lng=en")).text();
    expect(html).toMatch(/data-testid="step-calories" data-done="false"/);
    expect(html).toContain(`data-testid="no-calories-count">${n} ${n === 1 ? "dish has" : "dishes have"} no calories<`);
    const editor = await (await site(`/console/menu?branch=${branch}&lng=en`)).text();
    expect(editor).toContain(`data-testid="calorie-gaps-count">${n} ${n === 1 ? "dish has" : "dishes have"} no calories<`);
    const unknown = (await stored("Unknown"))!.id;
    expect(/<details id="calorie-gaps"[\s\S]*?<\/details>/.exec(editor)?.[0]).toContain(`href="#dish-${unknown}"`);
    await catalogueRun(riyadh, "UPDATE products SET calories = 100 WHERE calories IS NULL");
    html = await (await site("/console?lng=en")).text();
    expect(html).toMatch(/data-testid="step-calories" data-done="true"/);
    expect(html).not.toContain('data-testid="no-calories-count"');
  });

  it("is no step of a restaurant outside Saudi Arabia", async () => {
    const saffronOwner = (await seedMember(1, "owner")).cookie;
    const html = await (await exports.default.fetch("http://localhost/console?lng=en", { headers: { cookie: saffronOwner } })).text();
    expect(html).toContain('data-testid="step-allergens"');
    expect(html).not.toContain('data-testid="step-calories"');
  });
});
