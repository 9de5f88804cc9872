// Roles and tenant isolation in the console, through the whole worker: two restaurants from the seed
// (saffron: branches 1 and 2; grill-house: branch 3), each with an owner, a manager and a staff member;
// every console screen by role, and every console form tried with the other restaurant's ids.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../worker/rules/roles";
import { catalogueRow, catalogueRun } from "./catalogue";
import { seedMember } from "./console-members";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

const SAFFRON = SAFFRON_ID;
const GRILL = 2;

interface Person {
  personId: number;
  memberId: number;
  cookie: string;
}
type Cast = Record<Role, Person>;

const member = (restaurantId: number, role: Role, branchIds: number[] = [], personId?: number) => seedMember(restaurantId, role, branchIds, personId);

const site = (path: string, who: Person, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers: { cookie: who.cookie, ...init.headers } });
const post = (path: string, who: Person, fields: [string, string][]) =>
  site(path, who, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });

const membersSnapshot = async () =>
  (
    await env.DB.prepare(
      "SELECT m.id, m.restaurant_id, m.role, (SELECT group_concat(branch_id) FROM member_branches WHERE member_id = m.id) AS branches FROM members m ORDER BY m.id",
    ).all()
  ).results;

/** An order with one dish, in its restaurant's object. */
async function order(restaurantId: number, branchId: number, number: number, dish: string) {
  const db = ordersOf(restaurantId);
  const row = await db
    .prepare(
      "INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency) VALUES (?, ?, ?, 'Diner', '+971500000001', 4, 1250, 'AED') RETURNING id",
    )
    .bind(restaurantId, branchId, number)
    .first<{ id: number }>();
  await db
    .prepare("INSERT INTO order_items (order_id, product_id, name_en, name_ar, unit_minor, amount) VALUES (?, 1, ?, ?, 1250, 1)")
    .bind(row!.id, dish, dish)
    .run();
}

let saffron: Cast;
let grill: Cast;
beforeAll(async () => {
  saffron = { owner: await member(SAFFRON, "owner"), manager: await member(SAFFRON, "manager"), staff: await member(SAFFRON, "staff", [1]) };
  grill = { owner: await member(GRILL, "owner"), manager: await member(GRILL, "manager"), staff: await member(GRILL, "staff", [3]) };
  await order(SAFFRON, 1, 9101, "Saffron Marina dish");
  await order(SAFFRON, 2, 9102, "Saffron Corniche dish");
  await order(GRILL, 3, 9103, "Grill Barsha dish");
  await order(SAFFRON, 1, 9104, "Saffron yesterday dish");
  await ordersOf(SAFFRON).prepare("UPDATE orders SET created_at = datetime('now', '-1 day') WHERE num_order = 9104").run();
});

describe("roles × console screens", () => {
  const PATHS = ["/console", "/console/orders", "/console/menu", "/console/branches", "/console/staff", "/console/account"] as const;
  // What each role gets on each screen: 200, or 403 inside the console's frame; the owner's first steps
  // send the others to the board, where they land (302).
  const EXPECTED: Record<Role, Record<(typeof PATHS)[number], number>> = {
    owner: { "/console": 200, "/console/orders": 200, "/console/menu": 200, "/console/branches": 200, "/console/staff": 200, "/console/account": 200 },
    manager: { "/console": 302, "/console/orders": 200, "/console/menu": 200, "/console/branches": 200, "/console/staff": 403, "/console/account": 403 },
    staff: { "/console": 302, "/console/orders": 200, "/console/menu": 403, "/console/branches": 403, "/console/staff": 403, "/console/account": 403 },
  };
  for (const role of ["owner", "manager", "staff"] as const) {
    for (const path of PATHS) {
      it(`${role} on ${path}: ${EXPECTED[role][path]}`, async () => {
        const res = await site(path, saffron[role]);
        expect(res.status).toBe(EXPECTED[role][path]);
        expect(res.headers.get("cache-control")).toContain("no-store");
        if (EXPECTED[role][path] === 302) return expect(res.headers.get("location")).toBe("/console/orders");
        const html = await res.text();
        // The console's frame stays (the restaurant's name), with the refusal inside it.
        expect(html).toContain('data-testid="console-restaurant"');
        if (EXPECTED[role][path] === 403) expect(html).toContain('data-status="403"');
      });
    }
  }

  it("shows each role only the sections it may open", async () => {
    const staffNav = await (await site("/console/orders", saffron.staff)).text();
    expect(staffNav).toContain('data-testid="nav-orders"');
    // The owner-only "First steps" included (docs/decisions/0062).
    for (const hidden of ["home", "menu", "branches", "staff", "account", "tax", "webhooks"]) expect(staffNav).not.toContain(`data-testid="nav-${hidden}"`);
    const managerNav = await (await site("/console/orders", saffron.manager)).text();
    expect(managerNav).toContain('data-testid="nav-menu"');
    for (const hidden of ["home", "staff", "account", "tax", "webhooks"]) expect(managerNav).not.toContain(`data-testid="nav-${hidden}"`);
    expect(await (await site("/console/orders", saffron.owner)).text()).toContain('data-testid="nav-home"');
  });

  it("every section a role is shown opens for it (no tab leads to a refusal)", { timeout: 60_000 }, async () => {
    for (const role of ["owner", "manager", "staff"] as const) {
      const nav = await (await site("/console/orders", saffron[role])).text();
      const links = [...nav.matchAll(/<a[^>]*data-testid="nav-[a-z]+"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])![1]!);
      expect(links.length, role).toBeGreaterThan(1);
      for (const link of links) expect((await site(link, saffron[role])).status, `${role} ${link}`).toBe(200);
    }
  });

  it("sends someone without a session to sign in, and a tampered cookie is no session", async () => {
    for (const cookie of ["", "console=not-a-session", `console=${"A".repeat(43)}`]) {
      const res = await site("/console/staff", { personId: 0, memberId: 0, cookie });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/console/sign-in?next=%2Fconsole%2Fstaff");
    }
  });
});

