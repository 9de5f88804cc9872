// /console/payments on the server (owners only: the "billing" capability, staff and managers 403): the
// restaurant's Tap state, connecting its own Tap secret key and disconnecting it, through the screen's
// one door (worker/console/payments.ts; docs/decisions/0076). A malformed key is a 422 beside the field;
// the key is never echoed back, not even when refused.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { readTextFields } from "~/lib/form-body.server";
import { chooseCardsThrough, connectTapKey, forgetTapKey, paymentsOf, TapForm } from "../../../worker/console/payments";

export async function loadPayments(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "billing");
  return data(await paymentsOf(env, tenant), { headers: CONSOLE_HEADERS });
}

type Problem = "secret_key" | "refused" | "unreachable" | "unconfigured" | "country" | "input" | "not_both";
export type PaymentsOutcome = { ok: true; done: "connected" | "forgotten" | "chosen" } | { ok: false; problem: Problem };

const STATUS: Record<Problem, number> = { secret_key: 422, refused: 422, unreachable: 503, unconfigured: 503, country: 409, input: 400, not_both: 409 };
const answer = (outcome: PaymentsOutcome) => data(outcome, { status: outcome.ok ? 200 : STATUS[outcome.problem], headers: CONSOLE_HEADERS });

export async function paymentsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "billing");
  const fields = (await readTextFields(request)) ?? {};
  const parsed = v.safeParse(TapForm, fields);
  if (!parsed.success) return answer({ ok: false, problem: fields.intent === "connect" ? "secret_key" : "input" });
  if (parsed.output.intent === "forget") {
    await forgetTapKey(env, tenant);
    return answer({ ok: true, done: "forgotten" });
  }
  // Where Tap and Stripe both serve the restaurant, which one its diners pay through.
  if (parsed.output.intent === "choose") {
    const chosen = await chooseCardsThrough(env, tenant, parsed.output.through);
    return answer(chosen ? { ok: true, done: "chosen" } : { ok: false, problem: "not_both" });
  }
  const connected = await connectTapKey(env, tenant, parsed.output.secret_key);
  return answer(connected.ok ? { ok: true, done: "connected" } : { ok: false, problem: connected.problem });
}
