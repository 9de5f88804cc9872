// The restaurant object's own schema, versioned: each entry is one version's statements, applied in
// order inside the object (schema.test.ts migrates from every earlier version). Append, never edit.
// Tables hold one restaurant's rows only, so none carries a restaurant id.

export const SCHEMA: readonly (readonly string[])[] = [
  // 1: the diners' SMS codes and the order tokens they earn (moved from D1's otp_codes and order_tokens).
  [
    `CREATE TABLE otp_codes (
      id INTEGER PRIMARY KEY,
      phone TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      used INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    )`,
    "CREATE INDEX otp_codes_phone ON otp_codes (phone, id)",
    "CREATE INDEX otp_codes_expiry ON otp_codes (expires_at)",
    `CREATE TABLE order_tokens (
      token_hash TEXT PRIMARY KEY,
      phone TEXT NOT NULL,
      name TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      order_id INTEGER
    )`,
    "CREATE INDEX order_tokens_expiry ON order_tokens (expires_at)",
  ],
];

/** The version a fresh object ends at. */
export const SCHEMA_VERSION = SCHEMA.length;

/**
 * Brings the storage to SCHEMA_VERSION, one version per transaction, and returns the version it found.
 * `upTo` stops earlier (the tests build every earlier version with it).
 */
export function migrate(storage: DurableObjectStorage, upTo = SCHEMA_VERSION): number {
  const sql = storage.sql;
  const found = schemaVersion(sql);
  if (found >= upTo) return found;
  sql.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)").toArray();
  for (let version = found; version < upTo; version++) {
    storage.transactionSync(() => {
      for (const statement of SCHEMA[version]!) sql.exec(statement).toArray();
      sql.exec("DELETE FROM schema_version").toArray();
      sql.exec("INSERT INTO schema_version (version) VALUES (?)", version + 1).toArray();
    });
  }
  return found;
}

/** The storage's schema version: 0 for an object that has never been written. */
export function schemaVersion(sql: SqlStorage): number {
  const table = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").toArray();
  if (table.length === 0) return 0;
  return sql.exec<{ version: number }>("SELECT version FROM schema_version").toArray()[0]?.version ?? 0;
}
