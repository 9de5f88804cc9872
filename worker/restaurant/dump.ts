// A restaurant's whole data as one file and back (docs/decisions/0041): every table of its object's
// schema, read from sqlite_master, so a table a later version adds joins the file with no change here.
// An import replaces every row in one transaction; a dump it cannot take is refused with a reason. No
// credential is written to a file, and an import makes new ones (./dump-credentials.ts).
import * as v from "valibot";
import { upgradeMoneyRow } from "./schema-money";
import { upgradeZoneRow, ZONES_VERSION } from "./schema-zones";
import { LEFT_OUT, withNewCredentials, withoutCredentials } from "./dump-credentials";

export const DUMP_FORMAT = "restaurant-dump";

/** What the file holds: its schema version, whose it is, when, and every table's rows. */
export interface RestaurantDump {
  format: typeof DUMP_FORMAT;
  version: number;
  restaurant: number;
  exported_at: string;
  /** The credentials the file leaves out (`table.column` written as null, or a table's rows): an import makes new ones. */
  left_out?: readonly string[];
  tables: Record<string, Record<string, unknown>[]>;
}

/** A Durable Object's SQL takes at most 100 bound parameters in one statement (so a row at most 100 columns). */
const MAX_PARAMS = 100;
/** Bound of what an import reads (a restaurant's schema is far below it). */
const MAX_TABLES = 200;

const Name = v.pipe(v.string(), v.regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, "a table or column name of letters, digits and _"));
const Cell = v.union([v.string(), v.number(), v.null()], "a cell must be a string, a number or null");
const Row = v.pipe(
  v.record(Name, Cell),
  v.check((row) => Object.keys(row).length > 0 && Object.keys(row).length <= MAX_PARAMS, `a row has 1 to ${MAX_PARAMS} columns`),
);
const Dump = v.object({
  format: v.literal(DUMP_FORMAT, `not a restaurant dump (format must be "${DUMP_FORMAT}")`),
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  restaurant: v.pipe(v.number(), v.integer(), v.minValue(1)),
  exported_at: v.pipe(v.string(), v.isoTimestamp()),
  left_out: v.optional(v.pipe(v.array(v.string()), v.maxLength(MAX_TABLES))),
  tables: v.pipe(
    v.record(Name, v.array(Row)),
    v.check((tables) => Object.keys(tables).length <= MAX_TABLES, `at most ${MAX_TABLES} tables`),
  ),
});

/** Why a dump was refused: "invalid" (422: cannot be read or does not fit) or "other-restaurant" (409). */
class DumpRefused extends Error {
  constructor(
    readonly kind: "invalid" | "other-restaurant",
    message: string,
  ) {
    super(message);
    this.name = "DumpRefused";
  }
}

/** The object's own tables: everything in sqlite_master but the version row and SQLite's, Cloudflare's and Miniflare's. */
export function dataTables(sql: SqlStorage): string[] {
  return sql
    .exec<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_version' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name",
    )
    .toArray()
    .map((t) => t.name);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnsOf(sql: SqlStorage, table: string): string[] {
  return sql
    .exec<{ name: string }>(`SELECT name FROM pragma_table_info(?)`, table)
    .toArray()
    .map((c) => c.name);
}

/** Every table's rows, each in its rowid order (no table is WITHOUT ROWID), without a credential; and what was left out. */
export function exportTables(sql: SqlStorage): Pick<RestaurantDump, "tables" | "left_out"> {
  const tables: RestaurantDump["tables"] = {};
  for (const table of dataTables(sql)) {
    tables[table] = sql.exec(`SELECT * FROM ${quoted(table)} ORDER BY rowid`).toArray() as Record<string, unknown>[];
  }
  return { left_out: LEFT_OUT, tables: withoutCredentials(tables) };
}

/**
 * Whom a dump goes to; `currency` is that restaurant's, which a file older than version 6 has its amounts
 * in; `country` its country, whose zone a file older than version 15 gives its defaulted branches.
 */
interface ImportTarget {
  restaurant: number;
  allowOther: boolean;
  currency: string;
  country: string;
}

/** The version that stores every amount as minor units (./schema-money.ts): an older file's are converted. */
const MINOR_UNITS_VERSION = 7;

