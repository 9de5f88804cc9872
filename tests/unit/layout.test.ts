// The floor plan's rules (docs/decisions/0048, 0067), checked on the source so a move that breaks them
// fails here: the worker's folders form layers that import only downwards and never in a cycle, pure
// rules import only pure rules, the worker never reaches into the app (except the entry's renderer),
// and app/, the rules and the upstream client hold no SQL.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { imports, layerProblems, line, ROOT, sources, workerImports, workerUnit, type Import } from "./import-graph";

/**
 * The worker's layers (docs/decisions/0067): a unit imports its own layer or lower ones, never a higher
 * one, and no two units import each other, even through others. Inside the stores the directory sits
 * under the restaurant's object (the object registers its branches and bumps the cache version); among
 * the services the providers sit under the contract (the order workflow calls payments and SMS).
 */
const LAYERS: Record<string, number> = {
  rules: 0, // pure rules both sides import
  zatca: 0, // ZATCA Phase-2 documents: pure, beside the rules (it imports only them and its libraries)
  "missing-secret": 1, // stores, ledgers and what every one of them may throw
  directory: 1,
  restaurant: 1,
  storage: 1,
  limits: 1,
  realtime: 1,
  providers: 2, // services: the calls each audience makes
  contract: 2,
  console: 2,
  printing: 2,
  webhooks: 2,
  einvoices: 2, // reporting Phase-2 documents to ZATCA (the queue's consumer)
  upstream: 2,
  edge: 3, // the edge: requests as they arrive, caches, counts, the renderer
  render: 3,
  index: 4, // the Worker's entry
};

describe("the worker's layers", () => {
  const all = workerImports();

  it("gives every folder and top-level file of the worker a layer", () => {
    const units = new Set(sources("worker").map((f) => workerUnit(f)!));
    expect([...units].filter((u) => LAYERS[u] === undefined)).toEqual([]);
    expect(Object.keys(LAYERS).filter((u) => !units.has(u))).toEqual([]);
  });

  it("imports only downwards, with no cycle among folders", () => {
    expect(all.length).toBeGreaterThan(100);
    expect(layerProblems(all, LAYERS)).toEqual([]);
  });

  it("finds a cycle and an upward import in a graph made to have them", () => {
    const made: Import[] = [
      { from: "worker/a/one.ts", to: "worker/b/two" },
      { from: "worker/b/two.ts", to: "worker/c/three" },
      { from: "worker/c/three.ts", to: "worker/a/one" },
      { from: "worker/d/four.ts", to: "worker/index" },
      { from: "worker/index.ts", to: "worker/a/one" },
    ];
    const layers = { a: 1, b: 1, c: 1, d: 0, index: 2 };
    expect(layerProblems(made, layers)).toEqual(["upward: worker/d/four.ts → worker/index", "cycle: a ⇄ b ⇄ c"]);
    expect(layerProblems(made, { ...layers, d: 2 })).toEqual(["cycle: a ⇄ b ⇄ c"]);
    expect(layerProblems(made, layers, ["worker/c/three.ts → worker/a/one", "worker/d/four.ts → worker/index"])).toEqual([]);
    expect(layerProblems(made, { a: 1 }, [])).toContain("b has no layer");
  });
});

/** Server-only files of app/ not named *.server.ts: the load context and the routes' middleware (a server-only export). */
const SERVER_ONLY = /^app\/(entry\.server\.tsx|context\.ts|middleware\/)|\.server\.tsx?$/;

/** What the browser may import of the worker: pure rules and the realtime channels' names. */
const FOR_BROWSERS = /^worker\/(rules\/|realtime\/channels$)/;

describe("one door per audience", () => {
  it("lets code that runs in the browser import only the pure rules and the realtime channels' names", () => {
    const browser = sources("app").filter((f) => !SERVER_ONLY.test(f));
    expect(browser.length).toBeGreaterThan(100);
    const leaks = browser.flatMap((f) =>
      imports(f)
        .filter((p) => p.startsWith("worker/") && !FOR_BROWSERS.test(p))
        .map((to) => line({ from: f, to })),
    );
    expect(leaks).toEqual([]);
  });

  it("lets the diner's loaders and actions reach the worker's stores and services through worker/upstream only", () => {
    const diner = [...sources("app/routes/tenant"), ...sources("app/lib").filter((f) => /\.server\.ts$/.test(f) && !/\/(console-|marketing)/.test(f))];
    expect(diner.length).toBeGreaterThan(20);
    const behind = /^worker\/(restaurant|directory|contract|console|providers|storage|limits)\//;
    expect(
      diner.flatMap((f) =>
        imports(f)
          .filter((p) => behind.test(p))
          .map((to) => line({ from: f, to })),
      ),
    ).toEqual([]);
  });
});

describe("the layout", () => {
  it("keeps worker/rules pure: it imports nothing of the worker but other rules", () => {
    const files = sources("worker/rules");
    expect(files.length).toBeGreaterThan(10);
    const leaks = files.flatMap((f) =>
      imports(f)
        .filter((p) => !p.startsWith("worker/rules/"))
        .map((p) => `${f} → ${p}`),
    );
    expect(leaks).toEqual([]);
  });

  it("keeps worker/zatca pure and Workers-safe: the rules, its own files and its libraries, no node: and no Buffer", () => {
    const files = sources("worker/zatca");
    expect(files.length).toBeGreaterThan(10);
    const leaks = files.flatMap((f) =>
      imports(f)
        .filter((p) => !p.startsWith("worker/rules/") && !p.startsWith("worker/zatca/"))
        .map((p) => `${f} → ${p}`),
    );
    expect(leaks).toEqual([]);
    // Workers-safe: no Node built-in and no Buffer.
    expect(files.filter((f) => /from "node:|\bBuffer\.\w/.test(readFileSync(join(ROOT, f), "utf8")))).toEqual([]);
  });

  it("runs imports one way: the worker reaches into app/ only where it renders it", () => {
    const leaks = sources("worker").flatMap((f) =>
      imports(f)
        .filter((p) => p.startsWith("app/") && f !== join("worker", "render.ts"))
        .map((p) => `${f} → ${p}`),
    );
    expect(leaks).toEqual([]);
  });

  it("keeps SQL with the stores' owners: the restaurant's object, the directory and the two ledgers", () => {
    const sql = /\.prepare\(|\bsql\.exec\(/;
    const owners = (f: string) =>
      f.startsWith(join("worker", "restaurant")) ||
      f.startsWith(join("worker", "directory")) ||
      f === join("worker", "limits", "ledger.ts") ||
      f === join("worker", "realtime", "socket-ledger.ts");
    const files = [...sources("app"), ...sources("worker")];
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((f) => !owners(f) && sql.test(readFileSync(join(ROOT, f), "utf8")))).toEqual([]);
    // The pattern finds what it is for (a file that sends statements).
    expect(sql.test(readFileSync(join(ROOT, "worker/directory/sessions.ts"), "utf8"))).toBe(true);
  });
});
