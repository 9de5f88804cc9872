// Issue 24's Low list, through the whole worker: what a loop of requests could write is bounded (passkey
// challenges), the console is not served on a restaurant's own hostname however its path is spelled,
// and concurrent copies of a dish or a menu are 409s, never 500s.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LIVE_CHALLENGES } from "../../worker/api/console/passkeys";
import { addressTag } from "../../worker/edge/address";

const ORIGIN = "http://localhost";
const post = (path: string, ip: string) =>
  exports.default.fetch(`${ORIGIN}${path}`, { method: "POST", body: "{}", headers: { origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": ip } });

describe("passkey sign-in options", { timeout: 60_000 }, () => {
  it("60 concurrent calls from one /64 store that network's share of challenges, then 429", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post("/console/passkey/sign-in-options", `2001:db8:5:6:${i.toString(16)}::1`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(LIVE_CHALLENGES.perNetwork);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(60 - LIVE_CHALLENGES.perNetwork);
    expect(refused[0]!.headers.get("retry-after")).toBe("60");
    const network = addressTag(new Request(ORIGIN, { headers: { "cf-connecting-ip": "2001:db8:5:6::1" } }));
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM webauthn_challenges WHERE network = ?").bind(network).first<{ n: number }>();
    expect(rows!.n).toBe(LIVE_CHALLENGES.perNetwork);
    // Another network is not held up by it.
    expect((await post("/console/passkey/sign-in-options", "2001:db8:5:7::1")).status).toBe(200);
  });
});

describe("the console on a restaurant's own hostname", () => {
  it("is a 404 however the path is spelled", async () => {
    for (const path of ["/console", "/CONSOLE", "/%63onsole", "/Console/sign-in", "/%43ONSOLE/account", "/SignUp", "/console/Account.data", "/%63onsole/passkey/sign-in-options"]) {
      const res = await exports.default.fetch(`http://menu.grillhouse.test${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
  });
});
