// `npm start`: build, prepare the local D1/KV with the demo data, and serve the production build
// on http://localhost:8787 (PORT overrides) under workerd.
import { execFileSync, spawn } from "node:child_process";
import { prepareLocalData } from "./local-data.ts";

const port = process.env.PORT ?? "8787";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
prepareLocalData();
// The demo providers: codes can be read from the SMS outbox (GET /api/dev/outbox?phone=…) and the
// demo pay page takes online orders.
const server = spawn("npx", ["wrangler", "dev", "--port", port, "--ip", "0.0.0.0", "--var", "ENVIRONMENT:development", "--var", "DEMO_PROVIDERS:on"], { stdio: "inherit", env });
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
