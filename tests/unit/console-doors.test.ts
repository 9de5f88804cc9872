// Each console screen reaches data through one door (docs/decisions/0067): a console route's server module
// (and the console's shared server helpers in app/lib) imports from the worker only its own
// worker/console/<screen>.ts and the pure rules (worker/rules/), never a store's folder.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** What a file imports of the worker that breaks the rule: more than one door, or anything but a door and the rules. */
function doorLeaks(file: string, imports: readonly string[]): string[] {
  const worker = imports.filter((p) => p.startsWith("worker/") && !p.startsWith("worker/rules/"));
  const doors = new Set(worker.filter((p) => /^worker\/console\/[^/]+$/.test(p)));
  const leaks = worker.filter((p) => !doors.has(p)).map((p) => `${file} → ${p}`);
  if (doors.size > 1) leaks.push(`${file} → ${[...doors].join(", ")} (one door per screen)`);
  return leaks;
}

function workerImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => normalize(join(dirname(file), m[1])));
}

const serverFiles = (dir: string, name: RegExp) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => name.test(f))
    .map((f) => join(dir, f));

describe("the console's doors", () => {
  it("lets each console route and helper import one worker/console door and the rules only", () => {
    const files = [...serverFiles("app/routes/console", /\.server\.ts$/), ...serverFiles("app/lib", /^console-.*\.server\.ts$/)];
    expect(files.length).toBeGreaterThan(25);
    expect(files.flatMap((f) => doorLeaks(f, workerImports(f)))).toEqual([]);
  });

  it("finds a store imported past the door, and a second door", () => {
    expect(doorLeaks("a.server.ts", ["worker/console/tax", "worker/rules/money"])).toEqual([]);
    expect(doorLeaks("a.server.ts", ["worker/console/tax", "worker/directory/people"])).toEqual(["a.server.ts → worker/directory/people"]);
    expect(doorLeaks("a.server.ts", ["worker/console/tax", "worker/console/seller"])).toHaveLength(1);
  });
});
