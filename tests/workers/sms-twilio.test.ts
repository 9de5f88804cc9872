// Codes through Twilio (worker/providers/twilio.ts) against the loopback stand-in of its Messages API
// (tests/stand-ins/twilio.ts): the request as Twilio takes it, E.164 numbers read with the restaurant's
// country, WhatsApp, the diner's language, which provider a deployment gets, and failures that cost the
// diner nothing (the send limit's claim released, the code spent). The site's side: its messages and DEMO.
import { restaurantRows, SAFFRON_ID } from "./restaurant-rows";
import { env, exports } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { appContext } from "../../app/context";
import { VisitTracker } from "../../app/lib/visits.server";
import { checkoutAction } from "../../app/routes/tenant/checkout.server";
import { apiApp } from "../../worker/contract/catalogue";
import { toE164 } from "../../worker/rules/e164";
import { TWILIO_TIMEOUT_MS } from "../../worker/providers/twilio";
import { createOrdering } from "../../worker/upstream/ordering";
import { ServerTimings } from "../../worker/upstream/timing";
import type { Recorded } from "../stand-ins/server";
import { TWILIO_STAND_IN_TOKEN } from "../stand-ins/twilio";
import { testUpstream } from "./helpers";
import { catalogueRow } from "./catalogue";
import { eventsIn } from "./limit-ledgers";

const standIns = inject("standIns");

/** An account SID of its own per use: the stand-in keeps each one's messages apart (and fails by its suffix). */
const accountSid = (suffix = "") => `AC${crypto.randomUUID().replace(/-/g, "")}${suffix}`;
const twilio = (settings: Partial<Env> = {}): Env => ({
  ...env, // DEMO_PROVIDERS is "on" in the tests: a configured Twilio must win over it.
  SMS_PROVIDER: "twilio",
  SMS_CHANNEL: "",
  TWILIO_API_BASE: standIns,
  TWILIO_ACCOUNT_SID: accountSid(),
  TWILIO_AUTH_TOKEN: TWILIO_STAND_IN_TOKEN,
  TWILIO_FROM: "+15005550006",
  TWILIO_MESSAGING_SERVICE_SID: "",
  ...settings,
});
/** What the stand-in was sent for this account. */
const received = async (sid: string) => (await (await fetch(`${standIns}/_log/twilio?key=${sid}`)).json()) as Recorded[];

let ipSeq = 0;
const post = (path: string, body: unknown, environment: Env, ip = `192.0.2.${++ipSeq % 250}`) =>
  apiApp.request(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "cf-connecting-ip": ip } }, environment);
const json = async (res: Response) => (await res.json()) as any;

let seq = 0;
/** A UAE mobile number no other test uses, as a diner types it. */
const freshPhone = () => `058${String(Date.now() % 100_000).padStart(5, "0")}${String(++seq % 100).padStart(2, "0")}`;
const e164 = (national: string) => `+971${national.slice(1)}`;

