// The colours and social links screen (/console/branches/brand) through the whole worker: roles, the
// fields' validation (422 naming each field, keeping what was typed), only the member's restaurant, the
// tenant's purge (the diner's page shows the new colour right after save), the socials replaced as one
// set (also under 50 concurrent saves), and the "first steps" colours tick.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { firstStepsOf } from "../../worker/console/home";
import type { Role } from "../../worker/rules/roles";
import worker from "../../worker/index";
import { catalogueOf, catalogueRow, catalogueRows } from "./catalogue";
import { seedMember } from "./console-members";

// The seed: saffron (restaurant 1, seven socials), grill-house (2, branch 3), closed-bistro (3, no colours).
const SAFFRON = 1;
const GRILL = 2;
const BISTRO = 3;
const PATH = "/console/branches/brand";

const member = async (restaurantId: number, role: Role, branchIds: number[] = []) => (await seedMember(restaurantId, role, branchIds)).cookie;

const site = (path: string, cookie: string | null, init: RequestInit = {}, environment: Env = env) =>
  worker.fetch(
    new Request(`http://localhost${path}`, { redirect: "manual", ...init, headers: { ...(cookie ? { cookie } : {}), ...init.headers } }),
    environment,
    createExecutionContext(),
  );

const COLOURS = { primary: "#b45309", onPrimary: "#ffffff", background: "#fffbf5", onBackground: "#1c1917" };
const NO_SOCIALS = { facebook: "", instagram: "", whatsapp: "", telegram: "", snapchat: "", twitter: "", location: "", tiktok: "" };

const save = (cookie: string, fields: Record<string, string>, environment: Env = env) =>
  site(PATH, cookie, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } }, environment);

const coloursOf = (id: number) =>
  catalogueRow(
    id,
    "SELECT style_primary, style_on_primary, style_secondary, style_on_secondary, style_background, style_on_background FROM brand WHERE restaurant_id = ?",
    id,
  );
const socialsOf = async (id: number) =>
  await catalogueRows<{ type: number; value: string }>(id, "SELECT type, value FROM socials WHERE restaurant_id = ? ORDER BY type, id", id);

let grillOwner: string;
let grillManager: string;
let grillStaff: string;
beforeAll(async () => {
  grillOwner = await member(GRILL, "owner");
  grillManager = await member(GRILL, "manager");
  grillStaff = await member(GRILL, "staff", [3]);
});

