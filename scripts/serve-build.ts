// Builds the site and serves the production build under workerd (wrangler dev) on a free port,
// with its own local D1/KV state. Used by the browser tests and the benchmark harness; a test that
// needs a second instance of the same build (tests/e2e/upstream-faults.test.ts) calls serveBuilt.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { prepareLocalData } from "./local-data.ts";
import { wranglerProcessEnv } from "./settings.ts";

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
  /** The settings it was started with (its secrets included). */
  vars: Record<string, string>;
  stop(): void;
  /** Everything the server printed so far (its workers' console lines included). */
  log(): string;
}

export interface ServeOptions {
  /** SQL files run against the local D1 after the migrations, before serving (the bench's own data). */
  extraSql?: string[];
  /**
   * Copies build/ to this directory and serves the copy, so that someone else rebuilding the site
   * (tests, another bench) while this instance runs changes nothing it serves (the bench).
   */
  snapshot?: string;
  /**
   * Demo data prepared once (./local-data.ts, into this directory by `prepareDemoData`), copied into the
   * server's state instead of prepared again: preparing is six wrangler runs, ~30 s of a core.
   */
  data?: string;
}

const wranglerEnv = () => wranglerProcessEnv(process.env);

/** The production build into build/, which serveBuilt serves (or of another project dir: bench/js-floor.ts). */
export function buildSite(projectDir?: string) {
  // NODE_ENV=test (as vitest sets it) would make Vite bundle React's development build.
  execFileSync("npx", ["react-router", "build", ...(projectDir ? [projectDir] : [])], { stdio: "inherit", env: { ...wranglerEnv(), NODE_ENV: "production" } });
}

/**
 * `--var NAME:value` settings for a server; a function gets the emptied state dir, to generate the
 * run's secrets into it (startVars(…, `${stateDir}/…`)).
 */
export type ServeVars = Record<string, string> | ((stateDir: string) => Record<string, string>);

/** Builds, then serves. `vars` are passed as `--var NAME:value` (secrets for the run, ENVIRONMENT). */
export async function serveBuild(stateDir: string, vars: ServeVars, options: ServeOptions = {}): Promise<ServedBuild> {
  buildSite();
  if (options.snapshot) copyBuild(options.snapshot); // at once: a rebuild could start any moment
  return serve(stateDir, vars, options);
}

/** Serves the existing build with fresh demo data in `stateDir`; several instances can run at once. */
export async function serveBuilt(stateDir: string, vars: ServeVars, options: ServeOptions = {}): Promise<ServedBuild> {
  if (options.snapshot) copyBuild(options.snapshot);
  return serve(stateDir, vars, options);
}

/** The demo data, prepared into `dir` for servers to copy (ServeOptions.data); `dir` is emptied first. */
export function prepareDemoData(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  prepareLocalData(dir);
  return dir;
}

function copyBuild(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  cpSync("build", dir, { recursive: true });
}

async function serve(stateDir: string, vars: ServeVars, options: ServeOptions): Promise<ServedBuild> {
  const env = wranglerEnv();
  rmSync(stateDir, { recursive: true, force: true });
  if (options.data) cpSync(options.data, stateDir, { recursive: true });
  else prepareLocalData(stateDir);
  const settings = typeof vars === "function" ? vars(stateDir) : vars;
  for (const file of options.extraSql ?? []) {
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--config", "wrangler.toml", "--local", "--persist-to", stateDir, "--file", file], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...env, CI: "1" },
    });
  }
  const configArgs = options.snapshot ? ["--config", `${options.snapshot}/server/wrangler.json`] : [];
  const port = await freePort();
  // Wrangler's default inspector port (9229, else the next free one) is picked before it is bound,
  // so two instances starting at once (a test's second instance, someone else's bench) can collide.
  let inspectorPort = await freePort();
  while (inspectorPort === port) inspectorPort = await freePort();
  const varArgs = Object.entries(settings).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      ...configArgs,
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      stateDir,
      ...varArgs,
    ],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
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
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { baseUrl, vars: settings, stop, log: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  console.error(log);
  throw new Error(`${baseUrl} did not start`);
}
