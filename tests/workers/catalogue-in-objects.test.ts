// Each restaurant's catalogue lives in its own object (docs/decisions/0045): asserted on the objects
// themselves. An object takes its restaurant's old D1 rows once, on its first catalogue call (even 50 at
// once), and never another restaurant's; new branch ids stay unique across restaurants; order-status
// keys are issued into the object by the admin endpoint.
import { createExecutionContext, env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { restaurantObject } from "../../worker/restaurant/stub";
import { GRILL_ID } from "./catalogue";
import { objectStore } from "./object-store";
import { apiCaller, json } from "./helpers";
import { restaurantRows, SAFFRON_ID } from "./restaurant-rows";
import { TEST_SECRETS } from "./secrets";

const call = apiCaller(31);
const site = (path: string, init: RequestInit = {}) => worker.fetch(new Request(`http://localhost${path}`, init), env, createExecutionContext());
const ids = async (restaurantId: number, table: string) =>
  (await restaurantRows<{ id: number }>(restaurantId, `SELECT id FROM ${table} ORDER BY id`)).map((r) => r.id);

/** A restaurant written the old way, straight into D1's catalogue tables (what a deploy from before the move holds). */
async function oldRestaurant(domain: string) {
  const id = (await env.DB.prepare("INSERT INTO restaurants (domain, name_en, name_ar) VALUES (?, 'Old', 'قديم') RETURNING id")
    .bind(domain)
    .first<{ id: number }>())!.id;
  const branch = (await env.DB.prepare("INSERT INTO branches (restaurant_id, name_en, name_ar, active_order) VALUES (?, 'Main', 'الرئيسي', 1) RETURNING id")
    .bind(id)
    .first<{ id: number }>())!.id;
  const menu = (await env.DB.prepare("INSERT INTO menus (branch_id, name_en, name_ar) VALUES (?, 'Menu', 'القائمة') RETURNING id")
    .bind(branch)
    .first<{ id: number }>())!.id;
  const category = (await env.DB.prepare("INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Mains', 'رئيسي') RETURNING id")
    .bind(menu)
    .first<{ id: number }>())!.id;
  await env.DB.prepare("INSERT INTO products (category_id, name_en, name_ar, price) VALUES (?, 'Soup', 'شوربة', 12), (?, 'Bread', 'خبز', 3)")
    .bind(category, category)
    .run();
  return { id, branch, menu, category };
}

describe("the catalogue in the restaurant's object", () => {
  it("two restaurants' catalogues are in two objects that never meet", async () => {
    expect((await call("/getBranch", { domain: "saffron" })).status).toBe(200);
    expect((await call("/getBranch", { domain: "grill-house" })).status).toBe(200);
    const saffron = { branches: await ids(SAFFRON_ID, "branches"), products: await ids(SAFFRON_ID, "products") };
    const grill = { branches: await ids(GRILL_ID, "branches"), products: await ids(GRILL_ID, "products") };
    expect(saffron.branches).toEqual([1, 2]);
    expect(grill.branches).toEqual([3]);
    expect(saffron.products.length).toBeGreaterThan(10);
    expect(grill.products.length).toBeGreaterThan(5);
    expect(saffron.products.filter((p) => grill.products.includes(p))).toEqual([]);
    // Every row in an object is its own restaurant's.
    expect(await restaurantRows(GRILL_ID, "SELECT id FROM branches WHERE restaurant_id != ?", GRILL_ID)).toEqual([]);
    // A menu of saffron's asked of grill-house is no menu of grill-house's.
    expect((await json(await call("/getCategory", { domain: "grill-house", menu_id: 1, visit: 0 }))).data).toEqual([]);
  });

  it("an object takes its restaurant's old rows once, even on 50 first calls at once, and later D1 rows are not its", async () => {
    const old = await oldRestaurant("old-tavern");
    const answers = await Promise.all(Array.from({ length: 50 }, () => call("/getMenu", { domain: "old-tavern", branch_id: old.branch, visit: 0 })));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await json(answers[0]!)).data.menu.map((m: { id: number }) => m.id)).toEqual([old.menu]);
    expect(await ids(old.id, "products")).toHaveLength(2);
    // A row written to D1 afterwards is nobody's: the object is where the catalogue lives now.
    await env.DB.prepare("INSERT INTO products (category_id, name_en, name_ar, price) VALUES (?, 'Late', 'متأخر', 1)").bind(old.category).run();
    expect((await json(await call("/getProduct", { domain: "old-tavern", category_id: old.category, visit: 0 }))).data).toHaveLength(2);
    // Its branch is in the directory's list, so the calls that name only a branch find it.
    expect((await call(`/getProductCommon/${old.branch}`)).status).toBe(200);
  });

  it("a new restaurant's first branch gets an id no other restaurant has, found by the branch-only calls", async () => {
    const before = (await env.DB.prepare("SELECT max(id) AS n FROM branch_ids").first<{ n: number }>())!.n;
    const { createRestaurant } = await import("../../worker/console/signup");
    const made = await createRestaurant(env, {
      domain: "new-branch-id",
      name_en: "New",
      name_ar: "جديد",
      country: "SA",
      plan: "monthly",
      provider: "demo",
      owner: { phone: "+966500000777", name: "Owner" },
    });
    if (typeof made === "string") throw new Error(made);
    const [branch] = await ids(made.restaurantId, "branches");
    expect(branch).toBeGreaterThan(before);
    expect((await env.DB.prepare("SELECT restaurant_id FROM branch_ids WHERE id = ?").bind(branch).first<{ restaurant_id: number }>())?.restaurant_id).toBe(
      made.restaurantId,
    );
    expect(await restaurantRows(made.restaurantId, "SELECT name_en FROM menus")).toEqual([{ name_en: "Menu" }]);
  });
});

