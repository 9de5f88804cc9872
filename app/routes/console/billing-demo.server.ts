// /console/billing/demo: the demo billing provider's "checkout" (DEMO_PROVIDERS=on only, owners only):
// a DEMO page that starts the restaurant's trial at once, then on to the console.
import { data, redirect, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { notFound } from "~/lib/route-errors.server";
import { awaitsDemoCheckout, demoProviders, startDemoTrial, trialDays } from "../../../worker/console/account";

async function demoSubscription(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getApp(context).env;
  if (!demoProviders(env)) throw notFound();
  const { member } = await requireMember(request, env, "billing");
  if (!(await awaitsDemoCheckout(env, member.restaurant_id))) throw redirect("/console/account", { headers: CONSOLE_HEADERS });
  return { env, member };
}

export async function loadBillingDemo(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = await demoSubscription(request, context);
  return data({ days: trialDays(env) }, { headers: CONSOLE_HEADERS });
}

export async function billingDemoAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, member } = await demoSubscription(request, context);
  await startDemoTrial(env, member.restaurant_id);
  return redirect("/console?billing=started", { headers: CONSOLE_HEADERS });
}
