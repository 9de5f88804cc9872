// The Low list of docs/decisions/0036, through the whole worker: what a loop of requests could write is bounded (passkey
// challenges), the console is not served on a restaurant's own hostname however its path is spelled,
// and concurrent copies of a dish or a menu are 409s, never 500s.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { LIVE_CHALLENGES } from "../../worker/directory/passkeys";
import { PICTURE_QUOTA_BYTES, SWEEP_AFTER_MS } from "../../worker/storage/quota";
import { claimPicture } from "../../worker/restaurant/picture-rows";
import { addressTag } from "../../worker/rules/network-key";
import { BOARD_EVENT, branchOrdersChannel, restaurantHub } from "../../worker/realtime/channels";
import { RESUBSCRIBE } from "../../worker/realtime/channel-hub";
import { publish } from "../../worker/realtime/publish";
import { catalogueOf, catalogueRow, catalogueRows, catalogueRun, GRILL_ID } from "./catalogue";
import { seedMember } from "./console-members";
import { connect } from "./realtime-socket";
import { SAFFRON_ID } from "./restaurant-rows";

const ORIGIN = "http://localhost";
const post = (path: string, ip: string) =>
  exports.default.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    body: "{}",
    headers: { origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": ip },
  });

// The worker loads its pages (React Router's server build) with a dynamic import() on the first page
// request. Under vitest's module runner that import is I/O of the request that started it: requests
// arriving meanwhile await it from another request's context and workerd cancels them as hung (a
// bundled deploy imports without I/O; cloudflare/workers-sdk#5387). The bigger the build and the busier
// the machine, the more of a cold burst lands in that window, so one page is rendered first: the burst
// then races only on the claim it is here to test.
beforeAll(async () => {
  expect((await exports.default.fetch(`${ORIGIN}/console/sign-in`)).status).toBe(200);
});

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
    for (const path of [
      "/console",
      "/CONSOLE",
      "/%63onsole",
      "/Console/sign-in",
      "/%43ONSOLE/account",
      "/SignUp",
      "/console/Account.data",
      "/%63onsole/passkey/sign-in-options",
    ]) {
      const res = await exports.default.fetch(`http://menu.grillhouse.test${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
  });
});

describe("concurrent copies in the menu editor", { timeout: 60_000 }, () => {
  const menuPost = (cookie: string, fields: Record<string, string>) =>
    exports.default.fetch(`${ORIGIN}/console/menu`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(fields),
      headers: { origin: ORIGIN, cookie },
    });

  it("20 concurrent duplicates of a dish make 20 whole copies, never a 500", async () => {
    const { cookie } = await seedMember(1, "owner");
    const source = (await catalogueRow<{ id: number }>(
      SAFFRON_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND (SELECT count(*) FROM options WHERE product_id = p.id) > 0 ORDER BY p.id LIMIT 1",
    ))!.id;
    const options = async (id: number) =>
      (await catalogueRow<{ n: number }>(
        SAFFRON_ID,
        "SELECT count(*) AS n FROM options o LEFT JOIN sub_options s ON s.option_id = o.id WHERE o.product_id = ?",
        id,
      ))!.n;
    const answers = await Promise.all(Array.from({ length: 20 }, () => menuPost(cookie, { intent: "dish-duplicate", id: String(source) })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const copies = await catalogueRows<{ id: number }>(SAFFRON_ID, "SELECT id FROM products WHERE id > ? AND name_en LIKE '% (copy)'", source);
    expect(copies).toHaveLength(20);
    for (const copy of copies) expect(await options(copy.id)).toBe(await options(source));
    expect((await catalogueRow<{ n: number }>(SAFFRON_ID, "SELECT count(*) AS n FROM copy_bases"))!.n).toBe(0);
  });

  it("20 concurrent copies of a menu make 20 whole menus, never a 500", async () => {
    const { cookie } = await seedMember(1, "owner");
    const shape = async (menu: number) =>
      (await catalogueRow<{ n: number }>(
        SAFFRON_ID,
        "SELECT count(*) AS n FROM categories c LEFT JOIN products p ON p.category_id = c.id LEFT JOIN options o ON o.product_id = p.id LEFT JOIN sub_options s ON s.option_id = o.id WHERE c.menu_id = ?",
        menu,
      ))!.n;
    const before = (await catalogueRow<{ id: number }>(SAFFRON_ID, "SELECT coalesce(max(id), 0) AS id FROM menus"))!.id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => menuPost(cookie, { intent: "menu-copy", id: "1", branch: "2" })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const menus = await catalogueRows<{ id: number; sort_num: number }>(SAFFRON_ID, "SELECT id, sort_num FROM menus WHERE id > ? AND branch_id = 2", before);
    expect(menus).toHaveLength(20);
    for (const menu of menus) expect(await shape(menu.id)).toBe(await shape(1));
    // Each at the end of the branch's menus when it was made: no two share a place.
    expect(new Set(menus.map((m) => m.sort_num)).size).toBe(20);
  });
});

describe("a menu spreadsheet's Apply", { timeout: 60_000 }, () => {
  it("20 concurrent Applies of one dry run write it once; the others are told it expired", async () => {
    const { cookie } = await seedMember(2, "owner");
    const at = (body: FormData) =>
      exports.default.fetch(`${ORIGIN}/console/menu/import?branch=3`, { method: "POST", body, headers: { origin: ORIGIN, cookie, accept: "text/html" } });
    const file = new FormData();
    file.set("intent", "preview");
    file.set("file", new File(["menu_en,category_en,name_en,price\nOnce,Only,Applied once,12\n"], "menu.csv", { type: "text/csv" }));
    const stash = /name="stash" value="([^"]+)"/.exec(await (await at(file)).text())?.[1];
    expect(stash).toBeTruthy();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => {
        const body = new FormData();
        body.set("intent", "apply");
        body.set("stash", stash!);
        return at(body);
      }),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await catalogueRow<{ n: number }>(GRILL_ID, "SELECT count(*) AS n FROM products WHERE name_en = 'Applied once'"))!.n).toBe(1);
  });
});

describe("a board's private stream after its member is removed or demoted", { timeout: 30_000 }, () => {
  const auth = (cookie: string, socketId: string, channel: string) =>
    exports.default.fetch(`${ORIGIN}/console/realtime/auth`, {
      method: "POST",
      body: new URLSearchParams({ socket_id: socketId, channel_name: channel }),
      headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
    });
  /** A board's socket subscribed to `channel` with the auth `cookie`'s member gets; resolves its close code. */
  async function board(cookie: string, channel: string) {
    const socket = await connect();
    const closed = new Promise<number>((resolve) => socket.ws.addEventListener("close", (e) => resolve(e.code)));
    const res = await auth(cookie, socket.socketId, channel);
    expect(res.status).toBe(200);
    socket.send({ event: "pusher:subscribe", data: { channel, auth: ((await res.json()) as { auth: string }).auth } });
    expect(await socket.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded", channel });
    return { ...socket, closed };
  }
  const staffPost = (cookie: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return exports.default.fetch(`${ORIGIN}/console/staff`, { method: "POST", redirect: "manual", body, headers: { origin: ORIGIN, cookie } });
  };

  it("a removed member's socket is closed to subscribe again, and its new request for a signature is refused", async () => {
    const owner = await seedMember(1, "owner");
    const removed = await seedMember(1, "staff", [1]);
    const colleague = await seedMember(1, "staff", [1]);
    const channel = branchOrdersChannel(1);
    const [gone, stays] = [await board(removed.cookie, channel), await board(colleague.cookie, channel)];
    const removal = await staffPost(owner.cookie, { intent: "remove", member: String(removed.memberId) });
    expect(removal.status, await removal.clone().text()).toBe(200);
    expect(await gone.closed).toBe(RESUBSCRIBE);
    // Both reconnect as pusher-js does: only the colleague is signed again.
    expect((await auth(removed.cookie, "1.2", channel)).status).toBe(403);
    expect((await auth(colleague.cookie, "1.2", channel)).status).toBe(200);
    expect(await stays.closed).toBe(RESUBSCRIBE);
    // Nothing more reaches the removed member's old socket.
    const watcher = await board(colleague.cookie, channel);
    await publish(env, { hub: restaurantHub("saffron"), channel, event: BOARD_EVENT, data: "after" });
    expect(await watcher.next()).toEqual({ event: BOARD_EVENT, channel, data: "after" });
  });

  it("a manager made staff of branch 1 keeps branch 1 and loses branch 2", async () => {
    const owner = await seedMember(1, "owner");
    const manager = await seedMember(1, "manager");
    const second = await board(manager.cookie, branchOrdersChannel(2));
    expect((await staffPost(owner.cookie, { intent: "role", member: String(manager.memberId), role: "staff", branch: ["1"] })).status).toBe(200);
    expect(await second.closed).toBe(RESUBSCRIBE);
    expect((await auth(manager.cookie, "3.4", branchOrdersChannel(2))).status).toBe(403);
    expect((await auth(manager.cookie, "3.4", branchOrdersChannel(1))).status).toBe(200);
  });
});

describe("pictures: a quota per restaurant and a sweep of what nothing shows", { timeout: 30_000 }, () => {
  const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
  const png = (tag: string) => new Uint8Array([...PNG, ...new TextEncoder().encode(tag)]);
  const upload = (cookie: string, target: string, file: Uint8Array<ArrayBuffer>) => {
    const body = new FormData();
    body.set("target", target);
    body.set("file", new File([file], "p.png", { type: "image/png" }));
    return exports.default.fetch(`${ORIGIN}/console/pictures`, { method: "POST", body, headers: { origin: ORIGIN, cookie } });
  };
  const key = (restaurant: number, i: number) => `pictures/${restaurant}/${i.toString(16).padStart(32, "0")}.png`;

  it("50 concurrent claims of 5 MB fill the quota exactly, never past it", async () => {
    const restaurant = (await env.DB.prepare("INSERT INTO restaurants (domain, name_en, name_ar) VALUES ('quota-five', 'Q', 'ق') RETURNING id").first<{
      id: number;
    }>())!.id;
    const size = 5 * 1024 * 1024;
    const claims = await Promise.all(Array.from({ length: 50 }, (_, i) => claimPicture(catalogueOf(restaurant), restaurant, key(restaurant, i + 1), size)));
    expect(claims.filter(Boolean)).toHaveLength(PICTURE_QUOTA_BYTES / size);
    const used = (await catalogueRow<{ n: number }>(restaurant, "SELECT sum(bytes) AS n FROM pictures WHERE restaurant_id = ?", restaurant))!.n;
    expect(used).toBe(PICTURE_QUOTA_BYTES);
    // The same bytes again take no more room.
    expect(await claimPicture(catalogueOf(restaurant), restaurant, key(restaurant, 1), size)).toBe(true);
  });

  it("an upload past the quota is a 413 that says so; an upload sweeps objects nothing has shown for a day", async () => {
    const { cookie } = await seedMember(2, "owner");
    const dish = (await catalogueRow<{ id: number }>(
      GRILL_ID,
      "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 LIMIT 1",
    ))!.id;
    const old = Date.now() - SWEEP_AFTER_MS - 60_000;
    // An old object nothing points at, and an old one a dish still shows.
    const [unused, shown] = [key(2, 0xdead), key(2, 0xbeef)];
    for (const k of [unused, shown]) {
      await env.PICTURES.put(k, PNG);
      await catalogueRun(GRILL_ID, "INSERT INTO pictures (key, restaurant_id, bytes, created_at) VALUES (?, 2, 100, ?)", k, old);
    }
    await catalogueRun(GRILL_ID, "UPDATE products SET image = ? WHERE id = ?", shown, dish);
    // The rest of the quota taken but for 10 bytes, once the sweep has freed the unused 100.
    await catalogueRun(
      GRILL_ID,
      "INSERT INTO pictures (key, restaurant_id, bytes, created_at) VALUES (?, 2, ?, ?)",
      key(2, 0xf00d),
      PICTURE_QUOTA_BYTES - 110,
      Date.now(),
    );
    const refused = await upload(cookie, `dish:${dish}`, png("over the quota"));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { code: string }).code).toBe("quota");
    expect(await env.PICTURES.head(unused)).toBeNull();
    expect(await env.PICTURES.head(shown)).not.toBeNull();
    const rows = (await catalogueRows<{ key: string }>(GRILL_ID, "SELECT key FROM pictures WHERE key IN (?, ?)", unused, shown)).map((r) => r.key);
    expect(rows).toEqual([shown]);
    // Room made (the large row goes): the upload is stored and counted.
    await catalogueRun(GRILL_ID, "DELETE FROM pictures WHERE key = ?", key(2, 0xf00d));
    const stored = await upload(cookie, `dish:${dish}`, png("fits"));
    expect(stored.status).toBe(200);
    const image = ((await stored.json()) as { image: string }).image;
    expect((await catalogueRow<{ bytes: number }>(GRILL_ID, "SELECT bytes FROM pictures WHERE key = ?", image))!.bytes).toBe(png("fits").byteLength);
  });
});
