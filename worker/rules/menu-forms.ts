// The menu editor's forms, parsed: each field's problem is a short code the console shows beside the
// field in the member's language (app/locales/console/menu-editor.*.ts "errors").
import * as v from "valibot";
import { idText } from "./ids";
import { validOffer } from "./offer-price";
import { MAX_DESCRIPTION, MAX_NAME, MAX_PRICE, PRICE_PATTERN } from "./menu-rules";
import { plainLines, plainText } from "./plain-text";
import { chargeStep, fitsCurrency, isOnChargeStep } from "./money";
import { MAX_CAFFEINE_MG, MAX_KCAL } from "./nutrition";

const Id = idText("id");
// Stored names and descriptions follow the one text rule (../rules/plain-text.ts), within the one length rule (../rules/menu-rules.ts).
const Name = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_NAME, "tooLong"), plainText()), "");
const Description = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_DESCRIPTION, "tooLong"), plainLines()), "");
const Money = v.pipe(v.string("price"), v.trim(), v.regex(PRICE_PATTERN, "price"), v.transform(Number), v.maxValue(MAX_PRICE, "price"));
const Flag = v.pipe(
  v.optional(v.string(), ""),
  v.transform((on) => (on === "" ? 0 : 1)),
);

/** A whole number from 0 to `max`, or empty (null: not given); anything else is `code` (docs/decisions/0070). */
const WholeOrEmpty = (max: number, code: string) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((x) => x === "" || (/^\d{1,5}$/.test(x) && Number(x) <= max), code),
    v.transform((x) => (x === "" ? null : Number(x))),
  );
/** A dish's nutrition fields (a choice's kcal: ./dish-options-input.ts, whose form sends JSON numbers). */
const NUTRITION = { calories: WholeOrEmpty(MAX_KCAL, "calories"), caffeine_mg: WholeOrEmpty(MAX_CAFFEINE_MG, "caffeine"), high_salt: Flag };

/** English and Arabic names: at least one of the two. */
const named = <T extends { name_en: string; name_ar: string }>(entries: T) => entries.name_en !== "" || entries.name_ar !== "";
const NAMES = { name_en: Name, name_ar: Name };

const Names = v.pipe(v.object(NAMES), v.forward(v.check(named, "nameRequired"), ["name_en"]));
export const DishFields = v.pipe(
  v.object({
    ...NAMES,
    description_en: Description,
    description_ar: Description,
    price: Money,
    price_offer: v.optional(Money, "0"),
    is_new: Flag,
    common: Flag,
    hidden: Flag,
    unavailable: Flag,
    ...NUTRITION,
  }),
  v.forward(v.check(named, "nameRequired"), ["name_en"]),
  v.forward(
    v.check((d) => validOffer(d.price, d.price_offer), "offer"),
    ["price_offer"],
  ),
);
/**
 * The dish form in the restaurant's currency: a price or offer with more decimals than it has is refused
 * ("price"), and one off its charge step too ("step": 1.234 KWD through Stripe, docs/decisions/0060, 0079).
 */
export const dishFieldsFor = (currency: string, step = chargeStep(currency)) =>
  v.pipe(
    DishFields,
    v.forward(
      v.check((d) => fitsCurrency(d.price, currency), "price"),
      ["price"],
    ),
    v.forward(
      v.check((d) => isOnChargeStep(d.price, currency, step), "step"),
      ["price"],
    ),
    v.forward(
      v.check((d) => fitsCurrency(d.price_offer, currency), "price"),
      ["price_offer"],
    ),
    v.forward(
      v.check((d) => isOnChargeStep(d.price_offer, currency, step), "step"),
      ["price_offer"],
    ),
  );
export type NamesInput = v.InferOutput<typeof Names>;
export type DishInput = v.InferOutput<typeof DishFields>;

const LEVELS = ["menu", "category", "dish"] as const;
export type Level = (typeof LEVELS)[number];

/** The forms' envelopes; the fields of a save are parsed apart so their problems name the field. */
export const Intent = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("menu-create"), branch: Id }),
    v.object({ intent: v.literal("menu-update"), id: Id }),
    v.object({ intent: v.literal("menu-served"), id: Id }),
    v.object({ intent: v.literal("category-served"), id: Id }),
    v.object({ intent: v.literal("category-create"), menu: Id }),
    v.object({ intent: v.literal("category-update"), id: Id }),
    v.object({ intent: v.literal("dish-create"), category: Id }),
    v.object({ intent: v.literal("dish-update"), id: Id }),
    v.object({
      intent: v.literal("delete"),
      level: v.picklist(LEVELS, "level"),
      id: Id,
      dishes: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number))),
    }),
    v.object({
      intent: v.literal("reorder"),
      level: v.picklist(LEVELS, "level"),
      parent: Id,
      ids: v.pipe(
        v.array(Id),
        v.minLength(1, "ids"),
        v.maxLength(500, "ids"),
        v.check((ids) => new Set(ids).size === ids.length, "duplicate"),
      ),
    }),
    v.object({ intent: v.literal("dish-duplicate"), id: Id }),
    v.object({ intent: v.literal("menu-copy"), id: Id, branch: Id }),
  ],
  "intent",
);

export { Names };

/** A failed parse as field → code (the first problem of each field). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
