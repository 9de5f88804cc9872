// The menu editor's action (docs/decisions/0025) through the whole worker with real sessions: each intent's
// validation (422 beside the fields, what was typed kept), roles, another restaurant's id in every id
// field (404, nothing changed), the diner's page after a save, deletes that keep past orders, reorders
// (foreign, repeated or missing ids refused; 50 at once leave one whole order), duplicates and copies.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../worker/rules/roles";
import { catalogueOf, catalogueRow, catalogueRows, GRILL_ID } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

const SAFFRON = SAFFRON_ID;
const GRILL = GRILL_ID;
const member = async (restaurantId: number, role: Role, branchIds: number[] = []) => (await seedMember(restaurantId, role, branchIds)).cookie;
const post = (cookie: string, fields: Record<string, string | string[]>) => consolePost("/console/menu", cookie, fields);
/** One statement on saffron's catalogue, where this file's dishes, menus and copies are made. */
const one = <T>(sql: string, ...args: unknown[]) => catalogueRow<T>(SAFFRON, sql, ...args);
const all = <T>(sql: string, ...args: unknown[]) => catalogueRows<T>(SAFFRON, sql, ...args);
/** One statement's row in each restaurant a request of this file could write to. */
const inEach = (sql: string) => Promise.all([SAFFRON, GRILL].map((restaurant) => catalogueRow(restaurant, sql)));
const dish = (name: string, extra: Record<string, string> = {}) => ({
  name_en: name,
  name_ar: `${name} ع`,
  description_en: "",
  description_ar: "",
  price: "20",
  price_offer: "0",
  ...extra,
});
const idByName = (table: string, name: string) => one<{ id: number }>(`SELECT id FROM ${table} WHERE name_en = ? ORDER BY id DESC`, name).then((r) => r?.id);
const grillSnapshot = async () => {
  const grill = catalogueOf(GRILL);
  return JSON.stringify(
    await grill
      .batch([
        grill.prepare("SELECT * FROM menus WHERE branch_id = 3 ORDER BY id"),
        grill.prepare("SELECT c.* FROM categories c JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 ORDER BY c.id"),
        grill.prepare(
          "SELECT p.* FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 ORDER BY p.id",
        ),
      ])
      .then((rs) => rs.map((r) => r.results)),
  );
};

let owner: string;
let manager: string;
let staff: string;
let grillMenu: number;
let grillCategory: number;
let grillDish: number;
let menuId: number;
let categoryId: number;
beforeAll(async () => {
  owner = await member(SAFFRON, "owner");
  manager = await member(SAFFRON, "manager");
  staff = await member(SAFFRON, "staff", [1]);
  // Grill House's own menu, category and dish, with ids Saffron's object does not hold: ids are each
  // restaurant's own (docs/decisions/0045), so an id Saffron's editor made could equal one of Grill House's.
  const far = 9_000_001;
  await catalogueOf(GRILL).batch([
    catalogueOf(GRILL).prepare("INSERT INTO menus (id, branch_id, name_en, name_ar) VALUES (?, 3, 'Grill menu', 'قائمة')").bind(far),
    catalogueOf(GRILL).prepare("INSERT INTO categories (id, menu_id, name_en, name_ar) VALUES (?, ?, 'Grill category', 'فئة')").bind(far, far),
    catalogueOf(GRILL).prepare("INSERT INTO products (id, category_id, name_en, name_ar, price_minor) VALUES (?, ?, 'Grill dish', 'طبق', 1000)").bind(far, far),
  ]);
  [grillMenu, grillCategory, grillDish] = [far, far, far];
  expect((await post(owner, { intent: "menu-create", branch: "1", name_en: "Editor menu", name_ar: "قائمة المحرر" })).status).toBe(200);
  menuId = (await idByName("menus", "Editor menu"))!;
  expect((await post(owner, { intent: "category-create", menu: String(menuId), name_en: "Editor category", name_ar: "فئة" })).status).toBe(200);
  categoryId = (await idByName("categories", "Editor category"))!;
});