describe("tenant isolation of the read screens", () => {
  it("shows each restaurant only its own orders, menu and branches", async () => {
    // The board shows one branch at a time (the first unless ?branch= picks another).
    const orders = await (await site("/console/orders", saffron.owner)).text();
    expect(orders).toContain("Saffron Marina dish");
    expect(orders).not.toContain("Grill Barsha dish");
    expect(await (await site("/console/orders?branch=2", saffron.owner)).text()).toContain("Saffron Corniche dish");
    const grillOrders = await (await site("/console/orders", grill.manager)).text();
    expect(grillOrders).toContain("Grill Barsha dish");
    expect(grillOrders).not.toContain("Saffron");
    const menu = await (await site("/console/menu", grill.owner)).text();
    expect(menu).toContain("Skewers");
    expect(menu).not.toContain("Levantine");
    const branches = await (await site("/console/branches", saffron.manager)).text();
    expect(branches).toContain("Dubai Marina");
    expect(branches).not.toContain("Al Barsha");
  });

  it("lists only today's orders", async () => {
    const html = await (await site("/console/orders", saffron.owner)).text();
    expect(html).toContain("Saffron Marina dish");
    expect(html).not.toContain("Saffron yesterday dish");
  });

  it("gives client navigations (.data) the same refusals, with nothing of the screen's data", async () => {
    const staffData = await site("/console/staff.data", saffron.staff);
    expect(staffData.headers.get("cache-control")).toContain("no-store");
    const body = await staffData.text();
    expect(body).toContain("403");
    expect(body).not.toContain("owner of 1");
    const ownerData = await (await site("/console/staff.data", saffron.owner)).text();
    expect(ownerData).toContain("owner of 1");
    expect(ownerData).not.toContain("owner of 2");
  });

  it("shows staff only their branches' orders", async () => {
    const html = await (await site("/console/orders", saffron.staff)).text();
    expect(html).toContain("Saffron Marina dish");
    expect(html).not.toContain("Saffron Corniche dish");
    expect(html).not.toContain('data-testid="orders-branch-2"');
  });

  it("refuses another restaurant's branch (404) and a staff member's other branch (403) in ?branch=", async () => {
    expect((await site("/console/orders?branch=3", saffron.owner)).status).toBe(404);
    expect((await site("/console/orders?branch=1", grill.staff)).status).toBe(404);
    expect((await site("/console/orders?branch=2", saffron.staff)).status).toBe(403);
    expect((await site("/console/orders?branch=1", saffron.staff)).status).toBe(200);
    expect((await site("/console/orders?branch=x", saffron.owner)).status).toBe(400);
  });
});

