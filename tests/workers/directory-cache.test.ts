// The directory's row of a restaurant, kept in the colo's cache under the restaurant's cache version
// (worker/directory/directory.ts): read from D1 once, then from the cache until the version moves; a
// sign-up or a released draft moves it, so nobody is served an old row for a domain.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createRestaurant } from "../../worker/console/signup";
import { restaurantOfBranch, restaurantOfDomain } from "../../worker/directory/directory";
import { bumpTenantVersion } from "../../worker/directory/versions";

const rename = (domain: string, name: string) => env.DB.prepare("UPDATE restaurants SET name_en = ? WHERE domain = ?").bind(name, domain).run();

describe("the directory's cached row", () => {
  it("is read from D1 once, then from the cache until the restaurant's version moves", async () => {
    await bumpTenantVersion(env, "grill-house");
    expect((await restaurantOfDomain(env, "grill-house"))?.name_en).toBe("Grill House");
    await rename("grill-house", "Grill House Renamed");
    expect((await restaurantOfDomain(env, "grill-house"))?.name_en).toBe("Grill House");
    await bumpTenantVersion(env, "grill-house");
    expect((await restaurantOfDomain(env, "grill-house"))?.name_en).toBe("Grill House Renamed");
    await rename("grill-house", "Grill House");
    await bumpTenantVersion(env, "grill-house");
  });

  it("remembers an unknown domain, and a sign-up of that domain is found at once", async () => {
    expect(await restaurantOfDomain(env, "soon-open")).toBeNull();
    expect(await restaurantOfDomain(env, "soon-other")).toBeNull();
    // Written behind its back: still unknown (the miss is kept), until the version moves.
    await env.DB.prepare("INSERT INTO restaurants (domain, name_en, name_ar) VALUES ('soon-other', 'X', 'س')").run();
    expect(await restaurantOfDomain(env, "soon-other")).toBeNull();
    await bumpTenantVersion(env, "soon-other");
    expect((await restaurantOfDomain(env, "soon-other"))?.domain).toBe("soon-other");
    const made = await createRestaurant(env, {
      domain: "soon-open",
      name_en: "Soon",
      name_ar: "قريبا",
      country: "AE",
      plan: "monthly",
      provider: "demo",
      owner: { phone: "+971500000991", name: "Owner" },
    });
    expect(typeof made).toBe("object");
    expect((await restaurantOfDomain(env, "soon-open"))?.name_en).toBe("Soon");
  });

  it("finds a branch's restaurant by the branch id alone (the contract's branch-only calls), and no one for an unknown branch", async () => {
    expect((await restaurantOfBranch(env, 3))?.domain).toBe("grill-house");
    expect((await restaurantOfBranch(env, 1))?.domain).toBe("saffron");
    expect(await restaurantOfBranch(env, 987_654)).toBeNull();
  });
});
