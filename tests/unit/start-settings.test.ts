// `npm start` serves what a deploy serves (page cache on), with the demo providers by their explicit
// setting, on 127.0.0.1 unless HOST says otherwise, and the site's settings from the process
// environment winning over .dev.vars (passed as --var, which wrangler applies last).
// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { declaredNames, settingsFrom, varNames } from "../../scripts/settings.ts";
import { startArgs } from "../../scripts/start.ts";

const toml = readFileSync("wrangler.toml", "utf8");
const varsOf = (args: string[]) => Object.fromEntries(args.flatMap((a, i) => (args[i - 1] === "--var" ? [a.split(/:(.*)/s).slice(0, 2)] : [])));

describe("npm start", () => {
  it("runs the production code paths with the demo providers, on loopback", () => {
    const args = startArgs({}, toml);
    expect(varsOf(args)).toEqual({ ENVIRONMENT: "production", DEMO_PROVIDERS: "on" });
    expect(args.slice(args.indexOf("--ip"), args.indexOf("--ip") + 2)).toEqual(["--ip", "127.0.0.1"]);
    expect(args.slice(args.indexOf("--port"), args.indexOf("--port") + 2)).toEqual(["--port", "8787"]);
  });

  it("takes the site's settings (and only those) from the process environment, over its own defaults", () => {
    const args = startArgs({ UPSTREAM_URL: "https://backend.example/api", PURGE_SECRET: "s", DEMO_PROVIDERS: "", HOST: "0.0.0.0", PORT: "9000", HOME: "/root", PATH: "/bin" }, toml);
    expect(varsOf(args)).toEqual({ ENVIRONMENT: "production", DEMO_PROVIDERS: "", UPSTREAM_URL: "https://backend.example/api", PURGE_SECRET: "s" });
    expect(args).toContain("0.0.0.0");
    expect(args).toContain("9000");
  });

  it("takes every secret and tuning var worker/env.d.ts declares, CF_API_TOKEN among them", () => {
    const declared = readFileSync("worker/env.d.ts", "utf8");
    expect(declaredNames(declared)).toEqual(expect.arrayContaining(["PURGE_SECRET", "CF_API_TOKEN", "STRIPE_BILLING_WEBHOOK_SECRET", "VISITS_FLUSH_SECONDS"]));
    for (const name of declaredNames(declared)) expect(settingsFrom({ [name]: "x" }, toml), name).toEqual({ [name]: "x" });
    expect(varsOf(startArgs({ CF_API_TOKEN: "token" }, toml))).toMatchObject({ CF_API_TOKEN: "token" });
  });

  it("knows every [vars] name of wrangler.toml", () => {
    expect(varNames(toml)).toEqual(expect.arrayContaining(["UPSTREAM_URL", "APP_HOSTS", "ENVIRONMENT", "DEMO_PROVIDERS", "PUSHER_KEY"]));
    expect(settingsFrom({ CACHE_FRESH_SECONDS: "2", SHELL: "bash" }, toml)).toEqual({ CACHE_FRESH_SECONDS: "2" });
  });
});
