// The floor plan's rules (docs/decisions/0048), checked on the source so a move that breaks them fails
// here: pure rules import only pure rules, the worker never reaches into the app (except the entry's
// renderer), and app/, the rules and the upstream client hold no SQL.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** The repository paths a file's relative imports name (extension left off). */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => normalize(join(dirname(file), m[1])));
}

describe("the layout", () => {
  it("keeps worker/rules pure: it imports nothing of the worker but other rules", () => {
    const files = sources("worker/rules");
    expect(files.length).toBeGreaterThan(10);
    const leaks = files.flatMap((f) =>
      relativeImports(f)
        .filter((p) => !p.startsWith("worker/rules/"))
        .map((p) => `${f} → ${p}`),
    );
    expect(leaks).toEqual([]);
  });

  it("runs imports one way: the worker reaches into app/ only where it renders it", () => {
    const leaks = sources("worker").flatMap((f) =>
      relativeImports(f)
        .filter((p) => p.startsWith("app/") && f !== join("worker", "render.ts"))
        .map((p) => `${f} → ${p}`),
    );
    expect(leaks).toEqual([]);
  });

  it("keeps SQL out of app/, the pure rules and the upstream client", () => {
    const sql = /\.prepare\(|\bsql\.exec\(/;
    const files = [...sources("app"), ...sources("worker/rules"), ...sources("worker/upstream")];
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => sql.test(readFileSync(join(ROOT, f), "utf8")))).toEqual([]);
    // The pattern finds what it is for (a file that sends statements).
    expect(sql.test(readFileSync(join(ROOT, "worker/directory/sessions.ts"), "utf8"))).toBe(true);
  });
});
