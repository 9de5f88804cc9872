// `npm start`: build, prepare the local D1/KV with the demo data, and serve the production build under
// workerd as a deploy serves it (ENVIRONMENT=production: the rendered-page cache on), with the demo
// providers on (DEMO_PROVIDERS=on: codes in the SMS outbox, the demo pay page) and the checkout's
// generated secrets (scripts/secrets.ts, in .dev.vars), then takes the demo's last steps
// (scripts/demo-steps.ts). Listens on 127.0.0.1:8787 unless HOST / PORT
// say otherwise; settings from the process environment win (scripts/settings.ts). The browser tests'
// server runs the same vars (startVars, tests/e2e/global-setup.ts).
import { execFileSync, spawn } from "node:child_process";
import { runDemoSteps } from "./demo-steps.ts";
import { prepareLocalData } from "./local-data.ts";
import { LOCAL_VARS_FILE, localSecrets } from "./secrets.ts";
import { settingsFrom, wranglerProcessEnv, type Environment } from "./settings.ts";

/** The shipping configuration with the demo providers: production mode, generated secrets from `secretsFile`, then `env`'s settings. */
export function startVars(env: Environment, secretsFile = LOCAL_VARS_FILE, toml?: string): Record<string, string> {
  return { ENVIRONMENT: "production", DEMO_PROVIDERS: "on", ...localSecrets(secretsFile), ...settingsFrom(env, toml) };
}

/** wrangler dev's arguments for this environment. */
export function startArgs(env: Environment, secretsFile = LOCAL_VARS_FILE, toml?: string): string[] {
  const vars = startVars(env, secretsFile, toml);
  return [
    "wrangler",
    "dev",
    "--port",
    env.PORT ?? "8787",
    "--ip",
    env.HOST ?? "127.0.0.1",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
}

if (import.meta.main) {
  const env = wranglerProcessEnv(process.env);
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  prepareLocalData();
  const server = spawn("npx", startArgs(process.env), { stdio: "inherit", env });
  server.on("exit", (code) => process.exit(code ?? 0));
  // The Saudi demo's seller and e-invoicing registration, once the site answers (worker/edge/demo.ts).
  const local = `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "8787"}`;
  runDemoSteps(local, startVars(process.env).ADMIN_SECRET!).then(
    (done) => console.log("demo:", JSON.stringify(done)),
    (error: unknown) => console.error("demo: the Saudi demo's last steps failed:", error),
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
}
