// /console/account's loader and action (owners only, the "billing" capability): the subscription's
// plan, status and dates, the provider's billing portal, cancelling at the period's end, starting
// billing again when the first checkout was left, and the restaurant's currency (until its first order).
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { providerOf, subscriptionOf } from "../../../worker/providers/billing/provider";
import { DAY_MS, graceDays } from "../../../worker/providers/billing/settings";
import { restaurantState } from "../../../worker/console/reads";
import { hasOrders, planCurrency, setCurrency, type CurrencyPlan } from "../../../worker/console/currency";
import { bumpTenantVersion } from "../../../worker/directory/versions";
import { CURRENCIES } from "../../../worker/rules/currencies";
import { restaurantZone } from "../../../worker/console/reads";

export async function loadAccount(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getApp(context).env;
  const { member, catalogue } = await requireMember(request, env, "billing");
  const [subscription, restaurant, ordered, timeZone] = await Promise.all([
    subscriptionOf(env.DB, member.restaurant_id),
    restaurantState(env.DB, member.restaurant_id),
    hasOrders(env, member.restaurant_id),
    // Its dates on the restaurant's calendar (its first branch's zone).
    restaurantZone(catalogue, member.restaurant_id),
  ]);
  const s = subscription;
  return data(
    {
      subscription: s && {
        plan: s.plan,
        status: s.status,
        provider: s.provider,
        trialEndsAt: s.trial_ends_at,
        currentPeriodEnd: s.current_period_end,
        cancelAtPeriodEnd: s.cancel_at_period_end === 1,
        payBy: s.status === "past_due" && s.past_due_since !== null ? s.past_due_since + graceDays(env) * DAY_MS : null,
        available: providerOf(env, s) !== null,
      },
      active: restaurant?.is_active === 1,
      timeZone,
      currency: { current: member.currency, choices: CURRENCIES, locked: ordered },
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

/** The currency's two steps: the plan to confirm, then the change (409 after an order, or when the plan changed meanwhile). */
async function changeCurrency(env: Env, member: { restaurant_id: number; domain: string; currency: string }, input: { currency: string; confirm?: string }) {
  if (input.currency === member.currency) return answer({ done: "currency" });
  if (await hasOrders(env, member.restaurant_id)) return answer({ error: "has-orders" }, 409);
  const plan = await planCurrency(env, member.restaurant_id, member.currency, input.currency);
  if (input.confirm === undefined) return answer({ plan });
  // A price edited since the list was shown: the owner sees the new list before anything changes.
  if (input.confirm !== plan.digest) return answer({ error: "changed", plan }, 409);
  const set = await setCurrency(env, member.restaurant_id, member.currency, input.currency);
  if (set !== "set") return answer({ error: set }, 409);
  // Diners' pages and the API's answers show the new prices and currency at once.
  await bumpTenantVersion(env.HOSTS, member.domain);
  return answer({ done: "currency" });
}

export async function accountAction(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getApp(context).env;
  const { member } = await requireMember(request, env, "billing");
  const parsed = v.safeParse(Intent, (await readFields(request)) ?? {});
  if (!parsed.success) return answer({ error: "confirm" }, 400);
  if (parsed.output.intent === "currency") return changeCurrency(env, member, parsed.output);
  const subscription = await subscriptionOf(env.DB, member.restaurant_id);
  if (!subscription) return answer({ error: "none" }, 404);
  const provider = providerOf(env, subscription);
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
