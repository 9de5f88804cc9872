// The embedded API against the contract (docs/CONTRACT.md): envelopes, shapes, quirks and errors.
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { apiApp } from "../../worker/contract/catalogue";
import { catalogueRow, GRILL_ID } from "./catalogue";
import { SAFFRON_ID } from "./restaurant-rows";

const post = (path: string, body: unknown, type = "application/json") =>
  apiApp.request(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": type } }, env);
const get = (path: string) => apiApp.request(path, {}, env);
const envelope = async (res: Response) => {
  expect(res.status).toBe(200);
  const json = (await res.json()) as { errors: unknown; errorCode: unknown; data: any };
  expect(json.errors).toEqual([]);
  expect(json.errorCode).toBe("");
  return json.data;
};

const Bool = v.boolean();
const Flag01 = v.picklist([0, 1]);
const ProductShape = v.looseObject({
  id: v.number(),
  category_id: v.number(),
  name_en: v.string(),
  name_ar: v.string(),
  price: v.number(),
  price_offer: v.number(),
  new: Bool,
  common: Bool,
  hidden: Bool,
  unavailable: Bool,
  image: v.string(),
  sortNum: v.number(),
  num_visit: v.number(),
  option: v.array(
    v.looseObject({
      id: v.number(),
      name_en: v.string(),
      name_ar: v.string(),
      subOption: v.array(v.looseObject({ id: v.number(), option_id: v.number(), price: v.number() })),
    }),
  ),
});
const RawProductShape = v.looseObject({
  id: v.number(),
  new: Flag01,
  common: Flag01,
  hidden: Flag01,
  unavailable: Flag01,
  price: v.pipe(v.string(), v.decimal()),
});

let branchId: number;
let menuId: number;
let categoryId: number;
let optionProduct: number;

beforeAll(async () => {
  branchId = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT id FROM branches WHERE restaurant_id = 1 ORDER BY id"))!.id;
  menuId = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT id FROM menus WHERE branch_id = ? ORDER BY sort_num", branchId))!.id;
  categoryId = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT id FROM categories WHERE menu_id = ? ORDER BY sort_num", menuId))!.id;
  optionProduct = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT product_id AS id FROM options ORDER BY id"))!.id;
});

describe("catalogue calls", () => {
  it("getBranch: restaurant, branches, style and all seven social types", async () => {
    const data = await envelope(await post("/getBranch", { domain: "saffron" }));
    expect(data.restaurant).toMatchObject({ name_en: "Saffron Café", currency: "AED", domin: "saffron" });
    expect(data.branch).toHaveLength(2);
    expect(data.branch.every((b: { active_order: number }) => b.active_order === 1)).toBe(true);
    expect(Object.keys(data.style)).toEqual(expect.arrayContaining(["primary", "onPrimary", "background", "onBackground"]));
    expect(new Set(data.social.map((s: { type: number }) => s.type))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
  });

  it("getMenu: the branch with its menus, and a form body works too", async () => {
    const data = await envelope(await post("/getMenu", `domain=saffron&branch_id=${branchId}&visit=0`, "application/x-www-form-urlencoded"));
    expect(data.branch.id).toBe(branchId);
    expect(data.menu.length).toBeGreaterThanOrEqual(4);
    expect(data.menu[0]).toMatchObject({ name_en: expect.any(String), name_ar: expect.any(String), image: expect.stringMatching(/\.svg$/) });
  });

  it("getCategory and getProduct: sorted lists with nested priced options", async () => {
    const categories = await envelope(await post("/getCategory", { domain: "saffron", menu_id: menuId, visit: 0 }));
    expect(categories.length).toBeGreaterThan(0);
    const products = await envelope(await post("/getProduct", { domain: "saffron", category_id: String(categoryId), visit: "0" }));
    for (const product of products) v.parse(ProductShape, product);
    const sorted = [...products].sort((a: { sortNum: number }, b: { sortNum: number }) => a.sortNum - b.sortNum);
    expect(products).toEqual(sorted);
  });

  it("has a believable catalogue: 60+ products in 8+ categories, hidden, unavailable, offers, new and popular", async () => {
    const count = async (sql: string) => (await catalogueRow<{ n: number }>(SAFFRON_ID, sql))!.n;
    const inBranch = `FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ${branchId}`;
    expect(await count(`SELECT count(*) AS n ${inBranch}`)).toBeGreaterThanOrEqual(60);
    expect(await count(`SELECT count(DISTINCT c.id) AS n ${inBranch}`)).toBeGreaterThanOrEqual(8);
    for (const flag of ["p.hidden = 1", "p.unavailable = 1", "p.offer_minor > 0", "p.is_new = 1", "p.common = 1"]) {
      expect(await count(`SELECT count(*) AS n ${inBranch} AND ${flag}`), flag).toBeGreaterThan(0);
    }
  });

  it("getProductById: the literal & path, and 404 for another restaurant's product", async () => {
    const data = await envelope(await post(`/getProductById/${optionProduct}&0`, { domain: "saffron" }));
    v.parse(ProductShape, data);
    expect(data.option.length).toBeGreaterThan(0);
    const grillProduct = (await catalogueRow<{ id: number }>(
      GRILL_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3",
    ))!.id;
    expect((await post(`/getProductById/${grillProduct}&0`, { domain: "saffron" })).status).toBe(404);
  });

  it("getOption answers NameOption_en/NameOption_ar", async () => {
    const data = await envelope(await post("/getOption", { domain: "saffron", product_id: optionProduct }));
    expect(data[0]).toMatchObject({ NameOption_en: expect.any(String), NameOption_ar: expect.any(String), subOption: expect.any(Array) });
  });

  it("getStyle and getSocialMedia", async () => {
    const style = await envelope(await post("/getStyle", { domain: "grill-house" }));
    expect(style.style.primary).toBe("#b91c1c");
    const social = await envelope(await post("/getSocialMedia", { domain: "grill-house" }));
    expect(social.length).toBeGreaterThan(0);
  });

  it("getProductCommon and getProductNew: 0/1 flags and prices as text", async () => {
    for (const path of [`/getProductCommon/${branchId}`, `/getProductNew/${branchId}`]) {
      const data = await envelope(await get(path));
      expect(data.length).toBeGreaterThan(0);
      for (const product of data) v.parse(RawProductShape, product);
    }
  });

  it("getProductPriceOffer in both forms", async () => {
    const withDomain = await envelope(await get(`/getProductPriceOffer/${branchId}&saffron`));
    const older = await envelope(await get(`/getProductPriceOffer/${branchId}`));
    expect(withDomain).toEqual(older);
    expect(withDomain.offer.every((p: { price_offer: number }) => p.price_offer > 0)).toBe(true);
    expect(withDomain.new.every((p: { new: boolean }) => p.new)).toBe(true);
    expect(withDomain.common.length).toBeGreaterThan(0);
    expect(withDomain).toHaveProperty("image_offer");
    expect((await get(`/getProductPriceOffer/${branchId}&grill-house`)).status).toBe(403);
  });
});

describe("errors", () => {
  it("403 for an inactive or unknown restaurant, without the envelope", async () => {
    for (const domain of ["closed-bistro", "nowhere"]) {
      const res = await post("/getBranch", { domain });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Restaurant is not active" });
    }
    expect((await get("/getProductCommon/4")).status).toBe(403);
  });

  it("403 Branch not found for another restaurant's branch", async () => {
    const res = await post("/getMenu", { domain: "saffron", branch_id: 3, visit: 0 });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Branch not found" });
  });

  it.each([
    ["missing domain", "/getBranch", {}],
    ["non-numeric id", "/getMenu", { domain: "saffron", branch_id: "abc" }],
    ["bad visit", "/getMenu", { domain: "saffron", branch_id: 1, visit: 7 }],
    ["malformed JSON", "/getBranch", "{not json"],
  ])("422 in Laravel's shape for %s", async (_, path, body) => {
    const res = await post(path, body);
    expect(res.status).toBe(422);
    const json = (await res.json()) as { errors: Record<string, string[]>; errorCode: number; data: unknown[] };
    expect(json.errorCode).toBe(0);
    expect(json.data).toEqual([]);
    expect(Object.keys(json.errors).length).toBeGreaterThan(0);
  });

  it("422 for a malformed path reference", async () => {
    expect((await post("/getProductById/12", { domain: "saffron" })).status).toBe(422);
    expect((await get("/getProductNew/x")).status).toBe(422);
  });
});

describe("visit counting", () => {
  const visits = async (table: string, id: number) =>
    (await catalogueRow<{ n: number }>(SAFFRON_ID, `SELECT num_visit AS n FROM ${table} WHERE id = ?`, id))!.n;

  it("counts a visit when visit is 1 and not when it is 0", async () => {
    const cases: [string, string, Record<string, unknown>, number][] = [
      ["branches", "/getMenu", { domain: "saffron", branch_id: branchId }, branchId],
      ["menus", "/getCategory", { domain: "saffron", menu_id: menuId }, menuId],
      ["categories", "/getProduct", { domain: "saffron", category_id: categoryId }, categoryId],
    ];
    for (const [table, path, body, id] of cases) {
      const before = await visits(table, id);
      await post(path, { ...body, visit: 0 });
      expect(await visits(table, id), table).toBe(before);
      await post(path, { ...body, visit: 1 });
      expect(await visits(table, id), table).toBe(before + 1);
    }
    const before = await visits("products", optionProduct);
    await post(`/getProductById/${optionProduct}&1`, { domain: "saffron" });
    expect(await visits("products", optionProduct)).toBe(before + 1);
  });
});
