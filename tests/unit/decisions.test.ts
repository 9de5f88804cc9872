// The decision records say what is current (docs/decisions/template.md): one title style with the
// file's number, a Date and a Status on each, a superseding record that exists; and every repository
// path the README, docs/ or a record cites exists, so a moved file cannot leave a document pointing at
// nothing. The README's floor plan names every folder of worker/ and app/.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const DECISIONS = "docs/decisions";
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

const records = readdirSync(join(ROOT, DECISIONS))
  .filter((f) => /^\d{4}-.+\.md$/.test(f))
  .map((f) => join(DECISIONS, f));
const numbers = new Set(records.map((f) => basename(f).slice(0, 4)));
const documents = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f)),
  join(DECISIONS, "template.md"),
  ...records,
];

// Written by `npm run bench` and git-ignored: cited as where a run's figures go.
const GENERATED = new Set(["bench/results.md", "bench/results.json"]);

/** The repository paths a text cites (from the root; a pattern such as `schema-*.ts` or `{id}` is not a path). */
function citedPaths(text: string): string[] {
  const found = text.matchAll(/(?<![\w./-])((?:worker|app|tests|docs|scripts|bench|migrations|public|\.ci)\/[\w./$+-]*)(?=(.{0,7}))/g);
  return [...found].filter(([, , after]) => !/^[*{…<]/.test(after!) && !/^`? \(gone/.test(after!)).map(([, path]) => path.replace(/[.,:;]+$/, ""));
}

/** A path exists, or names a numbered file by its number (`docs/decisions/0048`, `migrations/0004`). */
function exists(path: string): boolean {
  if (existsSync(join(ROOT, path)) || GENERATED.has(path)) return true;
  const dir = join(ROOT, dirname(path));
  return (
    existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).some((f) => f.startsWith(`${basename(path)}-`) || f.startsWith(`${basename(path)}_`))
  );
}

describe("the decision records", () => {
  it("are many, numbered in order with no number twice", () => {
    expect(records.length).toBeGreaterThan(60);
    expect(numbers.size).toBe(records.length);
  });

  it.each(records)("%s has the title style, a Date and a Status", (file) => {
    const [title, blank, date, status] = read(file).split("\n");
    expect(title).toMatch(new RegExp(`^# ${basename(file).slice(0, 4)}\\. \\S`));
    expect(blank).toBe("");
    expect(date).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(date!.slice(6)))).toBe(false);
    expect(status).toMatch(/^Status: (accepted|superseded by \d{4})\b/);
    // Every record the status names (superseded by, amended by, since) exists.
    for (const [n] of status!.matchAll(/\b\d{4}\b/g)) if (n !== date!.slice(6, 10)) expect(numbers, `${file} names ${n}`).toContain(n);
  });

  it("the template has the same header and the three parts", () => {
    const template = read(join(DECISIONS, "template.md"));
    expect(template).toMatch(/^# NNNN\. .+\n\nDate: YYYY-MM-DD\nStatus: accepted\n/);
    for (const part of ["## Context", "## Decision", "## Consequences"]) expect(template).toContain(part);
  });
});

describe("the documents' paths", () => {
  it("finds the paths a text cites, and leaves patterns and gone ones out", () => {
    expect(citedPaths("see worker/rules/money.ts, `migrations/0004`; worker/restaurant/schema-*.ts and worker/api/ (gone: moved)")).toEqual([
      "worker/rules/money.ts",
      "migrations/0004",
    ]);
    expect(exists("worker/rules/money.ts") && exists("migrations/0004") && exists("docs/decisions/0048")).toBe(true);
    expect(exists("worker/rules/nothing.ts") || exists("migrations/9999")).toBe(false);
  });

  it.each(documents)("%s cites only paths that exist", (file) => {
    expect(citedPaths(read(file)).filter((p) => !exists(p))).toEqual([]);
  });

  it("the README's floor plan names every folder of worker/ and app/", () => {
    const readme = read("README.md");
    const folders = ["worker", "app"].flatMap((top) =>
      readdirSync(join(ROOT, top), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `${top}/${e.name}/`),
    );
    expect(folders.length).toBeGreaterThan(15);
    expect(folders.filter((f) => !readme.includes(`\`${f}\``))).toEqual([]);
  });

  it("the README starts on one screen", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(150);
  });
});
