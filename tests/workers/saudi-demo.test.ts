// The Saudi demo restaurant (scripts/seed/saudi.ts) as `npm start` leaves it: seeded on the seed tables,
// adopted by its object with its calories, then POST /_edge/demo (worker/edge/demo.ts) saves its seller
// (15 % VAT) and registers its branch with the ZATCA stand-in through the owner's own code; asked again,
// it changes nothing; without the admin secret it is refused.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SAUDI_DEMO } from "../../worker/console/saudi-demo";
import { restaurantCall } from "../../worker/restaurant/stub";
import { NUTRITION_COLUMNS } from "../../scripts/seed/nutrition";
import { SAUDI_DOMAIN, saudiDemoSql } from "../../scripts/seed/saudi";
import { TEST_SECRETS } from "./secrets";

const demo = (authorization?: string) =>
  exports.default.fetch("http://localhost/_edge/demo", { method: "POST", headers: authorization ? { authorization } : {} });

describe("the Saudi demo restaurant", () => {
  beforeAll(async () => {
    const columns = await env.DB.prepare("SELECT count(*) AS n FROM pragma_table_info('products') WHERE name = 'calories'").first<{ n: number }>();
    await env.DB.batch([...(columns!.n ? [] : NUTRITION_COLUMNS), ...saudiDemoSql()].map((sql) => env.DB.prepare(sql)));
  });

  it("is refused without the admin secret", async () => {
    expect((await demo()).status).toBe(401);
    expect((await demo("Bearer wrong")).status).toBe(401);
  });

  it("gets its seller and an active e-invoicing registration once, and keeps them when asked again", async () => {
    expect(SAUDI_DEMO.domain).toBe(SAUDI_DOMAIN);
    const first = await demo(`Bearer ${TEST_SECRETS.ADMIN_SECRET}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ saudi: { seller: "saved", egs: "active" } });
    const again = await demo(`Bearer ${TEST_SECRETS.ADMIN_SECRET}`);
    expect(await again.json()).toEqual({ saudi: { seller: "kept", egs: "active" } });

    const tenant = { id: 9000, country: "SA" };
    expect(await restaurantCall(env, tenant, "sellerRow")).toMatchObject({ trn: "310123456700003", vat_bp: 1500 });
    expect(await restaurantCall(env, tenant, "egsView", SAUDI_DEMO.branch)).toMatchObject({ state: "active", environment: "stand-in" });
  });

  it("shows its dishes in SAR with their calories", async () => {
    // The Mains menu's one category (scripts/seed/saudi.ts: menu and category 9001).
    const res = await exports.default.fetch("http://localhost/api/getProduct", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ domain: SAUDI_DOMAIN, category_id: 9001 }),
    });
    const body = (await res.json()) as { data: { name_en: string; calories: number | null; high_salt: unknown }[] };
    expect(res.status).toBe(200);
    expect(body.data.find((d) => d.name_en === "Chicken Kabsa")).toMatchObject({ calories: 980 });
  });
});
