// Serves the production build with the demo data for the browser tests (see scripts/serve-build.ts).
import type { TestProject } from "vitest/node";
import { serveBuild } from "../../scripts/serve-build.ts";

export default async function setup(project: TestProject) {
  const served = await serveBuild("tmp/e2e-state", {
    PURGE_SECRET: "e2e-purge-secret",
    ENVIRONMENT: "test",
    DEMO_PROVIDERS: "on",
  });
  project.provide("baseUrl", served.baseUrl);
  return () => served.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
