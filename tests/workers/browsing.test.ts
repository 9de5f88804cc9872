// The branch screens inside workerd: loaders, parallel upstream use, table routes, the doubled
// offers path, visit cookies, hidden products and bad params.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueRow, catalogueRows } from "./catalogue";

const get = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);
const timing = (res: Response) => res.headers.get("server-timing") ?? "";

interface Ids {
  restaurant: number;
  branch: number;
  otherBranch: number;
  menu: number;
  category: number;
  hidden: { id: number; name: string; category: number };
  visible: { id: number; name: string };
  grillBranch: number;
  grillMenu: number;
}
let ids: Ids;

beforeAll(async () => {
  // The directory names the restaurant; its catalogue holds the rest.
  const restaurantOf = async (domain: string) => (await env.DB.prepare("SELECT id FROM restaurants WHERE domain = ?").bind(domain).first<{ id: number }>())!.id;
  const saffron = await restaurantOf("saffron");
  const grill = await restaurantOf("grill-house");
  const q = <T>(sql: string, ...args: unknown[]) => catalogueRow<T>(saffron, sql, ...args);
  const branches = await catalogueRows<{ id: number }>(saffron, "SELECT id FROM branches WHERE restaurant_id = ? ORDER BY id", saffron);
  const branch = branches[0]!.id;
  const menu = (await q<{ id: number }>("SELECT id FROM menus WHERE branch_id = ? ORDER BY id LIMIT 1", branch))!.id;
  const category = (await q<{ id: number }>("SELECT id FROM categories WHERE menu_id = ? ORDER BY id LIMIT 1", menu))!.id;
  const hidden = (await q<{ id: number; name_en: string; category_id: number }>(
    "SELECT p.id, p.name_en, p.category_id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ? AND p.hidden = 1 LIMIT 1",
    branch,
  ))!;
  const visible = (await q<{ id: number; name_en: string }>(
    "SELECT p.id, p.name_en FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ? AND p.hidden = 0 LIMIT 1",
    branch,
  ))!;
  const grillBranch = (await catalogueRow<{ id: number }>(grill, "SELECT id FROM branches WHERE restaurant_id = ?", grill))!.id;
  const grillMenu = (await catalogueRow<{ id: number }>(grill, "SELECT id FROM menus WHERE branch_id = ? LIMIT 1", grillBranch))!.id;
  ids = {
    restaurant: saffron,
    branch,
    otherBranch: branches[1]!.id,
    menu,
    category,
    hidden: { id: hidden.id, name: hidden.name_en, category: hidden.category_id },
    visible: { id: visible.id, name: visible.name_en },
    grillBranch,
    grillMenu,
  };
});

describe("branch home", () => {
  it("asks for the menus and the offers in one parallel round", async () => {
    const res = await get(`/saffron/${ids.branch}`);
    expect(res.status).toBe(200);
    const t = timing(res);
    expect(t).toMatch(/getMenu;desc="/);
    expect(t).toMatch(/getProductPriceOffer;desc="/);
    const html = await res.text();
    expect(html).toContain("menus");
  });

  it("works under a table prefix, and the doubled offers path redirects", async () => {
    expect((await get(`/table/4/saffron/${ids.branch}`)).status).toBe(200);
    const res = await get(`/table/4/table/4/saffron/${ids.branch}/offers`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/table/4/saffron/${ids.branch}/offers`);
  });

  it("sets a visit cookie the first time, not the second", async () => {
    const first = await get(`/saffron/${ids.otherBranch}`);
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^visits=b:\d+:\d{13}/);
    const second = await get(`/saffron/${ids.otherBranch}`, { headers: { cookie: cookie.split(";")[0]! } });
    expect(second.headers.get("set-cookie")).toBeNull();
  });
});

describe("product list", () => {
  it("never sends a hidden product to the browser", async () => {
    const hiddenMenu = await catalogueRow<{ menu_id: number }>(ids.restaurant, "SELECT menu_id FROM categories WHERE id = ?", ids.hidden.category);
    const direct = await get(`/saffron/${ids.branch}/${hiddenMenu!.menu_id}?category=${ids.hidden.category}`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).not.toContain(ids.hidden.name);
  });

  it("selects the first category when none is asked for", async () => {
    const res = await get(`/saffron/${ids.branch}/${ids.menu}`);
    expect(res.status).toBe(200);
    expect(timing(res)).toMatch(/getCategory;desc="[A-Z-]+".*getProduct;desc="/);
  });

  it("serves offers, new and popular", async () => {
    for (const synthetic of ["offers", "new", "popular"]) {
      const res = await get(`/saffron/${ids.branch}/${synthetic}`);
      expect(res.status, synthetic).toBe(200);
    }
  });

  it.each([
    ["a non-numeric branch", () => `/saffron/abc`],
    ["a huge branch id", () => `/saffron/99999999999999999999`],
    ["an unknown branch", () => `/saffron/987654`],
    ["another restaurant's branch", () => `/saffron/${ids.grillBranch}`],
    ["another branch's menu", () => `/saffron/${ids.branch}/${ids.grillMenu}`],
    ["a non-numeric menu", () => `/saffron/${ids.branch}/drinks`],
    ["an unknown category", () => `/saffron/${ids.branch}/${ids.menu}?category=999999`],
    ["a hidden product", () => `/saffron/${ids.branch}/${ids.menu}/${ids.hidden.id}`],
    ["an unknown product", () => `/saffron/${ids.branch}/${ids.menu}/999999`],
  ])("answers 404 for %s", async (_, path) => {
    const res = await get(path());
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 - Page Not Found");
  });
});

describe("product page and search", () => {
  it("renders a product", async () => {
    const res = await get(`/saffron/${ids.branch}/${ids.menu}/${ids.visible.id}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(ids.visible.name);
  });

  it("finds products across every menu and says when nothing matches", async () => {
    const word = ids.visible.name.split(" ")[0]!;
    const found = await (await get(`/saffron/${ids.branch}/search?q=${encodeURIComponent(word.toUpperCase())}`)).text();
    expect(found).toContain(ids.visible.name);
    const none = await (await get(`/saffron/${ids.branch}/search?q=zzzzqqq`)).text();
    expect(none).toContain("No results found");
    expect((await get(`/saffron/${ids.branch}/search?q=${"x".repeat(5000)}`)).status).toBe(200);
  });
});

describe("ordering screens", () => {
  it("exist only where the branch takes orders", async () => {
    expect((await get(`/saffron/${ids.branch}/cart`)).status).toBe(200);
    expect((await get(`/saffron/${ids.branch}/orders`)).headers.get("cache-control")).toBe("private, no-store");
    expect((await get(`/grill-house/${ids.grillBranch}/cart`)).status).toBe(404);
    expect((await get(`/grill-house/${ids.grillBranch}/orders`)).status).toBe(404);
  });
});