/** The dump, read and checked against this object: its version no newer, its tables and columns known. */
function readDump(input: unknown, sql: SqlStorage, version: number, target: ImportTarget): RestaurantDump {
  const parsed = v.safeParse(Dump, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join(".");
    throw new DumpRefused("invalid", `Not a restaurant dump this server can read: ${path ? `${path}: ` : ""}${issue.message}`);
  }
  const parsedDump = parsed.output as RestaurantDump;
  const dump =
    parsedDump.version >= MINOR_UNITS_VERSION
      ? parsedDump
      : {
          ...parsedDump,
          tables: Object.fromEntries(
            Object.entries(parsedDump.tables).map(([table, rows]) => [table, rows.map((row) => upgradeMoneyRow(table, row, target.currency))]),
          ) as RestaurantDump["tables"],
        };
  if (dump.version < ZONES_VERSION) {
    for (const [table, rows] of Object.entries(dump.tables)) dump.tables[table] = rows.map((row) => upgradeZoneRow(table, row, target.country));
  }
  if (dump.version > version) {
    throw new DumpRefused("invalid", `The dump is of schema version ${dump.version}, newer than this server's ${version}: deploy the newer code first.`);
  }
  if (dump.restaurant !== target.restaurant && !target.allowOther) {
    throw new DumpRefused(
      "other-restaurant",
      `The dump is restaurant ${dump.restaurant}'s, not ${target.restaurant}'s: refused unless another restaurant's data is explicitly allowed.`,
    );
  }
  const known = new Set(dataTables(sql));
  for (const [table, rows] of Object.entries(dump.tables)) {
    if (!known.has(table)) throw new DumpRefused("invalid", `Unknown table in the dump: ${table}`);
    const columns = new Set(columnsOf(sql, table));
    for (const row of rows) {
      const unknown = Object.keys(row).find((c) => !columns.has(c));
      if (unknown) throw new DumpRefused("invalid", `Unknown column in the dump: ${table}.${unknown}`);
    }
  }
  return dump;
}

/**
 * Replaces every row of every table with the dump's, in one transaction: a failing row (a CHECK, a
 * duplicate key, a foreign key left dangling) undoes it all. Rows go in by named columns, as many per statement as fit in 100 parameters.
 */
function replaceTables(storage: DurableObjectStorage, dump: RestaurantDump): number {
  const sql = storage.sql;
  return storage.transactionSync(() => {
    // Foreign keys are enforced in an object's SQLite: checked at the commit, so tables go in any order.
    sql.exec("PRAGMA defer_foreign_keys = ON").toArray();
    for (const table of dataTables(sql)) sql.exec(`DELETE FROM ${quoted(table)}`).toArray();
    let inserted = 0;
    // The webhook endpoints go in last: their triggers (./schema-webhooks.ts) then see no imported order
    // or event as new, so an import sends nothing.
    const last = (table: string) => (table === "webhook_endpoints" ? 1 : 0);
    const tables = Object.entries(dump.tables).sort(([a], [b]) => last(a) - last(b));
    for (const [table, rows] of tables) inserted += insertRows(sql, table, rows);
    return inserted;
  });
}

/** Rows of one table, grouped by their column set, many rows per INSERT within the parameter limit. */
function insertRows(sql: SqlStorage, table: string, rows: Record<string, unknown>[]): number {
  let i = 0;
  while (i < rows.length) {
    const columns = Object.keys(rows[i]!);
    const key = columns.join(",");
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
    const batch: Record<string, unknown>[] = [];
    while (i < rows.length && batch.length < perStatement && Object.keys(rows[i]!).join(",") === key) batch.push(rows[i++]!);
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    const params = batch.flatMap((row) => columns.map((c) => row[c] as SqlStorageValue));
    sql.exec(`INSERT INTO ${quoted(table)} (${columns.map(quoted).join(", ")}) VALUES ${batch.map(() => tuple).join(", ")}`, ...params).toArray();
  }
  return rows.length;
}

/** What an import answers across RPC (an Error's class does not cross it): the rows taken, or why not. */
/** `renewed`: the tables whose credentials are new (webhook secrets, printer keys, API keys): their owners must be told. */
export type ImportResult = { ok: true; rows: number; version: number; renewed: string[] } | { ok: false; refused: DumpRefused["kind"]; error: string };

/** Reads the dump and replaces the object's rows with it, or answers why not; nothing changes on a refusal. */
export function importDump(storage: DurableObjectStorage, version: number, input: unknown, target: ImportTarget): ImportResult {
  try {
    const read = readDump(input, storage.sql, version, target);
    const { tables, renewed } = withNewCredentials(read.tables);
    return { ok: true, rows: replaceTables(storage, { ...read, tables }), version: read.version, renewed };
  } catch (error) {
    if (error instanceof DumpRefused) return { ok: false, refused: error.kind, error: error.message };
    // A row the schema refuses (a missing NOT NULL, a CHECK, a duplicate key): the transaction undid it all.
    return {
      ok: false,
      refused: "invalid",
      error: `The dump's rows do not fit this restaurant's tables, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
