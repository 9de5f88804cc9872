// The source's import graph for the layout test (tests/unit/layout.test.ts): which repository paths a
// file imports, the worker's folders as nodes, and the checks on it (layers, cycles), kept apart from
// the test so a synthetic graph goes through the same checker as the real one.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

export const ROOT = join(import.meta.dirname, "../..");

/** The TypeScript files under a repository folder (declaration files left out: they import nothing). */
export function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f));
}

/** The repository paths a file imports, relative or through `~/` (app/), extension left off. */
export function imports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+|~\/[^"]+)"/g)].map((m) =>
    m[1].startsWith("~/") ? join("app", m[1].slice(2)) : normalize(join(dirname(file), m[1])),
  );
}

/** One import of one file: `worker/a/x.ts → worker/b/y`. */
export type Import = { from: string; to: string };
export const line = (i: Import) => `${i.from} → ${i.to}`;

/** The worker's unit a path belongs to: its folder (`restaurant`), or a top-level file's name (`index`). */
export function workerUnit(path: string): string | undefined {
  const [top, head, ...rest] = path.split("/");
  if (top !== "worker" || !head) return undefined;
  return rest.length > 0 ? head : head.replace(/\.tsx?$/, "");
}

/** Every import between two different units of the worker. */
export function workerImports(): Import[] {
  return sources("worker").flatMap((from) =>
    imports(from)
      .filter((to) => workerUnit(to) !== undefined && workerUnit(to) !== workerUnit(from))
      .map((to) => ({ from, to })),
  );
}

/**
 * What breaks the layering: a unit missing from `layers`, an import of a higher layer, a cycle among
 * units (a strongly connected component of more than one unit, Tarjan's algorithm). `known` imports
 * are left out of every check: the list of what is still to be fixed.
 */
export function layerProblems(all: Import[], layers: Record<string, number>, known: readonly string[] = []): string[] {
  const edges = all.filter((i) => !known.includes(line(i)));
  const units = [...new Set(all.flatMap((i) => [workerUnit(i.from)!, workerUnit(i.to)!]))].sort();
  const problems = units.filter((u) => layers[u] === undefined).map((u) => `${u} has no layer`);
  for (const i of edges) {
    const [a, b] = [layers[workerUnit(i.from)!], layers[workerUnit(i.to)!]];
    if (a !== undefined && b !== undefined && b > a) problems.push(`upward: ${line(i)}`);
  }
  const next = new Map(units.map((u) => [u, new Set<string>()]));
  for (const i of edges) next.get(workerUnit(i.from)!)!.add(workerUnit(i.to)!);
  for (const component of stronglyConnected(units, next)) {
    if (component.length > 1) problems.push(`cycle: ${component.sort().join(" ⇄ ")}`);
  }
  return problems;
}

function stronglyConnected(nodes: string[], next: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (n: string) => {
    index.set(n, index.size);
    low.set(n, index.get(n)!);
    stack.push(n);
    for (const m of next.get(n) ?? []) {
      if (!index.has(m)) {
        visit(m);
        low.set(n, Math.min(low.get(n)!, low.get(m)!));
      } else if (stack.includes(m)) low.set(n, Math.min(low.get(n)!, index.get(m)!));
    }
    if (low.get(n) === index.get(n)) {
      const component: string[] = [];
      let m: string;
      do component.push((m = stack.pop()!));
      while (m !== n);
      components.push(component);
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return components;
}
