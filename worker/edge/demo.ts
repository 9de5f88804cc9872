// POST /_edge/demo (ADMIN_SECRET): the demo's steps only a running site can take, after `npm start`
// and the browser tests' server come up (scripts/start.ts, tests/e2e/global-setup.ts): the Saudi demo
// restaurant's seller and e-invoicing registration (../console/saudi-demo.ts). Only with the demo
// providers on: a deploy answers 404.
import type { Context } from "hono";
import { setUpSaudiDemo } from "../console/saudi-demo";
import { demoProviders } from "../providers/demo";
import { adminRefusal } from "./admin-auth";

export async function handleDemo(c: Context<{ Bindings: Env }>) {
  if (!demoProviders(c.env)) return c.json({ error: "Not found" }, 404);
  const refusal = await adminRefusal(c.req.raw, c.env);
  if (refusal) return refusal;
  return c.json({ saudi: await setUpSaudiDemo(c.env) }, 200, { "Cache-Control": "no-store" });
}
