// "Download all your data" holds no secret (docs/decisions/0061; worker/restaurant/dump-credentials.ts): a
// webhook endpoint added in the console, a kitchen printer, an API key and a diner's SMS sign-in are made,
// the owner downloads the file and every secret the restaurant has (in clear and as stored) is searched
// for in its bytes; a restore of that file makes new ones and the old ones stop working; the console
// makes a webhook a new secret.
import { exports } from "cloudflare:workers";
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { RestaurantDump } from "../../worker/restaurant/dump";
import { sha256 } from "../../worker/rules/secrets";
import { catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { apiCaller, dinerToken, json } from "./helpers";
import { poll, printer } from "./kitchen-printer-rows";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";
import { TEST_SECRETS } from "./secrets";

const call = apiCaller(35);
const API_KEY = `rk_${"7".repeat(40)}`;
let owner: string;
let webhookSecret: string;
let printerKey: string;
let dinerTokenValue: string;

/** Every credential the object holds now, as stored (secrets, hashes, tokens). */
const storedSecrets = async () => {
  const db = ordersOf(SAFFRON_ID);
  const columns = [
    ["webhook", "secret", "webhook_endpoints"],
    ["printer", "key_hash", "printers"],
    ["api key", "key_hash", "restaurant_keys"],
    ["otp", "code_hash", "otp_codes"],
    ["order token", "token_hash", "order_tokens"],
    ["print job", "token", "print_jobs"],
    ["payment token", "token_hash", "payment_sessions"],
  ];
  const answers = await db.batch<{ value: string | null }>(columns.map(([, column, table]) => db.prepare(`SELECT ${column} AS value FROM ${table}`)));
  return answers.flatMap((answer, i) => answer.results.filter((r) => r.value !== null).map((r) => ({ kind: columns[i]![0]!, value: r.value! })));
};

beforeAll(async () => {
  owner = (await seedMember(SAFFRON_ID, "owner")).cookie;
  const added = await (await consolePost("/console/webhooks", owner, { intent: "add", url: "https://pos.example.com/export-test" })).text();
  webhookSecret = /whsec_[0-9a-f]{48}/.exec(added)![0];
  printerKey = (await printer()).key;
  await catalogueRun(SAFFRON_ID, "INSERT INTO restaurant_keys (restaurant_id, key_hash, label) VALUES (?, ?, 'POS')", SAFFRON_ID, await sha256(API_KEY));
  dinerTokenValue = await dinerToken(call, "0501112233");
});

describe("the owner's data file", () => {
  it("holds no secret the restaurant has, and says which were left out", async () => {
    const res = await exports.default.fetch("http://localhost/console/account/export", { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    const bytes = await res.text();
    const stored = await storedSecrets();
    // The test has something to find: each kind of secret is there in the object.
    expect(new Set(stored.map((s) => s.kind))).toEqual(new Set(["webhook", "printer", "api key", "otp", "order token"]));
    const clear = [webhookSecret, printerKey.split("-").at(-1)!, API_KEY, dinerTokenValue];
    for (const secret of [...clear, ...stored.map((s) => s.value)]) {
      expect(secret.length).toBeGreaterThanOrEqual(16);
      expect(bytes.includes(secret), secret).toBe(false);
    }
    expect(bytes).not.toMatch(/whsec_/);
    const file = JSON.parse(bytes) as RestaurantDump;
    expect(file.left_out).toEqual(
      expect.arrayContaining(["webhook_endpoints.secret", "printers.key_hash", "restaurant_keys.key_hash", "otp_codes", "order_tokens"]),
    );
    expect(file.tables.webhook_endpoints).toEqual([expect.objectContaining({ url: "https://pos.example.com/export-test", secret: null })]);
    // The console says so beside the download.
    const page = await (await exports.default.fetch("http://localhost/console/account?lng=en", { headers: { cookie: owner } })).text();
    expect(page).toContain("It holds no secret: webhook signing secrets, printer keys, API keys");
  });

  it("a restore gives new secrets: the old webhook secret, printer URL, API key and diner token stop working", async () => {
    const res = await exports.default.fetch("http://localhost/console/account/export", { headers: { cookie: owner } });
    const file = (await res.json()) as RestaurantDump;
    const before = await storedSecrets();
    const orders = () => call("/getOrder", { domain: "saffron", phoneCustomer: "0501112233" }, { authorization: `Bearer ${dinerTokenValue}` });
    expect((await poll(printerKey)).status).toBe(200);
    expect((await orders()).status).toBe(200);
    const restored = await worker.fetch(
      new Request("http://localhost/_edge/restaurants/saffron/import", {
        method: "POST",
        body: JSON.stringify({ key: `exports/${SAFFRON_ID}/${file.exported_at}.json` }),
        headers: { "content-type": "application/json", authorization: `Bearer ${TEST_SECRETS.ADMIN_SECRET}` },
      }),
      env,
      createExecutionContext(),
    );
    expect(restored.status).toBe(200);
    expect((await json(restored)).renewed).toEqual(["printers", "restaurant_keys", "webhook_endpoints"]);
    const after = await storedSecrets();
    const of = (list: typeof after, kind: string) => list.filter((s) => s.kind === kind).map((s) => s.value);
    expect(of(after, "webhook")).toHaveLength(1);
    expect(of(after, "webhook")[0]).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(of(after, "webhook")[0]).not.toBe(webhookSecret);
    expect(of(after, "printer")).toHaveLength(1);
    expect(of(after, "printer")[0]).not.toBe(of(before, "printer")[0]);
    expect(of(after, "api key")).not.toContain(await sha256(API_KEY));
    expect(of(after, "otp").concat(of(after, "order token"))).toEqual([]);
    // The printer's old URL and the diner's old token no longer open anything.
    expect((await poll(printerKey)).status).toBe(404);
    expect((await orders()).status).toBe(401);
  });

  it("makes a webhook endpoint a new secret in the console, shown once", async () => {
    const [before] = (await storedSecrets()).filter((s) => s.kind === "webhook");
    const id = (await ordersOf(SAFFRON_ID).prepare("SELECT id FROM webhook_endpoints").first<{ id: number }>())!.id;
    const renewed = await consolePost("/console/webhooks", owner, { intent: "renew", id: String(id) });
    expect(renewed.status).toBe(200);
    const shown = /whsec_[0-9a-f]{48}/.exec(await renewed.text())![0];
    const [after] = (await storedSecrets()).filter((s) => s.kind === "webhook");
    expect(after!.value).toBe(shown);
    expect(shown).not.toBe(before!.value);
    expect((await consolePost("/console/webhooks", owner, { intent: "renew", id: "999999" })).status).toBe(404);
  });
});
