// Sign-up sets the first branch's clock from the country (worker/rules/zones.ts, docs/decisions/0058):
// a Saudi restaurant keeps Riyadh's time, a Kuwaiti one Kuwait's; a US one is asked which of its zones,
// and a missing or foreign zone is refused with 422 on the zone's field, nothing made.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { catalogueRow } from "./catalogue";

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;
const post = (fields: Record<string, string>, cookie = "") =>
  worker.fetch(
    new Request("http://localhost/signup", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "203.0.113.58", ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    }),
    env,
    createExecutionContext(),
  );
const details = (domain: string, country: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  name_en: "Najd Grill",
  name_ar: "مشويات نجد",
  domain,
  country,
  plan: "monthly",
  ...extra,
});

/** The first branch's zone of the restaurant at `domain`, null when none was made. */
async function zoneOf(domain: string): Promise<string | null> {
  const restaurant = await env.DB.prepare("SELECT id FROM restaurants WHERE domain = ?").bind(domain).first<{ id: number }>();
  if (!restaurant) return null;
  return (await catalogueRow<{ time_zone: string }>(restaurant.id, "SELECT time_zone FROM branches WHERE restaurant_id = ?", restaurant.id))!.time_zone;
}

describe("sign-up sets the branch's zone from the country", { timeout: 60_000 }, () => {
  it("Saudi Arabia → Asia/Riyadh, Kuwait → Asia/Kuwait; the US asks, and only its own zones are taken", async () => {
    // A Saudi owner confirms a Saudi mobile as written locally.
    const local = `055${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    expect((await post({ intent: "send-code", phone: local, country: "SA" })).status).toBe(200);
    const phone = `+966${local.slice(1)}`;
    const sms = await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC").bind(phone).first<{ body: string }>();
    const code = /(\d{6})/.exec(sms!.body)![1]!;
    const riyadh = unique("najd");
    const first = await post({ ...details(riyadh, "SA"), owner_name: "Faisal", phone: local, code });
    expect(first.status).toBe(302);
    expect(await zoneOf(riyadh)).toBe("Asia/Riyadh");
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    // A zone sent for a one-zone country changes nothing: the country's own is kept.
    const kuwait = unique("diwan");
    expect((await post(details(kuwait, "KW", { time_zone: "Europe/London" }), cookie)).status).toBe(302);
    expect(await zoneOf(kuwait)).toBe("Asia/Kuwait");

    // The US: no zone, another country's zone, or a made-up one are refused on the zone's field.
    const diner = unique("diner");
    for (const zone of [undefined, "Asia/Dubai", "Mars/Olympus", "x".repeat(80)]) {
      const refused = await post(details(diner, "US", zone === undefined ? {} : { time_zone: zone }), cookie);
      expect(refused.status, zone).toBe(422);
      expect(await refused.text()).toContain("time_zone");
    }
    expect(await zoneOf(diner)).toBeNull();
    expect((await post(details(diner, "US", { time_zone: "America/Chicago" }), cookie)).status).toBe(302);
    expect(await zoneOf(diner)).toBe("America/Chicago");
  });

  it("the page offers the US zones only once the US is chosen (a Gulf country asks nothing)", async () => {
    const page = await worker.fetch(new Request("http://localhost/signup"), env, createExecutionContext());
    const html = await page.text();
    expect(html).toContain('name="country"');
    expect(html).not.toContain('name="time_zone"');
  });
});
