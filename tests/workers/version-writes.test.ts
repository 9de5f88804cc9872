// A restaurant's cache version is written to KV at most once a second (worker/directory/purge-guard.ts,
// docs/decisions/0086): KV takes about one write a second per key, and two managers of a chain at rush
// change more often. Bumps within a second of a write share the next one; every change still purges.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bumpTenantVersion, purgeGuardFor, tenantVersion, versionKey } from "../../worker/directory/versions";
import { catalogueRow } from "./catalogue";
import { consolePost, seedMember } from "./console-members";

const inKv = (domain: string) => env.HOSTS.get(versionKey(domain));
/** The guard's shared write, now rather than at its alarm's time. */
const writeNow = (domain: string) => runDurableObjectAlarm(purgeGuardFor(env, domain));

describe("the cache version's writes", () => {
  it("50 bumps at once: each answered a version of its own, KV written with the first at once and the latest a second later", async () => {
    const domain = "pace-one.example";
    const answers = (await Promise.all(Array.from({ length: 50 }, () => bumpTenantVersion(env, domain)))).map((v) => parseInt(v, 36));
    expect(new Set(answers).size).toBe(50);
    const [first, latest] = [Math.min(...answers), Math.max(...answers)];
    // The first is in KV at once; the others wait for one write, the guard's alarm a second after it.
    expect(await inKv(domain)).toBe(first.toString(36));
    const alarm = await runInDurableObject(purgeGuardFor(env, domain), (_o, state) => state.storage.getAlarm());
    expect(alarm! - first).toBeGreaterThanOrEqual(990);
    expect(alarm! - first).toBeLessThanOrEqual(1010);
    expect(await writeNow(domain)).toBe(true);
    expect(await inKv(domain)).toBe(latest.toString(36));
    // A bump in the second after that write waits for the next one.
    const next = await bumpTenantVersion(env, domain);
    expect(await inKv(domain)).toBe(latest.toString(36));
    await writeNow(domain);
    expect(await inKv(domain)).toBe(next);
  });

  it("a bump a second after the last write writes at once", async () => {
    const domain = "pace-two.example";
    const first = await bumpTenantVersion(env, domain);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    const second = await bumpTenantVersion(env, domain);
    expect(second).not.toBe(first);
    expect(await inKv(domain)).toBe(second);
  });
});

describe("two managers at rush", () => {
  let owner: string;
  let manager: string;
  let dishes: number[];
  beforeAll(async () => {
    [owner, manager] = await Promise.all([seedMember(1, "owner"), seedMember(1, "manager")]).then((m) => m.map((x) => x.cookie));
    dishes = (await catalogueRow<{ ids: string }>(
      1,
      "SELECT group_concat(p.id) AS ids FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0",
    ))!.ids
      .split(",")
      .map(Number);
  });

  it("50 sold-out switches at once all land, and the version in KV moves past every one of them", async () => {
    const before = await tenantVersion(env.HOSTS, "saffron", Number.MAX_SAFE_INTEGER);
    const targets = Array.from({ length: 50 }, (_, i) => dishes[i % dishes.length]!);
    const answers = await Promise.all(
      targets.map((id, i) =>
        consolePost("/console/switches", i % 2 ? manager : owner, { intent: "sold-out", branch: "1", product_id: String(id), mode: "manual" }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(targets.map(() => 200));
    for (const id of new Set(targets))
      expect(await catalogueRow<{ unavailable: number }>(1, "SELECT unavailable FROM products WHERE id = ?", id)).toEqual({ unavailable: 1 });
    // The shared write lands (its alarm, run now); KV then holds a version newer than every change.
    await writeNow("saffron");
    const after = await tenantVersion(env.HOSTS, "saffron", Number.MAX_SAFE_INTEGER);
    expect(parseInt(after, 36)).toBeGreaterThan(parseInt(before, 36));
    // Every switch's own version was issued after its change: KV's is the latest of them.
    expect(parseInt(after, 36)).toBeGreaterThanOrEqual(Date.now() - 5_000);
  });
});
