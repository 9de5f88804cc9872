// "Not declared" allergens are not "none" (docs/decisions/0028). Migration 0018 turns existing rows unknown
// (keeping declared masks); answers carry null for unknown; the dish editor saves unknown, none or a
// list; the menu CSV carries the difference; the diner's "No milk" filter leaves undeclared dishes out
// and says how many; the console counts them on the menu editor and the first-steps checklist.
import { applyD1Migrations } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { Product } from "../../worker/upstream/schemas";
import { catalogueRow, catalogueRows, catalogueRun, GRILL_ID } from "./catalogue";
import { seedMember } from "./console-members";
import { SAFFRON_ID } from "./restaurant-rows";

interface Person {
  cookie: string;
}
const site = (path: string, who?: Person, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, {
    redirect: "manual",
    ...init,
    headers: { accept: "text/html", ...(who ? { cookie: who.cookie } : {}), ...init.headers },
  });
const declaration = (id: number) => catalogueRow(SAFFRON_ID, "SELECT allergens, allergens_declared FROM products WHERE id = ?", id);
const productAnswer = async (id: number) => {
  const res = await apiApp.request(
    `/getProductById/${id}&0`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ domain: "saffron" }) },
    env,
  );
  return ((await res.json()) as { data: { allergens: unknown } }).data;
};
// The seed (migrations/0002 + 0018): the shakshuka (1) and cappuccino (14) are not declared; the espresso
// (13) is declared free of the 14; the butter croissant (7) contains gluten, eggs and milk; karak (20) milk.
const SHAKSHUKA = 1,
  CROISSANT = 7,
  ESPRESSO = 13,
  CAPPUCCINO = 14,
  KARAK = 20;

let owner: Person, grillOwner: Person;
beforeAll(async () => {
  owner = await seedMember(1, "owner");
  grillOwner = await seedMember(2, "owner");
});

describe("migration 0018", () => {
  it("turns existing rows unknown, keeps a mask that names allergens declared, and declares the demo's chosen dishes", async () => {
    const db = env.MIGRATION_DB;
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name < "0018"),
    );
    await db.batch([
      db.prepare("INSERT INTO products (id, category_id, name_en, name_ar, price, allergens) VALUES (9001, 1, 'Sourdough toast', 'توست', 12, 0)"),
      db.prepare("INSERT INTO products (id, category_id, name_en, name_ar, price, allergens) VALUES (9002, 1, 'Labneh', 'لبنة', 9, 64)"),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const row = (id: number) => db.prepare("SELECT allergens, allergens_declared FROM products WHERE id = ?").bind(id).first();
    expect(await row(9001)).toEqual({ allergens: 0, allergens_declared: 0 });
    expect(await row(9002)).toEqual({ allergens: 64, allergens_declared: 1 });
    expect(await row(SHAKSHUKA)).toEqual({ allergens: 0, allergens_declared: 0 });
    expect(await row(ESPRESSO)).toEqual({ allergens: 0, allergens_declared: 1 });
    expect(await row(CROISSANT)).toEqual({ allergens: 1 | 4 | 64, allergens_declared: 1 });
    // A new dish is not declared until someone says so; an undeclared dish cannot list allergens.
    await db.prepare("INSERT INTO products (id, category_id, name_en, name_ar, price) VALUES (9003, 1, 'New', 'جديد', 5)").run();
    expect(await row(9003)).toEqual({ allergens: 0, allergens_declared: 0 });
    await expect(db.prepare("UPDATE products SET allergens = 1 WHERE id = 9003").run()).rejects.toThrow(/undeclared/);
    await expect(db.prepare("INSERT INTO products (category_id, name_en, name_ar, price, allergens) VALUES (1, 'x', 'x', 1, 2)").run()).rejects.toThrow(
      /undeclared/,
    );
  });
});

describe("the answers", () => {
  it("send null for undeclared, [] for none, the names otherwise; the client keeps the difference", async () => {
    expect((await productAnswer(SHAKSHUKA)).allergens).toBeNull();
    expect((await productAnswer(ESPRESSO)).allergens).toEqual([]);
    expect((await productAnswer(CROISSANT)).allergens).toEqual(["gluten", "eggs", "milk"]);
    expect(v.parse(Product, await productAnswer(SHAKSHUKA)).allergens).toBeNull();
    expect(v.parse(Product, await productAnswer(ESPRESSO)).allergens).toEqual([]);
  });

  it("read an external backend's allergens: none sent is unknown, a name it cannot read makes all unknown", () => {
    const dish = { id: 7, name_en: "Toast", price: "12" };
    const read = (allergens: unknown) => v.parse(Product, allergens === undefined ? dish : { ...dish, allergens }).allergens;
    expect(read(undefined)).toBeNull();
    expect(read(null)).toBeNull();
    expect(read([])).toEqual([]);
    expect(read([" Milk", "GLUTEN"])).toEqual(["gluten", "milk"]);
    expect(read(["gluten", "glutenn"])).toBeNull();
    expect(read("gluten")).toBeNull();
  });
});

