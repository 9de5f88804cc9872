// Opening hours (docs/decisions/0023): the rule with injected clocks (past midnight, two zones, London's daylight
// saving changes, exceptions, a range ending at 24:00), the embedded API's 409 outside the hours and
// the branch answer's extra field, and the console's branch editor (validation, roles, another
// restaurant's branch, purge on save) through the whole worker with real sessions.
import { env, exports } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { VisitTracker } from "../../app/lib/visits.server";
import { checkoutAction } from "../../app/routes/tenant/checkout.server";
import { apiApp } from "../../worker/contract/catalogue";
import { createOrdering } from "../../worker/upstream/ordering";
import { ServerTimings } from "../../worker/upstream/timing";
import { testUpstream } from "./helpers";
import type { Role } from "../../worker/rules/roles";
import { localDay } from "../../worker/rules/local-time";
import { readHours } from "../../worker/rules/hours-schema";
import { openingState, type OpeningHours } from "../../worker/rules/opening-hours";
import { tenantVersion } from "../../worker/directory/versions";
import { seedMember } from "./console-members";
import { catalogueOf, catalogueRow } from "./catalogue";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

const at = (iso: string) => Date.parse(iso);
const week = (days: number[], opens: string, closes: string): OpeningHours["weekly"] => days.map((day) => ({ day: day as 0, opens, closes }));
const hours = (weekly: OpeningHours["weekly"], exceptions: OpeningHours["exceptions"] = []): OpeningHours => ({ weekly, exceptions });
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];

