// The one home of the option rules (docs/decisions/0024): a group is required or optional with a minimum and a
// maximum number of choices. Pricing (server) and the diner's sheet (browser) both ask this module,
// so the add button and the 422 can never disagree. No app imports: it runs on both sides.
export interface GroupRule {
  id: number;
  required: boolean;
  min_choices: number;
  max_choices: number;
}

/** What the spec has always meant, and what groups from an external backend stay: optional, 0..1. */
export const DEFAULT_RULE = { required: false, min_choices: 0, max_choices: 1 } as const;

type RuleProblem = "required" | "too_few" | "too_many" | "invalid" | "duplicate";
export interface GroupProblem {
  /** The group, or null for a choice that is not one of the dish's (another dish's, or unknown). */
  group: number | null;
  problem: RuleProblem;
}

/** How many choices a group needs at least: a required group one or more, an optional one none. */
export const neededChoices = (g: GroupRule) => (g.required ? Math.max(1, g.min_choices) : 0);
/** A single-choice group (radios); several (checkboxes) when its maximum is above one. */
export const isSingleChoice = (g: GroupRule) => g.max_choices <= 1;

/**
 * Checks chosen sub-options against a dish's groups. `chosen` holds, for each chosen sub-option, its
 * id and its group's id (null when it does not belong to this dish). Problems come in the groups' order.
 */
export function checkChoices(groups: readonly GroupRule[], chosen: readonly { id: number; group: number | null }[]): GroupProblem[] {
  const problems: GroupProblem[] = [];
  const seen = new Set<number>();
  const counts = new Map<number, number>();
  const known = new Set(groups.map((g) => g.id));
  for (const c of chosen) {
    if (c.group === null || !known.has(c.group)) {
      problems.push({ group: null, problem: "invalid" });
      continue;
    }
    if (seen.has(c.id)) {
      problems.push({ group: c.group, problem: "duplicate" });
      continue;
    }
    seen.add(c.id);
    counts.set(c.group, (counts.get(c.group) ?? 0) + 1);
  }
  for (const g of groups) {
    const count = counts.get(g.id) ?? 0;
    const needed = neededChoices(g);
    if (count > g.max_choices) problems.push({ group: g.id, problem: "too_many" });
    else if (count === 0 && needed > 0) problems.push({ group: g.id, problem: "required" });
    else if (count < needed) problems.push({ group: g.id, problem: "too_few" });
  }
  return problems;
}