const sendOtp = (environment: Env, phone: string, extra: Record<string, unknown> = {}, ip?: string) =>
  post("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, ...extra }, environment, ip);
const verifyOtp = (phone: string, otp_code: string) => post("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code }, env);
const codeIn = (body: string | undefined) => /\b(\d{6})\b/.exec(body ?? "")![1]!;
/** Texts in the demo outbox for a UAE number however it was typed (the outbox keeps the E.164 number it went to). */
const outboxCount = async (typed: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox WHERE phone = ?").bind(toE164(typed, "AE")).first<{ n: number }>())!.n;
const claims = (phone: string) => eventsIn("phone", phone, "otp");

let saffron: { name_en: string; name_ar: string };
beforeAll(async () => {
  saffron = (await env.DB.prepare("SELECT name_en, name_ar FROM restaurants WHERE domain = 'saffron'").first())!;
});
afterEach(() => vi.restoreAllMocks());

describe("the restaurant's country (migrations/0008)", () => {
  it("is AE for the demo restaurants and two capital letters for any", async () => {
    const rows = await env.DB.prepare("SELECT domain, country FROM restaurants ORDER BY id").all<{ domain: string; country: string }>();
    expect(rows.results.find((r) => r.domain === "saffron")?.country).toBe("AE");
    expect(rows.results.every((r) => r.country === "AE")).toBe(true);
    for (const bad of ["ae", "UAE", "A", ""]) {
      await expect(env.DB.prepare("UPDATE restaurants SET country = ? WHERE domain = 'saffron'").bind(bad).run(), bad).rejects.toThrow(/CHECK/);
    }
  });

  it("is in the catalogue's answers only as the restaurant's ISO code, which the site reads numbers against (decision 0059)", async () => {
    for (const path of ["/getBranch", "/getStyle", "/getMenu"]) {
      const answer = await (
        await apiApp.request(
          path,
          { method: "POST", body: JSON.stringify({ domain: "saffron", branch_id: 1 }), headers: { "content-type": "application/json" } },
          env,
        )
      ).text();
      expect(answer, path).toContain('"data"');
      expect(
        [...answer.matchAll(/"country":("[^"]*"|[^,}]*)/g)].map((m) => m[1]),
        path,
      ).toEqual(['"AE"']);
    }
  });
});

describe("codes through Twilio", { timeout: 20_000 }, () => {
  it("posts To in E.164, From and the code's text to the account's Messages resource, with Basic auth", async () => {
    const settings = twilio();
    const sid = settings.TWILIO_ACCOUNT_SID;
    const res = await sendOtp(settings, "0501234567");
    expect(res.status).toBe(200);
    // Sent by SMS: no DEMO mark.
    expect((await json(res)).data).toEqual({ expires_in: 600, resend_in: 60, phone: "+971501234567" });
    const [message, ...more] = await received(sid);
    expect(more).toEqual([]);
    expect(message!.method).toBe("POST");
    expect(message!.path).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(message!.headers.authorization).toBe(`Basic ${btoa(`${sid}:${TWILIO_STAND_IN_TOKEN}`)}`);
    expect(message!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(message!.form).sort()).toEqual(["Body", "From", "To"]);
    expect(message!.form.To).toBe("+971501234567");
    expect(message!.form.From).toBe("+15005550006");
    // The code and the platform first, the restaurant's name last in its quoted slot (docs/decisions/0037).
    expect(message!.form.Body).toMatch(new RegExp(`^\\d{6} is your Menu code for "${saffron.name_en}"\\. It expires in 10 minutes\\.$`));
    // Configured Twilio wins over DEMO_PROVIDERS=on: nothing went to the outbox.
    expect(await outboxCount("0501234567")).toBe(0);
    // The text carries the very code the API checks, for the phone as the diner typed it.
    expect((await verifyOtp("0501234567", codeIn(message!.form.Body))).status).toBe(200);
  });

  it("sends from a Messaging Service instead of a number when one is set", async () => {
    const settings = twilio({ TWILIO_FROM: "", TWILIO_MESSAGING_SERVICE_SID: "MG0123456789abcdef0123456789abcdef" });
    expect((await sendOtp(settings, freshPhone())).status).toBe(200);
    const [message] = await received(settings.TWILIO_ACCOUNT_SID);
    expect(message!.form.MessagingServiceSid).toBe("MG0123456789abcdef0123456789abcdef");
    expect(message!.form.From).toBeUndefined();
  });

  it("uses whatsapp: addresses with SMS_CHANNEL=whatsapp (a Messaging Service needs no From)", async () => {
    const byNumber = twilio({ SMS_CHANNEL: "whatsapp", TWILIO_FROM: "+14155238886" });
    const phone = freshPhone();
    expect((await sendOtp(byNumber, phone)).status).toBe(200);
    const [message] = await received(byNumber.TWILIO_ACCOUNT_SID);
    expect(message!.form.To).toBe(`whatsapp:${e164(phone)}`);
    expect(message!.form.From).toBe("whatsapp:+14155238886");

    const byService = twilio({ SMS_CHANNEL: "whatsapp", TWILIO_FROM: "", TWILIO_MESSAGING_SERVICE_SID: "MGwhatsapp" });
    const other = freshPhone();
    expect((await sendOtp(byService, other)).status).toBe(200);
    const [viaService] = await received(byService.TWILIO_ACCOUNT_SID);
    expect(viaService!.form).toMatchObject({ To: `whatsapp:${e164(other)}`, MessagingServiceSid: "MGwhatsapp" });
    expect(viaService!.form.From).toBeUndefined();
  });

  it("writes in the diner's language: Arabic with the restaurant's Arabic name, digits in ASCII", async () => {
    const settings = twilio();
    expect((await sendOtp(settings, freshPhone(), { lang: "ar" })).status).toBe(200);
    const [message] = await received(settings.TWILIO_ACCOUNT_SID);
    expect(message!.form.Body).toMatch(new RegExp(`^\\d{6} رمز التحقق من Menu لطلبك من «${saffron.name_ar}»\\. صالح لمدة 10 دقائق\\.$`));
    // An unknown language is the caller's mistake: 422, nothing sent.
    const wrong = await sendOtp(settings, freshPhone(), { lang: "fr" });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errors.lang).toBeDefined();
    expect(await received(settings.TWILIO_ACCOUNT_SID)).toHaveLength(1);
  });

  it("reads a number against its restaurant's country", async () => {
    const london = (await env.DB.prepare(
      "INSERT INTO restaurants (domain, name_en, name_ar, currency, country) VALUES ('twilio-london', 'London Test', 'لندن', 'GBP', 'GB') RETURNING id",
    ).first<{ id: number }>())!.id;
    const branch = (await catalogueRow<{ id: number }>(
      london,
      "INSERT INTO branches (restaurant_id, name_en, name_ar, active_order, payment_mode) VALUES (?, 'Soho', 'سوهو', 1, 'otp') RETURNING id",
      london,
    ))!.id;
    const settings = twilio();
    expect((await post("/sendOtp", { domain: "twilio-london", branch_id: branch, name: "Sam", phone: "07911 123456" }, settings)).status).toBe(200);
    expect((await received(settings.TWILIO_ACCOUNT_SID))[0]!.form.To).toBe("+447911123456");
  });
});

describe("which provider a deployment gets", () => {
  it("refuses codes (503) when SMS_PROVIDER=twilio misses a setting, and names it once in the log", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const cases: [Partial<Env>, RegExp][] = [
      [{ TWILIO_AUTH_TOKEN: undefined }, /TWILIO_AUTH_TOKEN is missing/],
      [{ TWILIO_ACCOUNT_SID: "" }, /TWILIO_ACCOUNT_SID is missing/],
      [{ TWILIO_FROM: "", TWILIO_MESSAGING_SERVICE_SID: "" }, /TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is missing/],
      [{ TWILIO_ACCOUNT_SID: "AC/../x" }, /TWILIO_ACCOUNT_SID is not an account SID/],
    ];
    for (const [missing, named] of cases) {
      const settings = twilio(missing);
      const phone = freshPhone();
      for (let i = 0; i < 2; i++) {
        const res = await sendOtp(settings, phone);
        expect(res.status).toBe(503);
        expect(await json(res)).toMatchObject({ errorCode: "sms_unavailable" });
      }
      // No fallback to the demo outbox, nothing claimed.
      expect(await outboxCount(phone)).toBe(0);
      expect(await claims(e164(phone))).toBe(0);
      expect(log.mock.calls.filter(([line]) => named.test(String(line)))).toHaveLength(1);
    }
  });

  it("refuses an SMS_PROVIDER it does not know rather than using the outbox", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const phone = freshPhone();
    expect((await sendOtp({ ...env, SMS_PROVIDER: "twillio" }, phone)).status).toBe(503);
    expect(await outboxCount(phone)).toBe(0);
  });

  it("without a provider: the demo outbox only with DEMO_PROVIDERS=on (marked demo), else 503", async () => {
    const phone = freshPhone();
    const off = await sendOtp({ ...env, SMS_PROVIDER: "", DEMO_PROVIDERS: "" }, phone);
    expect(off.status).toBe(503);
    expect((await json(off)).errorCode).toBe("sms_unavailable");
    const on = await sendOtp({ ...env, SMS_PROVIDER: "", DEMO_PROVIDERS: "on" }, phone);
    expect((await json(on)).data).toEqual({ expires_in: 600, resend_in: 60, phone: e164(phone), demo: true });
    expect(await outboxCount(phone)).toBe(1);
  });
});

describe("failures cost the diner nothing", { timeout: 30_000 }, () => {
  /** A send that fails as `suffix` makes the stand-in fail; then the same phone right away through a working account. */
  async function failThenRetry(suffix: string) {
    const failing = twilio({ TWILIO_ACCOUNT_SID: accountSid(suffix) });
    const phone = freshPhone();
    const failed = await sendOtp(failing, phone);
    const [attempt] = await received(failing.TWILIO_ACCOUNT_SID);
    // The failed text's code is spent before anyone could use it.
    expect((await verifyOtp(phone, codeIn(attempt!.form.Body))).status).toBe(422);
    expect(await claims(e164(phone))).toBe(0);
    // The claim was released: a new code in the same minute is allowed…
    const working = twilio();
    expect((await sendOtp(working, phone)).status).toBe(200);
    // …while a code that did go out blocks the next for a minute.
    const blocked = await sendOtp(working, phone);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(55);
    expect(await received(working.TWILIO_ACCOUNT_SID)).toHaveLength(1);
    return failed;
  }

  for (const suffix of ["fail500", "fail429"]) {
    it(`Twilio answering ${suffix.slice(4)}: 503 sms_unavailable, claim released, code spent`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const failed = await failThenRetry(suffix);
      expect(failed.status).toBe(503);
      expect(await json(failed)).toMatchObject({ errorCode: "sms_unavailable", message: expect.stringMatching(/try again/) });
    });
  }

  it("Twilio not answering: 503 after the timeout, claim released, code spent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const started = Date.now();
    const failed = await failThenRetry("timeout");
    expect(failed.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TWILIO_TIMEOUT_MS);
  });

  for (const code of [21211, 21614]) {
    it(`Twilio refusing the number (${code}): 422 on phone, claim released, code spent`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const failed = await failThenRetry(`fail${code}`);
      expect(failed.status).toBe(422);
      expect((await json(failed)).errors).toEqual({ phone: ["phoneInvalid"] });
    });
  }

  it("a number that cannot be one where the restaurant is: 422, nothing sent, claimed or stored", async () => {
    const settings = twilio();
    const impossible = "05591234567001"; // 10 to 15 digits, as the API takes them, but too long for the UAE
    const ip = "192.0.2.250";
    const res = await sendOtp(settings, impossible, {}, ip);
    expect(res.status).toBe(422);
    expect((await json(res)).errors).toEqual({ phone: ["phoneInvalid"] });
    expect(await received(settings.TWILIO_ACCOUNT_SID)).toEqual([]);
    expect(await eventsIn("network", `addr:${ip}`)).toBe(0);
    expect(await restaurantRows(SAFFRON_ID, "SELECT id FROM otp_codes WHERE phone = ?", impossible)).toEqual([]);
  });

  it("50 concurrent sends for one phone, however it is written, reach Twilio once", async () => {
    const settings = twilio();
    const phone = freshPhone();
    const spellings = [phone, `00971${phone.slice(1)}`, `971${phone.slice(1)}`];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => sendOtp(settings, spellings[i % 3]!, {}, `198.18.1.${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const sent = await received(settings.TWILIO_ACCOUNT_SID);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.To).toBe(e164(phone));
  });
});

describe("the site: the diner's language, DEMO, and what a failed send says", { timeout: 20_000 }, () => {
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  /** The cart's action over the embedded API, in a deployment with these settings. */
  function checkout(environment: Env, fields: Record<string, string>) {
    const ordering = createOrdering(
      {
        baseUrl: "http://embedded.api",
        imageBase: "/storage/",
        timeoutMs: TWILIO_TIMEOUT_MS + 2000,
        fetch: async (input, init) => apiApp.fetch(new Request(input, init), environment, ctx),
      },
      new ServerTimings(),
      `198.51.100.${++ipSeq % 250}`,
    );
    const context = new RouterContextProvider();
    context.set(appContext, {
      env: environment,
      ctx,
      nonce: "n",
      host: { kind: "app" },
      upstream: testUpstream({ version: "sms-twilio" }).upstream,
      ordering,
      visits: new VisitTracker(new Request("http://localhost/")),
      pageCookies: { language: "en", theme: null, orderBranches: new Set<number>(), view: "grid2", shareable: true },
    });
    return checkoutAction(new Request("http://localhost/saffron/1/cart", { method: "POST", body: new URLSearchParams({ items: "[]", ...fields }) }), context, {
      domain: "saffron",
      branchId: "1",
    });
  }
  let line: string;
  beforeAll(async () => {
    const product = (await catalogueRow<{ id: number; price: number; price_offer: number }>(
      SAFFRON_ID,
      "SELECT p.id, p.price_minor / 100.0 AS price, p.offer_minor / 100.0 AS price_offer FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
    ))!;
    line = JSON.stringify([{ id: product.id, amount: 1, unit_price: product.price_offer > 0 ? product.price_offer : product.price, note: "", options: [] }]);
  });
  const sendCode = async (environment: Env, phone: string) =>
    (await checkout(environment, { intent: "send-code", name: "Sara", phone, items: line })) as unknown as { data: unknown; init: ResponseInit | null };

  it("marks a code that went to the demo outbox, and only that one", async () => {
    expect((await sendCode(env, freshPhone())).data).toMatchObject({ ok: true, step: "otp", demo: true });
    const viaTwilio = (await sendCode(twilio(), freshPhone())).data;
    expect(viaTwilio).toMatchObject({ ok: true, step: "otp" });
    expect(viaTwilio).not.toHaveProperty("demo");
  });

  it("says the code could not be sent (503) and that the phone is invalid (Twilio's 21211)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const down = await sendCode(twilio({ TWILIO_ACCOUNT_SID: accountSid("fail500") }), freshPhone());
    expect(down.data).toEqual({ ok: false, toast: "smsUnavailable" });
    expect(down.init?.status).toBe(503);
    const none = await sendCode({ ...env, DEMO_PROVIDERS: "" }, freshPhone());
    expect(none.data).toEqual({ ok: false, toast: "smsUnavailable" });
    const refused = await sendCode(twilio({ TWILIO_ACCOUNT_SID: accountSid("fail21211") }), freshPhone());
    expect(refused.data).toEqual({ ok: false, fields: ["phoneInvalid"] });
    expect(refused.init?.status).toBe(422);
  });

  it("texts in the page's language", async () => {
    const phone = freshPhone();
    const res = await exports.default.fetch("http://localhost/saffron/1/cart.data?lng=ar", {
      method: "POST",
      body: new URLSearchParams({ intent: "send-code", name: "Sara", phone, items: line }),
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    const text = await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ?").bind(e164(phone)).first<{ body: string }>();
    expect(text?.body).toMatch(new RegExp(`^\\d{6} رمز التحقق من Menu لطلبك من «${saffron.name_ar}»\\.`));
  });
});
