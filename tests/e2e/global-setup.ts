// Serves the production build with the demo data for the browser tests (see scripts/serve-build.ts),
// in exactly `npm start`'s configuration (startVars: production, the demo providers, secrets generated
// into the state dir). A test that needs a test-only setting starts its own instance (serveBuilt).
import type { TestProject } from "vitest/node";
import { moveUntilDone } from "../../scripts/move-loop.ts";
import { serveBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";

export default async function setup(project: TestProject) {
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
  project.provide("baseUrl", served.baseUrl);
  project.provide("purgeSecret", served.vars.PURGE_SECRET!);
  return () => served.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's generated PURGE_SECRET (signed purges in tests/e2e/tenant-isolation.test.ts). */
    purgeSecret: string;
  }
}