describe("tenant isolation of the staff forms", () => {
  it("refuses another restaurant's member ids and branch ids, changing nothing", async () => {
    const before = await membersSnapshot();
    const attempts: [string, string][][] = [
      [
        ["intent", "remove"],
        ["member", String(grill.staff.memberId)],
      ],
      [
        ["intent", "remove"],
        ["member", String(grill.owner.memberId)],
      ],
      [
        ["intent", "role"],
        ["member", String(grill.manager.memberId)],
        ["role", "owner"],
      ],
      [
        ["intent", "role"],
        ["member", String(grill.owner.memberId)],
        ["role", "staff"],
        ["branch", "3"],
      ],
      // Their own member, with the other restaurant's branch.
      [
        ["intent", "role"],
        ["member", String(saffron.staff.memberId)],
        ["role", "staff"],
        ["branch", "3"],
      ],
      [
        ["intent", "role"],
        ["member", String(saffron.staff.memberId)],
        ["role", "staff"],
        ["branch", "1"],
        ["branch", "3"],
      ],
      [
        ["intent", "invite"],
        ["name", "Sami"],
        ["phone", "0501112233"],
        ["role", "staff"],
        ["branch", "3"],
      ],
    ];
    for (const fields of attempts) {
      const res = await post("/console/staff", saffron.owner, fields);
      expect(res.status, JSON.stringify(fields)).toBe(404);
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
    expect(await membersSnapshot()).toEqual(before);
    expect(await env.DB.prepare("SELECT 1 FROM people WHERE phone = '+971501112233'").first()).toBeNull();
  });

  it("refuses the forms to a manager and to staff (403), changing nothing", async () => {
    const before = await membersSnapshot();
    for (const who of [saffron.manager, saffron.staff]) {
      const res = await post("/console/staff", who, [
        ["intent", "remove"],
        ["member", String(saffron.staff.memberId)],
      ]);
      expect(res.status).toBe(403);
      const invite = await post("/console/staff", who, [
        ["intent", "invite"],
        ["name", "X"],
        ["phone", "0501112244"],
        ["role", "owner"],
      ]);
      expect(invite.status).toBe(403);
    }
    expect(await membersSnapshot()).toEqual(before);
  });

  it("answers bad forms with 400 / 422, never 500", async () => {
    const cases: [[string, string][], number][] = [
      [
        [
          ["intent", "remove"],
          ["member", "abc"],
        ],
        400,
      ],
      [[["intent", "promote"]], 400],
      [
        [
          ["intent", "role"],
          ["member", String(saffron.staff.memberId)],
          ["role", "chef"],
        ],
        400,
      ],
      [
        [
          ["intent", "invite"],
          ["name", "Sami"],
          ["phone", "call me maybe"],
          ["role", "manager"],
        ],
        422,
      ],
      [
        [
          ["intent", "invite"],
          ["name", "Sami"],
          ["phone", "0501112255"],
          ["role", "staff"],
        ],
        422,
      ],
    ];
    for (const [fields, status] of cases) expect((await post("/console/staff", saffron.owner, fields)).status, JSON.stringify(fields)).toBe(status);
  });

  it("invites by phone (read with the restaurant's country), changes a role and removes, within the restaurant", async () => {
    const invite = await post("/console/staff", saffron.owner, [
      ["intent", "invite"],
      ["name", "Mona"],
      ["phone", "050 777 1234"],
      ["role", "staff"],
      ["branch", "2"],
    ]);
    expect(invite.status).toBe(200);
    const mona = await env.DB.prepare(
      "SELECT m.id, m.role, p.phone FROM members m JOIN people p ON p.id = m.person_id WHERE p.phone = '+971507771234' AND m.restaurant_id = ?",
    )
      .bind(SAFFRON)
      .first<{ id: number; role: string }>();
    expect(mona?.role).toBe("staff");
    expect((await env.DB.prepare("SELECT branch_id FROM member_branches WHERE member_id = ?").bind(mona!.id).all()).results).toEqual([{ branch_id: 2 }]);
    expect(
      (
        await post("/console/staff", saffron.owner, [
          ["intent", "invite"],
          ["name", "Mona"],
          ["phone", "+971507771234"],
          ["role", "manager"],
        ])
      ).status,
    ).toBe(409);
    expect(
      (
        await post("/console/staff", saffron.owner, [
          ["intent", "role"],
          ["member", String(mona!.id)],
          ["role", "manager"],
          ["branch", "2"],
        ])
      ).status,
    ).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM member_branches WHERE member_id = ?").bind(mona!.id).first("n")).toBe(0);
    expect(
      (
        await post("/console/staff", saffron.owner, [
          ["intent", "remove"],
          ["member", String(mona!.id)],
        ])
      ).status,
    ).toBe(200);
    expect(await env.DB.prepare("SELECT 1 FROM members WHERE id = ?").bind(mona!.id).first()).toBeNull();
  });

  it("never loses the last owner: not removed, not demoted, even by themselves", async () => {
    const self = [
      ["intent", "remove"],
      ["member", String(grill.owner.memberId)],
    ] as [string, string][];
    expect((await post("/console/staff", grill.owner, self)).status).toBe(409);
    expect(
      (
        await post("/console/staff", grill.owner, [
          ["intent", "role"],
          ["member", String(grill.owner.memberId)],
          ["role", "manager"],
        ])
      ).status,
    ).toBe(409);
    expect(await env.DB.prepare("SELECT role FROM members WHERE id = ?").bind(grill.owner.memberId).first("role")).toBe("owner");
  });

  it("keeps one owner when two owners remove each other at once (60 concurrent requests)", async () => {
    const { id } = (await env.DB.prepare(
      "INSERT INTO restaurants (domain, name_en, name_ar) VALUES ('two-owners', 'Two Owners', 'مالكان') RETURNING id",
    ).first<{ id: number }>())!;
    const a = await member(id, "owner");
    const b = await member(id, "owner");
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const [actor, target] = i % 2 ? [a, b] : [b, a];
        const fields: [string, string][] =
          i % 4 < 2
            ? [
                ["intent", "remove"],
                ["member", String(target.memberId)],
              ]
            : [
                ["intent", "role"],
                ["member", String(target.memberId)],
                ["role", "manager"],
              ];
        return post("/console/staff", actor, fields).then((r) => r.status);
      }),
    );
    // 200 (done), 409 (would lose the last owner), 404 (the target is gone), 403 (the actor was
    // demoted), 302 (the actor is no longer a member).
    for (const status of answers) expect([200, 302, 403, 404, 409]).toContain(status);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM members WHERE restaurant_id = ? AND role = 'owner'").bind(id).first("n")).toBe(1);
  });
});

