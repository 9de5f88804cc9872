// /signup's loader and action: a new restaurant with its owner, then on to billing. The page sends the
// code (sign-up purpose, the console's own limits) and then creates everything at once; the server
// checks the address again on submit, and a race for it ends in 409 "taken", never a half-made
// restaurant. A signed-in person signs up another restaurant without a new code.
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, consoleUser, restaurantSetCookie, sessionSetCookie } from "~/lib/console-session.server";
import { readTextFields } from "~/lib/form-body.server";
import { notFound } from "~/lib/route-errors.server";
import { getLanguage } from "~/middleware/language";
import { billingProvider, subscriptionOf } from "../../../worker/providers/billing/provider";
import { sendConsoleCode, verifyConsoleCode } from "../../../worker/console/codes";
import { rememberRestaurant } from "../../../worker/directory/invitations";
import { personById, personByPhone } from "../../../worker/directory/people";
import { startSession } from "../../../worker/directory/sessions";
import { trialDays } from "../../../worker/rules/billing-days";
import { createRestaurant, domainAvailability, suggestDomain } from "../../../worker/console/signup";
import { claimSignup } from "../../../worker/console/signup-limits";
import { addressTag } from "../../../worker/rules/network-key";
import { slugFromName, slugFromNames } from "../../../worker/rules/slug-from-name";
import { toE164 } from "../../../worker/rules/e164";
import { zoneForCountry } from "../../../worker/rules/zones";
import { CodeRequest, Create, fieldErrors, type FieldErrors } from "./form";

type SignupAnswer = { sent?: { demo: boolean; phone: string }; errors?: FieldErrors; retryAfter?: number };
const answer = (body: SignupAnswer, status = 200) => data(body, { status, headers: CONSOLE_HEADERS });

function page(context: Readonly<RouterContextProvider>) {
  const app = getApp(context);
  if (app.host.kind !== "app") throw notFound();
  return app.env;
}

export async function loadSignup(request: Request, context: Readonly<RouterContextProvider>) {
  const env = page(context);
  if (env.UPSTREAM_URL) return data({ upstream: true as const }, { headers: CONSOLE_HEADERS });
  const user = await consoleUser(request, env);
  const found = user ? await personById(env.DB, user.personId) : null;
  const person = found ? { name: found.name, phone: found.phone } : null;
  const billing = billingProvider(env);
  return data(
    {
      upstream: false as const,
      trialDays: trialDays(env),
      signedIn: person,
      billing: "provider" in billing ? billing.provider.name : ("refused" as const),
    },
    { headers: CONSOLE_HEADERS },
  );
}

