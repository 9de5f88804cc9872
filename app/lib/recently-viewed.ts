// 'Recently viewed' (spec: 6 per branch, newest first, no duplicates), kept on the device.
// What comes back from localStorage is parsed: a broken or foreign value is an empty list.
import * as v from "valibot";
import { parseStoredList } from "./stored-list";

export const RECENT_LIMIT = 6;
const key = (branchId: number) => `recent${branchId}`;

const Entry = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  menu_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name_en: v.string(),
  name_ar: v.string(),
  image: v.nullable(v.string()),
  price: v.number(),
  price_offer: v.number(),
});
export type RecentEntry = v.InferOutput<typeof Entry>;

export const parseRecent = (raw: string | null): RecentEntry[] => parseStoredList(raw, Entry).slice(0, RECENT_LIMIT);

/** Newest first, without duplicates, at most six. */
export function addRecent(list: readonly RecentEntry[], entry: RecentEntry): RecentEntry[] {
  return [entry, ...list.filter((e) => e.id !== entry.id)].slice(0, RECENT_LIMIT);
}

export function readRecent(branchId: number): RecentEntry[] {
  try {
    return parseRecent(localStorage.getItem(key(branchId)));
  } catch {
    return [];
  }
}

export function recordRecent(branchId: number, entry: RecentEntry) {
  try {
    localStorage.setItem(key(branchId), JSON.stringify(addRecent(readRecent(branchId), entry)));
  } catch {
    // storage full or disabled: the strip simply stays as it was
  }
}
