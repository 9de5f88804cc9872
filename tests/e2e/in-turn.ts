// Runs browser files one after another inside one vitest file (./one-at-a-time.test.ts and
// ./one-at-a-time-2.test.ts, each on a server of its own: ./global-setup.ts), each file a suite of its
// own so its top-level hooks run around its own tests only. `E2E_ONLY=board,refund` runs just those
// (docs/decisions/0075).
import { describe, it } from "vitest";
import { inTurn, type Lane } from "./lanes";

const files = import.meta.glob<unknown>("./*.test.ts");

export function runInTurn(lane: Lane) {
  const all = inTurn(Object.keys(files).map((path) => path.slice(2, -".test.ts".length)));
  const only = process.env.E2E_ONLY?.split(",").map((name) => name.trim());
  const unknown = only?.filter((name) => !all.first.includes(name) && !all.second.includes(name));
  if (unknown?.length) throw new Error(`E2E_ONLY: ${unknown.join(", ")} is not a browser file run in turn (see ./lanes.ts)`);
  const mine = all[lane].filter((name) => !only || only.includes(name));
  if (mine.length === 0) it.skip(`none of E2E_ONLY runs in the ${lane} lane`, () => {});
  for (const name of mine) {
    describe(`${name}.test.ts`, async () => {
      await files[`./${name}.test.ts`]!();
    });
  }
}
