// How a restaurant's card payments shape its diners' money (docs/decisions/0079): through Tap every fils is
// charged (a step of 1: a 3.875 KWD dish is charged 3.875, a 0.125 tip too) and its diners are told the
// country's own network first; through Stripe, the demo page or no provider, the currency's step (10 fils
// in KWD) and cards. The catalogue, the order's pricing, the menu editor's and the spreadsheet's checks
// follow the provider, and connecting or forgetting a key makes the restaurant's cached pages miss.
import { env, exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import * as v from "valibot";
import { apiApp } from "../../worker/contract/catalogue";
import { priceStepOf } from "../../worker/console/charge-step";
import { dishFieldsFor } from "../../worker/rules/menu-forms";
import { planImport, type ImportPlan } from "../../worker/rules/menu-csv/plan";
import { chooseCardsThrough, paymentsOf } from "../../worker/console/payments";
import { orderRestaurant } from "../../worker/directory/order-restaurants";
import { cardPayments, cardTerms } from "../../worker/providers/card-payments";
import { STRIPE_STAND_IN_KEY } from "../stand-ins/stripe";
import { consolePost, seedMember } from "./console-members";
import { checkout, tapRestaurant } from "./tap-restaurant";
import { versionInKv } from "./helpers";

const menuOf = async (domain: string, branch: number) => {
  const res = await apiApp.request(
    "/getMenu",
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ domain, branch_id: branch, visit: 0 }) },
    env,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { restaurant: { charge_step: number; card_methods: string[] } } }).data.restaurant;
};

const page = (path: string, cookie = "") => exports.default.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });

describe("a restaurant's card terms", { timeout: 60_000 }, () => {
  it("through Tap in Kuwait: every fils, KNET first; after forgetting the key: tens of fils and cards, the pages following at once", async () => {
    const r = await tapRestaurant("KW", 3875);
    const tenant = { id: r.id, country: "KW", currency: "KWD" };
    expect(await menuOf(r.domain, r.branch)).toMatchObject({ charge_step: 1, card_methods: ["knet", "apple_pay", "card"] });
    expect(await priceStepOf(env, tenant)).toBe(1);
    // The charge is the dish to the fils.
    const { url } = await checkout(r);
    const charge = await (await page(new URL(url).pathname)).text();
    expect(charge).toContain("3.875");
    // The dish's page shows it as charged.
    expect(await (await page(`/${r.domain}/${r.branch}/${await menuId(r)}/${r.dish}?lng=en`)).text()).toContain("3.875");
    // The editor takes a fils price from it, and the spreadsheet a fils cell.
    expect(v.safeParse(dishFieldsFor("KWD", 1), dish("3.875")).success).toBe(true);
    const owner = await seedMember(r.id, "owner");
    // Forgotten through the console: the catalogue says Stripe's step and cards at once (the pages' version moved).
    const before = await versionInKv(r.domain);
    expect((await consolePost("/console/payments", owner.cookie, { intent: "forget" })).status).toBe(200);
    expect(await versionInKv(r.domain)).not.toBe(before);
    expect(await menuOf(r.domain, r.branch)).toMatchObject({ charge_step: 10, card_methods: ["card"] });
    expect(await priceStepOf(env, tenant)).toBe(10);
    // The same dish's page now shows it as Stripe would charge it.
    const dishPage = await (await page(`/${r.domain}/${r.branch}/${await menuId(r)}/${r.dish}?lng=en`)).text();
    expect(dishPage).toContain("3.880");
    expect(dishPage).not.toContain("3.875");
  });

  it("refuses a fils price where the step is 10, in the editor and the spreadsheet, and names the step", () => {
    const parsed = v.safeParse(dishFieldsFor("KWD", 10), dish("3.875"));
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.map((i) => i.message)).toContain("step");
    const csv = "menu_en,category_en,name_en,description_en,price\nMain,Grill,Kebab,,3.875\n";
    const empty = { menus: [], categories: [], dishes: [] };
    expect((planImport(csv, empty, "KWD", 10) as ImportPlan).errors.map((e) => e.code)).toEqual(["price-step"]);
    expect((planImport(csv, empty, "KWD", 1) as ImportPlan).errors).toEqual([]);
  });

  it("through Tap in Saudi Arabia and Bahrain: mada, then Benefit, first", async () => {
    const sa = await tapRestaurant("SA", 2500);
    expect(await menuOf(sa.domain, sa.branch)).toMatchObject({ charge_step: 1, card_methods: ["mada", "apple_pay", "card"] });
    const bh = await tapRestaurant("BH", 2500);
    expect(await menuOf(bh.domain, bh.branch)).toMatchObject({ charge_step: 1, card_methods: ["benefit", "apple_pay", "card"] });
  });
});

describe("where Tap and Stripe both serve a restaurant", { timeout: 60_000 }, () => {
  it("pays through Tap unless its owner chooses Stripe, and back; elsewhere there is nothing to choose (409)", async () => {
    const stripeSite = { ...env, STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEY, STRIPE_WEBHOOK_SECRET: "whsec_both", STRIPE_API_BASE: inject("standIns") };
    const r = await tapRestaurant("KW", 3875);
    const tenant = { id: r.id, domain: r.domain, country: "KW" };
    // Without a connected Stripe account only Tap serves it: no choice, on the screen or in the form.
    expect((await paymentsOf(stripeSite, tenant)).cardsThrough).toBeNull();
    expect(await chooseCardsThrough(stripeSite, tenant, "stripe")).toBe(false);
    const owner = await seedMember(r.id, "owner");
    expect((await consolePost("/console/payments", owner.cookie, { intent: "choose", through: "stripe" })).status).toBe(409);
    expect((await consolePost("/console/payments", owner.cookie, { intent: "choose", through: "paypal" })).status).toBe(400);
    expect(await (await page("/console/payments?lng=en", owner.cookie)).text()).not.toContain('data-testid="cards-through"');

    await env.DB.prepare("UPDATE restaurants SET stripe_account_id = 'acct_both123' WHERE id = ?").bind(r.id).run();
    const restaurant = (await orderRestaurant(env.DB, r.id))!;
    expect((await paymentsOf(stripeSite, tenant)).cardsThrough).toBe("tap");
    expect(await cardPayments(stripeSite, restaurant)).toMatchObject({ provider: { name: "tap" } });
    const version = await versionInKv(r.domain);
    expect(await chooseCardsThrough(stripeSite, tenant, "stripe")).toBe(true);
    expect(await versionInKv(r.domain)).not.toBe(version);
    expect(await cardPayments(stripeSite, restaurant)).toMatchObject({ provider: { name: "stripe" } });
    expect(await cardTerms(stripeSite, restaurant)).toEqual({ cards: true, step: 10, methods: ["card"] });
    // A deploy without Stripe has nothing to choose between: Tap again, whatever was chosen.
    expect(await cardPayments(env, restaurant)).toMatchObject({ provider: { name: "tap" } });
    expect(await chooseCardsThrough(stripeSite, tenant, "tap")).toBe(true);
    expect(await cardTerms(stripeSite, restaurant)).toMatchObject({ step: 1, methods: ["knet", "apple_pay", "card"] });
  });
});

function dish(price: string) {
  return { name_en: "Kebab", name_ar: "كباب", description_en: "", description_ar: "", price };
}

async function menuId(r: { id: number }) {
  const { catalogueRow } = await import("./catalogue");
  return (await catalogueRow<{ id: number }>(r.id, "SELECT id FROM menus LIMIT 1"))!.id;
}
