// Serves the production build with the demo data for the browser tests (see scripts/serve-build.ts),
// in exactly `npm start`'s configuration (startVars: production, the demo providers, secrets generated
// into the state dir). A test that needs a test-only setting starts its own instance (serveBuilt).
import type { TestProject } from "vitest/node";
import { serveBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";

export default async function setup(project: TestProject) {
  const served = await serveBuild("tmp/e2e-state", (stateDir) => startVars({}, `${stateDir}/secrets.vars`));
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