describe("who may open and save it", () => {
  it("shows owners and managers their restaurant's colours and links, privately", async () => {
    for (const cookie of [grillOwner, grillManager]) {
      const res = await site(PATH, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      expect(html).toContain('value="#b91c1c"'); // grill-house's own primary, from the seed
      expect(html).toContain('value="instagram.com/grillhouse.ae"');
      expect(html).not.toContain("saffroncafe");
      expect(html).toContain('data-testid="brand-preview-dark"');
    }
  });

  it("refuses staff (403), without a session sends to sign-in, and with an external backend is not there (404)", async () => {
    const before = await coloursOf(GRILL);
    expect((await site(PATH, grillStaff)).status).toBe(403);
    expect((await save(grillStaff, { intent: "colours", ...COLOURS, primary: "#000000" })).status).toBe(403);
    expect((await save(grillStaff, { intent: "socials", ...NO_SOCIALS })).status).toBe(403);
    const anonymous = await save("", { intent: "colours", ...COLOURS });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/console/sign-in");
    const external = { ...env, UPSTREAM_URL: "https://backend.example/api" } as Env;
    expect((await site(PATH, grillOwner, {}, external)).status).toBe(404);
    expect((await save(grillOwner, { intent: "colours", ...COLOURS, primary: "#000000" }, external)).status).toBe(404);
    expect(await coloursOf(GRILL)).toEqual(before);
    expect((await socialsOf(GRILL)).length).toBe(2);
  });
});

describe("validation", () => {
  it("refuses a colour that is not #rrggbb with 422, a message beside each bad field, what was typed kept, nothing saved", async () => {
    const before = await coloursOf(GRILL);
    for (const bad of ["red", "#fff", "rgb(0,0,0)", "#12345g", "#1234567", ""]) {
      const res = await save(grillOwner, { intent: "colours", ...COLOURS, primary: bad, onBackground: "nope" });
      expect(res.status, bad).toBe(422);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      expect(html).toContain('id="colour-primary-error"');
      expect(html).toContain('id="colour-onBackground-error"');
      expect(html).not.toContain('id="colour-background-error"');
      expect(html).toContain('value="nope"');
      if (bad) expect(html).toContain(`value="${bad}"`);
    }
    const missing = await save(grillOwner, { intent: "colours", primary: "#123456" });
    expect(missing.status).toBe(422);
    expect(await coloursOf(GRILL)).toEqual(before);
  });

  it("refuses a link the diner's page could not open, or a too long one, and keeps the others as typed", async () => {
    const res = await save(grillOwner, {
      intent: "socials",
      ...NO_SOCIALS,
      facebook: "grill house",
      telegram: "javascript:alert(1)",
      twitter: `x.com/${"a".repeat(400)}`,
      instagram: "instagram.com/kept",
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('id="social-facebook-error"');
    expect(html).toContain('id="social-telegram-error"');
    expect(html).toContain('id="social-twitter-error"');
    expect(html).not.toContain('id="social-instagram-error"');
    expect(html).toContain('value="instagram.com/kept"');
    expect(html).toContain('value="grill house"');
    expect(await socialsOf(GRILL)).toEqual([
      { type: 1, value: "instagram.com/grillhouse.ae" },
      { type: 6, value: "https://maps.google.com/?q=Al+Barsha" },
    ]);
  });

  it("answers a form without a known intent with 400", async () => {
    expect((await save(grillOwner, { intent: "restaurant", ...COLOURS })).status).toBe(400);
    expect((await save(grillOwner, {})).status).toBe(400);
  });
});

describe("saving", () => {
  it("saves only the member's restaurant, whatever ids the form carries, and leaves secondary colours alone", async () => {
    const saffronColours = await coloursOf(SAFFRON);
    const saffronSocials = await socialsOf(SAFFRON);
    const grillBefore = await coloursOf(GRILL);
    const res = await save(grillOwner, {
      intent: "colours",
      restaurant_id: String(SAFFRON),
      domain: "saffron",
      ...COLOURS,
      primary: "#0F766E",
      onPrimary: "#FFFFFF",
    });
    expect(res.status).toBe(200);
    expect(await coloursOf(GRILL)).toEqual({
      ...grillBefore,
      style_primary: "#0f766e",
      style_on_primary: "#ffffff",
      style_background: "#fffbf5",
      style_on_background: "#1c1917",
    });
    await save(grillOwner, { intent: "socials", restaurant_id: String(SAFFRON), ...NO_SOCIALS, location: "maps.google.com/?q=Barsha" });
    expect(await coloursOf(SAFFRON)).toEqual(saffronColours);
    expect(await socialsOf(SAFFRON)).toEqual(saffronSocials);
  });

  it("purges the tenant: the diner's page shows the new colour right after the save", async () => {
    const page = async () => (await site("/grill-house/3", null)).text();
    // Warm the diner's cache with the colour as it is now.
    await save(grillOwner, { intent: "colours", ...COLOURS, primary: "#0f766e" });
    await page();
    expect(await page()).toContain("--brand-primary:#0f766e");
    expect((await save(grillManager, { intent: "colours", ...COLOURS, primary: "#1d4ed8" })).status).toBe(200);
    const after = await page();
    expect(after).toContain("--brand-primary:#1d4ed8");
    expect(after).not.toContain("#0f766e");
  });

  it("replaces the social links as one set: empty fields removed, the diner's page shows the new ones", async () => {
    const res = await save(grillOwner, { intent: "socials", ...NO_SOCIALS, instagram: "  instagram.com/grill.new  ", whatsapp: "https://wa.me/971500000009" });
    expect(res.status).toBe(200);
    expect(await socialsOf(GRILL)).toEqual([
      { type: 1, value: "instagram.com/grill.new" },
      { type: 2, value: "https://wa.me/971500000009" },
    ]);
    // The branch's details, social links included, are on its Info page (and in the Info sheet).
    const diner = await (await site("/grill-house/3/info", null)).text();
    expect(diner).toContain("https://instagram.com/grill.new");
    expect(diner).not.toContain("Al+Barsha");
    await save(grillOwner, { intent: "socials", ...NO_SOCIALS });
    expect(await socialsOf(GRILL)).toEqual([]);
  });

  it("keeps a handle as typed and opens it as a profile; a local WhatsApp number is kept as its wa.me link", async () => {
    const res = await save(grillOwner, {
      intent: "socials",
      ...NO_SOCIALS,
      instagram: "@grill.house",
      twitter: "grillhouse",
      whatsapp: "050 123 4567",
      tiktok: "@grill.tok",
    });
    expect(res.status).toBe(200);
    expect(await socialsOf(GRILL)).toEqual([
      { type: 1, value: "@grill.house" },
      { type: 2, value: "https://wa.me/971501234567" },
      { type: 5, value: "grillhouse" },
      { type: 7, value: "@grill.tok" },
    ]);
    // The branch's details, social links included, are on its Info page (and in the Info sheet).
    const diner = await (await site("/grill-house/3/info", null)).text();
    expect(diner).toContain('href="https://www.instagram.com/grill.house/"');
    expect(diner).toContain('href="https://x.com/grillhouse"');
    expect(diner).toContain('href="https://wa.me/971501234567"');
    expect(diner).toContain('href="https://www.tiktok.com/@grill.tok"');
    const refused = await save(grillOwner, { intent: "socials", ...NO_SOCIALS, whatsapp: "12345" });
    expect(refused.status).toBe(422);
    await save(grillOwner, { intent: "socials", ...NO_SOCIALS });
  });

  it("leaves one whole set after 50 concurrent saves of different sets", async () => {
    const sets = Array.from({ length: 50 }, (_, i) => {
      // Each save fills a different number of fields, all tagged with its own number.
      const fields: Record<string, string> = { ...NO_SOCIALS };
      Object.keys(NO_SOCIALS)
        .slice(0, (i % 7) + 1)
        .forEach((k) => (fields[k] = `example.com/${k}-${i}`));
      return fields;
    });
    const answers = await Promise.all(sets.map((fields, i) => save(i % 2 ? grillOwner : grillManager, { intent: "socials", ...fields })));
    expect(answers.map((r) => r.status)).toEqual(sets.map(() => 200));
    const rows = await socialsOf(GRILL);
    const tags = new Set(rows.map((r) => r.value.split("-").at(-1)));
    expect(tags.size).toBe(1);
    const winner = Number([...tags][0]);
    expect(rows.length).toBe((winner % 7) + 1);
    expect(rows.map((r) => r.type)).toEqual(rows.map((_, i) => i));
  });

  it("ticks the first steps' colours once colours are saved", async () => {
    const bistroOwner = await member(BISTRO, "owner");
    expect((await firstStepsOf(env, { id: BISTRO, domain: "closed-bistro" })).steps.colours).toBe(false);
    expect(await (await site("/console", bistroOwner)).text()).toContain('data-testid="step-colours" data-done="false"');
    expect((await save(bistroOwner, { intent: "colours", ...COLOURS })).status).toBe(200);
    expect((await firstStepsOf(env, { id: BISTRO, domain: "closed-bistro" })).steps.colours).toBe(true);
    expect(await (await site("/console", bistroOwner)).text()).toContain('data-testid="step-colours" data-done="true"');
  });
});
