// No free restaurants (docs/decisions/0037): a signed-up restaurant is a draft, seen only by its own
// members with a Preview banner (never from or into the shared page cache) and a 404 to anyone else,
// until its trial starts; a person holds at most MAX_DRAFTS drafts, sign-ups are limited per person and
// per network, and the cron releases drafts that never started.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startDemoTrial } from "../../worker/providers/billing/demo";
import { DRAFT, MAX_DRAFTS, releaseDrafts } from "../../worker/directory/drafts";
import { ensurePerson } from "../../worker/directory/people";
import { startSession } from "../../worker/directory/sessions";
import { createRestaurant, domainAvailability } from "../../worker/console/signup";
import { claimSignup, SIGNUP_LIMITS } from "../../worker/console/signup-limits";
import { addressTag } from "../../worker/rules/network-key";
import worker from "../../worker/index";
import { catalogueRow } from "./catalogue";

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;
const freshPhone = () => `+9715${String(Date.now()).slice(-5)}${String((seq += 1) % 1000).padStart(3, "0")}`;

async function site(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual", ...init }), env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx); // background page-cache writes land before the next request
  return { status: res.status, headers: res.headers, text };
}

/** A person with a session cookie. */
async function person() {
  const personId = await ensurePerson(env.DB, freshPhone(), "Owner");
  return { personId, cookie: `console=${await startSession(env.DB, personId)}` };
}

async function draft(ownerId: number) {
  const domain = unique("draft");
  const made = await createRestaurant(env, {
    domain,
    name_en: "Draft Diner",
    name_ar: "مطعم مسودة",
    country: "AE",
    plan: "monthly",
    provider: "demo",
    owner: { personId: ownerId },
  });
  if (typeof made === "string") throw new Error(made);
  const branch = await catalogueRow<{ id: number }>(made.restaurantId, "SELECT id FROM branches WHERE restaurant_id = ?", made.restaurantId);
  return { domain, id: made.restaurantId, branch: branch!.id };
}

const stateOf = (id: number) =>
  env.DB.prepare("SELECT is_active, domain FROM restaurants WHERE id = ?").bind(id).first<{ is_active: number; domain: string }>();

