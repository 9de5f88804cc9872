// `npm test`'s static checks side by side (each is one process; the machine has two cores): the types,
// unused exports, formatting and lint. Each one's output is printed whole when it ends; the run fails
// when any does. The generated types they all read (wrangler types, route types) come first.
import { spawn } from "node:child_process";
import { delimiter, join } from "node:path";

// The project's own tools (and its Node, which the lint's resolve hook needs), as `npm run` would find them.
const PATH = [join(import.meta.dirname, "../node_modules/.bin"), process.env.PATH].join(delimiter);

const CHECKS = [
  "tsc --noEmit",
  "knip --include exports,types --no-progress",
  "prettier --check . --log-level warn",
  "eslint --max-warnings 0 app worker scripts bench tests",
];

function run(command: string): Promise<{ command: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, PATH } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ command, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(
  CHECKS.map(async (command) => {
    const result = await run(command);
    console.log(`${result.code === 0 ? "ok" : "FAILED"}  ${command}  (${result.seconds.toFixed(0)} s)`);
    if (result.output.trim()) console.log(result.output.trimEnd());
    return result;
  }),
);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
