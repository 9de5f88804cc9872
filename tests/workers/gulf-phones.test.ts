// Phone numbers as people in each Gulf country write them (docs/decisions/0059): at a
// Kuwaiti restaurant, "6555 1234" is a diner's number for the ordering API and for the site's checkout,
// stored and texted as +96565551234; what is no number there is 422 `phoneInvalid`, never a 500; the
// branch's phones are dialled in E.164 and the checkout's hint is Kuwait's own example.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { VisitTracker } from "../../app/lib/visits.server";
import { loadBranch } from "../../app/routes/tenant/branch.server";
import { loadBranchList } from "../../app/routes/tenant/branches.server";
import { checkoutAction } from "../../app/routes/tenant/checkout.server";
import { apiApp } from "../../worker/contract/catalogue";
import { createOrdering } from "../../worker/upstream/ordering";
import { ServerTimings } from "../../worker/upstream/timing";
import { catalogueRow } from "./catalogue";
import { ordersOf } from "./restaurant-rows";
import { testUpstream } from "./helpers";

const DOMAIN = "diwan-kuwait";
let restaurant = 0;
let branch = 0;
let dish = 0;
let ip = 0;
const post = (path: string, body: unknown) =>
  apiApp.request(
    path,
    { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "cf-connecting-ip": `198.18.35.${++ip % 250}` } },
    env,
  );
const json = async (res: Response) => (await res.json()) as any;
const outbox = (phone: string) =>
  env.DB.prepare("SELECT phone, body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(phone).all<{ phone: string; body: string }>();

let seq = 0;
/** A Kuwaiti mobile nobody used yet (8 digits from 5, 6 or 9), as written there and in E.164. */
function freshMobile() {
  seq += 1;
  const national = `6${String(Date.now() % 10_000).padStart(4, "0")}${String(seq).padStart(3, "0")}`;
  return { spaced: `${national.slice(0, 4)} ${national.slice(4)}`, e164: `+965${national}` };
}

beforeAll(async () => {
  restaurant = (await env.DB.prepare(
    "INSERT INTO restaurants (domain, name_en, name_ar, currency, country, is_active) VALUES (?, 'Diwan', 'ديوان', 'KWD', 'KW', 1) RETURNING id",
  )
    .bind(DOMAIN)
    .first<number>("id"))!;
  branch = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO branches (restaurant_id, name_en, name_ar, active_order, payment_mode, phone, mobile) VALUES (?, 'City', 'المدينة', 1, 'both', '2222 3333', '٦٥٥٥ ١٢٣٤') RETURNING id",
    restaurant,
  ))!.id;
  const menu = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO menus (branch_id, name_en, name_ar) VALUES (?, 'Menu', 'القائمة') RETURNING id",
    branch,
  ))!.id;
  const category = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Mains', 'رئيسي') RETURNING id",
    menu,
  ))!.id;
  dish = (await catalogueRow<{ id: number }>(
    restaurant,
    "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Machboos', 'مجبوس', 2500) RETURNING id",
    category,
  ))!.id;
});

describe("the ordering API at a Kuwaiti restaurant", () => {
  it("sends the code for 6555 1234 to +965…, and verifies it for the same number written another way", async () => {
    const d = freshMobile();
    const sent = await post("/sendOtp", { domain: DOMAIN, branch_id: branch, name: "Fahad", phone: d.spaced });
    expect(sent.status).toBe(200);
    expect((await json(sent)).data).toMatchObject({ phone: d.e164, expires_in: 600 });
    const texts = await outbox(d.e164);
    expect(texts.results).toHaveLength(1);
    // The demo outbox finds it by the spelling the diner typed, read in the restaurant's country, or in any.
    for (const query of [`${encodeURIComponent(d.spaced)}&country=KW`, encodeURIComponent(d.spaced), d.e164.slice(1)]) {
      const found = await json(await apiApp.request(`/dev/outbox?phone=${query}`, {}, env));
      expect(
        found.data.map((r: { phone: string }) => r.phone),
        query,
      ).toEqual([d.e164]);
    }
    const elsewhere = await json(await apiApp.request(`/dev/outbox?phone=${encodeURIComponent(d.spaced)}&country=BH`, {}, env));
    expect(elsewhere.data).toEqual([]);
    const code = /(\d{6})/.exec(texts.results[0]!.body)![1]!;
    const arabic = d.e164.slice(4).replace(/\d/g, (x) => "٠١٢٣٤٥٦٧٨٩"[Number(x)]!);
    const verified = await post("/verifyOtp", { domain: DOMAIN, branch_id: branch, name: "Fahad", phone: `00965 ${arabic}`, otp_code: code });
    expect(verified.status).toBe(200);
    expect((await json(verified)).data.token).toMatch(/^r\d+-/);
  });

  it("answers 422 phoneInvalid, never a 500, for what is no number in Kuwait", async () => {
    for (const phone of ["6555 123", "6555 12345", "0555 1234", "abc", "+", "1".repeat(41), " ", 65551234, null]) {
      const res = await post("/sendOtp", { domain: DOMAIN, branch_id: branch, name: "Fahad", phone });
      expect(res.status, String(phone)).toBe(422);
      expect((await json(res)).errors, String(phone)).toEqual({ phone: ["phoneInvalid"] });
    }
    const missing = await post("/sendOtp", { domain: DOMAIN, branch_id: branch, name: "Fahad" });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toEqual({ phone: ["required"] });
  });

  it("keeps an online order under the E.164 number and answers the contract's digits", async () => {
    const d = freshMobile();
    const res = await post("/orderPayment", {
      domain: DOMAIN,
      branch_id: branch,
      items: JSON.stringify([{ product_id: dish, amount: 1 }]),
      nameCustomer: "Fahad",
      phoneCustomer: d.spaced.replace(/\d/g, (x) => "٠١٢٣٤٥٦٧٨٩"[Number(x)]!),
      success_url: `http://localhost/${DOMAIN}/${branch}/orders?paid={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost/${DOMAIN}/${branch}/cart`,
    });
    expect(res.status).toBe(200);
    const data = (await json(res)).data as { phone: string; order_id: number };
    expect(data.phone).toBe(d.e164.slice(1));
    expect(await ordersOf(restaurant).prepare("SELECT phone FROM orders WHERE id = ?").bind(data.order_id).first()).toEqual({ phone: d.e164 });
  });
});