describe("openingState (2026-11-24 is a Tuesday; Dubai is UTC+4 all year)", () => {
  const lateTuesday = hours(week([2], "18:00", "02:00"));

  it("no hours at all (or none stored) is always open", () => {
    expect(openingState(null, "Asia/Dubai", at("2026-11-24T03:00:00Z"))).toEqual({ open: true, closesAt: null });
    expect(openingState(hours([]), "Asia/Dubai", at("2026-11-24T03:00:00Z"))).toEqual({ open: true, closesAt: null });
    expect(readHours("not json")).toBeNull();
    expect(readHours('{"weekly":[{"day":9,"opens":"10:00","closes":"11:00"}],"exceptions":[]}')).toBeNull();
  });

  it("a range crossing midnight: closed before, open past midnight, closed after, next week's opening", () => {
    expect(openingState(lateTuesday, "Asia/Dubai", at("2026-11-24T13:59:00Z"))).toEqual({ open: false, opensAt: at("2026-11-24T14:00:00Z") });
    expect(openingState(lateTuesday, "Asia/Dubai", at("2026-11-24T14:00:00Z"))).toEqual({ open: true, closesAt: at("2026-11-24T22:00:00Z") });
    // 01:30 on Wednesday, local: still Tuesday's range.
    expect(openingState(lateTuesday, "Asia/Dubai", at("2026-11-24T21:30:00Z"))).toEqual({ open: true, closesAt: at("2026-11-24T22:00:00Z") });
    expect(openingState(lateTuesday, "Asia/Dubai", at("2026-11-24T22:00:00Z"))).toEqual({ open: false, opensAt: at("2026-12-01T14:00:00Z") });
  });

  it("the same hours in another zone are other instants", () => {
    // 18:00 in London in November is 18:00 UTC.
    expect(openingState(lateTuesday, "Europe/London", at("2026-11-24T17:00:00Z"))).toEqual({ open: false, opensAt: at("2026-11-24T18:00:00Z") });
    expect(openingState(lateTuesday, "Europe/London", at("2026-11-25T01:59:00Z"))).toEqual({ open: true, closesAt: at("2026-11-25T02:00:00Z") });
    expect(openingState(lateTuesday, "Asia/Dubai", at("2026-11-25T01:59:00Z")).open).toBe(false);
  });

  it("London across the daylight-saving changes (29 March and 25 October 2026)", () => {
    const daily = hours(week(ALL_WEEK, "09:00", "17:00"));
    // Saturday evening in winter time; Sunday 09:00 is already summer time (08:00 UTC).
    expect(openingState(daily, "Europe/London", at("2026-03-28T18:00:00Z"))).toEqual({ open: false, opensAt: at("2026-03-29T08:00:00Z") });
    // Saturday evening in summer time (17:00 UTC is 18:00 local); Sunday 09:00 is winter time again.
    expect(openingState(daily, "Europe/London", at("2026-10-24T17:00:00Z"))).toEqual({ open: false, opensAt: at("2026-10-25T09:00:00Z") });
    // A night range over the spring change lasts an hour less: 22:00 GMT to 03:00 BST (02:00 UTC).
    const night = hours(week([6], "22:00", "03:00"));
    expect(openingState(night, "Europe/London", at("2026-03-29T01:30:00Z"))).toEqual({ open: true, closesAt: at("2026-03-29T02:00:00Z") });
    expect(openingState(night, "Europe/London", at("2026-03-29T02:00:00Z")).open).toBe(false);
  });

  it("a range ending at 24:00 runs into the next day's 00:00 range as one stretch", () => {
    const h = hours([...week([2], "20:00", "24:00"), ...week([3], "00:00", "03:00")]);
    expect(openingState(h, "Asia/Dubai", at("2026-11-24T19:59:00Z"))).toEqual({ open: true, closesAt: at("2026-11-24T23:00:00Z") });
    expect(openingState(h, "Asia/Dubai", at("2026-11-24T20:00:00Z"))).toEqual({ open: true, closesAt: at("2026-11-24T23:00:00Z") });
    const alone = hours(week([2], "20:00", "24:00"));
    expect(openingState(alone, "Asia/Dubai", at("2026-11-24T20:00:00Z"))).toEqual({ open: false, opensAt: at("2026-12-01T16:00:00Z") });
  });

  it("several ranges a day: closed between them", () => {
    const split = hours(week([2], "09:00", "12:00").concat(week([2], "17:00", "23:00")));
    expect(openingState(split, "Asia/Dubai", at("2026-11-24T10:00:00Z"))).toEqual({ open: false, opensAt: at("2026-11-24T13:00:00Z") });
  });

  it("exceptions: a date closed all day, a date with its own ranges, and none within 7 days", () => {
    const closedToday = hours(week(ALL_WEEK, "09:00", "17:00"), [{ date: "2026-11-24", ranges: [] }]);
    expect(openingState(closedToday, "Asia/Dubai", at("2026-11-24T08:00:00Z"))).toEqual({ open: false, opensAt: at("2026-11-25T05:00:00Z") });
    const special = hours(week(ALL_WEEK, "09:00", "17:00"), [{ date: "2026-11-24", ranges: [{ opens: "14:00", closes: "16:00" }] }]);
    expect(openingState(special, "Asia/Dubai", at("2026-11-24T06:00:00Z"))).toEqual({ open: false, opensAt: at("2026-11-24T10:00:00Z") });
    // Only exceptions: every other day is open all day.
    const holiday = hours([], [{ date: "2026-11-24", ranges: [] }]);
    expect(openingState(holiday, "Asia/Dubai", at("2026-11-24T08:00:00Z"))).toEqual({ open: false, opensAt: at("2026-11-24T20:00:00Z") });
    expect(openingState(holiday, "Asia/Dubai", at("2026-11-25T08:00:00Z")).open).toBe(true);
    // Tuesdays only, and next Tuesday is a holiday: nothing within 7 days.
    const rare = hours(week([2], "10:00", "11:00"), [{ date: "2026-12-01", ranges: [] }]);
    expect(openingState(rare, "Asia/Dubai", at("2026-11-24T08:00:00Z"))).toEqual({ open: false, opensAt: null });
    // Yesterday's range past midnight still belongs to yesterday, even on an exception day.
    const spill = hours(week([1], "20:00", "02:00"), [{ date: "2026-11-24", ranges: [] }]);
    expect(openingState(spill, "Asia/Dubai", at("2026-11-23T21:00:00Z")).open).toBe(true);
  });
});