describe("one restaurant's object failing", () => {
  it("leaves another restaurant's answers and orders unaffected", async () => {
    const old = await oldRestaurant("broken-bistro");
    expect((await call("/getBranch", { domain: "broken-bistro" })).status).toBe(200);
    // Its object's storage breaks for real (its catalogue table gone): its calls fail, as a failing object's would.
    await runInDurableObject(restaurantObject(env, { id: old.id }), (_o, state) => state.storage.sql.exec("DROP TABLE socials").toArray());
    const broken = await call("/getBranch", { domain: "broken-bistro" });
    expect(broken.status).toBe(503);
    expect((await json(broken)).errorCode).toBe("unavailable");
    // Saffron is served as before, menus and an order by SMS code alike.
    expect((await call("/getMenu", { domain: "saffron", branch_id: 1, visit: 0 })).status).toBe(200);
    const phone = "0501112233";
    expect((await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Lina", phone })).status).toBe(200);
    const code = /(\d{6})/.exec((await json(await call(`/dev/outbox?phone=${phone}`))).data[0].body)![1]!;
    const verified = await json(await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Lina", phone, otp_code: code }));
    const items = JSON.stringify([{ product_id: (await ids(SAFFRON_ID, "products"))[0], amount: 1, sub_option_id: [], note: "" }]);
    const order = await call("/storeOrder", { domain: "saffron", branch_id: 1, items }, { authorization: `Bearer ${verified.data.token}` });
    expect(order.status).toBe(200);
  });

  it("takes the brand from the directory's row once, also into an object that took the rest of its catalogue before the brand moved", async () => {
    const old = await oldRestaurant("brand-cafe");
    await env.DB.prepare("UPDATE restaurants SET style_primary = '#123456', style_on_primary = '#fafafa', logo = ?, description_en = 'Since 1990' WHERE id = ?")
      .bind(`pictures/${old.id}/${"a".repeat(64)}.png`, old.id)
      .run();
    // The object as the version before left it: the first 11 parts taken, no brand row, no part count.
    const stub = restaurantObject(env, { id: old.id });
    await objectStore(old.id).batch([]);
    await runInDurableObject(stub, (_object, state) => {
      state.storage.sql.exec("DELETE FROM brand");
      state.storage.kv.delete("catalogue-parts");
    });
    const shown = async () => (await json(await call("/getBranch", { domain: "brand-cafe" }))).data;
    const first = await shown();
    expect(first.style).toMatchObject({ primary: "#123456", onPrimary: "#fafafa" });
    expect(first.restaurant).toMatchObject({ logo: `pictures/${old.id}/${"a".repeat(64)}.png`, description_en: "Since 1990" });
    expect(await restaurantRows(old.id, "SELECT restaurant_id, style_primary FROM brand")).toEqual([{ restaurant_id: old.id, style_primary: "#123456" }]);
    // From now on the look is the object's: the directory's old columns are nobody's.
    await env.DB.prepare("UPDATE restaurants SET style_primary = '#654321', logo = NULL WHERE id = ?").bind(old.id).run();
    const later = await shown();
    expect(later.style.primary).toBe("#123456");
    expect(later.restaurant.logo).toBe(first.restaurant.logo);
  });
});

describe("order-status keys, issued into the restaurant's object", () => {
  const issue = (domain: string, headers: Record<string, string>) =>
    site(`/_edge/restaurants/${domain}/keys`, {
      method: "POST",
      body: JSON.stringify({ label: "kitchen" }),
      headers: { "content-type": "application/json", ...headers },
    });

  it("answers the key once, stores only its hash, and refuses without the admin secret or for nobody", async () => {
    const res = await issue("saffron", { authorization: `Bearer ${TEST_SECRETS.ADMIN_SECRET}` });
    expect(res.status).toBe(200);
    const { key } = await json(res);
    expect(key).toMatch(/^rk_/);
    const stored = await restaurantRows<{ key_hash: string; label: string }>(SAFFRON_ID, "SELECT key_hash, label FROM restaurant_keys WHERE label = 'kitchen'");
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key_hash).not.toContain(key);
    // The key is saffron's: it moves saffron's orders' status (an unknown order is a 404, not a 401).
    expect((await call("/orderStatus", { domain: "saffron", order_id: 999_999, status: 1 }, { "x-restaurant-key": key })).status).toBe(404);
    expect((await call("/orderStatus", { domain: "grill-house", order_id: 999_999, status: 1 }, { "x-restaurant-key": key })).status).toBe(401);
    expect((await issue("saffron", { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await issue("nobody-here", { authorization: `Bearer ${TEST_SECRETS.ADMIN_SECRET}` })).status).toBe(404);
  });
});
