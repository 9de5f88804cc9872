// The dish-options editor's state (/console/menu/dishes/:id): numbers kept as typed, read back from a
// refused form loosely (nothing typed is lost), and sent whole as one JSON payload.
import * as v from "valibot";
import { amountField } from "~/lib/money";
import type { DishGroup } from "~/lib/console-types";

/** The editor's state: numbers as typed (strings), so a half-typed field is never lost. */
export interface ChoiceState {
  id: number | null;
  name_en: string;
  name_ar: string;
  price: string;
  /** kcal as typed; empty: not given (docs/decisions/0070). */
  calories: string;
}
export interface GroupState {
  key: string;
  id: number | null;
  name_en: string;
  name_ar: string;
  required: boolean;
  min_choices: string;
  max_choices: string;
  choices: ChoiceState[];
}

let keys = 0;
const nextKey = () => `new-${++keys}`;
/** The loaded groups as the editor holds them; a choice's price in the currency's decimals (0.250 KWD reads "0.250"). */
export const toState = (groups: DishGroup[], currency: string): GroupState[] =>
  groups.map((g) => ({
    key: `g-${g.id ?? nextKey()}`,
    id: g.id,
    name_en: g.name_en,
    name_ar: g.name_ar,
    required: g.required,
    min_choices: String(g.min_choices),
    max_choices: String(g.max_choices),
    choices: g.choices.map((c) => ({
      id: c.id,
      name_en: c.name_en,
      name_ar: c.name_ar,
      price: amountField(c.price, currency),
      calories: c.calories?.toString() ?? "",
    })),
  }));
/** A refused form's values as sent (any shape): read loosely back into the editor, so nothing typed is lost. */
const loose = v.fallback(v.string(), "");
const looseId = v.fallback(v.nullable(v.number()), null);
const asText = v.pipe(v.fallback(v.union([v.string(), v.number()]), ""), v.transform(String));
const Sent = v.object({
  allergens: v.fallback(v.nullable(v.array(v.string())), null),
  tags: v.fallback(v.array(v.string()), []),
  groups: v.fallback(
    v.array(
      v.object({
        id: looseId,
        name_en: loose,
        name_ar: loose,
        required: v.fallback(v.boolean(), false),
        min_choices: asText,
        max_choices: asText,
        choices: v.fallback(v.array(v.object({ id: looseId, name_en: loose, name_ar: loose, price: asText, calories: asText })), []),
      }),
    ),
    [],
  ),
});
export const fromSent = (values: unknown) => {
  const sent = v.safeParse(Sent, values);
  return sent.success ? { ...sent.output, groups: sent.output.groups.map((g) => ({ ...g, key: g.id === null ? nextKey() : `g-${g.id}` })) } : null;
};

/** Numbers go as numbers when they read as one, else as typed (the server words the problem). */
const num = (s: string) => (s.trim() !== "" && Number.isFinite(Number(s)) ? Number(s) : s);
/** Not declared (null), declared as none ([]), or declared with what the dish contains. */
export type AllergenMode = "unknown" | "none" | "contains";
export const modeOf = (allergens: readonly string[] | null): AllergenMode => (allergens === null ? "unknown" : allergens.length === 0 ? "none" : "contains");
export const toPayload = (groups: GroupState[], allergens: string[] | null, tags: string[]) =>
  JSON.stringify({
    allergens,
    tags,
    groups: groups.map((g) => ({
      id: g.id,
      name_en: g.name_en,
      name_ar: g.name_ar,
      required: g.required,
      min_choices: num(g.min_choices),
      max_choices: num(g.max_choices),
      choices: g.choices.map((c) => ({
        id: c.id,
        name_en: c.name_en,
        name_ar: c.name_ar,
        price: num(c.price),
        calories: c.calories.trim() === "" ? null : num(c.calories),
      })),
    })),
  });
export const move = <T>(list: T[], i: number, by: -1 | 1) => {
  const next = [...list];
  const j = i + by;
  if (j < 0 || j >= next.length) return list;
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
};

export const toggle = (list: string[], name: string, on: boolean) => (on ? [...list, name] : list.filter((x) => x !== name));

/** A new group with one free choice (exactly one, not required). */
export const newGroup = (): GroupState => ({
  key: nextKey(),
  id: null,
  name_en: "",
  name_ar: "",
  required: false,
  min_choices: "0",
  max_choices: "1",
  choices: [{ id: null, name_en: "", name_ar: "", price: "0", calories: "" }],
});