// --- The API and the editor, on the seed's restaurants (saffron: branches 1 and 2; grill-house: 3).
// Every branch these tests change or read is saffron's, so its catalogue is the one asked.
let seq = 0;
const member = async (restaurantId: number, role: Role, branchIds: number[] = []) => (await seedMember(restaurantId, role, branchIds)).cookie;
const api = (path: string, body: unknown) =>
  exports.default.fetch(`http://localhost/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `10.9.0.${++seq % 250}` },
    body: JSON.stringify(body),
  });
const setHours = (branchId: number, value: OpeningHours | null) =>
  catalogueOf(SAFFRON_ID)
    .prepare("UPDATE branches SET opening_hours = ? WHERE id = ?")
    .bind(value && JSON.stringify(value), branchId)
    .run();
const dishOf = (branchId: number) =>
  catalogueOf(SAFFRON_ID)
    .prepare(
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ? AND p.hidden = 0 AND p.unavailable = 0 ORDER BY p.id LIMIT 1",
    )
    .bind(branchId)
    .first<{ id: number }>()
    .then((r) => r!.id);

/**
 * Closed today and tomorrow in Dubai (two exceptions), open again from the local midnight after: a test that
 * starts a moment before midnight is still outside the hours when it checks (today alone opened at 00:00).
 */
function closedTodayAndTomorrow(): OpeningHours {
  const { year, month, day } = localDay(Date.now(), "Asia/Dubai");
  const date = (offset: number) => new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
  return hours(
    [],
    [0, 1].map((offset) => ({ date: date(offset), ranges: [] })),
  );
}

describe("the embedded API outside the hours", () => {
  it("refuses storeOrder and orderPayment with 409 closed and the next opening, and takes the order once open", async () => {
    const diner = "0501239876";
    expect((await api("/sendOtp", { domain: "saffron", branch_id: 2, name: "Sara", phone: diner })).status).toBe(200);
    const outbox = (await (await exports.default.fetch(`http://localhost/api/dev/outbox?phone=${diner}`)).json()) as { data: { body: string }[] };
    const code = /(\d{6})/.exec(outbox.data[0]!.body)![1];
    const verified = (await (await api("/verifyOtp", { domain: "saffron", branch_id: 2, name: "Sara", phone: diner, otp_code: code })).json()) as {
      data: { token: string };
    };
    const token = verified.data.token;
    const dish = await dishOf(2);
    const store = () =>
      exports.default.fetch("http://localhost/api/storeOrder", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ domain: "saffron", branch_id: 2, items: [{ product_id: dish, amount: 1, sub_option_id: [] }], note: "", table_id: 1 }),
      });

    const closed = closedTodayAndTomorrow();
    await setHours(2, closed);
    await setHours(1, closed);
    const expected = openingState(closed, "Asia/Dubai", Date.now());
    expect(expected.open).toBe(false);
    const refused = await store();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ errorCode: "closed", data: { opens_at: (expected as { opensAt: number }).opensAt } });
    const payment = await api("/orderPayment", {
      domain: "saffron",
      branch_id: 1,
      items: [{ product_id: await dishOf(1), amount: 1, sub_option_id: [] }],
      nameCustomer: "Sara",
      phoneCustomer: "0501234567",
      table_id: 1,
      note: "",
      lang: "en",
      success_url: "http://localhost/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/saffron/1/cart",
    });
    expect(payment.status).toBe(409);
    expect(await payment.json()).toMatchObject({ errorCode: "closed" });
    expect(await ordersOf(SAFFRON_ID).prepare("SELECT COUNT(*) AS n FROM orders WHERE phone LIKE '%501239876'").first<{ n: number }>()).toEqual({ n: 0 });

    // The diner's branch answer carries the hours as an extra field.
    const menu = (await (await api("/getMenu", { domain: "saffron", branch_id: 2, visit: 0 })).json()) as { data: { branch: { opening_hours: unknown } } };
    expect(menu.data.branch.opening_hours).toEqual(closed);

    await setHours(2, null);
    await setHours(1, null);
    const taken = await store();
    expect(taken.status).toBe(200);
  });
});

