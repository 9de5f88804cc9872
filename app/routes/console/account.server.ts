// /console/account's loader and action (owners only, the "billing" capability): the subscription's
// plan, status and dates, the provider's billing portal, cancelling at the period's end, starting
// billing again when the first checkout was left, and the restaurant's currency (until its first order).
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { accountOf, billingOf, changeCurrency, type CurrencyPlan } from "../../../worker/console/account";
import { CURRENCIES } from "../../../worker/rules/currencies";

export async function loadAccount(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getApp(context).env;
  const { member, tenant } = await requireMember(request, env, "billing");
  const { subscription, active, locked, timeZone } = await accountOf(env, tenant);
  return data(
    {
      subscription,
      active,
      timeZone,
      currency: { current: member.currency, choices: CURRENCIES, locked },
      notice: new URL(request.url).searchParams.get("billing"),
    },
    { headers: CONSOLE_HEADERS },
  );
}

const Intent = v.variant("intent", [
  // Without `confirm` the answer is the plan (the prices the change rounds); with the plan's digest, it is done.
  v.object({ intent: v.literal("currency"), currency: v.picklist(CURRENCIES), confirm: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))) }),
  v.object({ intent: v.literal("manage") }),
  v.object({ intent: v.literal("start") }),
  v.object({ intent: v.literal("cancel"), confirm: v.literal("yes") }),
]);

type AccountAnswer = {
  done?: "cancelled" | "demo-manage" | "currency";
  error?: "unavailable" | "confirm" | "none" | "has-orders" | "changed";
  plan?: CurrencyPlan;
};
const answer = (body: AccountAnswer, status = 200) => data(body, { status, headers: CONSOLE_HEADERS });

export async function accountAction(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getApp(context).env;
  const { member, tenant } = await requireMember(request, env, "billing");
  const parsed = v.safeParse(Intent, (await readFields(request)) ?? {});
  if (!parsed.success) return answer({ error: "confirm" }, 400);
  if (parsed.output.intent === "currency") {
    // The plan to confirm, then the change (409 after an order, or when the plan changed meanwhile).
    const step = await changeCurrency(env, tenant, member.currency, parsed.output.currency, parsed.output.confirm);
    return "done" in step ? answer({ done: "currency" }) : "error" in step ? answer(step, 409) : answer(step);
  }
  const billing = await billingOf(env, member.restaurant_id);
  if (!billing) return answer({ error: "none" }, 404);
  const { subscription, provider } = billing;
  if (!provider) return answer({ error: "unavailable" }, 503);
  const origin = new URL(request.url).origin;
  try {
    switch (parsed.output.intent) {
      case "manage": {
        const url = await provider.portal({ subscription, origin });
        return url ? redirect(url, { headers: CONSOLE_HEADERS }) : answer({ done: "demo-manage" });
      }
      case "start":
        if (subscription.status !== "incomplete") return answer({ error: "none" }, 409);
        return redirect(await provider.checkout({ subscription, domain: member.domain, origin }), { headers: CONSOLE_HEADERS });
      case "cancel":
        await provider.cancel(subscription);
        return answer({ done: "cancelled" });
    }
  } catch (error) {
    console.error(`account: billing call failed for restaurant ${member.restaurant_id}: ${String(error)}`);
    return answer({ error: "unavailable" }, 503);
  }
}