export async function signupAction(request: Request, context: Readonly<RouterContextProvider>) {
  const env = page(context);
  if (env.UPSTREAM_URL) return answer({ errors: { form: "upstream" } }, 409);
  const form = await readTextFields(request);
  if (!form) return answer({ errors: { form: "intent" } }, 400);
  if (form.intent === "send-code") return sendCode(request, env, form, getLanguage(context));
  if (form.intent !== "create") return answer({ errors: { form: "intent" } }, 400);

  const parsed = v.safeParse(Create, form);
  if (!parsed.success) return answer({ errors: fieldErrors(parsed.issues) }, 422);
  // Left empty (a page without its script suggests nothing): the address the name suggests.
  const input = parsed.output.domain
    ? parsed.output
    : { ...parsed.output, domain: await suggestDomain(env.DB, slugFromNames(parsed.output.name_en, parsed.output.name_ar)) };
  // The first branch keeps its country's clock; a country with several zones names one of its own.
  const timeZone = zoneForCountry(input.country, input.time_zone);
  if (!timeZone) return answer({ errors: { time_zone: "zone" } }, 422);
  const availability = await domainAvailability(env.DB, input.domain);
  if (!availability.available) return answer({ errors: { domain: availability.reason } }, availability.reason === "taken" ? 409 : 422);
  const billing = billingProvider(env);
  if ("refused" in billing) return answer({ errors: { form: "billing" } }, 503);

  const user = await consoleUser(request, env);
  let owner: { personId: number } | { phone: string; name: string };
  let ownerPhone: string;
  if (user) {
    owner = { personId: user.personId };
    ownerPhone = (await personById(env.DB, user.personId))!.phone;
  } else {
    const phone = toE164(input.phone ?? "", input.country);
    if (!phone) return answer({ errors: { phone: "phone" } }, 422);
    if (!input.owner_name) return answer({ errors: { owner_name: "required" } }, 422);
    if (!input.code || !(await verifyConsoleCode(env.DB, phone, "sign-up", input.code))) return answer({ errors: { code: "code" } }, 422);
    // A person who already exists keeps their name; the new one gets the typed one.
    owner = { phone, name: (await personByPhone(env.DB, phone))?.name ?? input.owner_name };
    ownerPhone = phone;
  }
  // Per person and per network (an IPv6 client's /64), claimed before anything is written.
  const claimed = await claimSignup(env, ownerPhone, addressTag(request));
  if (!claimed.ok)
    return data(
      { errors: { form: "signups" }, retryAfter: claimed.retryAfter },
      { status: 429, headers: { ...CONSOLE_HEADERS, "Retry-After": String(claimed.retryAfter) } },
    );
  const made = await createRestaurant(env, { ...input, time_zone: timeZone, provider: billing.provider.name, owner });
  if (made === "taken") return answer({ errors: { domain: "taken" } }, 409);
  if (made === "drafts") return answer({ errors: { form: "drafts" } }, 409);

  await rememberRestaurant(env.DB, made.personId, made.restaurantId);
  const headers = new Headers(CONSOLE_HEADERS);
  if (!user) headers.append("Set-Cookie", sessionSetCookie(request, await startSession(env.DB, made.personId)));
  headers.append("Set-Cookie", restaurantSetCookie(request, made.restaurantId));
  const origin = new URL(request.url).origin;
  let next: string;
  try {
    next = await billing.provider.checkout({ subscription: (await subscriptionOf(env.DB, made.restaurantId))!, domain: input.domain, origin });
  } catch (error) {
    // The restaurant exists and the owner is signed in: the Account page offers billing again.
    console.error(`sign-up: billing checkout failed for ${input.domain}: ${String(error)}`);
    next = `${origin}/console/account?billing=failed`;
  }
  return redirect(next, { headers });
}

async function sendCode(request: Request, env: Env, form: Record<string, string>, lang: "en" | "ar") {
  const parsed = v.safeParse(CodeRequest, form);
  if (!parsed.success) return answer({ errors: fieldErrors(parsed.issues) }, 422);
  const phone = toE164(parsed.output.phone, parsed.output.country);
  if (!phone) return answer({ errors: { phone: "phone" } }, 422);
  const sent = await sendConsoleCode(env, { phone, purpose: "sign-up", network: addressTag(request), lang });
  if (sent.ok) return answer({ sent: { demo: sent.demo, phone } });
  if (sent.problem === "rate_limited")
    return data(
      { errors: { code: "rate_limited" }, retryAfter: sent.retryAfter },
      { status: 429, headers: { ...CONSOLE_HEADERS, "Retry-After": String(sent.retryAfter) } },
    );
  return answer({ errors: sent.problem === "phone" ? { phone: "phone" } : { form: "sms" } }, sent.problem === "phone" ? 422 : 503);
}

/**
 * GET /signup/check?domain=…: {available, reason} for the page's live hint (sign-up checks again),
 * and when it is not available a free address near it (`suggestion`), if the words give one.
 */
export async function checkDomain(request: Request, context: Readonly<RouterContextProvider>) {
  const env = page(context);
  if (env.UPSTREAM_URL) throw notFound();
  const domain = v.safeParse(v.pipe(v.string(), v.maxLength(100)), new URL(request.url).searchParams.get("domain") ?? "");
  if (!domain.success) return Response.json({ available: false, reason: "invalid" }, { headers: CONSOLE_HEADERS });
  const asked = domain.output.trim();
  const result = await domainAvailability(env.DB, asked);
  const base = result.available ? "" : slugFromName(asked);
  const suggestion = base ? await suggestDomain(env.DB, base) : null;
  return Response.json(suggestion ? { ...result, suggestion } : result, { headers: CONSOLE_HEADERS });
}
