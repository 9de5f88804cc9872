// Serves the production build with the demo data for the browser tests (see scripts/serve-build.ts),
// in exactly `npm start`'s configuration (startVars: production, the demo providers, secrets generated
// into the state dir). A test that needs a test-only setting starts its own instance (serveBuilt).
// Each browser project (vitest.config.ts) gets a server of its own on one build: `e2e-shared`'s files
// beside each other on one, `e2e-alone`'s file (every other browser file in turn) on the other, so the
// files that change the demo restaurants never disturb those that read them. The first project's setup
// builds the site; each project's teardown stops its server, the last one's nothing more.
import type { TestProject } from "vitest/node";
import { runDemoSteps } from "../../scripts/demo-steps.ts";
import { moveUntilDone } from "../../scripts/move-loop.ts";
import { buildSite, prepareDemoData, serveBuilt, type ServedBuild } from "../../scripts/serve-build.ts";
import { startVars } from "../../scripts/start.ts";
import { chromiumPath } from "../../scripts/chromium-path.ts";

interface Shared {
  built: Promise<void>;
  chromium: Promise<string>;
  /** The demo data prepared once, which every server of the run copies (scripts/serve-build.ts). */
  data: Promise<string>;
}
const shared = globalThis as typeof globalThis & { e2eBuild?: Shared };

async function start(stateDir: string, built: Promise<void>, data: string): Promise<ServedBuild> {
  await built;
  const served = await serveBuilt(stateDir, (dir) => startVars({}, `${dir}/secrets.vars`), { data });
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
  const state = (shared.e2eBuild ??= {
    built: Promise.resolve().then(() => buildSite()),
    chromium: chromiumPath(),
    data: Promise.resolve().then(() => prepareDemoData("tmp/e2e-state/demo-data")),
  });
  const stateDir = `tmp/e2e-state/${project.name}`;
  const data = await state.data;
  const [served, chromium] = await Promise.all([start(stateDir, state.built, data), state.chromium]);
  project.provide("chromiumPath", chromium);
  project.provide("baseUrl", served.baseUrl);
  project.provide("purgeSecret", served.vars.PURGE_SECRET!);
  project.provide("stateDir", stateDir);
  project.provide("demoData", data);
  return () => served.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's generated PURGE_SECRET (signed purges in tests/e2e/tenant-isolation.test.ts). */
    purgeSecret: string;
    /** The server's local state (its D1 and objects' files), where tests/e2e/console-seed.ts writes. */
    stateDir: string;
    /** The Chromium every browser file launches, unpacked once here (scripts/chromium-path.ts). */
    chromiumPath: string;
    /** The demo data as prepared before any server started: a file's own server copies it (ServeOptions.data). */
    demoData: string;
  }
}
