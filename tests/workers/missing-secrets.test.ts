// A deploy that lacks a required secret fails loudly at the first request that needs it: a 503 that
// names the setting and a log line, never a silent fallback. ENVIRONMENT unlocks nothing: the same
// holds under "development" and "test", which once signed the board's channels with a built-in secret.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { branchOrdersChannel } from "../../worker/realtime/channels";
import { signTrigger } from "../../worker/realtime/signature";
import { seedMember } from "./console-members";
import { purgeHeaders } from "./helpers";
import { TEST_REALTIME_SECRET } from "./secrets";

const without = (name: keyof Secrets, environment = "production") => ({ ...env, ENVIRONMENT: environment, [name]: "" }) as Env;
const send = (request: Request, environment: Env) => worker.fetch(request, environment, createExecutionContext());

let logged: string[] = [];
beforeAll(() => void vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.join(" "))));
afterEach(() => void (logged = []));

/** The answer is a 503 naming the setting, and a log line names it too. */
async function expectNamed(res: Response, name: string) {
  expect(res.status).toBe(503);
  expect(await res.text()).toContain(`wrangler secret put ${name}`);
  expect(logged.some((line) => line.includes(name))).toBe(true);
}

describe("a deploy missing a required secret", () => {
  let cookie = "";
  beforeAll(async () => void ({ cookie } = await seedMember(1, "manager")));
  const askAuth = (environment: Env) =>
    send(
      new Request("http://localhost/console/realtime/auth", {
        method: "POST",
        body: new URLSearchParams({ socket_id: "1.2", channel_name: branchOrdersChannel(1) }),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      }),
      environment,
    );

  it.each(["production", "development", "test"])("REALTIME_SECRET: the board's channel auth answers 503 naming it (ENVIRONMENT=%s)", async (environment) => {
    await expectNamed(await askAuth(without("REALTIME_SECRET", environment)), "REALTIME_SECRET");
    // With the secret, the same request is signed.
    expect((await askAuth({ ...env, ENVIRONMENT: environment } as Env)).status).toBe(200);
  });

  it.each(["production", "development"])("REALTIME_SECRET: the trigger endpoint answers 503 naming it (ENVIRONMENT=%s)", async (environment) => {
    const body = JSON.stringify({ name: "e", channel: "c", data: "{}" });
    const query = await signTrigger({ appId: "menu", key: "menu-local-key", secret: TEST_REALTIME_SECRET, body });
    const trigger = () => new Request(`http://localhost/apps/menu/events?${query}`, { method: "POST", body, headers: { "content-type": "application/json" } });
    await expectNamed(await send(trigger(), without("REALTIME_SECRET", environment)), "REALTIME_SECRET");
  });

  it("PURGE_SECRET: the purge endpoint answers 503 naming it", async () => {
    const request = new Request("http://localhost/_edge/purge/saffron", { method: "POST", headers: await purgeHeaders("saffron") });
    await expectNamed(await send(request, without("PURGE_SECRET")), "PURGE_SECRET");
  });

  it("SESSION_SECRET: a page read with a theme cookie, and setting the theme, answer 503 naming it", async () => {
    const page = new Request(`http://localhost/saffron/1?x=${crypto.randomUUID()}`, { headers: { cookie: "theme=eyJ0aGVtZSI6ImRhcmsifQ%3D%3D.c2ln" } });
    await expectNamed(await send(page, without("SESSION_SECRET")), "SESSION_SECRET");
    logged = [];
    const set = new Request("http://localhost/action/set-theme", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/json" },
      body: JSON.stringify({ theme: "dark" }),
    });
    await expectNamed(await send(set, without("SESSION_SECRET")), "SESSION_SECRET");
    // A page without the cookie needs no secret.
    expect((await send(new Request(`http://localhost/saffron/1?x=${crypto.randomUUID()}`), without("SESSION_SECRET"))).status).toBe(200);
  });
});
