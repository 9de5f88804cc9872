// `npm run check:deploy`'s logic: every missing binding, placeholder id and secret of a deploy is
// listed (so the command exits non-zero), and a complete one lists nothing.
// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { deployProblems, neededSecrets, parseWranglerToml } from "../../scripts/check-deploy.ts";

const repoToml = readFileSync("wrangler.toml", "utf8");
const REAL_D1 = "0c2b8b4e-5d3a-4a7e-9f0e-1b2c3d4e5f60";
const REAL_KV = "9a8b7c6d5e4f30211203f4e5d6c7b8a9";
/** The repo's wrangler.toml with real ids and some vars changed. */
function toml(vars: Record<string, string> = {}, text = repoToml) {
  let out = text.replace(/database_id = "0+-0+-0+-0+-0+"/, `database_id = "${REAL_D1}"`).replace(/^id = "0+"$/m, `id = "${REAL_KV}"`);
  for (const [name, value] of Object.entries(vars)) out = out.replace(new RegExp(`^${name} = ".*"$`, "m"), `${name} = "${value}"`);
  return parseWranglerToml(out);
}
const ALL = ["PURGE_SECRET", "SESSION_SECRET", "REALTIME_SECRET", "ADMIN_SECRET"];

describe("check:deploy", () => {
  it("lists nothing for real ids and the four required secrets", () => {
    expect(deployProblems(toml(), ALL)).toEqual([]);
  });

  it("lists the repo's placeholder D1 and KV ids", () => {
    const problems = deployProblems(parseWranglerToml(repoToml), ALL);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^D1 database DB: database_id is a placeholder/);
    expect(problems[1]).toMatch(/^KV namespace HOSTS: id is a placeholder/);
  });

  it("lists each missing required secret by name, with the command that sets it", () => {
    expect(deployProblems(toml(), ["SESSION_SECRET"])).toEqual([
      "Secret PURGE_SECRET is not set: `wrangler secret put PURGE_SECRET`.",
      "Secret REALTIME_SECRET is not set: `wrangler secret put REALTIME_SECRET`.",
      "Secret ADMIN_SECRET is not set: `wrangler secret put ADMIN_SECRET`.",
    ]);
  });

  it("fails when the secrets cannot be listed, naming the ones needed", () => {
    const problems = deployProblems(toml(), { error: "not logged in" });
    expect(problems).toEqual([expect.stringContaining("could not be listed (not logged in)")]);
    expect(problems[0]).toContain("PURGE_SECRET, SESSION_SECRET, REALTIME_SECRET, ADMIN_SECRET");
  });

  it("lists a binding the code uses that wrangler.toml lacks", () => {
    const withoutVisits = repoToml.replace(/\[\[durable_objects\.bindings\]\]\nname = "VISITS"\nclass_name = "VisitTally"\n/, "");
    expect(withoutVisits).not.toBe(repoToml);
    const withoutPictures = withoutVisits.replace(/\[\[r2_buckets\]\]\nbinding = "PICTURES"\n/, "");
    expect(deployProblems(toml({}, withoutPictures), ALL)).toEqual([
      expect.stringMatching(/^Binding PICTURES is missing/),
      expect.stringMatching(/^Binding VISITS is missing/),
    ]);
  });

  it("lists the webhooks' queue when it is not declared, or declared but not consumed by this Worker", () => {
    const withoutConsumer = repoToml.replace(/\[\[queues\.consumers\]\]\nqueue = "menu-webhooks"\n/, '[[queues.consumers]]\nqueue = "another"\n');
    expect(withoutConsumer).not.toBe(repoToml);
    expect(deployProblems(toml({}, withoutConsumer), ALL)).toEqual([expect.stringMatching(/^Queue menu-webhooks has no \[\[queues.consumers\]\]/)]);
    const withoutQueue = repoToml.replace(/\[\[queues\.producers\]\]\nbinding = "WEBHOOKS"\n/, "");
    expect(deployProblems(toml({}, withoutQueue), ALL)).toEqual([expect.stringMatching(/^Binding WEBHOOKS is missing/)]);
  });

  it("asks for each configured provider's secret and settings, and refuses the demo providers and a non-production mode", () => {
    const configured = toml({
      PUSHER_KEY: "k",
      PUSHER_CLUSTER: "eu",
      SMS_PROVIDER: "twilio",
      STRIPE_PRICE_MONTHLY: "price_1",
      CF_ZONE_ID: "z",
      ZATCA_ENVIRONMENT: "core",
      TAP_PAYMENTS: "on",
      DEMO_PROVIDERS: "on",
      ENVIRONMENT: "test",
    });
    expect(neededSecrets(configured.vars)).toEqual([
      ...ALL,
      "PUSHER_SECRET",
      "TWILIO_AUTH_TOKEN",
      "STRIPE_SECRET_KEY",
      "STRIPE_BILLING_WEBHOOK_SECRET",
      "CF_API_TOKEN",
      "ZATCA_KEY_SECRET",
      "TAP_KEY_SECRET",
    ]);
    const problems = deployProblems(configured, ALL);
    for (const missing of [
      "Secret PUSHER_SECRET",
      "Secret TWILIO_AUTH_TOKEN",
      "Secret STRIPE_SECRET_KEY",
      "Secret STRIPE_BILLING_WEBHOOK_SECRET",
      "Secret CF_API_TOKEN",
      "Secret ZATCA_KEY_SECRET",
      "Secret TAP_KEY_SECRET",
      'Var ZATCA_ENVIRONMENT is "core"',
      "Var TWILIO_ACCOUNT_SID",
      "Var TWILIO_FROM",
      "STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL",
      "Var DEMO_PROVIDERS",
      "Var ENVIRONMENT",
    ]) {
      expect(
        problems.some((p) => p.includes(missing)),
        missing,
      ).toBe(true);
    }
    // Card payments: one Stripe secret without the other.
    expect(deployProblems(toml(), [...ALL, "STRIPE_SECRET_KEY"])).toEqual([expect.stringContaining("Secret STRIPE_WEBHOOK_SECRET is not set")]);
  });
});
