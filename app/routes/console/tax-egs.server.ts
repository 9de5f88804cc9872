// POST /console/tax/egs (owners, the "billing" capability): onboard a branch's EGS with ZATCA or renew its
// CSID, with the OTP the owner pasted from the Fatoora portal (worker/console/egs.ts). Answers JSON for
// the tax screen's per-branch form: 200 with the EGS's state, or ZATCA's refusal with its status.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { readTextFields } from "~/lib/form-body.server";
import { EgsForm, onboardBranch, renewBranch, type EgsOutcome, type EgsProblem } from "../../../worker/console/egs";

/** A refusal's status: ZATCA refused the OTP 400, what the restaurant must fix first 422, a race 409, nothing to renew 409, no ZATCA here 503, ZATCA down 502. */
const STATUS: Record<EgsProblem, number> = {
  unconfigured: 503,
  notSaudi: 404,
  notFound: 404,
  noVat: 422,
  busy: 409,
  active: 409,
  notActive: 409,
  otp: 400,
  csr: 422,
  compliance: 422,
  production: 422,
  zatca: 502,
};

export type EgsAnswer = (EgsOutcome & { intent: "onboard" | "renew" }) | { ok: false; problem: "input" | "otpFormat"; messages: [] };

const answer = (outcome: EgsAnswer, status = 200) => data(outcome, { status, headers: CONSOLE_HEADERS });

export async function egsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "billing");
  const fields = (await readTextFields(request)) ?? {};
  const parsed = v.safeParse(EgsForm, fields);
  if (!parsed.success) {
    const otpOnly = parsed.issues.every((i) => i.message === "otp");
    return answer({ ok: false, problem: otpOnly ? "otpFormat" : "input", messages: [] }, otpOnly ? 422 : 400);
  }
  const { intent, branch, otp } = parsed.output;
  const outcome = await (intent === "onboard" ? onboardBranch : renewBranch)(env, tenant, member.country, branch, otp);
  return answer({ ...outcome, intent }, outcome.ok ? 200 : STATUS[outcome.problem]);
}