describe("a signed-up restaurant is a draft", { timeout: 60_000 }, () => {
  it("is made as a draft, 404 to strangers (page and API) and previewable by its members, never through the page cache", async () => {
    const owner = await person();
    const shop = await draft(owner.personId);
    expect((await stateOf(shop.id))!.is_active).toBe(DRAFT);

    for (const path of [`/${shop.domain}`, `/${shop.domain}/${shop.branch}`]) {
      // A member first (so a shared copy, if one were kept, would be there), then a stranger.
      const member = await site(path, { headers: { cookie: owner.cookie } });
      expect(member.status, path).toBe(200);
      expect(member.text).toContain('data-testid="preview-banner"');
      expect(member.text).toContain("Draft Diner");
      expect(member.headers.get("cache-control")).toBe("private, no-store");
      const again = await site(path, { headers: { cookie: owner.cookie } });
      expect(again.headers.get("server-timing") ?? "").not.toMatch(/page;desc="HIT"/);

      const stranger = await site(path);
      expect(stranger.status, path).toBe(404);
      expect(stranger.text).not.toContain("Draft Diner");
      const other = await person();
      expect((await site(path, { headers: { cookie: other.cookie } })).status, path).toBe(404);
    }
    // The API itself, even with the owner's cookie: the preview is only ever the worker's own render.
    const api = await worker.fetch(
      new Request("http://localhost/api/getBranch", {
        method: "POST",
        body: JSON.stringify({ domain: shop.domain }),
        headers: { "content-type": "application/json", cookie: owner.cookie },
      }),
      env,
      createExecutionContext(),
    );
    expect(api.status).toBe(403);
    // The live demo restaurant shows no banner to a signed-in person.
    const live = await site("/saffron", { headers: { cookie: owner.cookie } });
    expect(live.status).toBe(200);
    expect(live.text).not.toContain('data-testid="preview-banner"');
  });

  it("goes live when its trial really starts (the DEMO page), and not before", async () => {
    const owner = await person();
    const shop = await draft(owner.personId);
    expect((await site(`/${shop.domain}`)).status).toBe(404);
    const cookie = `${owner.cookie}; consoleRestaurant=${shop.id}`;
    const started = await site("/console/billing/demo", { method: "POST", headers: { cookie } });
    expect(started.status).toBe(302);
    expect((await stateOf(shop.id))!.is_active).toBe(1);
    const page = await site(`/${shop.domain}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="preview-banner"');
    // Starting again changes nothing.
    expect(await startDemoTrial(env, shop.id)).toBe(false);
  });

  it(`30 concurrent sign-ups by one person make at most ${MAX_DRAFTS} drafts`, async () => {
    const owner = await person();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createRestaurant(env, {
          domain: unique(`burst${i}`),
          name_en: "Burst",
          name_ar: "دفعة",
          country: "AE",
          plan: "monthly",
          provider: "demo",
          owner: { personId: owner.personId },
        }),
      ),
    );
    expect(results.filter((r) => typeof r !== "string")).toHaveLength(MAX_DRAFTS);
    expect(results.filter((r) => r === "drafts")).toHaveLength(30 - MAX_DRAFTS);
    const drafts = await env.DB.prepare(
      "SELECT count(*) AS n FROM restaurants r JOIN members m ON m.restaurant_id = r.id WHERE m.person_id = ? AND r.is_active = ?",
    )
      .bind(owner.personId, DRAFT)
      .first<number>("n");
    expect(drafts).toBe(MAX_DRAFTS);
  });

  it("30 concurrent sign-up POSTs by one signed-in person: at most the cap, the rest 409 or 429, never a 500", async () => {
    const owner = await person();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        site("/signup", {
          method: "POST",
          body: new URLSearchParams({ intent: "create", name_en: "Page Burst", name_ar: "دفعة", domain: unique(`pburst${i}`), country: "AE", plan: "monthly" }),
          // Each from its own network: the person's own limit and the draft cap are what hold.
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: owner.cookie, "cf-connecting-ip": `203.0.113.${i + 1}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 302).length).toBeLessThanOrEqual(MAX_DRAFTS);
    expect(statuses.filter((s) => s === 302).length).toBeGreaterThan(0);
    expect(
      statuses.every((s) => s === 302 || s === 409 || s === 429),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - SIGNUP_LIMITS[0]!.max);
    const owned = await env.DB.prepare("SELECT count(*) AS n FROM members WHERE person_id = ?").bind(owner.personId).first<number>("n");
    expect(owned).toBeLessThanOrEqual(MAX_DRAFTS);
  });

  it("limits sign-ups per network, an IPv6 client by its /64", async () => {
    const network = addressTag(new Request("http://x/", { headers: { "cf-connecting-ip": "2001:db8:aa:bb::1" } }));
    const now = Date.now();
    const rule = SIGNUP_LIMITS.find((r) => r.by === "network")!;
    const claims = [];
    for (let i = 0; i < rule.max + 3; i++) {
      // Another address of the same /64 and another person each time.
      const tag = addressTag(new Request("http://x/", { headers: { "cf-connecting-ip": `2001:db8:aa:bb:${(i + 1).toString(16)}::${i + 7}` } }));
      expect(tag).toBe(network);
      claims.push(await claimSignup(env, freshPhone(), tag, now));
    }
    expect(claims.filter((c) => c.ok)).toHaveLength(rule.max);
    expect(claims.at(-1)).toMatchObject({ ok: false });
    expect((claims.at(-1) as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    // Another /64 is not held back.
    expect((await claimSignup(env, freshPhone(), addressTag(new Request("http://x/", { headers: { "cf-connecting-ip": "2001:db8:aa:cc::1" } })), now)).ok).toBe(
      true,
    );
  });

  it("the sweep releases drafts older than a few days: the address is free again, the members gone; live and young drafts stay", async () => {
    const owner = await person();
    const old = await draft(owner.personId);
    const young = await draft(owner.personId);
    const started = await draft(owner.personId);
    await startDemoTrial(env, started.id);
    const longAgo = "strftime('%Y-%m-%d %H:%M:%S', 'now', '-4 days')";
    await env.DB.prepare(`UPDATE restaurants SET created_at = ${longAgo} WHERE id IN (?, ?)`).bind(old.id, started.id).run();

    const released = await releaseDrafts(env);
    expect(released).toContain(old.domain);
    expect(released).not.toContain(young.domain);
    expect(released).not.toContain(started.domain);
    expect(await stateOf(old.id)).toEqual({ is_active: 0, domain: `released~${old.id}` });
    expect(await domainAvailability(env.DB, old.domain)).toEqual({ available: true });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM members WHERE restaurant_id = ?").bind(old.id).first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE restaurant_id = ?").bind(old.id).first("n")).toBe(0);
    expect((await stateOf(young.id))!.is_active).toBe(DRAFT);
    expect((await stateOf(started.id))!.is_active).toBe(1);
    // Released, it no longer counts against the person's drafts: a new one can be made.
    await draft(owner.personId);
    expect(await releaseDrafts(env)).not.toContain(old.domain);
  });
});
