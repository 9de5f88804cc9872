// Option rules (docs/decisions/0024): pricing refuses a line that breaks a group's rules, several choices per
// group where the maximum allows; an external backend's groups stay optional single-choice; the
// console's dish editor validates, checks roles and ids, and purges the tenant on save.
import { env, exports } from "cloudflare:workers";
import * as v from "valibot";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import type { Role } from "../../worker/rules/roles";
import { restaurantCall } from "../../worker/restaurant/stub";
import { Product } from "../../worker/upstream/schemas";
import { catalogueOf, catalogueRow, catalogueRows, GRILL_ID } from "./catalogue";
import { seedMember } from "./console-members";
import { SAFFRON_ID } from "./restaurant-rows";
import { versionInKv } from "./helpers";

// The seed's latte (product 14, saffron branch 1): Size (group 2: subs 4, 5 at +0, +4), Milk (group 3:
// subs 6, 7, 8 at +0, +2, +2.5), Extra shot (group 4: sub 9 at +3). Shakshuka (product 1) owns sub 1.
const LATTE = 14;
const rules = (group: number, required: number, min: number, max: number) =>
  catalogueOf(SAFFRON_ID).prepare("UPDATE options SET required = ?, min_choices = ?, max_choices = ? WHERE id = ?").bind(required, min, max, group).run();
const price = (subs: number[]) =>
  restaurantCall(env, { id: SAFFRON_ID }, "priceItems", { id: 1, time_zone: "Asia/Dubai", currency: "AED", country: "AE" }, [
    { product_id: LATTE, amount: 1, sub_option_id: subs, note: "" },
  ]);
let base: number;

beforeEach(async () => {
  await rules(2, 0, 0, 1);
  await rules(3, 0, 0, 1);
  await rules(4, 0, 0, 1);
});
beforeAll(async () => {
  const p = await catalogueRow<{ price: number; price_offer: number }>(
    SAFFRON_ID,
    "SELECT price_minor / 100.0 AS price, offer_minor / 100.0 AS price_offer FROM products WHERE id = ?",
    LATTE,
  );
  // In fils: the order's amounts are minor units.
  base = Math.round((p!.price_offer > 0 ? p!.price_offer : p!.price) * 100);
});