describe("the dish editor", () => {
  const save = (id: number, allergens: unknown) =>
    site(`/console/menu/dishes/${id}`, owner, {
      method: "POST",
      body: new URLSearchParams([["payload", JSON.stringify({ allergens, tags: [], groups: [] })]]),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  it("saves 'no allergens', a list, and 'not declared' apart, and shows which is chosen", { timeout: 60_000 }, async () => {
    const dish = SHAKSHUKA;
    const checked = async (mode: string) => {
      const html = await (await site(`/console/menu/dishes/${dish}`, owner)).text();
      return new RegExp(`<input[^>]*checked=""[^>]*data-testid="allergens-${mode}"|<input[^>]*data-testid="allergens-${mode}"[^>]*checked=""`).test(html);
    };
    expect(await checked("unknown")).toBe(true);
    expect((await save(dish, [])).status).toBe(200);
    expect(await declaration(dish)).toEqual({ allergens: 0, allergens_declared: 1 });
    expect(await checked("none")).toBe(true);
    expect((await save(dish, ["eggs"])).status).toBe(200);
    expect(await declaration(dish)).toEqual({ allergens: 4, allergens_declared: 1 });
    expect(await checked("contains")).toBe(true);
    expect((await save(dish, null)).status).toBe(200);
    expect(await declaration(dish)).toEqual({ allergens: 0, allergens_declared: 0 });
    expect(await checked("unknown")).toBe(true);
    expect((await save(dish, "none")).status).toBe(422);
    expect(await declaration(dish)).toEqual({ allergens: 0, allergens_declared: 0 });
  });
});

describe("the diner's filter", () => {
  it("'No milk' lists declared milk-free dishes only and says how many are hidden as undeclared", async () => {
    // A card's name is its link's text (the loader's data holds every dish; the list shows the kept ones).
    const card = (name: string) => `>${name}</a>`;
    const all = await (await site("/saffron/1/2?lng=en")).text();
    expect(all).toContain(card("Cappuccino"));
    expect(all).toContain("Allergens not declared");
    expect(all).not.toContain('data-testid="diet-undeclared"');
    const html = await (await site("/saffron/1/2?lng=en&diet=no-milk")).text();
    expect(html).toContain(card("Espresso"));
    expect(html).not.toContain(card("Cappuccino")); // not declared
    expect(html).not.toContain(card("Karak Chai")); // declared milk
    // The list shows the menu's first category (Espresso Bar, 3) until another is chosen.
    const undeclared = (await catalogueRow<{ n: number }>(
      SAFFRON_ID,
      "SELECT count(*) AS n FROM products WHERE category_id = 3 AND hidden = 0 AND allergens_declared = 0",
    ))!.n;
    expect(undeclared).toBeGreaterThan(1);
    expect(html).toMatch(new RegExp(`data-testid="diet-undeclared">${undeclared} dishes hidden: their allergens are not declared<`));
    // Arabic words the same count.
    expect(await (await site("/saffron/1/2?lng=ar&diet=no-milk")).text()).toContain("مسببات الحساسية فيها غير معلنة");
  });
});

describe("the console's counts", () => {
  const undeclaredIn = async (restaurant: number, where: string, id: number) =>
    (await catalogueRow<{ n: number }>(
      restaurant,
      `SELECT count(*) AS n FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id
     WHERE ${where} = ? AND p.allergens_declared = 0`,
      id,
    ))!.n;

  it("the menu editor says how many of the branch's dishes have no allergen information, each linked", { timeout: 30_000 }, async () => {
    const n = await undeclaredIn(SAFFRON_ID, "m.branch_id", 1);
    const page = await (await site("/console/menu?branch=1", owner)).text();
    const html = /<details id="allergen-gaps"[\s\S]*?<\/details>/.exec(page)?.[0] ?? "";
    expect(html).toContain(`data-testid="allergen-gaps-count">${n} dishes have no allergen information<`);
    expect(html).toContain(`href="/console/menu/dishes/${CAPPUCCINO}"`);
    expect(html).not.toContain(`href="/console/menu/dishes/${ESPRESSO}"`);
    // A long list is cut at 50 links, and says so; the count is of all.
    expect(n).toBeGreaterThan(50);
    expect(html.match(/href="\/console\/menu\/dishes\/\d+"/g)).toHaveLength(50);
    expect(html).toContain("The first 50 are listed");
  });

  it("first steps: 'Declare allergens' is to do with a count, and done once every dish is declared", async () => {
    const grillDishes = await undeclaredIn(GRILL_ID, "b.restaurant_id", 2);
    expect(grillDishes).toBeGreaterThan(0);
    let html = await (await site("/console", grillOwner)).text();
    expect(html).toMatch(/data-testid="step-allergens" data-done="false"/);
    expect(html).toContain(`data-testid="undeclared-count">${grillDishes} dishes have no allergen information<`);
    await catalogueRun(
      GRILL_ID,
      "UPDATE products SET allergens_declared = 1 WHERE category_id IN (SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = 2)",
    );
    html = await (await site("/console", grillOwner)).text();
    expect(html).toMatch(/data-testid="step-allergens" data-done="true"/);
    expect(html).not.toContain('data-testid="undeclared-count"');
  });
});

describe("the menu CSV", () => {
  const exportCsv = async () => (await site("/console/menu/export.csv?branch=1", owner)).text();
  const upload = (csv: string, intent = "preview", stash = "") => {
    const body = new FormData();
    body.set("intent", intent);
    if (intent === "preview") body.set("file", new File([csv], "menu.csv", { type: "text/csv" }));
    else body.set("stash", stash);
    return site("/console/menu/import?branch=1", owner, { method: "POST", body });
  };
  const HEAD = "menu_en,category_en,dish_id,name_en,price,allergens";

  it("exports empty for not declared, none, and the names", async () => {
    const lines = (await exportCsv()).split("\r\n");
    // The nutrition columns follow (docs/decisions/0070): none given, not high in salt.
    expect(lines[0]).toMatch(/,allergens,calories,caffeine_mg,high_salt$/);
    const row = (id: number) => lines.find((l) => l.split(",")[4] === String(id))!;
    expect(row(SHAKSHUKA)).toMatch(/,,,,0$/);
    expect(row(ESPRESSO)).toMatch(/,none,,,0$/);
    expect(row(CROISSANT)).toMatch(/,gluten;eggs;milk,,,0$/);
    expect(row(KARAK)).toMatch(/,milk,,,0$/);
  });

  it("imports each of the three, reports the change, and refuses what it cannot read", async () => {
    const csv = [
      HEAD,
      `Breakfast,Eggs,${SHAKSHUKA},Saffron Shakshuka,42,none`,
      `Coffee & Tea,Espresso Bar,${ESPRESSO},Espresso,14,`,
      `Coffee & Tea,Tea,${KARAK},Karak Chai,10,"Milk, nuts"`,
    ].join("\n");
    const categories = (
      await catalogueRows<{ name_en: string }>(SAFFRON_ID, "SELECT c.id, c.name_en FROM categories c JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1")
    ).map((c) => c.name_en);
    expect(categories).toEqual(expect.arrayContaining(["Eggs", "Espresso Bar", "Tea"]));
    const res = await upload(csv);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="count-updates">3<');
    const stash = /name="stash" value="([^"]+)"/.exec(html)![1]!;
    expect((await upload("", "apply", stash)).status).toBe(200);
    expect(await declaration(SHAKSHUKA)).toEqual({ allergens: 0, allergens_declared: 1 });
    expect(await declaration(ESPRESSO)).toEqual({ allergens: 0, allergens_declared: 0 });
    expect(await declaration(KARAK)).toEqual({ allergens: 64 | 128, allergens_declared: 1 });

    const bad = await (
      await upload([HEAD, `Breakfast,Eggs,${SHAKSHUKA},Saffron Shakshuka,42,plutonium`, `Breakfast,Eggs,${CROISSANT},Butter Croissant,14,none;milk`].join("\n"))
    ).text();
    expect(bad).toContain('data-testid="count-errors">2<');
    expect(bad).toContain("allergens must be empty, none, or names such as gluten;milk");
    expect(await declaration(CROISSANT)).toEqual({ allergens: 1 | 4 | 64, allergens_declared: 1 });
  });
});
