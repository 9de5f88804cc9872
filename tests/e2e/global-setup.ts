// Serves the production build with the demo data for the browser tests (see scripts/serve-build.ts).
import type { TestProject } from "vitest/node";
import { serveBuild } from "../../scripts/serve-build.ts";

export default async function setup(project: TestProject) {
  const served = await serveBuild("tmp/e2e-state", {
    PURGE_SECRET: "e2e-purge-secret",
    ENVIRONMENT: "test",
    DEMO_PROVIDERS: "on",
    // Counted visits reach D1 within a second (tests/e2e/visit-counts.test.ts), not a minute.
    VISITS_FLUSH_SECONDS: "1",
  });
  project.provide("baseUrl", served.baseUrl);
  return () => served.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
