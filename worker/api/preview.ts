// A draft restaurant's preview (worker/api/console/drafts.ts): the embedded API reads a draft only
// for a render whose worker has checked the signed-in member (worker/tenancy/preview.ts). That
// render calls the API in-process with a copy of `env` marked here; a request from outside never
// carries the mark (a WeakMap of the very objects, nothing a client can send).
import { DRAFT } from "./console/drafts";

const previews = new WeakMap<object, string>();

/** A copy of `env` under which the embedded API also shows the draft `domain`. */
export function previewEnv(env: Env, domain: string): Env {
  const marked = { ...env };
  previews.set(marked, domain);
  return marked;
}

/** The draft this `env` may read, or null (every request from outside). */
export const previewDomain = (env: Env): string | null => previews.get(env) ?? null;

/** Whether a restaurant row in state `isActive` with `domain` is shown under this `env`. */
export const shown = (env: Env, isActive: number, domain: string) => isActive === 1 || (isActive === DRAFT && previewDomain(env) === domain);

const LIVE = "is_active = 1";
const LIVE_OR_DRAFT = `is_active IN (1, ${DRAFT})`;

/**
 * The catalogue's database for a call about `domain`: the plain one, or, under the preview mark for
 * that very domain, one whose statements also match drafts. The catalogue's SQL (../queries.ts) says
 * "live" in exactly one way, `is_active = 1`, in its constant fragments (never input), widened here.
 * Every statement also filters on the asked domain, and the answer's restaurant is checked with
 * `shown`, so no other draft is ever read.
 */
export function catalogueDb(env: Env, domain: string | null): D1Database {
  const db = env.DB;
  if (domain === null || previewDomain(env) !== domain) return db;
  return {
    prepare: (sql: string) => db.prepare(sql.replaceAll(LIVE, LIVE_OR_DRAFT)),
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  } as unknown as D1Database;
}
