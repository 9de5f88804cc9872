// Menus by time of day (docs/decisions/0051) through the worker: the owner sets a
// menu's windows in the console (bad forms 422 beside the field, another restaurant's menu 404), the
// API answers them with the menu and refuses its dishes outside them (409 menu_closed, both ways of
// ordering), pricing at 08:00 and at 12:00 in the branch's zone, and a page that shows a menu is kept
// at the edge no longer than the menu's next opening or closing.
import { env, exports } from "cloudflare:workers";
import { bumpTenantVersion } from "../../worker/directory/versions";
import { beforeAll, describe, expect, it } from "vitest";
import { restaurantCall } from "../../worker/restaurant/stub";
import { catalogueOf, catalogueRow, catalogueRun, GRILL_ID } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, dinerToken, json } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";

const call = apiCaller(61);
const DUBAI = "Asia/Dubai";
const everyDay = ["0", "1", "2", "3", "4", "5", "6"];
/** Dubai wall time of an instant, "HH:MM" (the demo branches are in Dubai). */
const dubaiTime = (at: number) => new Intl.DateTimeFormat("en-GB", { timeZone: DUBAI, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
const dubai = (iso: string) => Date.parse(`${iso}+04:00`);

let owner: string;
let menuId: number;
let dish: { id: number };

/** A card payment of `items` (JSON text) at saffron's first branch, as the cart starts one. */
const paymentOf = (items: string) => ({
  domain: "saffron",
  branch_id: 1,
  items,
  nameCustomer: "Omar",
  phoneCustomer: "0509876543",
  success_url: "http://localhost/saffron/1/orders",
  cancel_url: "http://localhost/saffron/1/cart",
});
const post = (cookie: string, fields: Record<string, string | string[]>) => consolePost("/console/menu", cookie, fields);
const serve = (fields: Record<string, string | string[]>, id = menuId) =>
  post(owner, { intent: "menu-served", form: `served-${id}`, id: String(id), ...fields });
const storedServed = async (id = menuId, restaurant = SAFFRON_ID) =>
  (await catalogueRow<{ served: string | null }>(restaurant, "SELECT served FROM menus WHERE id = ?", id))!.served;

beforeAll(async () => {
  owner = (await seedMember(SAFFRON_ID, "owner")).cookie;
  dish = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id
     WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 AND p.id NOT IN (SELECT product_id FROM options WHERE required = 1) ORDER BY p.id LIMIT 1`,
  ))!;
  menuId = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT c.menu_id AS id FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ?",
    dish.id,
  ))!.id;
});

describe("a menu's windows in the console", () => {
  it("saves breakfast on every day, and the API answers it with the menu", async () => {
    const res = await serve({ served: "times", day: everyDay, opens: "07:00", closes: "11:30", from: "", until: "" });
    expect(res.status).toBe(200);
    expect(JSON.parse((await storedServed())!)).toEqual({
      weekly: everyDay.map((d) => ({ day: Number(d), opens: "07:00", closes: "11:30" })),
      from: null,
      until: null,
    });
    const menu = (await json(await call("/getMenu", { domain: "saffron", branch_id: 1, visit: 0 }))).data.menu.find((m: { id: number }) => m.id === menuId);
    expect(menu.served.weekly).toHaveLength(7);
  });

  it("refuses a form without days, with equal times or with dates the wrong way round, beside the field (422), and changes nothing", async () => {
    const before = await storedServed();
    const cases: [Record<string, string | string[]>, string][] = [
      [{ served: "times", opens: "07:00", closes: "11:30" }, "Choose at least one day."],
      [{ served: "times", day: ["1"], opens: "07:00", closes: "07:00" }, "From and to must differ."],
      [{ served: "times", day: ["1"], opens: "7am", closes: "11:30" }, "Give a time as HH:MM."],
      [
        { served: "times", day: ["1"], opens: "18:00", closes: "21:00", from: "2027-03-09", until: "2027-02-08" },
        "The last date must not be before the first.",
      ],
      [{ served: "times", day: ["9"], opens: "07:00", closes: "11:30" }, "Choose at least one day."],
    ];
    for (const [fields, message] of cases) {
      const res = await serve(fields);
      expect(res.status, message).toBe(422);
      // The page comes back with the message beside the field, the form open.
      expect(await res.text(), message).toContain(message);
    }
    expect(await storedServed()).toBe(before);
  });

  it("answers 404 for another restaurant's menu and leaves it alone", async () => {
    const grillMenu = (await catalogueRow<{ id: number }>(GRILL_ID, "SELECT id FROM menus ORDER BY id LIMIT 1"))!.id;
    expect((await serve({ served: "times", day: ["1"], opens: "07:00", closes: "11:30" }, grillMenu)).status).toBe(404);
    expect(await storedServed(grillMenu, GRILL_ID)).toBeNull();
  });

  it("stores a closing at 00:00 as midnight, and 'whenever the branch is open' as no windows", async () => {
    expect((await serve({ served: "times", day: ["5"], opens: "18:00", closes: "00:00", from: "2027-02-08", until: "2027-03-09" })).status).toBe(200);
    expect(JSON.parse((await storedServed())!)).toEqual({ weekly: [{ day: 5, opens: "18:00", closes: "24:00" }], from: "2027-02-08", until: "2027-03-09" });
    expect((await serve({ served: "always" })).status).toBe(200);
    expect(await storedServed()).toBeNull();
  });
});

describe("ordering a menu's dishes", () => {
  const line = () => [{ product_id: dish.id, amount: 1, sub_option_id: [], note: null }];
  const setServed = (served: unknown) =>
    catalogueRun(SAFFRON_ID, "UPDATE menus SET served = ? WHERE id = ?", served === null ? null : JSON.stringify(served), menuId);

  it("prices breakfast at 08:00 and refuses it at 12:00 in the branch's zone, naming the menu and its next opening", async () => {
    await setServed({ weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: "07:00", closes: "11:30" })), from: null, until: null });
    const branch = { id: 1, time_zone: DUBAI, currency: "AED", country: "AE" };
    expect(await restaurantCall(env, { id: SAFFRON_ID }, "priceItems", branch, line(), dubai("2026-11-26T08:00:00"))).toMatchObject({ ok: true });
    expect(await restaurantCall(env, { id: SAFFRON_ID }, "priceItems", branch, line(), dubai("2026-11-26T12:00:00"))).toEqual({
      ok: false,
      menuClosed: { menu_id: menuId, opens_at: dubai("2026-11-27T07:00:00") },
      problems: [{ index: 0, reason: "notServed" }],
    });
  });

  it("refuses storeOrder and orderPayment outside the window (409 menu_closed) and takes them inside it", async () => {
    const now = Date.now();
    const later = {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: dubaiTime(now + 2 * 3600_000), closes: dubaiTime(now + 3 * 3600_000) })),
      from: null,
      until: null,
    };
    await setServed(later);
    const items = JSON.stringify([{ product_id: dish.id, amount: 1 }]);
    const token = await dinerToken(call, "+971501237001");
    const stored = await call("/storeOrder", { domain: "saffron", branch_id: 1, items }, { authorization: `Bearer ${token}` });
    expect(stored.status).toBe(409);
    const body = await json(stored);
    expect(body.errorCode).toBe("menu_closed");
    expect(body.data.menu_id).toBe(menuId);
    expect(body.data.opens_at).toBeGreaterThan(now);
    const payment = paymentOf(items);
    const paying = await call("/orderPayment", payment);
    expect(paying.status).toBe(409);
    expect((await json(paying)).errorCode).toBe("menu_closed");

    await setServed({
      weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: dubaiTime(now - 3600_000), closes: dubaiTime(now + 3600_000) })),
      from: null,
      until: null,
    });
    expect((await call("/storeOrder", { domain: "saffron", branch_id: 1, items }, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call("/orderPayment", payment)).status).toBe(200);
    await setServed(null);
  });
});

describe("a page that shows a menu at the edge", () => {
  const sMaxAge = async (path: string) => {
    const res = await exports.default.fetch(`http://localhost${path}`, { headers: { "accept-language": "en" } });
    expect(res.status).toBe(200);
    return Number(/s-maxage=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1]);
  };

  it("is kept no longer than until the menu's window next opens or closes", async () => {
    await catalogueRun(SAFFRON_ID, "UPDATE menus SET served = NULL WHERE id = ?", menuId);
    // Written behind the console's back: the diner's caches miss from now on, as after a console save.
    await bumpTenantVersion(env, "saffron");
    expect(await sMaxAge("/saffron/1")).toBe(60);
    // A window that closes at the next minute's start: less than a minute away.
    const now = Date.now();
    const closesAt = Math.ceil((now + 1) / 60_000) * 60_000;
    await catalogueRun(
      SAFFRON_ID,
      "UPDATE menus SET served = ? WHERE id = ?",
      JSON.stringify({
        weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: dubaiTime(now - 3600_000), closes: dubaiTime(closesAt) })),
        from: null,
        until: null,
      }),
      menuId,
    );
    await bumpTenantVersion(env, "saffron");
    const seconds = await sMaxAge(`/saffron/1/${menuId}`);
    expect(seconds).toBeLessThan(60);
    expect(seconds).toBeLessThanOrEqual(Math.ceil((closesAt - now) / 1000));
    await catalogueRun(SAFFRON_ID, "UPDATE menus SET served = NULL WHERE id = ?", menuId);
  });
});

