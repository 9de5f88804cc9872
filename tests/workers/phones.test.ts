// One phone, one diner (docs/decisions/0030): the embedded API reads "0501234567", "+971 50 123 4567"
// and "971501234567" as one number for codes, tokens, orders and limits; migration 0020 moves the rows
// stored before; the site reads the number in the restaurant's country and sends any backend the
// contract's digits of its E.164 form (docs/decisions/0059).
import { ordersOf, restaurantRows, SAFFRON_ID } from "./restaurant-rows";
import { catalogueRow } from "./catalogue";
import { env } from "cloudflare:workers";
import examples from "libphonenumber-js/examples.mobile.json";
import { getExampleNumber, type CountryCode } from "libphonenumber-js/min";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { VisitTracker } from "../../app/lib/visits.server";
import { checkoutAction } from "../../app/routes/tenant/checkout.server";
import { apiApp } from "../../worker/contract/catalogue";
import { toE164 } from "../../worker/rules/e164";
import { sha256 } from "../../worker/rules/secrets";
import { createOrdering } from "../../worker/upstream/ordering";
import { ServerTimings } from "../../worker/upstream/timing";
import { testUpstream } from "./helpers";
import { eventsIn } from "./limit-ledgers";

let seq = 0;
/** A UAE mobile number no other test uses, in the three spellings of the issue, and its E.164 form. */
function fresh() {
  seq += 1;
  const national = `52${String(Date.now() % 100_000).padStart(5, "0")}${String(seq).padStart(2, "0")}`; // 9 digits
  return {
    local: `0${national}`,
    spaced: `+971 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`,
    international: `971${national}`,
    e164: `+971${national}`,
    ip: `203.0.120.${seq % 250}`,
  };
}
type Diner = ReturnType<typeof fresh>;
const spellings = (d: Diner) => [d.local, d.spaced, d.international];

let ipSeq = 0;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  apiApp.request(
    path,
    {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "cf-connecting-ip": `198.18.7.${++ipSeq % 250}`, ...headers },
    },
    env,
  );
const json = async (res: Response) => (await res.json()) as any;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The code the demo outbox holds for the number it went to (E.164, whatever spelling it was sent as). */
const codeFor = async (sentAs: string) =>
  /(\d{6})/.exec(
    (await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(toE164(sentAs, "AE")).first<{ body: string }>())!.body,
  )![1]!;

let product: number;
beforeAll(async () => {
  product = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!.id;
});

async function sendAndVerify(sendAs: string, verifyAs: string) {
  expect((await post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: sendAs })).status).toBe(200);
  return post("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: verifyAs, otp_code: await codeFor(sendAs) });
}
function storeOrder(token: string) {
  const f = new FormData();
  f.set("items", JSON.stringify([{ product_id: product, amount: 1 }]));
  f.set("branch_id", "1");
  f.set("domain", "saffron");
  return apiApp.request("/storeOrder", { method: "POST", body: f, headers: bearer(token) }, env);
}
const history = async (token: string, phoneCustomer: string) =>
  ((await json(await post("/getOrder", { domain: "saffron", phoneCustomer, all: 1 }, bearer(token)))).data as { id: number }[]).map((o) => o.id);

