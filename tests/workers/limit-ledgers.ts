// What the tests read of the limits' objects (worker/limits/ledger.ts): the events one phone's or one
// network's object holds, read inside that object, since D1 keeps no limit tables (decision 0039).
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { ledgerFor } from "../../worker/limits/claim";
import type { LimitLedger } from "../../worker/limits/ledger";
import type { Side } from "../../worker/limits/rules";

/** The events in `side`'s object for `key` (of `kind`, or of every kind). */
export const eventsIn = (side: Side, key: string, kind?: string) =>
  runInDurableObject(
    ledgerFor(env, side, key),
    (_: LimitLedger, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM events WHERE ?1 IS NULL OR kind = ?1", kind ?? null).one().n,
  );

/** Writes an event straight into `side`'s object for `key`, as if claimed at `at` (at restaurant `scope`). */
export const writeEvent = (side: Side, key: string, kind: string, at: number, scope: number | null = null) =>
  runInDurableObject(ledgerFor(env, side, key), (_: LimitLedger, state) => {
    state.storage.sql.exec("INSERT INTO events (kind, at, scope) VALUES (?, ?, ?)", kind, at, scope);
  });