describe("saving", () => {
  it("creates and edits a dish with both languages, prices and flags", async () => {
    const res = await post(manager, {
      intent: "dish-create",
      category: String(categoryId),
      ...dish("Zaatar toast", { description_ar: "خبز بالزعتر", price_offer: "15.5", is_new: "on", common: "on" }),
    });
    expect(res.status).toBe(200);
    const id = (await idByName("products", "Zaatar toast"))!;
    expect(await one(`SELECT name_ar, description_ar, price_minor, offer_minor, is_new, common, hidden, unavailable FROM products WHERE id = ?`, id)).toEqual({
      name_ar: "Zaatar toast ع",
      description_ar: "خبز بالزعتر",
      // Stored in fils (AED's minor unit).
      price_minor: 2000,
      offer_minor: 1550,
      is_new: 1,
      common: 1,
      hidden: 0,
      unavailable: 0,
    });
    expect(
      (await post(owner, { intent: "dish-update", id: String(id), ...dish("Zaatar toast", { price: "22", hidden: "on", unavailable: "on" }) })).status,
    ).toBe(200);
    expect(await one(`SELECT price_minor, offer_minor, is_new, hidden, unavailable FROM products WHERE id = ?`, id)).toEqual({
      price_minor: 2200,
      offer_minor: 0,
      is_new: 0,
      hidden: 1,
      unavailable: 1,
    });
  });

  it("refuses bad fields with 422, a message beside each field and what was typed kept", async () => {
    const before = await inEach("SELECT count(*) AS n FROM products");
    const cases: [Record<string, string>, string][] = [
      [dish("", { name_ar: "" }), "Give the name in English, Arabic or both."],
      [dish("Offer too high", { price: "10", price_offer: "10" }), "An offer price must be below the price"],
      [dish("Bad price", { price: "ten" }), "A price is a number"],
      [dish("x".repeat(81)), "At most"],
    ];
    for (const [fields, message] of cases) {
      const res = await post(owner, {
        intent: "dish-create",
        category: String(categoryId),
        form: `new-dish-${categoryId}`,
        ...fields,
        description_en: "kept words",
      });
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain("kept words");
    }
    expect((await post(owner, { intent: "menu-update", id: String(menuId), name_en: "", name_ar: "" })).status).toBe(422);
    expect((await post(owner, { intent: "nonsense" })).status).toBe(400);
    expect(await inEach("SELECT count(*) AS n FROM products")).toEqual(before);
  }, 30_000);

  it("keeps a name over the limit whole, with its counter over the limit, never a maxlength cutting a word", async () => {
    const long = "Slow-roasted lamb shoulder with saffron rice, pickled onions and a very long garnish list";
    const res = await post(owner, { intent: "dish-create", category: String(categoryId), form: `new-dish-${categoryId}`, ...dish(long) });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(`value="${long}"`);
    expect(html).toContain(`${long.length} / 80`);
    expect(html).toContain("0 / 500");
    for (const field of html.match(/<(?:input|textarea)[^>]*name="(?:name|description)_(?:en|ar)"[^>]*>/g)!) expect(field).not.toMatch(/maxlength/i);
    expect(await idByName("products", long)).toBeUndefined();
  });

  it("is for managers and owners: staff get 403 on every intent", async () => {
    const before = await inEach("SELECT count(*) AS n FROM menus");
    for (const fields of [
      { intent: "menu-create", branch: "1", name_en: "Staff menu" },
      { intent: "dish-duplicate", id: String(grillDish) },
      { intent: "delete", level: "menu", id: String(menuId) },
      { intent: "reorder", level: "menu", parent: "1", ids: ["1"] },
    ] as Record<string, string | string[]>[])
      expect((await post(staff, fields)).status).toBe(403);
    expect(await inEach("SELECT count(*) AS n FROM menus")).toEqual(before);
  });

  it("answers 404 for another restaurant's id in every id field, changing nothing", async () => {
    const before = await grillSnapshot();
    const menus = await inEach("SELECT count(*) AS n FROM menus");
    const attempts: Record<string, string | string[]>[] = [
      { intent: "menu-create", branch: "3", name_en: "Intruder" },
      { intent: "menu-update", id: String(grillMenu), name_en: "Intruder" },
      { intent: "category-create", menu: String(grillMenu), name_en: "Intruder" },
      { intent: "category-update", id: String(grillCategory), name_en: "Intruder" },
      { intent: "dish-create", category: String(grillCategory), ...dish("Intruder") },
      { intent: "dish-update", id: String(grillDish), ...dish("Intruder") },
      { intent: "delete", level: "menu", id: String(grillMenu), dishes: "999" },
      { intent: "delete", level: "category", id: String(grillCategory), dishes: "999" },
      { intent: "delete", level: "dish", id: String(grillDish) },
      { intent: "reorder", level: "menu", parent: "3", ids: [String(grillMenu)] },
      { intent: "reorder", level: "category", parent: String(grillMenu), ids: [String(grillCategory)] },
      { intent: "reorder", level: "dish", parent: String(grillCategory), ids: [String(grillDish)] },
      { intent: "dish-duplicate", id: String(grillDish) },
      { intent: "menu-copy", id: String(grillMenu), branch: "1" },
      { intent: "menu-copy", id: String(menuId), branch: "3" },
    ];
    for (const fields of attempts) expect({ fields, status: (await post(owner, fields)).status }).toEqual({ fields, status: 404 });
    expect(await grillSnapshot()).toBe(before);
    expect(await inEach("SELECT count(*) AS n FROM menus")).toEqual(menus);
  }, 60_000);
});