describe("the rules in pricing", () => {
  it("today's groups (optional, one choice at most) price as before", async () => {
    const ok = await price([]);
    expect(ok).toMatchObject({ ok: true, total: base });
    expect(await price([5, 7])).toMatchObject({ ok: true, total: base + 600 });
    // Two choices in a single-choice group are too many.
    expect(await price([6, 7])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["too_many"] }, problems: [{ index: 0, reason: "options" }] });
  });

  it("a required group left empty is refused, and priced once chosen", async () => {
    await rules(2, 1, 1, 1);
    expect(await price([7])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["required"] }, problems: [{ index: 0, reason: "options" }] });
    expect(await price([4, 7])).toMatchObject({ ok: true, total: base + 200 });
  });

  it("several choices where the maximum allows, and not more; below a minimum is too few", async () => {
    await rules(3, 1, 2, 3);
    expect(await price([7])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["too_few"] }, problems: [{ index: 0, reason: "options" }] });
    const two = await price([7, 8]);
    expect(two).toMatchObject({ ok: true, total: base + 450 });
    expect(two.ok && two.lines[0]!.options.map((o) => o.sub_option_id)).toEqual([7, 8]);
    await rules(3, 0, 0, 2);
    expect(await price([6, 7, 8])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["too_many"] }, problems: [{ index: 0, reason: "options" }] });
  });

  it("refuses another dish's choice, an unknown one and a duplicate", async () => {
    await rules(3, 0, 0, 3);
    expect(await price([1])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["invalid"] }, problems: [{ index: 0, reason: "options" }] });
    expect(await price([999999])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["invalid"] }, problems: [{ index: 0, reason: "options" }] });
    expect(await price([7, 7])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["duplicate"] }, problems: [{ index: 0, reason: "options" }] });
  });

  it("the ordering API answers 422 with the problem under the line's field", async () => {
    await rules(2, 1, 1, 1);
    const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      apiApp.request(
        path,
        { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "cf-connecting-ip": "10.9.9.9", ...headers } },
        env,
      );
    const phone = "0501239876";
    expect((await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone })).status).toBe(200);
    const outbox = (await (await apiApp.request(`/dev/outbox?phone=${phone}`, {}, env)).json()) as { data: { body: string }[] };
    const otp_code = /(\d{6})/.exec(outbox.data[0]!.body)![1]!;
    const { data } = (await (await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code })).json()) as {
      data: { token: string };
    };
    const order = (subs: number[]) =>
      call(
        "/storeOrder",
        {
          domain: "saffron",
          branch_id: 1,
          items: JSON.stringify([
            { product_id: 1, amount: 1 },
            { product_id: LATTE, amount: 1, sub_option_id: subs },
          ]),
        },
        { authorization: `Bearer ${data.token}` },
      );
    const refused = await order([7]);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: unknown }).errors).toEqual({ "items.1.sub_option_id": ["required"] });
    expect((await order([5, 7])).status).toBe(200);
  });

  it("the catalogue answers carry the rules and the dish's allergens and tags", async () => {
    await rules(3, 1, 1, 2);
    await catalogueOf(SAFFRON_ID).prepare("UPDATE products SET allergens = 64 | 128, allergens_declared = 1, tags = 1 WHERE id = ?").bind(LATTE).run();
    const res = await apiApp.request(
      `/getProductById/${LATTE}&0`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ domain: "saffron" }) },
      env,
    );
    const product = ((await res.json()) as { data: unknown }).data;
    const parsed = v.parse(Product, product);
    expect(parsed.allergens).toEqual(["milk", "nuts"]);
    expect(parsed.tags).toEqual(["vegetarian"]);
    expect(parsed.option!.map((o) => [o.id, o.required, o.min_choices, o.max_choices])).toEqual([
      [2, false, 0, 1],
      [3, true, 1, 2],
      [4, false, 0, 1],
    ]);
    await catalogueOf(SAFFRON_ID).prepare("UPDATE products SET allergens = 0, allergens_declared = 0, tags = 0 WHERE id = ?").bind(LATTE).run();
  });

  it("the database refuses inconsistent rules", async () => {
    await expect(rules(2, 1, 0, 1)).rejects.toThrow(/option rules/);
    await expect(rules(2, 0, 2, 1)).rejects.toThrow();
    await expect(rules(2, 0, 0, 0)).rejects.toThrow();
  });
});

describe("an external backend's shape", () => {
  const external = { id: 7, name_en: "Latte", price: "18.00", option: [{ id: 1, name_en: "Size", subOption: [{ id: 1, name_en: "Large", price: "4" }] }] };
  it("stays optional single-choice with no tags, and its allergens not declared", () => {
    const p = v.parse(Product, external);
    expect(p.option![0]).toMatchObject({ required: false, min_choices: 0, max_choices: 1 });
    expect(p.allergens).toBeNull();
    expect(p.tags).toEqual([]);
  });
  it("odd values fall back rather than fail, and inconsistent rules are evened out", () => {
    const odd = v.parse(Product, {
      ...external,
      allergens: "milk",
      tags: ["vegan", "unknown"],
      option: [{ id: 1, required: "yes", min_choices: -3, max_choices: "many" }],
    });
    expect(odd.allergens).toBeNull();
    expect(odd.tags).toEqual(["vegan"]);
    expect(odd.option![0]).toMatchObject({ required: false, min_choices: 0, max_choices: 1 });
    const uneven = v.parse(Product, { ...external, option: [{ id: 1, required: true, min_choices: 5, max_choices: 2 }] });
    expect(uneven.option![0]).toMatchObject({ required: true, min_choices: 2, max_choices: 2 });
  });
});

