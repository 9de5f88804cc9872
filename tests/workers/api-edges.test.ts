// The embedded API's edges: refusals on every call, Laravel's validation codes, unknown ids,
// exact quirk values, the typed Hono client (literal "&" in paths) and visit scoping.
import { env } from "cloudflare:workers";
import { hc } from "hono/client";
import { beforeAll, describe, expect, it } from "vitest";
import { apiApp, type ApiType } from "../../worker/contract/catalogue";
import { catalogueRow, catalogueRows, GRILL_ID } from "./catalogue";
import { SAFFRON_ID } from "./restaurant-rows";

const post = (path: string, body: unknown, type = "application/json") =>
  apiApp.request(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": type } }, env);
const get = (path: string) => apiApp.request(path, {}, env);
const json = async (res: { json(): Promise<unknown> }) => (await res.json()) as any;
const one = async <T>(restaurant: number, sql: string, ...args: unknown[]) => (await catalogueRow<T>(restaurant, sql, ...args))!;
const IN_BRANCH = "FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ?";

let latte: { id: number; price: number; category_id: number };
let grillMenu: number;

beforeAll(async () => {
  latte = await one(SAFFRON_ID, `SELECT p.id, p.price_minor / 100.0 AS price, p.category_id ${IN_BRANCH} AND p.name_en = 'Saffron Latte'`, 1);
  grillMenu = (await one<{ id: number }>(GRILL_ID, "SELECT id FROM menus WHERE branch_id = 3")).id;
});

describe("refusals", () => {
  it("answers 403 Restaurant is not active on every call of the inactive restaurant", async () => {
    const closed = { domain: "closed-bistro" };
    const calls = [
      post("/getBranch", closed),
      post("/getMenu", { ...closed, branch_id: 4 }),
      post("/getCategory", { ...closed, menu_id: 1 }),
      post("/getProduct", { ...closed, category_id: 1 }),
      post("/getProductById/1&0", closed),
      post("/getOption", { ...closed, product_id: 1 }),
      post("/getStyle", closed),
      post("/getSocialMedia", closed),
      get("/getProductCommon/4"),
      get("/getProductNew/4"),
      get("/getProductPriceOffer/4"),
      get("/getProductPriceOffer/4&closed-bistro"),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Restaurant is not active" });
    }
  });

  it("answers 403 Branch not found for an unknown branch on the GET calls", async () => {
    for (const path of [
      "/getProductCommon/9999",
      "/getProductNew/9999",
      "/getProductPriceOffer/9999",
      "/getProductPriceOffer/9999&saffron",
      "/getProductPriceOffer/3&saffron",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ error: "Branch not found" });
    }
  });

  it("gives Laravel's field codes on 422", async () => {
    expect(await json(await post("/getBranch", {}))).toEqual({ errors: { domain: ["required"] }, errorCode: 0, data: [] });
    expect((await json(await post("/getMenu", { domain: "saffron", branch_id: "abc" }))).errors).toEqual({ branch_id: ["integer"] });
    expect((await json(await post("/getProduct", { domain: "saffron", category_id: 1.5 }))).errors).toEqual({ category_id: ["integer"] });
    expect((await json(await post("/getBranch", "{not json"))).errors).toEqual({ body: ["json"] });
    expect((await post("/getBranch", "", "application/json")).status).toBe(422);
    expect((await post("/getOption", { domain: "saffron", product_id: -3 })).status).toBe(422);
  });
});