describe("diners", () => {
  it("see a saved dish on the branch's page within seconds (the tenant is purged)", async () => {
    const menu = (await one<{ id: number }>("SELECT id FROM menus WHERE branch_id = 1 ORDER BY sort_num, id LIMIT 1"))!.id;
    const category = (await one<{ id: number }>("SELECT id FROM categories WHERE menu_id = ? ORDER BY sort_num, id LIMIT 1", menu))!.id;
    const page = () => exports.default.fetch(`http://localhost/saffron/1/${menu}`).then((r) => r.text());
    expect(await page()).not.toContain("Purged pistachio");
    await page(); // now in the caches
    expect((await post(owner, { intent: "dish-create", category: String(category), ...dish("Purged pistachio") })).status).toBe(200);
    expect(await page()).toContain("Purged pistachio");
    const id = (await idByName("products", "Purged pistachio"))!;
    expect((await post(owner, { intent: "dish-update", id: String(id), ...dish("Purged pistachio", { hidden: "on" }) })).status).toBe(200);
    expect(await page()).not.toContain("Purged pistachio");
  });
});

describe("deleting", () => {
  it("refuses a category or menu holding dishes unless their number is confirmed; past orders stay", async () => {
    await post(owner, { intent: "menu-create", branch: "1", name_en: "Doomed menu" });
    const menu = (await idByName("menus", "Doomed menu"))!;
    await post(owner, { intent: "category-create", menu: String(menu), name_en: "Doomed category" });
    const category = (await idByName("categories", "Doomed category"))!;
    for (const name of ["Doomed one", "Doomed two"]) await post(owner, { intent: "dish-create", category: String(category), ...dish(name) });
    const doomed = (await idByName("products", "Doomed one"))!;
    const saffron = catalogueOf(SAFFRON);
    await saffron.batch([
      saffron.prepare("INSERT INTO options (id, product_id, name_en, name_ar) VALUES (990001, ?, 'Size', 'الحجم')").bind(doomed),
      saffron.prepare("INSERT INTO sub_options (option_id, name_en, name_ar, price_minor) VALUES (990001, 'Large', 'كبير', 200)"),
    ]);
    // A past order of the dish, in the restaurant's object.
    const orders = ordersOf(SAFFRON);
    const order = (await orders
      .prepare(
        "INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency) VALUES (1, 1, 9901, 'Diner', '+971500000001', 4, 2000, 'AED') RETURNING id",
      )
      .first<{ id: number }>())!.id;
    await orders
      .prepare("INSERT INTO order_items (order_id, product_id, name_en, name_ar, unit_minor, amount) VALUES (?, ?, 'Doomed one', 'Doomed one ع', 2000, 1)")
      .bind(order, doomed)
      .run();

    expect((await post(owner, { intent: "delete", level: "category", id: String(category) })).status).toBe(409);
    expect((await post(owner, { intent: "delete", level: "menu", id: String(menu), dishes: "1" })).status).toBe(409);
    expect(await one("SELECT count(*) AS n FROM products WHERE category_id = ?", category)).toEqual({ n: 2 });
    expect((await post(owner, { intent: "delete", level: "dish", id: String(doomed) })).status).toBe(200);
    expect(await one("SELECT count(*) AS n FROM options WHERE id = 990001")).toEqual({ n: 0 });
    expect((await post(owner, { intent: "delete", level: "menu", id: String(menu), dishes: "1" })).status).toBe(200);
    expect(await one("SELECT (SELECT count(*) FROM menus WHERE id = ?1) + (SELECT count(*) FROM categories WHERE menu_id = ?1) AS n", menu)).toEqual({ n: 0 });
    expect(await orders.prepare("SELECT name_en, unit_minor FROM order_items WHERE order_id = ?").bind(order).first()).toEqual({
      name_en: "Doomed one",
      unit_minor: 2000,
    });
    expect((await post(owner, { intent: "delete", level: "menu", id: String(menu) })).status).toBe(404);
  }, 30_000);
});

