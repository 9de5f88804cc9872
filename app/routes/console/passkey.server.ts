// POST /console/passkey/{register-options,register,sign-in-options,sign-in}: the JSON calls behind the
// passkey buttons. Adding one needs a signed-in session (and the challenge that session was given);
// signing in with one starts a session for the passkey's person, with the same cookie as a code does.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, consoleUser, sessionSetCookie } from "~/lib/console-session.server";
import {
  addressTag,
  AuthenticationBody,
  register,
  registerOptions,
  RegistrationBody,
  relyingParty,
  signInOptions,
  signInWithPasskey,
  startConsoleSession,
} from "../../../worker/console/passkeys";
import { afterSignIn } from "./sign-in.server";

const STEPS = ["register-options", "register", "sign-in-options", "sign-in"] as const;
const Step = v.picklist(STEPS);

const json = (body: unknown, status = 200, headers: HeadersInit = {}) => data(body, { status, headers: { ...CONSOLE_HEADERS, ...headers } });

const PROBLEMS = {
  challenge: [400, "The passkey answered a challenge this site did not give, or gave already, or too long ago. Try again."],
  invalid: [400, "The passkey's answer could not be verified."],
  unknown: [404, "This passkey is not registered here."],
  taken: [409, "This passkey is already registered."],
} as const;
const refused = (problem: keyof typeof PROBLEMS) => json({ ok: false, error: PROBLEMS[problem][1] }, PROBLEMS[problem][0]);
/** A challenge's options, or 429 when this network already holds its share of unanswered ones (they last 5 minutes). */
const options = (value: object | null) =>
  value
    ? json(value)
    : json({ ok: false, error: "Too many passkey requests from your network. Please wait a minute and try again." }, 429, { "Retry-After": "60" });

export async function passkeyAction(request: Request, context: Readonly<RouterContextProvider>, step: string | undefined) {
  const { env } = getApp(context);
  if (request.method !== "POST") return json({ ok: false, error: "Use POST." }, 405, { Allow: "POST" });
  const parsedStep = v.safeParse(Step, step);
  if (!parsedStep.success) return json({ ok: false, error: "Not found." }, 404);
  // JSON only: a cross-site form cannot send it without a preflight this route never answers.
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? ""))
    return json({ ok: false, error: "Send JSON (content-type: application/json)." }, 415);
  const body: unknown = await request.json().catch(() => undefined);
  const url = new URL(request.url);
  const rp = relyingParty(url, env.APP_NAME || "Menu");

  if (parsedStep.output === "sign-in-options") return options(await signInOptions(env, rp, addressTag(request)));
  if (parsedStep.output === "sign-in") {
    const parsed = v.safeParse(v.object({ ...AuthenticationBody.entries, next: v.optional(v.string(), "") }), body);
    if (!parsed.success) return json({ ok: false, error: "That is not a passkey's answer." }, 400);
    const result = await signInWithPasskey(env, rp, parsed.output);
    if (!result.ok) return refused(result.problem);
    const [id, next] = await Promise.all([startConsoleSession(env, result.personId), afterSignIn(request, env, result.personId, parsed.output.next)]);
    return json({ ok: true, next }, 200, { "Set-Cookie": sessionSetCookie(request, id) });
  }

  const user = await consoleUser(request, env);
  if (!user) return json({ ok: false, error: "Sign in first." }, 401);
  if (parsedStep.output === "register-options") {
    return options(await registerOptions(env, rp, user.personId, user.idHash, addressTag(request)));
  }
  const parsed = v.safeParse(RegistrationBody, body);
  if (!parsed.success) return json({ ok: false, error: "That is not a passkey's answer." }, 400);
  const result = await register(env, rp, user.personId, user.idHash, parsed.output);
  return result.ok ? json({ ok: true, next: "/console/security" }) : refused(result.problem);
}
