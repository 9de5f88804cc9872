// The figures of one `npm run bench`: each value beside its budget, written as bench/results.json
// (array of {name, value, unit, budget, ok}) and bench/results.md (a header naming the machine,
// the table, then any notes such as Lighthouse's diagnostics).
import { cpus, loadavg } from "node:os";
import { writeFileSync } from "node:fs";

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: string | null;
  ok: boolean;
}

/** A budget: "≤ 10", "≥ 95" or "0" (exactly); checked against the rounded value shown. */
export type Budget = `≤ ${number}` | `≥ ${number}` | `${number}`;

// Two decimals; four below 1, where budgets like CLS ≤ 0.02 live.
const round = (value: number) => (Math.abs(value) < 1 ? Math.round(value * 10_000) / 10_000 : Math.round(value * 100) / 100);

function withinBudget(value: number, budget: Budget): boolean {
  const limit = Number(budget.replace(/^[≤≥]\s*/, ""));
  if (budget.startsWith("≤")) return value <= limit;
  if (budget.startsWith("≥")) return value >= limit;
  return value === limit;
}

export class Figures {
  readonly list: Figure[] = [];
  readonly notes: string[] = [];
  private readonly startedAt = new Date();
  private readonly loadAtStart = loadavg();

  /** A figure without a budget (context), or one checked against `budget` (unless `ok` is given). */
  record(name: string, value: number, unit: string, budget: Budget | null = null, ok?: boolean) {
    const shown = round(value);
    this.list.push({ name, value: shown, unit, budget, ok: ok ?? (budget === null || withinBudget(shown, budget)) });
  }

  note(markdown: string) {
    this.notes.push(markdown);
  }

  get missed() {
    return this.list.filter((f) => !f.ok);
  }

  /** CPU model and cores, Node, date, load average: the numbers mean little without them. */
  machine(): string {
    const cpu = cpus();
    const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(" / ");
    return (
      `Machine: ${cpu[0]?.model.trim() ?? "unknown CPU"} × ${cpu.length} cores · Node ${process.version} · ${this.startedAt.toISOString()}` +
      ` · load average (1/5/15 min) ${load(this.loadAtStart)} at start, ${load(loadavg())} at end`
    );
  }

  table(): string {
    return [
      "| figure | value | unit | budget | |",
      "|---|---|---|---|---|",
      ...this.list.map((f) => `| ${f.name} | ${f.value} | ${f.unit} | ${f.budget ?? ""} | ${f.budget ? (f.ok ? "✓" : "✗ missed") : f.ok ? "" : "✗"} |`),
    ].join("\n");
  }

  write(dir = "bench") {
    const markdown = [`${this.machine()}`, "", this.table(), ...this.notes.flatMap((n) => ["", n])].join("\n");
    writeFileSync(`${dir}/results.json`, `${JSON.stringify(this.list, null, 2)}\n`);
    writeFileSync(`${dir}/results.md`, `${markdown}\n`);
    return markdown;
  }
}

/** Nearest-rank percentile of `samples` (p in 0..100). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (samples: number[]) => percentile(samples, 50);
