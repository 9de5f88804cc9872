import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addRecent, parseRecent, RECENT_LIMIT, type RecentEntry } from "../../app/lib/recently-viewed";

const entry = (id: number): RecentEntry => ({ id, menu_id: 1, name_en: `P${id}`, name_ar: `م${id}`, image: null, price: 10, price_offer: 0 });

describe("recently viewed", () => {
  it("keeps six, newest first, without duplicates", () => {
    let list: RecentEntry[] = [];
    for (const id of [1, 2, 3, 4, 5, 6, 7, 3]) list = addRecent(list, entry(id));
    expect(list.map((e) => e.id)).toEqual([3, 7, 6, 5, 4, 2]);
  });

  it("parses anything stored without throwing", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (raw) => {
        const list = parseRecent(raw);
        expect(list.length).toBeLessThanOrEqual(RECENT_LIMIT);
      }),
    );
    expect(parseRecent(JSON.stringify([entry(1), { id: "x" }, entry(2)])).map((e) => e.id)).toEqual([1, 2]);
  });
});
