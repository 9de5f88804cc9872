// Builds the site, prepares an isolated local D1/KV with the demo data and serves the production
// build under workerd (wrangler dev) on a free port for the browser tests.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { prepareLocalData } from "../../scripts/local-data.ts";

const STATE = "tmp/e2e-state";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  rmSync(STATE, { recursive: true, force: true });
  prepareLocalData(STATE);
  const port = await freePort();
  const child = spawn("npx", ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", STATE, "--var", "PURGE_SECRET:e2e-purge-secret", "--var", "ENVIRONMENT:test", "--var", "RESTAURANT_SECRET:e2e-restaurant-secret"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitFor(`${baseUrl}/healthz`, child, 60_000);
  } catch (error) {
    console.error(log);
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  return () => {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