describe("a category's own windows, inside its menu's", () => {
  let categoryId: number;
  const breakfast = (opens: string, closes: string) => ({
    weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens, closes })),
    from: null,
    until: null,
  });
  const setCategory = (served: unknown, id = categoryId) =>
    catalogueRun(SAFFRON_ID, "UPDATE categories SET served = ? WHERE id = ?", served === null ? null : JSON.stringify(served), id);
  const storedCategory = async (id = categoryId, restaurant = SAFFRON_ID) =>
    (await catalogueRow<{ served: string | null }>(restaurant, "SELECT served FROM categories WHERE id = ?", id))!.served;
  const line = () => [{ product_id: dish.id, amount: 1, sub_option_id: [], note: null }];
  const branch = { id: 1, time_zone: DUBAI, currency: "AED", country: "AE" };

  beforeAll(async () => {
    categoryId = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT category_id AS id FROM products WHERE id = ?", dish.id))!.id;
  });

  it("is set in the console (422 beside the field, 404 for another restaurant's), and the API answers it with the menu and the category", async () => {
    const serveCategory = (fields: Record<string, string | string[]>, id = categoryId) =>
      post(owner, { intent: "category-served", form: `served-category-${id}`, id: String(id), ...fields });
    expect((await serveCategory({ served: "times", day: everyDay, opens: "07:00", closes: "11:30" })).status).toBe(200);
    expect(JSON.parse((await storedCategory())!)).toEqual(breakfast("07:00", "11:30"));
    const refused = await serveCategory({ served: "times", day: ["1"], opens: "07:00", closes: "07:00" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("From and to must differ.");
    const grillCategory = (await catalogueRow<{ id: number }>(GRILL_ID, "SELECT id FROM categories ORDER BY id LIMIT 1"))!.id;
    expect((await serveCategory({ served: "times", day: ["1"], opens: "07:00", closes: "11:30" }, grillCategory)).status).toBe(404);
    expect(await storedCategory(grillCategory, GRILL_ID)).toBeNull();

    const menus = (await json(await call("/getMenu", { domain: "saffron", branch_id: 1, visit: 0 }))).data.menu;
    const menu = menus.find((m: { id: number }) => m.id === menuId);
    expect(menu.served_categories).toEqual([{ id: categoryId, served: breakfast("07:00", "11:30") }]);
    expect(menus.filter((m: { id: number }) => m.id !== menuId).every((m: { served_categories: unknown[] }) => m.served_categories.length === 0)).toBe(true);
    const categories = (await json(await call("/getCategory", { domain: "saffron", menu_id: menuId, visit: 0 }))).data;
    expect(categories.find((c: { id: number }) => c.id === categoryId).served.weekly).toHaveLength(7);
    expect(categories.filter((c: { id: number }) => c.id !== categoryId).every((c: { served: unknown }) => c.served === null)).toBe(true);

    expect((await serveCategory({ served: "always" })).status).toBe(200);
    expect(await storedCategory()).toBeNull();
  });

  it("prices its dish at 08:00 and refuses it at 12:00 (category_closed, naming it) while the menu is served all day", async () => {
    await catalogueRun(SAFFRON_ID, "UPDATE menus SET served = NULL WHERE id = ?", menuId);
    await setCategory(breakfast("07:00", "11:30"));
    expect(await restaurantCall(env, { id: SAFFRON_ID }, "priceItems", branch, line(), dubai("2026-11-26T08:00:00"))).toMatchObject({ ok: true });
    expect(await restaurantCall(env, { id: SAFFRON_ID }, "priceItems", branch, line(), dubai("2026-11-26T12:00:00"))).toEqual({
      ok: false,
      menuClosed: { menu_id: menuId, category_id: categoryId, opens_at: dubai("2026-11-27T07:00:00") },
      problems: [{ index: 0, reason: "notServed" }],
    });
    await setCategory(null);
  });

  it("is served only inside its menu's windows: the menu's refusal comes first, and the category opens when both do", async () => {
    await catalogueRun(SAFFRON_ID, "UPDATE menus SET served = ? WHERE id = ?", JSON.stringify(breakfast("09:00", "12:00")), menuId);
    await setCategory(breakfast("07:00", "10:00"));
    // 08:00: the category's window, not the menu's.
    expect(await restaurantCall(env, { id: SAFFRON_ID }, "priceItems", branch, line(), dubai("2026-11-26T08:00:00"))).toEqual({
      ok: false,
      menuClosed: { menu_id: menuId, opens_at: dubai("2026-11-26T09:00:00") },
      problems: [{ index: 0, reason: "notServed" }],
    });
    expect(await restaurantCall(env, { id: SAFFRON_ID }, "priceItems", branch, line(), dubai("2026-11-26T09:30:00"))).toMatchObject({ ok: true });
    // 11:00: the menu's window, not the category's; it is next served when both are, tomorrow at 09:00.
    expect(await restaurantCall(env, { id: SAFFRON_ID }, "priceItems", branch, line(), dubai("2026-11-26T11:00:00"))).toEqual({
      ok: false,
      menuClosed: { menu_id: menuId, category_id: categoryId, opens_at: dubai("2026-11-27T09:00:00") },
      problems: [{ index: 0, reason: "notServed" }],
    });
    await catalogueRun(SAFFRON_ID, "UPDATE menus SET served = NULL WHERE id = ?", menuId);
    await setCategory(null);
  });

  it("refuses storeOrder and orderPayment outside it (409 category_closed) and takes them inside it", async () => {
    const now = Date.now();
    await setCategory(breakfast(dubaiTime(now + 2 * 3600_000), dubaiTime(now + 3 * 3600_000)));
    const items = JSON.stringify([{ product_id: dish.id, amount: 1 }]);
    const token = await dinerToken(call, "+971501237002");
    const stored = await call("/storeOrder", { domain: "saffron", branch_id: 1, items }, { authorization: `Bearer ${token}` });
    expect(stored.status).toBe(409);
    const body = await json(stored);
    expect(body.errorCode).toBe("category_closed");
    expect(body.data).toMatchObject({ menu_id: menuId, category_id: categoryId });
    expect(body.data.opens_at).toBeGreaterThan(now);
    const payment = paymentOf(items);
    const paying = await call("/orderPayment", payment);
    expect(paying.status).toBe(409);
    expect((await json(paying)).errorCode).toBe("category_closed");
    await setCategory(breakfast(dubaiTime(now - 3600_000), dubaiTime(now + 3600_000)));
    expect((await call("/storeOrder", { domain: "saffron", branch_id: 1, items }, { authorization: `Bearer ${token}` })).status).toBe(200);
    await setCategory(null);
  });

  it("keeps a page that shows its dishes at the edge no longer than until its window next changes, and holds its dishes there", async () => {
    const now = Date.now();
    const closesAt = Math.ceil((now + 1) / 60_000) * 60_000;
    await setCategory(breakfast(dubaiTime(now - 3600_000), dubaiTime(closesAt)));
    await bumpTenantVersion(env, "saffron");
    const page = await exports.default.fetch(`http://localhost/saffron/1/${menuId}?category=${categoryId}`, { headers: { "accept-language": "en" } });
    expect(page.status).toBe(200);
    const seconds = Number(/s-maxage=(\d+)/.exec(page.headers.get("cache-control") ?? "")?.[1]);
    expect(seconds).toBeLessThan(60);
    expect(seconds).toBeLessThanOrEqual(Math.ceil((closesAt - now) / 1000));
    // Its dishes ask the category's windows (key c{id}), which the page's data carries; served now: they can be added.
    const html = await page.text();
    expect(html).toContain(`\\"c${categoryId}\\"`);
    expect(html).not.toContain('data-testid="menu-not-served"');
    const addButtons = (text: string) => [...text.matchAll(/<button[^>]*aria-label="Add [^"]*"[^>]*>/g)].map((m) => m[0]);
    const isDisabled = (button: string) => /\sdisabled(=""|\s|>)/.test(button);
    expect(addButtons(html).length).toBeGreaterThan(0);
    expect(
      addButtons(html).some((b) => !isDisabled(b)),
      addButtons(html).join("\n"),
    ).toBe(true);
    // Outside it: the notice says when it is served.
    await setCategory(breakfast(dubaiTime(now + 2 * 3600_000), dubaiTime(now + 3 * 3600_000)));
    await bumpTenantVersion(env, "saffron");
    const closed = await exports.default.fetch(`http://localhost/saffron/1/${menuId}?category=${categoryId}`, { headers: { "accept-language": "en" } });
    const text = await closed.text();
    expect(text).toContain('data-testid="menu-not-served"');
    expect(text).toContain(`Served \u2066${dubaiTime(now + 2 * 3600_000)}–${dubaiTime(now + 3 * 3600_000)}\u2069`);
    expect(addButtons(text).length).toBeGreaterThan(0);
    expect(addButtons(text).every(isDisabled), addButtons(text).join("\n")).toBe(true);
    await setCategory(null);
  });

  it("travels with its menu when the menu is copied to another branch", async () => {
    await setCategory(breakfast("07:00", "11:30"));
    expect((await post(owner, { intent: "menu-copy", id: String(menuId), branch: "2" })).status).toBe(200);
    const copied = await catalogueRow<{ served: string | null }>(
      SAFFRON_ID,
      "SELECT c.served FROM categories c JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 2 AND c.name_en = (SELECT name_en FROM categories WHERE id = ?) ORDER BY c.id DESC LIMIT 1",
      categoryId,
    );
    expect(JSON.parse(copied!.served!)).toEqual(breakfast("07:00", "11:30"));
    await setCategory(null);
  });
});