describe("unknown ids of a valid restaurant (a Laravel where)", () => {
  it("lists nothing, and getProductById answers 404", async () => {
    expect((await json(await post("/getCategory", { domain: "saffron", menu_id: 99999 }))).data).toEqual([]);
    expect((await json(await post("/getCategory", { domain: "saffron", menu_id: grillMenu }))).data).toEqual([]);
    expect((await json(await post("/getProduct", { domain: "saffron", category_id: 99999 }))).data).toEqual([]);
    expect((await json(await post("/getOption", { domain: "saffron", product_id: 99999 }))).data).toEqual([]);
    const res = await post("/getProductById/99999&1", { domain: "saffron" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Product not found" });
  });

  it("does not count a visit on another restaurant's menu", async () => {
    const before = (await one<{ n: number }>(GRILL_ID, "SELECT num_visit AS n FROM menus WHERE id = ?", grillMenu)).n;
    await post("/getCategory", { domain: "saffron", menu_id: grillMenu, visit: 1 });
    expect((await one<{ n: number }>(GRILL_ID, "SELECT num_visit AS n FROM menus WHERE id = ?", grillMenu)).n).toBe(before);
  });
});

describe("quirk values", () => {
  it("prices as two-decimal text and 0/1 flags on getProductCommon, booleans and numbers elsewhere", async () => {
    const raw = (await json(await get("/getProductCommon/1"))).data.find((p: { id: number }) => p.id === latte.id);
    expect(raw).toMatchObject({ price: latte.price.toFixed(2), price_offer: "0.00", new: 1, common: 1, hidden: 0, unavailable: 0 });
    const full = (await json(await post(`/getProductById/${latte.id}&0`, { domain: "saffron" }))).data;
    expect(full).toMatchObject({
      id: latte.id,
      price: latte.price,
      price_offer: 0,
      new: true,
      common: true,
      hidden: false,
      category_id: latte.category_id,
      menu_id: expect.any(Number),
    });
    expect(full).toHaveProperty("sortNum");
    expect(full).toHaveProperty("num_visit");
  });

  it("keeps hidden and unavailable products in the lists", async () => {
    const hidden = await one<{ category_id: number; id: number }>(SAFFRON_ID, `SELECT p.id, p.category_id ${IN_BRANCH} AND p.hidden = 1`, 1);
    const data = (await json(await post("/getProduct", { domain: "saffron", category_id: hidden.category_id }))).data;
    expect(data.find((p: { id: number }) => p.id === hidden.id)).toMatchObject({ hidden: true });
  });

  it("getOption: priced sub-options of the product's options", async () => {
    const data = (await json(await post("/getOption", { domain: "saffron", product_id: latte.id }))).data;
    expect(data.map((o: { NameOption_en: string }) => o.NameOption_en)).toEqual(["Size", "Milk", "Extra shot"]);
    expect(data[1]).toMatchObject({ NameOption_ar: "الحليب" });
    expect(data[1].subOption.find((s: { name_en: string }) => s.name_en === "Oat")).toMatchObject({ price: 2, option_id: expect.any(Number) });
  });

  it("offers: exactly the branch's products with price_offer > 0, and its section images", async () => {
    const data = (await json(await get("/getProductPriceOffer/1&saffron"))).data;
    const ids = (await catalogueRows<{ id: number }>(SAFFRON_ID, `SELECT p.id ${IN_BRANCH} AND p.offer_minor > 0`, 1)).map((r) => r.id);
    expect(data.offer.map((p: { id: number }) => p.id).sort()).toEqual(ids.sort());
    expect(data).toMatchObject({ image_offer: "sections/saffron/offers.svg", image_new: "sections/saffron/new.svg", image_common: null });
    const grill = (await json(await get("/getProductPriceOffer/3"))).data;
    expect(grill.image_common).toBe("sections/grill-house/popular.svg");
  });

  it("branches: active_order and payment_mode as the seed sets them", async () => {
    const data = (await json(await post("/getBranch", { domain: "saffron" }))).data;
    expect(data.branch.map((b: { payment_mode: string; active_order: number }) => [b.active_order, b.payment_mode])).toEqual([
      [1, "both"],
      [1, "otp"],
    ]);
    const grill = (await json(await post("/getMenu", { domain: "grill-house", branch_id: 3 }))).data;
    expect(grill.branch.active_order).toBe(0);
  });
});

describe("bodies and the typed client", () => {
  it("takes multipart forms like the Laravel backend", async () => {
    const form = new FormData();
    form.set("domain", "saffron");
    form.set("menu_id", "1");
    const res = await apiApp.request("/getCategory", { method: "POST", body: form }, env);
    expect((await json(res)).data.length).toBeGreaterThan(0);
  });

  it("works through hc<ApiType>, with a literal & in the path", async () => {
    const client = hc<ApiType>("http://api.test", { fetch: (input: RequestInfo | URL, init?: RequestInit) => apiApp.request(input, init, env) });
    const branches = await client.getBranch.$post({ json: { domain: "saffron" } });
    expect(branches.status).toBe(200);
    const before = (await one<{ n: number }>(SAFFRON_ID, "SELECT num_visit AS n FROM products WHERE id = ?", latte.id)).n;
    const product = await client.getProductById[":ref"].$post({ param: { ref: `${latte.id}&1` }, json: { domain: "saffron" } });
    expect((await json(product)).data.id).toBe(latte.id);
    expect((await one<{ n: number }>(SAFFRON_ID, "SELECT num_visit AS n FROM products WHERE id = ?", latte.id)).n).toBe(before + 1);
    await client.getProductById[":ref"].$post({ param: { ref: `${latte.id}&0` }, json: { domain: "saffron" } });
    expect((await one<{ n: number }>(SAFFRON_ID, "SELECT num_visit AS n FROM products WHERE id = ?", latte.id)).n).toBe(before + 1);
    const offers = await client.getProductPriceOffer[":ref"].$get({ param: { ref: "1&saffron" } });
    expect((await json(offers)).data.offer.length).toBeGreaterThan(0);
  });
});
