// Fuzzing the running worker (fast-check): route params, query strings, cookies, form fields and
// stored-cart payloads never produce a 500 or a stack trace.
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const segment = fc.oneof(
  fc.constantFrom(
    "saffron",
    "grill-house",
    "closed-bistro",
    "1",
    "2",
    "3",
    "offers",
    "new",
    "popular",
    "search",
    "cart",
    "orders",
    "table",
    "0",
    "-1",
    "99999999999999999999",
    "%00",
    "..",
    "%2e%2e",
    "\u0627\u0644\u0642\u0627\u0626\u0645\u0629",
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join("/")}`);
const query = fc.dictionary(fc.constantFrom("q", "category", "view", "lng", "all", "justOrdered", "cancelled", "x"), fc.string({ maxLength: 20 }), {
  maxKeys: 3,
});
const cookie = fc.oneof(
  fc.constant(""),
  fc.string({ maxLength: 40 }).map((v) => `visits=${encodeURIComponent(v)}; lang=${encodeURIComponent(v)}; tokenOrder1=${encodeURIComponent(v)}`),
);

async function assertNoCrash(res: Response) {
  const body = await res.text();
  expect(res.status, body.slice(0, 200)).toBeLessThan(500);
  expect(body).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack traces
}

describe("fuzzing the worker", () => {
  it("GET pages with odd params, queries and cookies", async () => {
    await fc.assert(
      fc.asyncProperty(path, query, cookie, async (p, q, c) => {
        const url = `http://localhost${p}?${new URLSearchParams(q)}`;
        await assertNoCrash(await exports.default.fetch(url, { headers: c ? { cookie: c } : {} }));
      }),
      { numRuns: 150 },
    );
  });

  it("POST the cart action and the language action with odd fields", async () => {
    const fields = fc.dictionary(
      fc.constantFrom("intent", "name", "phone", "note", "items", "otp_code", "idempotency", "lang", "returnTo"),
      fc.oneof(fc.string({ maxLength: 30 }), fc.json({ maxDepth: 2 })),
      { maxKeys: 6 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/saffron/1/cart", "/grill-house/3/cart", "/action/set-language", "/action/set-theme"), fields, async (target, f) => {
        const res = await exports.default.fetch(`http://localhost${target}`, {
          method: "POST",
          body: new URLSearchParams(f),
          headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
          redirect: "manual",
        });
        await assertNoCrash(res);
      }),
      { numRuns: 100 },
    );
  });

  it("POST the embedded API with arbitrary JSON", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/api/getBranch",
          "/api/getMenu",
          "/api/getProduct",
          "/api/sendOtp",
          "/api/verifyOtp",
          "/api/storeOrder",
          "/api/getOrder",
          "/api/orderPayment",
        ),
        fc.json(),
        async (target, body) => {
          const res = await exports.default.fetch(`http://localhost${target}`, { method: "POST", body, headers: { "content-type": "application/json" } });
          await assertNoCrash(res);
        },
      ),
      { numRuns: 100 },
    );
  });
});
