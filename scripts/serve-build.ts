// Builds the site and serves the production build under workerd (wrangler dev) on a free port,
// with its own local D1/KV state. Used by the browser tests and the benchmark harness.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { prepareLocalData } from "./local-data.ts";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServedBuild {
  baseUrl: string;
  stop(): void;
}

/** `vars` are passed as `--var NAME:value` (secrets for the run, ENVIRONMENT). */
export async function serveBuild(stateDir: string, vars: Record<string, string>): Promise<ServedBuild> {
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
  // NODE_ENV=test (as vitest sets it) would make Vite bundle React's development build.
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  rmSync(stateDir, { recursive: true, force: true });
  prepareLocalData(stateDir);
  const port = await freePort();
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn("npx", ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", stateDir, ...varArgs], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const baseUrl = `http://localhost:${port}`;
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  };
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  console.error(log);
  throw new Error(`${baseUrl} did not start`);
}
