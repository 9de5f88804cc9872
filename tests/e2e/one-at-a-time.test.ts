// Runs every browser file not listed in SHARE_THE_SERVER (./lanes.ts), one after another, on a server
// of their own (the `e2e-alone` project: tests/e2e/global-setup.ts), while the listed files run beside
// it on the other. Each file is a suite of its own here, so its top-level hooks (a member seeded, hours
// restored) run around its own tests only. `E2E_ONLY=board,refund` runs just those (docs/decisions/0075).
import { describe } from "vitest";
import { ONE_AT_A_TIME, SHARE_THE_SERVER } from "./lanes";

const files = import.meta.glob<unknown>("./*.test.ts");
const only = process.env.E2E_ONLY?.split(",").map((name) => name.trim());

const inTurn = Object.keys(files)
  .map((path) => path.slice(2, -".test.ts".length))
  .filter((name) => name !== ONE_AT_A_TIME && !SHARE_THE_SERVER.includes(name))
  .filter((name) => !only || only.includes(name))
  .sort();
const unknown = only?.filter((name) => !inTurn.includes(name));
if (unknown?.length) throw new Error(`E2E_ONLY: ${unknown.join(", ")} is not a browser file run in turn (see ./lanes.ts)`);

for (const name of inTurn) {
  describe(`${name}.test.ts`, async () => {
    await files[`./${name}.test.ts`]!();
  });
}
