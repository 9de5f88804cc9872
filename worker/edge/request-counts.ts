// What one request made the stores do, always on: D1 statements (each statement of a batch) and calls to
// each Durable Object namespace, by object, reported in the answer's Server-Timing
// (`d1;desc="3"`, `do-restaurant;desc="2";obj="…"`) for `npm run bench` (bench/city.ts) to add up.
// The bindings are wrapped once per env; the request's tally is found through AsyncLocalStorage, so
// work outside a request (alarms, cron, a Durable Object's own calls) passes through uncounted.
// docs/decisions/0044.
import { AsyncLocalStorage } from "node:async_hooks";

class RequestCounts {
  d1 = 0;
  /** "do-restaurant" → object id → calls. */
  readonly objects = new Map<string, Map<string, number>>();

  call(entry: string, object: string) {
    const perObject = this.objects.get(entry) ?? new Map<string, number>();
    perObject.set(object, (perObject.get(object) ?? 0) + 1);
    this.objects.set(entry, perObject);
  }

  /** Server-Timing entries: nothing when the request touched no store. */
  header(): string {
    const entries = this.d1 ? [`d1;desc="${this.d1}"`] : [];
    for (const [entry, perObject] of this.objects) {
      for (const [object, calls] of perObject) entries.push(`${entry};desc="${calls}";obj="${object}"`);
    }
    return entries.join(", ");
  }
}

const current = new AsyncLocalStorage<RequestCounts>();

/** Runs `handle` with a fresh tally; `countsHeader()` inside it reads the tally so far. */
export const countingRequest = <T>(handle: () => T): T => current.run(new RequestCounts(), handle);

/** The current request's Server-Timing entries ("" outside a request or when nothing was touched). */
export const countsHeader = (): string => current.getStore()?.header() ?? "";

type Statement = D1PreparedStatement;
const unwrapped = new WeakMap<object, Statement>();

function countedStatement(statement: Statement): Statement {
  const counted = new Proxy(statement, {
    get(target, prop) {
      if (prop === "bind") return (...params: unknown[]) => countedStatement(target.bind(...params));
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
        return (...args: unknown[]) => {
          const counts = current.getStore();
          if (counts) counts.d1 += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  unwrapped.set(counted, statement);
  return counted;
}

function countedDb(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      // (the statement is made by D1 itself: only counted here)
      if (prop === "prepare") return (sql: string) => countedStatement(Reflect.apply(target.prepare, target, [sql]) as D1PreparedStatement);
      if (prop === "batch") {
        return (statements: Statement[]) => {
          const counts = current.getStore();
          if (counts) counts.d1 += statements.length;
          return target.batch(statements.map((s) => unwrapped.get(s) ?? s));
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          const counts = current.getStore();
          if (counts) counts.d1 += sql.split(/\n/).filter((line) => line.trim()).length;
          return target.exec(sql);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A stub whose every method call (RPC or fetch) is counted against its object. */
function countedStub<S extends object>(stub: S, entry: string, object: string): S {
  return new Proxy(stub, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function" || typeof prop !== "string" || prop === "then") return value;
      return (...args: unknown[]) => {
        current.getStore()?.call(entry, object);
        // Reflect.apply: on an RPC stub `.apply` would itself be a remote method.
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}

// 16 hex digits of the id: enough to tell a city's objects apart, and no name (a phone) in a header.
const short = (id: DurableObjectId) => id.toString().slice(0, 16);
const entryOf = (binding: string) => `do-${binding.toLowerCase().replaceAll("_", "-")}`;

/**
 * Counts in this answer a call that its background work will make to the object of `binding` once the
 * answer is sent (a batch it opened: ./visits.ts); that call itself then lands in a header already sent.
 */
export function countCallAhead(binding: string, id: DurableObjectId) {
  current.getStore()?.call(entryOf(binding), short(id));
}

function countedNamespace(namespace: DurableObjectNamespace, entry: string): DurableObjectNamespace {
  return new Proxy(namespace, {
    get(target, prop) {
      if (prop === "get") {
        return (id: DurableObjectId, options?: DurableObjectNamespaceGetDurableObjectOptions) => countedStub(target.get(id, options), entry, short(id));
      }
      if (prop === "getByName") {
        return (name: string, options?: DurableObjectNamespaceGetDurableObjectOptions) => {
          const stub = target.getByName(name, options);
          return countedStub(stub, entry, short(stub.id));
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const isD1 = (value: unknown): value is D1Database => typeof value === "object" && value !== null && "prepare" in value && "batch" in value && "exec" in value;
const isNamespace = (value: unknown): value is DurableObjectNamespace => typeof value === "object" && value !== null && "idFromName" in value && "get" in value;

const wrapped = new WeakMap<object, Env>();

/** `env` with its D1 databases and Durable Object namespaces counted (the same object for the same env). */
export function countedEnv(env: Env): Env {
  const known = wrapped.get(env);
  if (known) return known;
  const copy: Record<string, unknown> = { ...env };
  for (const [name, value] of Object.entries(copy)) {
    if (isD1(value)) copy[name] = countedDb(value);
    else if (isNamespace(value)) copy[name] = countedNamespace(value, entryOf(name));
  }
  wrapped.set(env, copy as unknown as Env);
  return copy as unknown as Env;
}