describe("the restaurant switcher", () => {
  it("refuses a restaurant the person is not a member of (403, no cookie)", async () => {
    const res = await post("/console/restaurant", saffron.owner, [["restaurant", String(GRILL)]]);
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await post("/console/restaurant", saffron.owner, [["restaurant", "nope"]])).status).toBe(400);
  });

  it("switches a member of both, and a forged restaurant cookie falls back to a membership", async () => {
    const inSaffron = await member(SAFFRON, "staff", [1]);
    const both = await member(GRILL, "manager", [], inSaffron.personId);
    const res = await post("/console/restaurant", both, [
      ["restaurant", String(GRILL)],
      ["returnTo", "/console/menu"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/console/menu");
    const chosen = res.headers.get("set-cookie")!.split(";")[0]!;
    expect(chosen).toBe(`consoleRestaurant=${GRILL}`);
    // In grill-house they are a manager: the menu is theirs, and it is grill-house's.
    const menu = await site("/console/menu", { ...both, cookie: `${both.cookie}; ${chosen}` });
    expect(menu.status).toBe(200);
    expect(await menu.text()).toContain("Skewers");
    // A cookie naming a restaurant they are not in changes nothing: the first membership's screen.
    const forged = await site("/console/orders", { ...saffron.owner, cookie: `${saffron.owner.cookie}; consoleRestaurant=${GRILL}` });
    const html = await forged.text();
    expect(html).not.toContain("Grill Barsha dish");
    expect(html).toContain("Saffron Marina dish");
  });
});

describe("first steps", () => {
  it("ticks each step from the restaurant's own data, and nothing from another restaurant's", async () => {
    const { id } = (await env.DB.prepare(
      "INSERT INTO restaurants (domain, name_en, name_ar) VALUES ('first-steps', 'First Steps', 'خطوات') RETURNING id",
    ).first<{ id: number }>())!;
    const branch = (await catalogueRow<{ id: number }>(
      id,
      "INSERT INTO branches (restaurant_id, name_en, name_ar) VALUES (?, 'Main', 'الرئيسي') RETURNING id",
      id,
    ))!.id;
    const owner = await member(id, "owner");
    const done = async () => {
      const html = await (await site("/console", owner)).text();
      return Object.fromEntries(["dish", "colours", "tables", "testOrder"].map((s) => [s, html.includes(`data-testid="step-${s}" data-done="true"`)]));
    };
    expect(await done()).toEqual({ dish: false, colours: false, tables: false, testOrder: false });
    const menu = (await catalogueRow<{ id: number }>(id, "INSERT INTO menus (branch_id, name_en, name_ar) VALUES (?, 'Menu', 'القائمة') RETURNING id", branch))!
      .id;
    const category = (await catalogueRow<{ id: number }>(
      id,
      "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Mains', 'رئيسي') RETURNING id",
      menu,
    ))!.id;
    await catalogueRun(id, "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Soup', 'شوربة', 900)", category);
    expect(await done()).toEqual({ dish: true, colours: false, tables: false, testOrder: false });
    await catalogueRun(id, "UPDATE brand SET style_primary = '#0f766e' WHERE restaurant_id = ?", id);
    await order(id, branch, 1, "Soup");
    expect(await done()).toEqual({ dish: true, colours: true, tables: true, testOrder: true });
    // The test order links to this restaurant's own diner page.
    expect(await (await site("/console", owner)).text()).toContain(`href="/first-steps/${branch}"`);
  });
});
