// The hosted payments' pages on the site's own API (docs/CONTRACT.md additions): the demo's pay page,
// Tap's return, and Tap's stand-in page (the demo providers only). Mounted by the ordering routes, so
// the checkout's code names no provider.
import { Hono } from "hono";
import { payDecision, payPage } from "./payments";
import { tapReturn } from "./tap/return";
import { tapDemoDecision, tapDemoPage } from "./tap-stand-in/page";

export const paymentPages = new Hono<{ Bindings: Env }>()
  .get("/pay/:session", payPage)
  .post("/pay/:session", payDecision)
  .get("/tap/return/:session", tapReturn)
  .get("/tap-demo/:charge", tapDemoPage)
  .post("/tap-demo/:charge", tapDemoDecision);
