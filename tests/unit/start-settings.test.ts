// `npm start` serves what a deploy serves (page cache on), with the demo providers by their explicit
// setting, on 127.0.0.1 unless HOST says otherwise, and the site's settings from the process
// environment winning over .dev.vars (passed as --var, which wrangler applies last), and the
// checkout's secrets generated once, at random, never overwritten.
// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCAL_SECRETS, parseVars, REQUIRED_SECRETS } from "../../scripts/secrets.ts";
import { declaredNames, settingsFrom, varNames } from "../../scripts/settings.ts";
import { startArgs } from "../../scripts/start.ts";

const toml = readFileSync("wrangler.toml", "utf8");
const freshFile = () => join(mkdtempSync(join(tmpdir(), "secrets-")), ".dev.vars");
const varsOf = (args: string[]) => Object.fromEntries(args.flatMap((a, i) => (args[i - 1] === "--var" ? [a.split(/:(.*)/s).slice(0, 2)] : [])));

describe("npm start", () => {
  it("runs the production code paths with the demo providers and every required secret (and ZATCA's and Tap's key secrets), on loopback", () => {
    const file = freshFile();
    const args = startArgs({}, file, toml);
    const vars = varsOf(args);
    expect(LOCAL_SECRETS).toEqual([...REQUIRED_SECRETS, "ZATCA_KEY_SECRET", "TAP_KEY_SECRET"]);
    expect(Object.keys(vars).sort()).toEqual(["DEMO_PROVIDERS", "ENVIRONMENT", ...LOCAL_SECRETS].sort());
    expect(vars).toMatchObject({ ENVIRONMENT: "production", DEMO_PROVIDERS: "on" });
    for (const name of LOCAL_SECRETS) expect(vars[name]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(LOCAL_SECRETS.map((name) => vars[name])).size).toBe(LOCAL_SECRETS.length);
    expect(args.slice(args.indexOf("--ip"), args.indexOf("--ip") + 2)).toEqual(["--ip", "127.0.0.1"]);
    expect(args.slice(args.indexOf("--port"), args.indexOf("--port") + 2)).toEqual(["--port", "8787"]);
  });

  it("takes the site's settings (and only those) from the process environment, over its own defaults", () => {
    const args = startArgs(
      { UPSTREAM_URL: "https://backend.example/api", PURGE_SECRET: "s", DEMO_PROVIDERS: "", HOST: "0.0.0.0", PORT: "9000", HOME: "/root", PATH: "/bin" },
      freshFile(),
      toml,
    );
    const {
      SESSION_SECRET: _session,
      REALTIME_SECRET: _realtime,
      ADMIN_SECRET: _admin,
      ZATCA_KEY_SECRET: _zatca,
      TAP_KEY_SECRET: _tap,
      ...rest
    } = varsOf(args);
    expect(rest).toEqual({ ENVIRONMENT: "production", DEMO_PROVIDERS: "", UPSTREAM_URL: "https://backend.example/api", PURGE_SECRET: "s" });
    expect(args).toContain("0.0.0.0");
    expect(args).toContain("9000");
  });

  it("takes every secret and tuning var worker/env.d.ts declares, CF_API_TOKEN among them", () => {
    const declared = readFileSync("worker/env.d.ts", "utf8");
    expect(declaredNames(declared)).toEqual(expect.arrayContaining(["PURGE_SECRET", "CF_API_TOKEN", "STRIPE_BILLING_WEBHOOK_SECRET", "VISITS_FLUSH_SECONDS"]));
    for (const name of declaredNames(declared)) expect(settingsFrom({ [name]: "x" }, toml), name).toEqual({ [name]: "x" });
    expect(varsOf(startArgs({ CF_API_TOKEN: "token" }, freshFile(), toml))).toMatchObject({ CF_API_TOKEN: "token" });
  });

  it("knows every [vars] name of wrangler.toml", () => {
    expect(varNames(toml)).toEqual(expect.arrayContaining(["UPSTREAM_URL", "APP_HOSTS", "ENVIRONMENT", "DEMO_PROVIDERS", "PUSHER_KEY"]));
    expect(settingsFrom({ CACHE_FRESH_SECONDS: "2", SHELL: "bash" }, toml)).toEqual({ CACHE_FRESH_SECONDS: "2" });
  });
});

describe("the checkout's generated secrets", () => {
  it("are written once: a second start reads the same ones, and another checkout gets others", () => {
    const file = freshFile();
    const first = varsOf(startArgs({}, file, toml));
    expect(varsOf(startArgs({}, file, toml))).toEqual(first);
    const written = parseVars(readFileSync(file, "utf8"));
    for (const name of REQUIRED_SECRETS) expect(written[name]).toBe(first[name]);
    const other = varsOf(startArgs({}, freshFile(), toml));
    for (const name of REQUIRED_SECRETS) expect(other[name]).not.toBe(first[name]);
  });

  it("never overwrite a value already there, and fill only what is missing", () => {
    const file = freshFile();
    writeFileSync(file, "ENVIRONMENT=development\nPURGE_SECRET=mine\nSESSION_SECRET=");
    const vars = varsOf(startArgs({}, file, toml));
    expect(vars.PURGE_SECRET).toBe("mine");
    expect(vars.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("ENVIRONMENT=development\nPURGE_SECRET=mine\nSESSION_SECRET=\n")).toBe(true);
    expect(parseVars(text)).toMatchObject({
      ENVIRONMENT: "development",
      PURGE_SECRET: "mine",
      SESSION_SECRET: vars.SESSION_SECRET,
      REALTIME_SECRET: vars.REALTIME_SECRET,
    });
  });
});