describe("the cart's checkout action outside the hours", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  const ordering = createOrdering(
    { baseUrl: "http://embedded.api", imageBase: "/storage/", timeoutMs: 2000, fetch: async (input, init) => apiApp.fetch(new Request(input, init), env, ctx) },
    new ServerTimings(),
    "198.51.100.9",
  );
  const context = (upstream: ReturnType<typeof testUpstream>["upstream"]) => {
    const c = new RouterContextProvider();
    c.set(appContext, {
      env,
      ctx,
      nonce: "n",
      host: { kind: "app" },
      upstream,
      ordering,
      visits: new VisitTracker(new Request("http://localhost/")),
      pageCookies: { language: "en", theme: null, orderBranches: new Set<number>(), view: "grid2", shareable: true },
    });
    return c;
  };
  const submit = async (upstream: ReturnType<typeof testUpstream>["upstream"], fields: Record<string, string>) => {
    const body = new URLSearchParams({ name: "Sara", ...fields });
    return (await checkoutAction(new Request("http://localhost/saffron/2/cart", { method: "POST", body }), context(upstream), {
      domain: "saffron",
      branchId: "2",
    })) as unknown as { data: unknown; init: ResponseInit };
  };

  it("answers 'closed' (409, the cart kept on the device) from the API's own check whatever the page's copy says, and spends no code on it", async () => {
    const dish = await catalogueRow<{ id: number; price: number; price_offer: number }>(
      SAFFRON_ID,
      "SELECT p.id, p.price_minor / 100.0 AS price, p.offer_minor / 100.0 AS price_offer FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 2 AND p.hidden = 0 AND p.unavailable = 0 AND NOT EXISTS (SELECT 1 FROM options o WHERE o.product_id = p.id) LIMIT 1",
    );
    const items = JSON.stringify([{ id: dish!.id, amount: 1, unit_price: dish!.price_offer > 0 ? dish!.price_offer : dish!.price, note: "", options: [] }]);
    const diner = `0502${String(Date.now()).slice(-6)}`;
    // A copy taken while open (this upstream keeps it); a code is sent while open too.
    const stale = testUpstream({ version: `hours-stale-${Date.now()}` }).upstream;
    const sent = await submit(stale, { intent: "send-code", phone: diner, items });
    expect(sent.data).toMatchObject({ ok: true, step: "otp" });
    await setHours(2, closedTodayAndTomorrow());
    try {
      const fresh = await submit(testUpstream({ version: `hours-fresh-${Date.now()}` }).upstream, { intent: "send-code", phone: diner, items });
      expect(fresh.data).toEqual({ ok: false, toast: "closed" });
      expect(fresh.init.status).toBe(409);
      // The older copy still says open; the API's own check (with the code call, before the code is
      // spent) is the answer, whatever the page's copy says.
      expect((await stale.getMenu("saffron", 2)).branch.opening_hours).toBeNull();
      const code = /(\d{6})/.exec(
        (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone LIKE ? ORDER BY id DESC")
          .bind(`%${diner.slice(1)}`)
          .first<{ body: string }>())!.body,
      )![1]!;
      const refused = await submit(stale, { intent: "verify", phone: diner, otp_code: code, items });
      expect(refused.data).toEqual({ ok: false, toast: "closed" });
      expect(refused.init.status).toBe(409);
      // The code was not spent on an order the branch could not take: once open, it stores the order.
      await setHours(2, null);
      const stored = (await submit(stale, { intent: "verify", phone: diner, otp_code: code, items })) as unknown as Response;
      expect(stored.status).toBe(302);
      expect(stored.headers.get("location")).toMatch(/\/orders\?justOrdered=true&order=\d+$/);
    } finally {
      await setHours(2, null);
    }
  });
});