describe("the site at a Kuwaiti restaurant", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  const embedded = createOrdering(
    { baseUrl: "http://embedded.api", imageBase: "/storage/", timeoutMs: 2000, fetch: async (input, init) => apiApp.fetch(new Request(input, init), env, ctx) },
    new ServerTimings(),
    "198.51.100.35",
  );
  const context = () => {
    const c = new RouterContextProvider();
    c.set(appContext, {
      env,
      ctx,
      nonce: "n",
      host: { kind: "app" },
      upstream: testUpstream({ version: `gulf-${Date.now()}` }).upstream,
      ordering: embedded,
      visits: new VisitTracker(new Request("http://localhost/")),
      pageCookies: { language: "en", theme: null, orderBranches: new Set<number>(), view: "grid2", shareable: true },
    });
    return c;
  };
  async function checkout(fields: Record<string, string>) {
    const line = JSON.stringify([{ id: dish, amount: 1, unit_price: 2.5, note: "", options: [] }]);
    const request = new Request(`http://localhost/${DOMAIN}/${branch}/cart`, {
      method: "POST",
      body: new URLSearchParams({ items: line, name: "Fahad", ...fields }),
    });
    const answer = (await checkoutAction(request, context(), { domain: DOMAIN, branchId: String(branch) })) as unknown as {
      data: any;
      init: ResponseInit | null;
    };
    return { body: answer.data, status: answer.init?.status ?? 200 };
  }

  it("takes the local 8-digit mobile at checkout and shows where the code went", async () => {
    const d = freshMobile();
    const sent = await checkout({ intent: "send-code", phone: d.spaced });
    expect(sent).toEqual({ status: 200, body: expect.objectContaining({ ok: true, step: "otp", phone: `+965 ${d.spaced}` }) });
    expect((await outbox(d.e164)).results).toHaveLength(1);
  });

  it("refuses what is no number in Kuwait with the form's phone error (422), sending nothing", async () => {
    for (const phone of ["050 123 4567", "6555 123", "hello"]) {
      expect(await checkout({ intent: "send-code", phone }), phone).toEqual({ status: 422, body: { ok: false, fields: ["phoneInvalid"] } });
    }
    expect(await checkout({ intent: "send-code", phone: "  " })).toEqual({ status: 422, body: { ok: false, fields: ["phoneOrName"] } });
  });

  it("gives the branch's phones as E.164 tel: links and Kuwait's example as the phone hint", async () => {
    const page = (await loadBranch(new Request(`http://localhost/${DOMAIN}/${branch}`), context(), {
      domain: DOMAIN,
      branchId: String(branch),
    })) as unknown as {
      data: { branch: { phone: unknown; mobile: unknown }; restaurant: { phoneExample: { local: string; international: string } } };
    };
    expect(page.data.branch.phone).toEqual({ text: "+965 2222 3333", href: "tel:+96522223333" });
    expect(page.data.branch.mobile).toEqual({ text: "+965 6555 1234", href: "tel:+96565551234" });
    expect(page.data.restaurant.phoneExample.international).toMatch(/^\+965 \d{3,4} \d{4,5}$/);
    const list = await loadBranchList(context(), { domain: DOMAIN, table: null } as Parameters<typeof loadBranchList>[1]);
    expect(list.branches.map((b) => b.phone?.href)).toEqual(["tel:+96522223333"]);
  });
});
