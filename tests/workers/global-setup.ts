// Starts the providers' stand-ins (tests/stand-ins) for the workers tests; tests reach them at inject("standIns").
import type { TestProject } from "vitest/node";
import { startStandIns } from "../stand-ins/server.ts";

export default async function setup(project: TestProject) {
  const standIns = await startStandIns();
  project.provide("standIns", standIns.base);
  return () => standIns.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    standIns: string;
  }
}
