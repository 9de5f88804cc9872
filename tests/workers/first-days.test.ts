// A Saudi owner's first days (docs/decisions/0061): the plans say in which currency they are billed (the
// landing, sign-up and Account), and a menu with no dish a diner can see is not shown to diners — the
// empty "Menu" made at sign-up leaves the branch's home once a real menu has dishes, and its page is a 404.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { bumpTenantVersion } from "../../worker/directory/versions";
import { catalogueRow, catalogueRun } from "./catalogue";
import { seedMember } from "./console-members";
import { apiCaller, json } from "./helpers";

const call = apiCaller(81);
const DOMAIN = "riyadh-grill";
let riyadh: number;
let branch: number;
let signupMenu: number;

const page = async (path: string, cookie?: string) => {
  const res = await exports.default.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, html: await res.text() };
};
const menuNames = async () =>
  ((await json(await call("/getMenu", { domain: DOMAIN, branch_id: branch }))).data.menu as { name_en: string }[]).map((m) => m.name_en);
/** After a change behind the console's back: the tenant's caches miss. */
const purge = () => bumpTenantVersion(env, DOMAIN);

beforeAll(async () => {
  const made = await createRestaurant(env, {
    domain: DOMAIN,
    name_en: "Riyadh Grill",
    name_ar: "مشويات الرياض",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone: "+966500000111", name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  riyadh = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(riyadh).run();
  branch = (await catalogueRow<{ id: number }>(riyadh, "SELECT id FROM branches LIMIT 1"))!.id;
  signupMenu = (await catalogueRow<{ id: number }>(riyadh, "SELECT id FROM menus LIMIT 1"))!.id;
});

describe("a Saudi owner's first days", { timeout: 30_000 }, () => {
  it("is told the plans are billed in dirhams, on the landing, at sign-up and on Account", async () => {
    expect((await page("/?lng=en")).html).toContain("Prices and billing in UAE dirhams (AED) in every country");
    expect((await page("/?lng=ar")).html).toContain("الأسعار والفوترة بالدرهم الإماراتي (AED) في كل الدول");
    expect((await page("/signup?lng=en")).html).toContain("Prices and billing in UAE dirhams (AED) in every country");
    const owner = (await seedMember(riyadh, "owner")).cookie;
    expect((await page("/console/account?lng=en", owner)).html).toContain("Your plan is billed in UAE dirhams (AED), whatever your menu");
  });

  it("shows diners no menu without a dish: the sign-up's empty menu goes once a real one has dishes", async () => {
    // Only the empty sign-up menu: nothing listed, its page is a 404.
    expect(await menuNames()).toEqual([]);
    expect((await page(`/${DOMAIN}/${branch}/${signupMenu}?lng=en`)).status).toBe(404);

    // A real menu with a dish, as an import brings it.
    const lunch = (await catalogueRow<{ id: number }>(
      riyadh,
      "INSERT INTO menus (branch_id, name_en, name_ar) VALUES (?, 'Lunch', 'الغداء') RETURNING id",
      branch,
    ))!.id;
    const category = (await catalogueRow<{ id: number }>(
      riyadh,
      "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Grill', 'مشاوي') RETURNING id",
      lunch,
    ))!.id;
    await catalogueRun(riyadh, "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Kabsa', 'كبسة', 4500)", category);
    await purge();
    expect(await menuNames()).toEqual(["Lunch"]);
    const home = await page(`/${DOMAIN}/${branch}?lng=en`);
    expect(home.status).toBe(200);
    expect(home.html).toContain(`/${DOMAIN}/${branch}/${lunch}`);
    expect(home.html).not.toContain(`/${DOMAIN}/${branch}/${signupMenu}"`);
    expect((await page(`/${DOMAIN}/${branch}/${lunch}?lng=en`)).status).toBe(200);
    expect((await page(`/${DOMAIN}/${branch}/${signupMenu}?lng=en`)).status).toBe(404);

    // A menu whose only dishes are hidden is empty to diners too; one a diner can see brings it back.
    const category2 = (await catalogueRow<{ id: number }>(
      riyadh,
      "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Drinks', 'مشروبات') RETURNING id",
      signupMenu,
    ))!.id;
    await catalogueRun(riyadh, "INSERT INTO products (category_id, name_en, name_ar, price_minor, hidden) VALUES (?, 'Secret tea', 'شاي', 500, 1)", category2);
    await purge();
    expect(await menuNames()).toEqual(["Lunch"]);
    await catalogueRun(riyadh, "UPDATE products SET hidden = 0 WHERE name_en = 'Secret tea'");
    await purge();
    expect(await menuNames()).toEqual(["Menu", "Lunch"]);
  });
});
