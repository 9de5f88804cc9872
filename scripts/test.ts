// `npm test` after the generated types: the static checks (./checks.ts) and vitest side by side rather
// than one after the other, so the checks' minute runs while vitest starts its browser servers and its
// first files (the CI's 20 minutes on two cores). Arguments go to vitest; the run fails when either does.
import { spawn } from "node:child_process";
import { delimiter, join } from "node:path";

const PATH = [join(import.meta.dirname, "../node_modules/.bin"), process.env.PATH].join(delimiter);

const run = (command: string, args: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, PATH } });
    child.on("close", (code) => resolve(code ?? 1));
  });

const [checks, tests] = await Promise.all([run(process.execPath, [join(import.meta.dirname, "checks.ts")]), run("vitest", ["run", ...process.argv.slice(2)])]);
if (checks !== 0) console.log("The static checks failed (their output is above).");
process.exit(checks !== 0 ? checks : tests);