describe("one phone, one diner in the embedded API", { timeout: 30_000 }, () => {
  it("a code sent to 0501234567 verifies for +971 50 123 4567 (and one sent to 971… for 05…), stored under E.164", async () => {
    const a = fresh();
    const verified = await sendAndVerify(a.local, a.spaced);
    expect(verified.status).toBe(200);
    const b = fresh();
    expect((await sendAndVerify(b.international, b.local)).status).toBe(200);
    for (const d of [a, b]) {
      expect(await restaurantRows(SAFFRON_ID, "SELECT phone FROM otp_codes WHERE phone LIKE ?", `%${d.e164.slice(4)}`)).toEqual([{ phone: d.e164 }]);
      expect(await restaurantRows(SAFFRON_ID, "SELECT phone FROM order_tokens WHERE phone LIKE ?", `%${d.e164.slice(4)}`)).toEqual([{ phone: d.e164 }]);
    }
    // The answer says where the code went, in E.164 (an addition beside the contract).
    const c = fresh();
    expect((await json(await post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: c.spaced }))).data).toMatchObject({
      phone: c.e164,
      expires_in: 600,
    });
  });

  it("one token and one order history for the three spellings", async () => {
    const d = fresh();
    const token = (await json(await sendAndVerify(d.international, d.local))).data.token as string;
    const stored = (await json(await storeOrder(token))).data as { order_id: number };
    for (const phone of spellings(d)) expect(await history(token, phone), phone).toEqual([stored.order_id]);
    expect((await apiApp.request(`/order/show/${stored.order_id}`, { headers: bearer(token) }, env)).status).toBe(200);
    expect(await ordersOf(SAFFRON_ID).prepare("SELECT phone FROM orders WHERE id = ?").bind(stored.order_id).first()).toEqual({ phone: d.e164 });
    // Another diner's token, asking with this diner's number in any spelling, sees nothing.
    const other = fresh();
    const otherToken = (await json(await sendAndVerify(other.local, other.local))).data.token as string;
    for (const phone of spellings(d)) expect(await history(otherToken, phone)).toEqual([]);
  });

  it("an online order is under the same number, answered in the contract's spelling (digits)", async () => {
    const d = fresh();
    const res = await post("/orderPayment", {
      domain: "saffron",
      branch_id: 1,
      items: JSON.stringify([{ product_id: product, amount: 1 }]),
      nameCustomer: "Omar",
      phoneCustomer: d.spaced,
      success_url: "http://localhost/saffron/1/orders?paid={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/saffron/1/cart",
    });
    expect(res.status).toBe(200);
    const data = (await json(res)).data as { phone: string; order_id: number };
    expect(data.phone).toBe(d.international);
    expect(await ordersOf(SAFFRON_ID).prepare("SELECT phone FROM orders WHERE id = ?").bind(data.order_id).first()).toEqual({ phone: d.e164 });
    // A number that cannot be one in the UAE is the phone field's error, and nothing is stored.
    const bad = await post("/orderPayment", {
      domain: "saffron",
      branch_id: 1,
      items: JSON.stringify([{ product_id: product, amount: 1 }]),
      nameCustomer: "Omar",
      phoneCustomer: "123456789012345",
      success_url: "http://localhost/saffron/1/orders",
      cancel_url: "http://localhost/saffron/1/cart",
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).errors).toEqual({ phoneCustomer: ["phoneInvalid"] });
  });

  it("one set of limits: 50 concurrent sends across the three spellings claim one", async () => {
    const d = fresh();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone: spellings(d)[i % 3] }, { "cf-connecting-ip": `198.19.3.${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    expect(await eventsIn("phone", d.e164, "otp")).toBe(1);
    const texts = await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox WHERE phone = ?").bind(d.e164).first();
    expect(texts).toEqual({ n: 1 });
  });

  it("online orders: 9 concurrent across the three spellings start 5 (the per-phone limit)", async () => {
    const d = fresh();
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        post(
          "/orderPayment",
          {
            domain: "saffron",
            branch_id: 1,
            items: JSON.stringify([{ product_id: product, amount: 1 }]),
            nameCustomer: "Omar",
            phoneCustomer: spellings(d)[i % 3],
            success_url: "http://localhost/saffron/1/orders",
            cancel_url: "http://localhost/saffron/1/cart",
          },
          { "cf-connecting-ip": `198.19.4.${i}` },
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect(await ordersOf(SAFFRON_ID).prepare("SELECT count(*) AS n FROM orders WHERE phone = ?").bind(d.e164).first()).toEqual({ n: 5 });
  });
});

describe("migration 0020: rows stored before, under the digits as typed", () => {
  const COUNTRIES = ["AE", "SA", "KW", "QA", "BH", "OM", "EG", "JO", "LB", "GB", "US", "IN", "PK"] as const;
  const migration = () => {
    const found = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0020_"));
    if (!found) throw new Error("migration 0020 is missing");
    return found.queries;
  };
  const migrate = async () => {
    for (const query of migration()) await env.DB.prepare(query).run();
  };
  // The table 0020 rewrote, as it stood then: migration 0026 dropped it (limits live in objects now).
  beforeAll(async () => {
    await env.DB.prepare(
      `CREATE TABLE limit_events (id INTEGER PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('otp', 'payment', 'order', 'console')),
      phone TEXT NOT NULL, ip TEXT NOT NULL, at INTEGER NOT NULL)`,
    ).run();
  });
  afterAll(async () => {
    await env.DB.prepare("DROP TABLE limit_events").run();
  });
  /** The ways people write a country's example mobile number, as the old API kept them (10 to 15 digits). */
  const corpus = (country: CountryCode) => {
    const example = getExampleNumber(country, examples)!;
    const [cc, nsn] = [example.countryCallingCode, example.nationalNumber];
    return [`00${cc}${nsn}`, `${cc}${nsn}`, `0${nsn}`, `${nsn}`].filter((p) => /^\d{10,15}$/.test(p));
  };

  it("rewrites each spelling of every sign-up country's numbers exactly as libphonenumber reads it, and leaves the rest", async () => {
    const rows: { id: number; country: CountryCode; raw: string; junk: boolean }[] = [];
    for (const country of COUNTRIES) {
      const restaurant = (await env.DB.prepare(
        "INSERT INTO restaurants (domain, name_en, name_ar, currency, country) VALUES (?, 'M', 'م', 'AED', ?) RETURNING id",
      )
        .bind(`mig-${country.toLowerCase()}`, country)
        .first<{ id: number }>())!.id;
      // Junk: a spelling libphonenumber does not read either (the US dials out with 011), digits no rule
      // reads (nobody's mobile number: left as they were, so they join no one),
      // and a row already in E.164.
      for (const [raw, junk] of [
        ...corpus(country).map((p) => [p, toE164(p, country) === null] as const),
        ["000000000000", true],
        ["123456789012345", true],
        ["+971501234567", true],
      ] as const) {
        const id = (await env.DB.prepare(
          "INSERT INTO otp_codes (restaurant_id, phone, code_hash, expires_at, created_at) VALUES (?, ?, 'x', 0, 0) RETURNING id",
        )
          .bind(restaurant, raw)
          .first<{ id: number }>())!.id;
        rows.push({ id, country, raw, junk });
      }
    }
    expect(rows.length).toBeGreaterThan(COUNTRIES.length * 4);
    await migrate();
    const after = async () =>
      Promise.all(rows.map(async (r) => (await env.DB.prepare("SELECT phone FROM otp_codes WHERE id = ?").bind(r.id).first<{ phone: string }>())!.phone));
    const migrated = await after();
    rows.forEach((r, i) => expect(migrated[i], `${r.country} ${r.raw}`).toBe(r.junk ? r.raw : toE164(r.raw, r.country)));
    // Every example number's spellings became one number.
    for (const country of COUNTRIES) {
      const numbers = new Set(rows.flatMap((r, i) => (r.country === country && !r.junk ? [migrated[i]] : [])));
      expect(numbers.size, country).toBe(1);
    }
    // Twice is once.
    await migrate();
    expect(await after()).toEqual(migrated);
  });

  it("a diner's old orders, token and limits join their number; a code still live is spent", async () => {
    const restaurant = (await env.DB.prepare(
      "INSERT INTO restaurants (domain, name_en, name_ar, currency, is_active) VALUES ('mig-old', 'Old', 'قديم', 'AED', 1) RETURNING id",
    ).first<{ id: number }>())!.id;
    const branch = (await catalogueRow<{ id: number }>(
      restaurant,
      "INSERT INTO branches (restaurant_id, name_en, name_ar, active_order, payment_mode) VALUES (?, 'B', 'ب', 1, 'otp') RETURNING id",
      restaurant,
    ))!.id;
    const d = fresh();
    const orders: number[] = [];
    for (const raw of [d.local, d.international, `00${d.international}`]) {
      orders.push(
        (await env.DB.prepare("INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, price) VALUES (?, ?, ?, 'Sara', ?, 10) RETURNING id")
          .bind(restaurant, branch, orders.length + 1, raw)
          .first<{ id: number }>())!.id,
      );
    }
    const token = "legacy-token-0123456789abcdef";
    await env.DB.prepare("INSERT INTO order_tokens (token_hash, restaurant_id, phone, name, expires_at) VALUES (?, ?, ?, 'Sara', ?)")
      .bind(await sha256(token), restaurant, d.local, Date.now() + 86_400_000)
      .run();
    const code = (await env.DB.prepare("INSERT INTO otp_codes (restaurant_id, phone, code_hash, expires_at, created_at) VALUES (?, ?, 'x', ?, ?) RETURNING id")
      .bind(restaurant, d.international, Date.now() + 600_000, Date.now())
      .first<{ id: number }>())!.id;
    const now = Date.now();
    await env.DB.prepare("INSERT INTO limit_events (kind, phone, ip, at) VALUES ('order', ?, '192.0.2.9', ?), ('payment', ?, '192.0.2.9', ?)")
      .bind(d.local, now, d.international, now)
      .run();

    const tokenPhone = async () =>
      (await env.DB.prepare("SELECT phone FROM order_tokens WHERE token_hash = ?")
        .bind(await sha256(token))
        .first<{ phone: string }>())!.phone;
    // Before: the token stands for the spelling it was given, which no longer names anyone.
    expect(await tokenPhone()).toBe(d.local);
    await migrate();
    // (D1's tokens predate the restaurant's object, which holds every token since: decision 0040.)
    expect(await tokenPhone()).toBe(d.e164);
    expect(await env.DB.prepare("SELECT phone, used FROM otp_codes WHERE id = ?").bind(code).first()).toEqual({ phone: d.e164, used: 1 });
    expect((await env.DB.prepare("SELECT phone FROM limit_events WHERE ip = '192.0.2.9' ORDER BY id").all()).results).toEqual([
      { phone: d.e164 },
      { phone: d.e164 },
    ]);
    // The old orders are that number's, and count against its one set of limits. (D1's orders, like its
    // tokens, are the rows 0020 rewrote; the restaurant's object holds every order since: decision 0040.)
    expect((await env.DB.prepare("SELECT id FROM orders WHERE phone = ? ORDER BY id").bind(d.e164).all()).results.map((r) => r.id)).toEqual(
      [...orders].sort((x, y) => x - y),
    );
  });
});

describe("the site's side", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  /** A backend that speaks only the contract: no `phone` or `demo` additions. */
  const external = createOrdering(
    {
      baseUrl: "https://backend.example.com/api",
      imageBase: "/storage/",
      timeoutMs: 2000,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const path = new URL(request.url).pathname.replace(/^\/api/, "");
        const type = request.headers.get("content-type") ?? "";
        const body = type.includes("json") ? ((await request.json()) as Record<string, unknown>) : Object.fromEntries(await request.formData());
        sent.push({ path, body });
        const answer =
          path === "/sendOtp"
            ? { expires_in: 600, resend_in: 60 }
            : path === "/verifyOtp"
              ? { token: "external-token-123456" }
              : path === "/storeOrder"
                ? { order_id: 77, num_order: 7, price: 10 }
                : { phone: body.phoneCustomer, url: "https://pay.example.com/s/1" };
        return Response.json({ errors: [], errorCode: "", data: answer });
      },
    },
    new ServerTimings(),
    "198.51.100.9",
  );
  const embedded = createOrdering(
    { baseUrl: "http://embedded.api", imageBase: "/storage/", timeoutMs: 2000, fetch: async (input, init) => apiApp.fetch(new Request(input, init), env, ctx) },
    new ServerTimings(),
    "198.51.100.10",
  );

  let line = "";
  beforeAll(async () => {
    const p = (await catalogueRow<{ id: number; price: number; price_offer: number }>(
      SAFFRON_ID,
      "SELECT p.id, p.price_minor / 100.0 AS price, p.offer_minor / 100.0 AS price_offer FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
    ))!;
    line = JSON.stringify([{ id: p.id, amount: 1, unit_price: p.price_offer > 0 ? p.price_offer : p.price, note: "", options: [] }]);
  });
  async function submit(ordering: typeof external, fields: Record<string, string>) {
    const c = new RouterContextProvider();
    c.set(appContext, {
      env,
      ctx,
      nonce: "n",
      host: { kind: "app" },
      upstream: testUpstream({ version: "phones" }).upstream,
      ordering,
      visits: new VisitTracker(new Request("http://localhost/")),
      pageCookies: { language: "en", theme: null, orderBranches: new Set<number>(), view: "grid2", shareable: true },
    });
    const request = new Request("http://localhost/saffron/1/cart", { method: "POST", body: new URLSearchParams({ items: line, name: "Sara", ...fields }) });
    return ((await checkoutAction(request, c, { domain: "saffron", branchId: "1" })) as unknown as { data: any }).data;
  }

  it("with an external UPSTREAM_URL, sends the contract's digits of the one E.164 number, however it was typed", async () => {
    sent.length = 0;
    expect(await submit(external, { intent: "send-code", phone: "+971 50 123 4567" })).toMatchObject({ ok: true, step: "otp", phone: "+971 50 123 4567" });
    expect(await submit(external, { intent: "send-code", phone: "050 123 4567" })).toMatchObject({ ok: true, step: "otp", phone: "+971 50 123 4567" });
    await submit(external, { intent: "verify", phone: "050-123-4567", otp_code: "123456" });
    await submit(external, { intent: "pay", phone: "٠٠٩٧١٥٠١٢٣٤٥٦٧" }).catch(() => null);
    const phones = sent.map((s) => [s.path, s.body.phone ?? s.body.phoneCustomer]);
    expect(phones).toEqual([
      ["/sendOtp", "971501234567"],
      ["/sendOtp", "971501234567"],
      ["/verifyOtp", "971501234567"],
      ["/storeOrder", undefined],
      ["/orderPayment", "971501234567"],
    ]);
    // What is no number in the restaurant's country never leaves the site; the form keeps it (422, not 500).
    sent.length = 0;
    expect(await submit(external, { intent: "send-code", phone: "050 123 45" })).toEqual({ ok: false, fields: ["phoneInvalid"] });
    expect(sent).toEqual([]);
  });

  it("the code sheet gets the embedded API's reading of the number, written for people", async () => {
    const d = fresh();
    expect(await submit(embedded, { intent: "send-code", phone: d.local })).toMatchObject({ ok: true, step: "otp", phone: d.spaced });
  });
});
