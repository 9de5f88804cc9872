// The cart on the device (localStorage `cart{branchId}`), docs/spec.txt sections 3–4: a line is the
// product plus amount, chosen options (option id + sub-option id) and note; adding merges into a
// line with the same product, options and note, else appends. Stored carts are parsed, never trusted.
import { useSyncExternalStore } from "react";
import * as v from "valibot";
import { CART_UPDATED } from "./cart-count";
import { parseStoredList } from "./stored-list";
import { chargedPrice, roundMoney } from "./money";

export const cartKey = (branchId: number) => `cart${branchId}`;

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Choice = v.object({ option_id: Id, sub_option_id: v.nullable(Id) });
const Line = v.object({
  id: Id,
  menu_id: v.nullable(Id),
  name_en: v.string(),
  name_ar: v.string(),
  image: v.nullable(v.string()),
  /** Unit price including the chosen sub-options, as shown when added (the API reprices at checkout). */
  unit_price: v.pipe(v.number(), v.minValue(0)),
  /** The unit's kcal as chosen (null: not given; absent on lines stored before calories, docs/decisions/0070). */
  kcal: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
  amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
  options: v.array(
    v.object({ ...Choice.entries, name_en: v.string(), name_ar: v.string(), sub_name_en: v.string(), sub_name_ar: v.string(), price: v.number() }),
  ),
  note: v.pipe(v.string(), v.maxLength(500)),
});
export type CartLine = v.InferOutput<typeof Line>;

/** Lines that parse; anything else in storage is dropped rather than breaking the page. */
export const parseCart = (raw: string | null): CartLine[] => parseStoredList(raw, Line);

const sameChoices = (a: CartLine["options"], b: CartLine["options"]) => {
  const key = (o: CartLine["options"]) =>
    o
      .map((c) => `${c.option_id}:${c.sub_option_id ?? ""}`)
      .sort()
      .join(",");
  return key(a) === key(b);
};

export const isSameItem = (a: CartLine, b: CartLine) => a.id === b.id && a.note.trim() === b.note.trim() && sameChoices(a.options, b.options);

/** Adds `line`: merged into the same item (amounts add up), else appended. */
export function addLine(cart: readonly CartLine[], line: CartLine): CartLine[] {
  const index = cart.findIndex((l) => isSameItem(l, line));
  if (index === -1) return [...cart, line];
  return cart.map((l, i) => (i === index ? { ...l, amount: Math.min(999, l.amount + line.amount) } : l));
}

export function readCart(branchId: number): CartLine[] {
  try {
    return parseCart(localStorage.getItem(cartKey(branchId)));
  } catch {
    return [];
  }
}

export function writeCart(branchId: number, cart: readonly CartLine[]) {
  localStorage.setItem(cartKey(branchId), JSON.stringify(cart));
  window.dispatchEvent(new Event(CART_UPDATED));
}

/** After a confirmed order: the device forgets the branch's cart (never throws: storage may be off). */
export function clearCart(branchId: number) {
  try {
    localStorage.removeItem(cartKey(branchId));
  } catch {
    // storage disabled: there is no stored cart to forget
  }
  window.dispatchEvent(new Event(CART_UPDATED));
}

/** What the product sheet's and page's add button calls. */
export function addToCart(branchId: number, line: CartLine) {
  writeCart(branchId, addLine(readCart(branchId), line));
}

/** Plus and minus on a line: never below 1 (spec), never above 999. */
export const setAmount = (cart: readonly CartLine[], index: number, amount: number): CartLine[] =>
  cart.map((l, i) => (i === index ? { ...l, amount: Math.min(999, Math.max(1, Math.trunc(amount) || 1)) } : l));

export const removeAt = (cart: readonly CartLine[], index: number): CartLine[] => cart.filter((_, i) => i !== index);

/** A line's total and the cart's, each rounded to the currency's minor unit (worker/rules/money.ts). */
/** The unit price as it is charged: on the restaurant's charge step (10 fils in KWD, BHD, OMR through Stripe; docs/decisions/0060, 0079). */
export const chargedUnit = (line: CartLine, currency: string, step?: number) => chargedPrice(line.unit_price, currency, step);
export const lineTotal = (line: CartLine, currency: string, step?: number) => roundMoney(chargedUnit(line, currency, step) * line.amount, currency);
export const cartTotal = (cart: readonly CartLine[], currency: string) =>
  roundMoney(
    cart.reduce((sum, l) => sum + lineTotal(l, currency), 0),
    currency,
  );

let cached: { key: string; raw: string | null; lines: CartLine[] } | null = null;

/** The branch's cart, re-read when it changes here or in another tab; null before hydration. */
export function useCart(branchId: number): CartLine[] | null {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener(CART_UPDATED, onChange);
      window.addEventListener("storage", onChange);
      return () => {
        window.removeEventListener(CART_UPDATED, onChange);
        window.removeEventListener("storage", onChange);
      };
    },
    () => {
      const key = cartKey(branchId);
      let raw: string | null = null;
      try {
        raw = localStorage.getItem(key);
      } catch {
        // storage disabled: an empty cart
      }
      if (!cached || cached.key !== key || cached.raw !== raw) cached = { key, raw, lines: parseCart(raw) };
      return cached.lines;
    },
    () => null,
  );
}