describe("the console's branch editor", () => {
  let owner: string, manager: string, staff: string, grillOwner: string;
  beforeAll(async () => {
    owner = await member(1, "owner");
    manager = await member(1, "manager");
    staff = await member(1, "staff", [1, 2]);
    grillOwner = await member(2, "owner");
  });
  const page = (path: string, cookie: string, init: RequestInit = {}) =>
    exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { cookie, ...init.headers } });
  const save = (branchId: number | string, cookie: string, fields: [string, string][]) =>
    page(`/console/branches/${branchId}`, cookie, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const row = (id: number) =>
    catalogueRow(SAFFRON_ID, "SELECT name_en, name_ar, phone, active_order, payment_mode, time_zone, opening_hours FROM branches WHERE id = ?", id);
  const valid = (overrides: Record<string, string> = {}): [string, string][] => {
    const base: [string, string][] = [
      ["name_en", "Corniche"],
      ["name_ar", "الكورنيش"],
      ["description_en", "Sea views.\nFamily seating."],
      ["description_ar", ""],
      ["address_en", "Corniche Road"],
      ["address_ar", ""],
      ["phone", "02 555 0178"],
      ["mobile", ""],
      ["active_order", "1"],
      ["payment_mode", "otp"],
      ["time_zone", "Europe/London"],
      ["opens-2", "18:00"],
      ["closes-2", "02:00"],
      ["opens-2", "09:00"],
      ["closes-2", "12:00"],
      ["opens-5", "00:00"],
      ["closes-5", "00:00"],
      ["ex-date", "2026-12-25"],
      ["ex-kind", "closed"],
      ["ex-opens", ""],
      ["ex-closes", ""],
      ["ex-date", "2026-12-31"],
      ["ex-kind", "hours"],
      ["ex-opens", "20:00"],
      ["ex-closes", "03:00"],
    ];
    return base.map(([k, v]) => [k, k in overrides ? overrides[k]! : v]);
  };

  it("shows the form to owners and managers, never cached; staff 403; another restaurant's branch 404", async () => {
    for (const who of [owner, manager]) {
      const res = await page("/console/branches/2", who);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      expect(html).toContain('name="name_ar"');
      expect(html).toMatch(/name="name_ar"[^>]*dir="rtl"|dir="rtl"[^>]*name="name_ar"/);
    }
    expect((await page("/console/branches/2", staff)).status).toBe(403);
    expect((await page("/console/branches/3", owner)).status).toBe(404);
    expect((await page("/console/branches/x", owner)).status).toBe(404);
    expect((await page("/console/branches/1", grillOwner)).status).toBe(404);
  });

  it("saves every field, stores the hours in the rule's shape, and purges the tenant", async () => {
    const before = await tenantVersion(env.HOSTS, "saffron");
    await new Promise((r) => setTimeout(r, 5));
    const res = await save(2, owner, valid());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const saved = await row(2);
    expect(saved).toMatchObject({
      name_en: "Corniche",
      name_ar: "الكورنيش",
      phone: "+97125550178", // one E.164 form, read in the restaurant's country (decision 0059)
      active_order: 1,
      payment_mode: "otp",
      time_zone: "Europe/London",
    });
    expect(readHours(saved!.opening_hours)).toEqual({
      weekly: [
        { day: 2, opens: "18:00", closes: "02:00" },
        { day: 2, opens: "09:00", closes: "12:00" },
        { day: 5, opens: "00:00", closes: "24:00" },
      ],
      exceptions: [
        { date: "2026-12-25", ranges: [] },
        { date: "2026-12-31", ranges: [{ opens: "20:00", closes: "03:00" }] },
      ],
    });
    expect(await tenantVersion(env.HOSTS, "saffron")).not.toBe(before);
    // No ranges and no exceptions: stored as NULL (always open), and a manager may save too.
    const open = valid().filter(([k]) => !k.startsWith("opens-") && !k.startsWith("closes-") && !k.startsWith("ex-"));
    expect((await save(2, manager, open)).status).toBe(200);
    expect((await row(2))!.opening_hours).toBeNull();
  });

  it("refuses bad fields with 422, each message beside its field, the form as typed, nothing saved", async () => {
    const before = await row(2);
    const res = await save(2, owner, [
      ...valid({ name_en: "  ", phone: "call us", time_zone: "Mars/Olympus", payment_mode: "card" }),
      ["opens-1", "25:00"],
      ["closes-1", "10:00"],
      ["opens-3", "10:00"],
      ["closes-3", "10:00"],
      ["ex-date", ""],
      ["ex-kind", "hours"],
      ["ex-opens", "10:00"],
      ["ex-closes", "11:00"],
      ["ex-date", "2026-12-25"],
      ["ex-kind", "hours"],
      ["ex-opens", "10:00"],
      ["ex-closes", "11:00"],
    ]);
    expect(res.status).toBe(422);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    for (const name of ["name_en", "phone", "hours-1-0", "hours-3-0", "ex-2", "ex-3"]) expect(html, name).toContain(`id="problem-${name}"`);
    expect(html).toContain('value="call us"');
    expect(html).toContain('data-testid="branch-refused"');
    expect(await row(2)).toEqual(before);
    // Outside text rules: control characters, and too long.
    expect((await save(2, owner, valid({ name_ar: "a\u202Eb" }))).status).toBe(422);
    expect((await save(2, owner, valid({ address_en: "x".repeat(301) }))).status).toBe(422);
    expect(await row(2)).toEqual(before);
  });

  it("offers online payment only where the restaurant can take cards", async () => {
    const html = await (await page("/console/branches/2", owner)).text();
    const cards = html.includes('value="online"');
    const res = await save(2, owner, valid({ payment_mode: "online" }));
    expect(res.status).toBe(cards ? 200 : 422);
  });

  it("refuses staff (403) and another restaurant's owner (404), saving nothing", async () => {
    const before = await row(1);
    expect((await save(1, staff, valid())).status).toBe(403);
    expect((await save(1, grillOwner, valid())).status).toBe(404);
    expect((await save(3, owner, valid())).status).toBe(404);
    expect(await row(1)).toEqual(before);
  });
});
