// `npm start`: build, prepare the local D1/KV with the demo data, and serve the production build
// on http://localhost:8787 (PORT overrides) under workerd.
import { execFileSync, spawn } from "node:child_process";
import { prepareLocalData } from "./local-data.ts";

const port = process.env.PORT ?? "8787";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
prepareLocalData();
// Development mode opens the demo SMS outbox (GET /api/dev/outbox?phone=…) so codes can be read.
const server = spawn("npx", ["wrangler", "dev", "--port", port, "--ip", "0.0.0.0", "--var", "ENVIRONMENT:development"], { stdio: "inherit", env });
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