describe("reordering", () => {
  let ids: number[];
  beforeAll(async () => {
    await post(owner, { intent: "category-create", menu: String(menuId), name_en: "Order category" });
    const category = (await idByName("categories", "Order category"))!;
    for (const n of [1, 2, 3, 4, 5, 6]) await post(owner, { intent: "dish-create", category: String(category), ...dish(`Order ${n}`) });
    ids = (await all<{ id: number }>("SELECT id FROM products WHERE category_id = ? ORDER BY sort_num, id", category)).map((r) => r.id);
  });
  const order = async () =>
    await all<{ id: number; sort_num: number; category_id: number }>(
      "SELECT id, sort_num, category_id FROM products WHERE id IN (SELECT value FROM json_each(?)) ORDER BY sort_num, id",
      JSON.stringify(ids),
    );
  const parent = async () => (await order())[0]!.category_id;

  it("saves a whole new order in one go", async () => {
    const wanted = [...ids].reverse();
    expect((await post(manager, { intent: "reorder", level: "dish", parent: String(await parent()), ids: wanted.map(String) })).status).toBe(200);
    expect((await order()).map((r) => [r.id, r.sort_num])).toEqual(wanted.map((id, i) => [id, i]));
  });

  it("refuses a foreign, repeated or missing id, or a list too long, changing nothing", async () => {
    const before = await order();
    const category = String(await parent());
    const others = ids.slice(1).map(String);
    for (const list of [
      [...others, String(grillDish)],
      [...others, others[0]!],
      others,
      [...others, "1"],
      Array.from({ length: 501 }, (_, i) => String(i + 1)),
    ]) {
      expect((await post(owner, { intent: "reorder", level: "dish", parent: category, ids: list })).status).toBe(422);
    }
    expect(await order()).toEqual(before);
  });

  it("keeps one whole order when 50 reorders arrive at once", async () => {
    const category = String(await parent());
    const shuffles = Array.from({ length: 50 }, (_, k) => [...ids].sort((a, b) => ((a * 7919 + k * 104729) % 97) - ((b * 7919 + k * 104729) % 97)));
    const statuses = await Promise.all(
      shuffles.map((list) => post(owner, { intent: "reorder", level: "dish", parent: category, ids: list.map(String) }).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const rows = await order();
    expect(rows.map((r) => r.sort_num)).toEqual(ids.map((_, i) => i));
    expect(shuffles.map((s) => s.join())).toContain(rows.map((r) => r.id).join());
  }, 90_000);

  it("orders menus of a branch and categories of a menu", async () => {
    const menus = (await all<{ id: number }>("SELECT id FROM menus WHERE branch_id = 2 ORDER BY sort_num, id")).map((r) => r.id);
    expect((await post(owner, { intent: "reorder", level: "menu", parent: "2", ids: [...menus].reverse().map(String) })).status).toBe(200);
    expect((await all<{ id: number }>("SELECT id FROM menus WHERE branch_id = 2 ORDER BY sort_num, id")).map((r) => r.id)).toEqual([...menus].reverse());
    const categories = (await all<{ id: number }>("SELECT id FROM categories WHERE menu_id = ? ORDER BY sort_num, id", menus[0])).map((r) => r.id);
    expect((await post(owner, { intent: "reorder", level: "category", parent: String(menus[0]), ids: [...categories].reverse().map(String) })).status).toBe(
      200,
    );
    // A category under another menu of the restaurant is not this menu's: refused.
    expect((await post(owner, { intent: "reorder", level: "category", parent: String(menus[1]), ids: categories.map(String) })).status).toBe(422);
  });
});

describe("copies", () => {
  it("duplicates a dish with its options and choices, named (copy), right after it", async () => {
    const source = (await one<{ id: number; category_id: number }>(
      "SELECT p.id, p.category_id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND (SELECT count(*) FROM options WHERE product_id = p.id) > 0 AND (SELECT count(*) FROM products q WHERE q.category_id = p.category_id) > 2 ORDER BY p.id LIMIT 1",
    ))!;
    // Its rules and allergens come along (migrations 0016, 0018): a required group of 1–2 choices, declared milk, vegan.
    const saffron = catalogueOf(SAFFRON);
    await saffron.batch([
      saffron
        .prepare("UPDATE options SET required = 1, min_choices = 1, max_choices = 2 WHERE id = (SELECT min(id) FROM options WHERE product_id = ?)")
        .bind(source.id),
      saffron.prepare("UPDATE products SET allergens = 64, allergens_declared = 1, tags = 2 WHERE id = ?").bind(source.id),
    ]);
    expect((await post(owner, { intent: "dish-duplicate", id: String(source.id) })).status).toBe(200);
    const copy = (await one<{ id: number; name_en: string; name_ar: string }>("SELECT id, name_en, name_ar FROM products ORDER BY id DESC LIMIT 1"))!;
    const dietary = (id: number) => one("SELECT allergens, allergens_declared, tags FROM products WHERE id = ?", id);
    expect(await dietary(copy.id)).toEqual(await dietary(source.id));
    const original = (await one<{ name_en: string; name_ar: string; price_minor: number }>(
      "SELECT name_en, name_ar, price_minor FROM products WHERE id = ?",
      source.id,
    ))!;
    expect(copy.name_en).toBe(`${original.name_en} (copy)`);
    expect(copy.name_ar).toBe(`${original.name_ar} (نسخة)`);
    const tree = (id: number) =>
      all(
        "SELECT o.name_en, o.sort_num, o.required, o.min_choices, o.max_choices, s.name_en AS sub, s.price_minor FROM options o LEFT JOIN sub_options s ON s.option_id = o.id WHERE o.product_id = ? ORDER BY o.sort_num, o.id, s.sort_num, s.id",
        id,
      );
    expect((await tree(copy.id)).length).toBeGreaterThan(0);
    expect(await tree(copy.id)).toEqual(await tree(source.id));
    const list = (await all<{ id: number }>("SELECT id FROM products WHERE category_id = ? ORDER BY sort_num, id", source.category_id)).map((r) => r.id);
    expect(list.indexOf(copy.id)).toBe(list.indexOf(source.id) + 1);
  });

  it("copies a menu to another branch of the restaurant, with categories, dishes and options", async () => {
    const source = 1; // Breakfast, branch 1
    expect((await post(owner, { intent: "menu-copy", id: String(source), branch: "2" })).status).toBe(200);
    const copy = (await one<{ id: number; branch_id: number; name_en: string }>("SELECT id, branch_id, name_en FROM menus ORDER BY id DESC LIMIT 1"))!;
    expect(copy.branch_id).toBe(2);
    const shape = (menu: number) =>
      all(
        `SELECT c.name_en AS category, p.name_en AS dish, p.price_minor, o.name_en AS option, s.name_en AS sub FROM categories c
       LEFT JOIN products p ON p.category_id = c.id LEFT JOIN options o ON o.product_id = p.id LEFT JOIN sub_options s ON s.option_id = o.id
       WHERE c.menu_id = ? ORDER BY c.sort_num, c.id, p.sort_num, p.id, o.sort_num, o.id, s.sort_num, s.id`,
        menu,
      );
    const copied = await shape(copy.id);
    expect(copied.length).toBeGreaterThan(3);
    expect(copied).toEqual(await shape(source));
    const page = await exports.default.fetch(`http://localhost/saffron/2/${copy.id}`).then((r) => r.text());
    expect(page).toContain(String((copied[0] as { dish: string }).dish).replace("&", "&amp;"));
  });
});
