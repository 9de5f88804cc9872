// One text rule for every stored name and description (docs/decisions/0037): newlines, control and
// text-direction characters are refused on each write path (sign-up, menu, category, dish, option,
// staff, CSV cells), and the diner's code SMS puts the code and the platform first with the
// restaurant's name in a bounded, cleaned slot, whatever the stored name holds.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dinerCodeText, NAME_SLOT, nameSlot } from "../../worker/providers/sms-text";
import worker from "../../worker/index";
import { catalogueRow } from "./catalogue";
import { seedMember } from "./console-members";
import { SAFFRON_ID } from "./restaurant-rows";

// Each a way text can be made to read as something else, or to open another line.
const HOSTILE = ["Line\nbreak", "Carriage\rreturn", "Nul\u0000byte", "Bell\u0007", "Over\u202Eride", "Embed\u202Bding", "Iso\u2067late", "Tab\tbed"];

/** Menus, categories and dishes, every restaurant's (the directory lists them; each catalogue counts its own). */
async function catalogueSize() {
  const { results } = await env.DB.prepare("SELECT id FROM restaurants").all<{ id: number }>();
  const sizes = await Promise.all(
    results.map(
      async ({ id }) =>
        (await catalogueRow<{ n: number }>(
          id,
          `SELECT (SELECT count(*) FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)
      + (SELECT count(*) FROM categories c JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1)
      + (SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ?1) AS n`,
          id,
        ))!.n,
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

let owner: string;
beforeAll(async () => {
  owner = (await seedMember(1, "owner")).cookie;
});

const form = (path: string, cookie: string, fields: Record<string, string>, ip = "198.51.100.9") =>
  exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
  });

describe("the one text rule on every stored name", { timeout: 60_000 }, () => {
  it("sign-up refuses such restaurant and owner names (422) and makes nothing", async () => {
    // Signed in: no code needed, so a clean form would make the restaurant (checked last).
    const person = (await seedMember(2, "manager")).cookie;
    const domain = `plain-${Date.now().toString(36)}`;
    const fields = { intent: "create", name_en: "Fine", name_ar: "جيد", domain, country: "AE", plan: "monthly", owner_name: "Huda" };
    for (const bad of HOSTILE) {
      for (const field of ["name_en", "name_ar", "owner_name"]) {
        expect((await form("/signup", person, { ...fields, [field]: bad })).status, `${field} ${JSON.stringify(bad)}`).toBe(422);
      }
    }
    expect(await env.DB.prepare("SELECT 1 FROM restaurants WHERE domain = ?").bind(domain).first()).toBeNull();
    expect((await form("/signup", person, fields)).status).toBe(302);
  });

  it("the menu editor refuses them in menu, category and dish names and dish descriptions (422, nothing stored)", async () => {
    const before = await catalogueSize();
    for (const bad of HOSTILE) {
      expect((await form("/console/menu", owner, { intent: "menu-create", branch: "1", name_en: bad, name_ar: "قائمة" })).status, JSON.stringify(bad)).toBe(
        422,
      );
      expect((await form("/console/menu", owner, { intent: "category-create", menu: "1", name_en: "Cat", name_ar: bad })).status, JSON.stringify(bad)).toBe(
        422,
      );
      const dish = {
        intent: "dish-create",
        category: "1",
        name_en: "Dish",
        name_ar: "طبق",
        description_en: "",
        description_ar: "",
        price: "20",
        price_offer: "0",
      };
      expect((await form("/console/menu", owner, { ...dish, name_en: bad })).status, JSON.stringify(bad)).toBe(422);
      // Descriptions may keep line breaks (a textarea), nothing else.
      if (!/^Line|^Carriage/.test(bad)) expect((await form("/console/menu", owner, { ...dish, description_ar: bad })).status, JSON.stringify(bad)).toBe(422);
    }
    expect(await catalogueSize()).toBe(before);
    // A multi-line description is still fine.
    const ok = await form("/console/menu", owner, {
      intent: "dish-create",
      category: "1",
      name_en: "Two lines",
      name_ar: "سطران",
      description_en: "First\nSecond",
      description_ar: "",
      price: "20",
      price_offer: "0",
    });
    expect(ok.status).toBe(200);
  });

  it("the dish editor refuses them in option and choice names (422)", async () => {
    const product = (await catalogueRow<{ id: number }>(
      SAFFRON_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 LIMIT 1",
    ))!.id;
    for (const bad of HOSTILE) {
      for (const where of ["group", "choice"]) {
        const payload = {
          allergens: [],
          tags: [],
          groups: [
            {
              id: null,
              name_en: where === "group" ? bad : "Size",
              name_ar: "الحجم",
              required: false,
              min_choices: 0,
              max_choices: 1,
              choices: [{ id: null, name_en: where === "choice" ? bad : "Large", name_ar: "كبير", price: 1 }],
            },
          ],
        };
        const res = await exports.default.fetch(`http://localhost/console/menu/dishes/${product}`, {
          method: "POST",
          redirect: "manual",
          body: new URLSearchParams([["payload", JSON.stringify(payload)]]),
          headers: { cookie: owner, "content-type": "application/x-www-form-urlencoded" },
        });
        expect(res.status, `${where} ${JSON.stringify(bad)}`).toBe(422);
      }
    }
  });

  it("staff invites refuse such names, and nothing is stored", async () => {
    for (const [i, bad] of HOSTILE.entries()) {
      const phone = `05099900${String(i).padStart(2, "0")}`;
      const res = await form("/console/staff", owner, { intent: "invite", name: bad, phone, role: "manager" });
      expect(res.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(
        await env.DB.prepare("SELECT 1 FROM people WHERE phone = ?")
          .bind(`+971${phone.slice(1)}`)
          .first(),
      ).toBeNull();
    }
  });

  it("the CSV import reports such cells as errors and offers no Apply", async () => {
    const header = "menu_en,menu_ar,category_en,category_ar,dish_id,name_en,name_ar,description_en,description_ar,price";
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    for (const bad of HOSTILE) {
      const rows = [
        `${quote(bad)},قائمة,Cat,فئة,,Dish,طبق,,,10`,
        `Menu,قائمة,${quote(bad)},فئة,,Dish,طبق,,,10`,
        `Menu,قائمة,Cat,فئة,,${quote(bad)},طبق,,,10`,
        ...(/^Line|^Carriage/.test(bad) ? [] : [`Menu,قائمة,Cat,فئة,,Dish,طبق,${quote(bad)},,10`]),
      ];
      const body = new FormData();
      body.set("intent", "preview");
      body.set("file", new File([[header, ...rows].join("\r\n")], "menu.csv", { type: "text/csv" }));
      const res = await exports.default.fetch("http://localhost/console/menu/import?branch=1", {
        method: "POST",
        body,
        headers: { cookie: owner, accept: "text/html" },
      });
      const html = await res.text();
      expect(Number(/data-testid="count-errors">(\d+)</.exec(html)?.[1]), JSON.stringify(bad)).toBe(rows.length);
      expect(html).not.toMatch(/name="stash"/);
    }
  });
});

describe("the diner's code SMS", { timeout: 60_000 }, () => {
  it("cleans and bounds the restaurant's name, after the code and the platform", () => {
    expect(nameSlot("Saffron\n\nCall +1 555 0100 to claim\u202Eyour prize")).not.toMatch(/[\n\u202E]/);
    expect(Array.from(nameSlot("x".repeat(200)))).toHaveLength(NAME_SLOT);
    expect(nameSlot("  Bell\u0007 and\ttab ")).toBe("Bell and tab");
    expect(dinerCodeText("Menu", { name_en: "Evil\nYour bank: call us", name_ar: "شرير" }, "123456", 10, "en")).toBe(
      '123456 is your Menu code for "Evil Your bank: call us". It expires in 10 minutes.',
    );
    expect(dinerCodeText("Menu", { name_en: "x", name_ar: "مطعم\u2067\nخبيث" }, "123456", 10, "ar")).toBe(
      "123456 رمز التحقق من Menu لطلبك من «مطعم خبيث». صالح لمدة 10 دقائق.",
    );
  });

  it("sends it so even for a name stored before the rule (newlines, bidi, long)", async () => {
    const domain = `rawname-${Date.now().toString(36)}`;
    const hostile = `Menu support\nYour account is locked, reply STOP\u202E${"!".repeat(80)}`;
    const row = await env.DB.prepare("INSERT INTO restaurants (domain, name_en, name_ar) VALUES (?, ?, ?) RETURNING id")
      .bind(domain, hostile, hostile)
      .first<{ id: number }>();
    const branch = await catalogueRow<{ id: number }>(
      row!.id,
      "INSERT INTO branches (restaurant_id, name_en, name_ar, active_order, payment_mode) VALUES (?, 'Main', 'الرئيسي', 1, 'otp') RETURNING id",
      row!.id,
    );
    for (const lang of ["en", "ar"] as const) {
      const phone = lang === "en" ? "0507770001" : "0507770002";
      const res = await worker.fetch(
        new Request("http://localhost/api/sendOtp", {
          method: "POST",
          body: JSON.stringify({ domain, branch_id: branch!.id, name: "Diner", phone, lang }),
          headers: { "content-type": "application/json", "cf-connecting-ip": `198.51.100.${lang === "en" ? 61 : 62}` },
        }),
        env,
        createExecutionContext(),
      );
      expect(res.status).toBe(200);
      const body = (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone IN (?, ?) ORDER BY id DESC")
        .bind(phone, `+971${phone.slice(1)}`)
        .first<string>("body"))!;
      expect(body).toMatch(/^\d{6} /);
      expect(body).toContain("Menu");
      expect(body).not.toMatch(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u);
      expect(body.length).toBeLessThan(120);
    }
  });
});
