// Where the restaurant's side does not exist: on a restaurant's own hostname, and on a site whose
// restaurant data comes from an external backend (UPSTREAM_URL), which /signup and /console say.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";

const site = (url: string, environment: Env = env) => worker.fetch(new Request(url), environment, createExecutionContext());
const external = (): Env => ({ ...env, UPSTREAM_URL: "https://backend.example/api" });

beforeAll(async () => {
  await env.HOSTS.put("host:menu.grillhouse.test", "grill-house");
});

describe("the console's boundaries", () => {
  it("is not served on a restaurant's own hostname (404, private)", async () => {
    for (const path of ["/console", "/console/sign-in", "/console/staff.data", "/signup", "/signup/check?domain=abc"]) {
      const res = await site(`http://menu.grillhouse.test${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
    // The site's own host still has it.
    expect((await site("http://localhost/console/sign-in")).status).toBe(200);
  });

  it("with an external backend, /console and /signup say the restaurant's own backend manages its data", async () => {
    for (const path of ["/console", "/console/staff", "/signup"]) {
      const res = await site(`http://localhost${path}`, external());
      const html = await res.text();
      expect(html, path).toContain('data-testid="upstream-notice"');
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
    const signIn = await site("http://localhost/console/sign-in", external());
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/console");
  });
});
