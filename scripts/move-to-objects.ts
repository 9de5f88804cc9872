// Moves a deployed site's old single-D1 orders into the restaurants' own objects (docs/decisions/0042):
// calls POST /_edge/move until every restaurant is done and prints what moved. Safe to run again. With
// --finish it then drops D1's old tables (POST /_edge/move/finish, docs/decisions/0050): run it once the
// deploy no longer needs to roll back to code that reads them.
// Usage: npm run move-to-objects -- [--url https://your.site] [--finish]   (ADMIN_SECRET from the environment or .dev.vars)
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { moveUntilDone } from "./move-loop.ts";
import { LOCAL_VARS_FILE, parseVars } from "./secrets.ts";

async function main() {
  const { values } = parseArgs({ options: { url: { type: "string", default: "http://127.0.0.1:8787" }, finish: { type: "boolean", default: false } } });
  const secret = process.env.ADMIN_SECRET || (existsSync(LOCAL_VARS_FILE) ? parseVars(readFileSync(LOCAL_VARS_FILE, "utf8")).ADMIN_SECRET : undefined);
  if (!secret) {
    console.error(`No ADMIN_SECRET: set it in the environment (the deploy's value, \`wrangler secret put ADMIN_SECRET\`) or in ${LOCAL_VARS_FILE}.`);
    process.exit(2);
  }
  const endpoint = new URL("/_edge/move", values.url!);
  const send = (after: number) =>
    fetch(endpoint, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ after }),
    });
  try {
    const moved = await moveUntilDone(send, (line) => console.log(line));
    const total = [...moved.values()].reduce((a, b) => a + b, 0);
    console.log(`Done: ${total} order(s) moved into ${moved.size} restaurant object(s). Running it again moves nothing twice.`);
    if (values.finish) {
      const res = await fetch(new URL("/_edge/move/finish", values.url!), { method: "POST", headers: { authorization: `Bearer ${secret}` } });
      const answer = (await res.json().catch(() => ({}))) as { error?: string; dropped?: { tables: string[]; columns: string[] } };
      if (res.status !== 200 || !answer.dropped) throw new Error(`POST /_edge/move/finish answered ${res.status}: ${answer.error ?? "no answer"}`);
      const { tables, columns } = answer.dropped;
      console.log(
        tables.length || columns.length ? `Dropped D1's old tables (${tables.join(", ")}) and columns (${columns.join(", ")}).` : "Nothing left to drop.",
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error("Run the same command again: the move resumes where it stopped.");
    process.exit(1);
  }
}

if (import.meta.main) await main();