interface Person {
  cookie: string;
}
const member = (restaurantId: number, role: Role) => seedMember(restaurantId, role);
const site = (path: string, who: Person, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { cookie: who.cookie, ...init.headers } });
const save = (productId: number, who: Person, payload: unknown) =>
  site(`/console/menu/dishes/${productId}`, who, {
    method: "POST",
    body: new URLSearchParams([["payload", typeof payload === "string" ? payload : JSON.stringify(payload)]]),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
/** Every restaurant's groups and choices (the directory lists the restaurants; each catalogue is asked for its own). */
const snapshot = async () => {
  const { results } = await env.DB.prepare("SELECT id FROM restaurants ORDER BY id").all<{ id: number }>();
  return Promise.all(
    results.map(({ id }) =>
      catalogueRows(
        id,
        `SELECT o.id, o.product_id, o.name_en, o.required, o.min_choices, o.max_choices, o.sort_num, s.id AS sub, s.name_en AS sub_name, s.price_minor FROM options o LEFT JOIN sub_options s ON s.option_id = o.id
     JOIN products p ON p.id = o.product_id JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ? ORDER BY o.id, s.id`,
        id,
      ),
    ),
  );
};

describe("the console's dish editor", () => {
  let owner: Person;
  let manager: Person;
  let staff: Person;
  let grillProduct: number;
  let grillGroup: { id: number; sub: number } | null;
  const latteGroups = () => ({
    allergens: ["milk"],
    tags: ["vegetarian"],
    groups: [
      {
        id: 3,
        name_en: "Milk",
        name_ar: "الحليب",
        required: false,
        min_choices: 0,
        max_choices: 2,
        choices: [
          { id: 7, name_en: "Oat", name_ar: "شوفان", price: 2 },
          { id: 8, name_en: "Almond", name_ar: "لوز", price: 2.5 },
        ],
      },
      {
        id: 2,
        name_en: "Size",
        name_ar: "الحجم",
        required: true,
        min_choices: 1,
        max_choices: 1,
        choices: [
          { id: 4, name_en: "Regular", name_ar: "عادي", price: 0 },
          { id: 5, name_en: "Large", name_ar: "كبير", price: 4 },
        ],
      },
      {
        id: null,
        name_en: "Syrup",
        name_ar: "شراب",
        required: false,
        min_choices: 0,
        max_choices: 1,
        choices: [{ id: null, name_en: "Vanilla", name_ar: "فانيليا", price: 1.5 }],
      },
    ],
  });
  beforeAll(async () => {
    owner = await member(1, "owner");
    manager = await member(1, "manager");
    staff = await member(1, "staff");
    grillProduct = (await catalogueRow<{ id: number }>(
      GRILL_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 LIMIT 1",
    ))!.id;
    grillGroup = await catalogueRow(
      GRILL_ID,
      "SELECT o.id, s.id AS sub FROM options o JOIN sub_options s ON s.option_id = o.id JOIN products p ON p.id = o.product_id JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 LIMIT 1",
    );
  });

  it("shows the dish to owners and managers, 403 to staff, 404 for another restaurant's dish", { timeout: 30_000 }, async () => {
    for (const who of [owner, manager]) {
      const res = await site(`/console/menu/dishes/${LATTE}`, who);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      expect(html).toContain('data-testid="dish-group"');
      expect(html).toContain('dir="rtl"');
    }
    expect((await site(`/console/menu/dishes/${LATTE}`, staff)).status).toBe(403);
    expect((await site(`/console/menu/dishes/${grillProduct}`, owner)).status).toBe(404);
    expect((await site("/console/menu/dishes/abc", owner)).status).toBe(404);
    expect((await save(LATTE, staff, latteGroups())).status).toBe(403);
  });

  it("refuses what breaks the rules with 422 and a code beside each field, nothing written", async () => {
    const before = await snapshot();
    const bad = latteGroups();
    bad.groups[0]!.name_ar = " ";
    bad.groups[0]!.max_choices = 5; // more than its two choices
    bad.groups[1]!.min_choices = 0; // required without a minimum
    (bad.groups[2]!.choices[0] as { price: unknown }).price = -1;
    const res = await save(LATTE, owner, bad);
    expect(res.status).toBe(422);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain('id="err-groups.0.name_ar"');
    expect(html).toContain('id="err-groups.2.choices.0.price"');
    // The typed value is kept (the Arabic field's blank, the other fields as typed).
    expect(html).toContain('value="Syrup"');
    const rules2 = await save(LATTE, owner, {
      ...latteGroups(),
      groups: [
        { ...latteGroups().groups[0]!, max_choices: 5 },
        { ...latteGroups().groups[1]!, min_choices: 0 },
      ],
    });
    expect(rules2.status).toBe(422);
    const text = await rules2.text();
    expect(text).toContain('id="err-groups.0.max_choices"');
    expect(text).toContain('id="err-groups.1.min_choices"');
    expect((await save(LATTE, owner, "{not json")).status).toBe(400);
    expect((await save(LATTE, owner, { ...latteGroups(), allergens: ["gluten", "plutonium"] })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another restaurant's dish, group and choice ids with 404 and writes nothing", async () => {
    expect(grillGroup).not.toBeNull();
    const before = await snapshot();
    expect((await save(grillProduct, owner, latteGroups())).status).toBe(404);
    const foreignGroup = latteGroups();
    foreignGroup.groups[0]!.id = grillGroup!.id;
    expect((await save(LATTE, owner, foreignGroup)).status).toBe(404);
    const foreignChoice = latteGroups();
    foreignChoice.groups[0]!.choices[0]!.id = grillGroup!.sub;
    expect((await save(LATTE, owner, foreignChoice)).status).toBe(404);
    // A choice of this dish moved into another of its groups is refused too (ids stay with their group).
    const moved = latteGroups();
    moved.groups[0]!.choices[0]!.id = 4;
    expect((await save(LATTE, owner, moved)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("saves in order, keeps choice ids, removes what was left out, and purges the tenant", async () => {
    const version = await versionInKv("saffron");
    const res = await save(LATTE, manager, latteGroups());
    expect(res.status).toBe(200);
    expect(await versionInKv("saffron")).not.toBe(version);
    const groups = await catalogueRows(
      SAFFRON_ID,
      "SELECT id, name_en, required, min_choices, max_choices FROM options WHERE product_id = ? ORDER BY sort_num",
      LATTE,
    );
    expect(groups.map((g) => g.name_en)).toEqual(["Milk", "Size", "Syrup"]);
    expect(groups[0]).toMatchObject({ id: 3, required: 0, max_choices: 2 });
    expect(groups[1]).toMatchObject({ id: 2, required: 1, min_choices: 1 });
    const subs = await catalogueRows(
      SAFFRON_ID,
      "SELECT s.id, s.name_en, s.price_minor FROM sub_options s JOIN options o ON o.id = s.option_id WHERE o.product_id = ? ORDER BY o.sort_num, s.sort_num",
      LATTE,
    );
    expect(subs.map((s) => s.id).slice(0, 4)).toEqual([7, 8, 4, 5]);
    expect(subs[4]).toMatchObject({ name_en: "Vanilla", price_minor: 150 });
    // Left out: Full cream (6), the Extra shot group (4) and its choice (9).
    expect((await catalogueRow<{ n: number }>(SAFFRON_ID, "SELECT count(*) AS n FROM sub_options WHERE id IN (6, 9)"))!.n).toBe(0);
    expect((await catalogueRow<{ n: number }>(SAFFRON_ID, "SELECT count(*) AS n FROM options WHERE id = 4"))!.n).toBe(0);
    expect(await catalogueRow(SAFFRON_ID, "SELECT allergens, allergens_declared, tags FROM products WHERE id = ?", LATTE)).toEqual({
      allergens: 64,
      allergens_declared: 1,
      tags: 1,
    });
    // Pricing follows at once: Size is now required, Milk takes two.
    expect(await price([7, 8])).toEqual({ ok: false, errors: { "items.0.sub_option_id": ["required"] }, problems: [{ index: 0, reason: "options" }] });
    expect(await price([5, 7, 8, subs[4]!.id as number])).toMatchObject({ ok: true, total: base + 400 + 200 + 250 + 150 });
  });
});
