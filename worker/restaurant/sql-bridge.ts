// The D1-shaped store the restaurant's operations are written against (prepare, bind, first/all/run,
// batch), over the object's own SQLite (./local-store.ts): the order rules written for D1 run unchanged,
// a batch in one transaction. Only code inside the object holds one; the rest of the worker names an
// operation instead (./calls.ts, stub.ts `restaurantCall`; docs/decisions/0068).

/**
 * What D1's binding and the object's store both answer: code written against it runs on either
 * unchanged. No `first("column")`, `raw()`, `exec()` or `meta.last_row_id` (use RETURNING).
 */
export interface SqlStatement {
  bind(...params: unknown[]): SqlStatement;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  run(): Promise<{ meta: { changes: number } }>;
}
export interface SqlStore {
  prepare(sql: string): SqlStatement;
  batch<T = unknown>(statements: SqlStatement[]): Promise<{ results: T[]; meta: { changes: number } }[]>;
}

/** One statement, as a batch collects it. */
export interface SentStatement {
  sql: string;
  params: unknown[];
}
/** What a statement answered: its rows and how many it wrote. */
export interface StatementResult<T = Record<string, unknown>> {
  results: T[];
  meta: { changes: number };
}

export interface ObjectStatement {
  readonly sent: SentStatement;
  bind(...params: unknown[]): ObjectStatement;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  run(): Promise<StatementResult>;
}

/** A restaurant's orders store, as the order code reads and writes it. */
export interface OrdersDb {
  prepare(sql: string): ObjectStatement;
  batch<T = unknown>(statements: ObjectStatement[]): Promise<StatementResult<T>[]>;
}

/** What runs a batch (./local-store.ts, on the object's SQLite). */
export interface StatementRunner {
  run(statements: SentStatement[]): Promise<StatementResult[]>;
}

export function ordersDb(object: StatementRunner): OrdersDb {
  const batch = async <T>(statements: ObjectStatement[]) => (await object.run(statements.map((s) => s.sent))) as StatementResult<T>[];
  const statement = (sql: string, params: unknown[]): ObjectStatement => ({
    sent: { sql, params },
    bind: (...next) => statement(sql, next),
    first: async <T>() => (await batch<T>([statement(sql, params)]))[0]!.results[0] ?? null,
    all: async <T>() => ({ results: (await batch<T>([statement(sql, params)]))[0]!.results }),
    run: async () => (await batch<Record<string, unknown>>([statement(sql, params)]))[0]!,
  });
  return { prepare: (sql) => statement(sql, []), batch };
}

/** Inside the object: runs the statements in order, in one transaction (all or nothing). */
export function runStatements(storage: DurableObjectStorage, statements: SentStatement[]): StatementResult[] {
  return storage.transactionSync(() =>
    statements.map(({ sql, params }) => {
      const cursor = storage.sql.exec(sql, ...params.map(bindable));
      const results = cursor.toArray() as Record<string, unknown>[];
      // rowsWritten counts index rows too; SQLite's changes() is the statement's rows, as D1 reports them.
      const changes = cursor.rowsWritten > 0 ? storage.sql.exec<{ n: number }>("SELECT changes() AS n").one().n : 0;
      return { results, meta: { changes } };
    }),
  );
}

/** D1 binds undefined as NULL and booleans as 0/1; the object's SQL takes neither. */
const bindable = (value: unknown) => (value === undefined ? null : typeof value === "boolean" ? Number(value) : value);
