// Lists kept in localStorage come back as untrusted text: parse them, keep only the items that
// pass their schema, and never throw (a broken value reads as an empty list).
import * as v from "valibot";

export function parseStoredList<S extends v.GenericSchema>(raw: string | null, item: S): v.InferOutput<S>[] {
  try {
    const list = v.safeParse(v.array(v.unknown()), JSON.parse(raw ?? "[]"));
    if (!list.success) return [];
    return list.output.flatMap((entry) => {
      const parsed = v.safeParse(item, entry);
      return parsed.success ? [parsed.output] : [];
    });
  } catch {
    return [];
  }
}
