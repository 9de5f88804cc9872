// Console members seeded straight into the running server's local D1 (with a session), for the browser
// tests that start signed in rather than walk the sign-up.
import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { inject } from "vitest";
import { wranglerProcessEnv } from "../../scripts/settings.ts";

/** The local state of the server this file's project runs against (tests/e2e/global-setup.ts). */
const STATE_DIR = inject("stateDir");
const wranglerEnv = () => ({ ...wranglerProcessEnv(process.env), CI: "1" });

/** Runs SQL against the e2e server's local D1. */
export function sql(command: string) {
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--config", "wrangler.toml", "--local", "--persist-to", STATE_DIR, "--command", command], {
    stdio: ["ignore", "ignore", "inherit"],
    env: wranglerEnv(),
  });
}

/** Reads rows from the e2e server's local D1 (a restaurant's id by its domain, say). */
export function sqlRows(command: string): Record<string, unknown>[] {
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--config", "wrangler.toml", "--local", "--persist-to", STATE_DIR, "--json", "--command", command],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: wranglerEnv() },
  );
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0]!.results;
}

/**
 * Runs SQL on one restaurant's catalogue (branches, menus, categories, dishes, options, socials,
 * pictures…), where the worker keeps it: the restaurant's own object (worker/restaurant/object.ts).
 * The demo restaurants' objects took their catalogue at setup (global-setup.ts).
 */
export function catalogueSql(restaurantId: number, command: string) {
  restaurantSql(restaurantId, command);
}

/**
 * Runs SQL in a restaurant's own Durable Object (its orders, refunds…): the object's SQLite file in the
 * e2e server's local state, found by the name Miniflare records in it (`restaurant:{id}`), the way
 * `sql` writes the local D1's file. WAL mode: the running object reads the change on its next call.
 */
export function restaurantSql(restaurantId: number, command: string) {
  const dir = `${STATE_DIR}/v3/do/menu-Restaurant`;
  const named = readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    .filter((f) => {
      // The running server may be writing the file: wait for its lock rather than fail (SQLITE_BUSY).
      const db = new DatabaseSync(`${dir}/${f}`, { readOnly: true, timeout: 10_000 });
      try {
        return (db.prepare("SELECT name FROM __miniflare_do_name").get() as { name?: string } | undefined)?.name === `restaurant:${restaurantId}`;
      } finally {
        db.close();
      }
    });
  if (named.length !== 1) throw new Error(`restaurant ${restaurantId}: ${named.length} objects found in ${dir}`);
  const db = new DatabaseSync(`${dir}/${named[0]}`, { timeout: 10_000 });
  try {
    db.exec(command);
  } finally {
    db.close();
  }
}

// Six digits of the clock, then one more per member: several files seed members in one process (the
// one-at-a-time file), and each needs a phone of its own.
let stamp = Date.now() % 1_000_000;
/** A person with a member row in saffron and a session; returns the session id for the cookie. */
export function seedMember(role: "owner" | "manager" | "staff", digit: string, name: string, branches: number[]): string {
  stamp = (stamp + 1) % 1_000_000;
  const phone = `+97150${digit}${String(stamp).padStart(6, "0")}`;
  const session = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(session).digest("hex");
  const now = Date.now();
  const person = `(SELECT id FROM people WHERE phone = '${phone}')`;
  const member = `(SELECT id FROM members WHERE person_id = ${person} AND restaurant_id = 1)`;
  sql(
    [
      `INSERT INTO people (phone, name, created_at) VALUES ('${phone}', '${name}', ${now})`,
      `INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (1, ${person}, '${role}', ${now})`,
      ...branches.map((b) => `INSERT INTO member_branches (member_id, branch_id) VALUES (${member}, ${b})`),
      `INSERT INTO console_sessions (id_hash, person_id, created_at, expires_at) VALUES ('${hash}', ${person}, ${now}, ${now + 86_400_000})`,
    ].join("; "),
  );
  return session;
}
