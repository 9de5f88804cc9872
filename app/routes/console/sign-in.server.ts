// /console/sign-in on the server: phone → code (sent only to members, answered alike for anyone) →
// verified code → a new session and its cookie, then the page asked for. Plain forms: no JavaScript needed.
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, consoleUser, currentMembership, landingOf, sessionSetCookie } from "~/lib/console-session.server";
import { asciiDigits } from "../../../worker/rules/digits";
import { safeLocalPath } from "~/lib/safe-path";
import { getLanguage } from "~/middleware/language";
import { readFields } from "~/lib/form-body.server";
import { addressTag, membershipsFor, personOfCode, sendSignInCode, startConsoleSession } from "../../../worker/console/sign-in";
import { toE164 } from "../../../worker/rules/e164";

/** Countries the form offers for a number typed without its code; the UAE unless another is picked. */
const COUNTRIES = ["AE", "SA", "KW", "QA", "BH", "OM", "EG", "JO", "LB", "GB", "US", "IN", "PK"] as const;

/** Where to go after signing in: a path of this site inside the console, else the console's home. */
function consoleNext(value: unknown): string {
  const path = safeLocalPath(value, "/console");
  return /^\/console(?:[/?#]|$)/.test(path) && !path.startsWith("/console/sign-") ? path : "/console";
}

/** The page asked for, or (none: the console's home) the member's landing: staff start on the board. */
const landing = (request: Request, next: string, memberships: Parameters<typeof currentMembership>[1]) =>
  next === "/console" ? landingOf(currentMembership(request, memberships)) : next;

/** Where a person who just signed in (by code or passkey) goes: `next` checked, else their landing. */
export const afterSignIn = async (request: Request, env: Env, personId: number, next: unknown) =>
  landing(request, consoleNext(next), await membershipsFor(env, personId));

// The invitation's link fills the phone in (worker/console/invite-sms.ts): an E.164 number only.
const InvitedPhone = v.optional(v.pipe(v.string(), v.regex(/^\+[1-9]\d{5,14}$/)));

const Phone = v.pipe(v.string(), v.trim(), v.maxLength(40));
const Next = v.optional(v.pipe(v.string(), v.maxLength(2000)), "");
const Country = v.optional(v.picklist(COUNTRIES), "AE");
const Body = v.variant("intent", [
  v.object({ intent: v.literal("send"), phone: Phone, country: Country, next: Next }),
  v.object({
    intent: v.literal("verify"),
    phone: Phone,
    country: Country,
    code: v.pipe(
      v.string(),
      v.maxLength(20),
      v.transform((c) => asciiDigits(c).replace(/\s+/g, "")),
    ),
    next: Next,
  }),
]);

export type SignInStep =
  | { step: "phone"; error: "input" | "phone" | "rate_limited" | "unavailable"; retryAfter?: number; phone?: string }
  | { step: "code"; phone: string; demo: boolean; error?: "code" };

const answer = (body: SignInStep, status = 200) => data(body, { status, headers: CONSOLE_HEADERS });

export async function loadSignIn(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const next = consoleNext(url.searchParams.get("next"));
  // An external backend manages the restaurants: /console says so.
  if (getApp(context).env.UPSTREAM_URL) throw redirect("/console", { headers: CONSOLE_HEADERS });
  const user = await consoleUser(request, getApp(context).env);
  if (user) throw redirect(landing(request, next, user.memberships), { headers: CONSOLE_HEADERS });
  const phone = v.safeParse(InvitedPhone, url.searchParams.get("phone") ?? undefined);
  return data({ next, countries: COUNTRIES, phone: phone.success ? (phone.output ?? "") : "" }, { headers: CONSOLE_HEADERS });
}

export async function signInAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, ctx } = getApp(context);
  if (env.UPSTREAM_URL) throw redirect("/console", { headers: CONSOLE_HEADERS });
  const form = await readFields(request);
  const parsed = v.safeParse(Body, form);
  if (!parsed.success) return answer({ step: "phone", error: "input" }, 400);
  const body = parsed.output;
  const phone = toE164(body.phone, body.country);
  if (!phone) return answer({ step: "phone", error: "phone", phone: body.phone }, 422);

  if (body.intent === "send") {
    const sent = await sendSignInCode(env, ctx, { phone, network: addressTag(request), lang: getLanguage(context) });
    if (sent.ok) return answer({ step: "code", phone, demo: sent.demo });
    if (sent.problem === "rate_limited") {
      return data({ step: "phone", error: "rate_limited", retryAfter: sent.retryAfter, phone: body.phone } satisfies SignInStep, {
        status: 429,
        headers: { ...CONSOLE_HEADERS, "Retry-After": String(sent.retryAfter) },
      });
    }
    return answer({ step: "phone", error: sent.problem, phone: body.phone }, sent.problem === "phone" ? 422 : 503);
  }

  const personId = await personOfCode(env, phone, body.code);
  if (personId === null) return answer({ step: "code", phone, demo: false, error: "code" }, 422);
  const [id, to] = await Promise.all([startConsoleSession(env, personId), afterSignIn(request, env, personId, body.next)]);
  return redirect(to, { status: 303, headers: { ...CONSOLE_HEADERS, "Set-Cookie": sessionSetCookie(request, id) } });
}
