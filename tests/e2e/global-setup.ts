// Serves the production build with the demo data for the browser tests (see scripts/serve-build.ts),
// in exactly `npm start`'s configuration (startVars: production, the demo providers, secrets generated
// into the state dir). A test that needs a test-only setting starts its own instance (serveBuilt).
// Both browser projects (vitest.config.ts: the files that share the server, then the ones run alone)
// use this one server: the first project's setup starts it, the last one's teardown stops it.
import type { TestProject } from "vitest/node";
import { runDemoSteps } from "../../scripts/demo-steps.ts";
import { moveUntilDone } from "../../scripts/move-loop.ts";
import { serveBuild, type ServedBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";
import { chromiumPath } from "../../scripts/chromium-path.ts";

interface Shared {
  server: Promise<ServedBuild>;
  chromium: Promise<string>;
  users: number;
}
const shared = globalThis as typeof globalThis & { e2eServer?: Shared };

async function start(): Promise<ServedBuild> {
  const served = await serveBuild("tmp/e2e-state", (stateDir) => startVars({}, `${stateDir}/secrets.vars`));
  // Every demo restaurant's object takes its catalogue now (it would on its first page anyway), so a
  // test can write catalogue rows straight into the object's file (console-seed.ts `catalogueSql`).
  await moveUntilDone((after) =>
    fetch(`${served.baseUrl}/_edge/move`, {
      method: "POST",
      headers: { authorization: `Bearer ${served.vars.ADMIN_SECRET}`, "content-type": "application/json" },
      body: JSON.stringify({ after }),
    }),
  );
  // The Saudi demo's seller and e-invoicing registration, as `npm start` takes them (scripts/start.ts).
  await runDemoSteps(served.baseUrl, served.vars.ADMIN_SECRET!);
  return served;
}

export default async function setup(project: TestProject) {
  const state = (shared.e2eServer ??= { server: start(), chromium: chromiumPath(), users: 0 });
  state.users += 1;
  const [served, chromium] = await Promise.all([state.server, state.chromium]);
  project.provide("chromiumPath", chromium);
  project.provide("baseUrl", served.baseUrl);
  project.provide("purgeSecret", served.vars.PURGE_SECRET!);
  return () => {
    state.users -= 1;
    if (state.users === 0) served.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's generated PURGE_SECRET (signed purges in tests/e2e/tenant-isolation.test.ts). */
    purgeSecret: string;
    /** The Chromium every browser file launches, unpacked once here (scripts/chromium-path.ts). */
    chromiumPath: string;
  }
}
