// A dish's choices as people read them: each group named once with its choices after it ("Extras: Feta,
// Avocado"), groups in the order they were chosen. The board, the diner's orders and kitchen tickets print
// them so; the tax invoice may too (one home for the rule).

/** `choices` gathered by `groupOf` (a group's name), each group once, in first-seen order. */
export function groupChoices<T>(choices: readonly T[], groupOf: (choice: T) => string): { group: string; choices: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const choice of choices) {
    const group = groupOf(choice).trim();
    groups.set(group, [...(groups.get(group) ?? []), choice]);
  }
  return [...groups].map(([group, list]) => ({ group, choices: list }));
}

/** The list separator of a language: "، " in Arabic, ", " otherwise. */
export const listSeparator = (lang: string) => (lang === "ar" ? "، " : ", ");

/** A group's line: "Extras: Feta, Avocado" (a group without a name: its choices alone). */
export function choiceLine(group: string, names: readonly string[], lang: string): string {
  const list = names.map((n) => n.trim()).join(listSeparator(lang));
  return group.trim() ? `${group.trim()}: ${list}` : list;
}

/** One line a group, in one language. */
export const choiceLines = <T>(choices: readonly T[], groupOf: (choice: T) => string, nameOf: (choice: T) => string, lang: string): string[] =>
  groupChoices(choices, groupOf).map(({ group, choices: list }) => choiceLine(group, list.map(nameOf), lang));
