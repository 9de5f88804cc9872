// /console/webhooks on the server (owners): the restaurant's endpoints with their recent deliveries, and
// the owner's actions on them. An endpoint must be public HTTPS (worker/rules/endpoint-url.ts): a refused
// URL is a 422 beside the field, keeping what was typed; another restaurant's endpoint or delivery is a 404.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember } from "~/lib/console-session.server";
import { readTextFields } from "~/lib/form-body.server";
import { MAX_ENDPOINTS, webhookActions, webhooksOf } from "../../../worker/console/webhooks";
import { EndpointField, endpointProblem, type EndpointProblem } from "../../../worker/rules/endpoint-url";

export async function loadWebhooks(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "integrations");
  return data({ ...(await webhooksOf(env, tenant)), max: MAX_ENDPOINTS }, { headers: CONSOLE_HEADERS });
}

const Body = v.variant("intent", [
  v.object({ intent: v.literal("add"), url: EndpointField }),
  v.object({ intent: v.picklist(["remove", "test", "switchOn", "renew"]), id: ConsoleId }),
  v.object({ intent: v.literal("resend"), delivery: ConsoleId }),
]);

export type WebhooksOutcome =
  | { ok: true; done: "added" | "renewed"; secret: string; url: string }
  | { ok: true; done: "removed" | "tested" | "resent" | "switchedOn" }
  | { ok: false; problem: EndpointProblem | "tooMany"; typed: string }
  | { ok: false; problem: "input" | "notFound" | "busy" | "notFailed" };

const answer = (outcome: WebhooksOutcome, status = 200) => data(outcome, { status, headers: CONSOLE_HEADERS });

export async function webhooksAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "integrations");
  const fields = (await readTextFields(request)) ?? {};
  const parsed = v.safeParse(Body, fields);
  if (!parsed.success)
    return fields.intent === "add" ? answer({ ok: false, problem: "invalid", typed: fields.url ?? "" }, 422) : answer({ ok: false, problem: "input" }, 400);
  const hooks = webhookActions(env, tenant);
  const input = parsed.output;
  if (input.intent === "add") {
    const problem = endpointProblem(input.url, new URL(request.url));
    if (problem) return answer({ ok: false, problem, typed: input.url }, 422);
    const added = await hooks.add(input.url);
    return added.ok
      ? answer({ ok: true, done: "added", secret: added.secret, url: input.url })
      : answer({ ok: false, problem: "tooMany", typed: input.url }, 409);
  }
  if (input.intent === "renew") {
    // A lost secret, or one a restored data file replaced (files never hold one): shown once, the old one stops at once.
    const secret = await hooks.renew(input.id);
    return secret ? answer({ ok: true, done: "renewed", secret, url: "" }) : answer({ ok: false, problem: "notFound" }, 404);
  }
  if (input.intent === "resend") {
    const resent = await hooks.resend(input.delivery);
    return resent === "sent" ? answer({ ok: true, done: "resent" }) : answer({ ok: false, problem: resent }, resent === "notFound" ? 404 : 409);
  }
  if (input.intent === "test") {
    const tested = await hooks.test(input.id);
    return tested === "sent" ? answer({ ok: true, done: "tested" }) : answer({ ok: false, problem: tested }, tested === "notFound" ? 404 : 409);
  }
  const done = input.intent === "remove" ? await hooks.remove(input.id) : await hooks.switchOn(input.id);
  if (!done) return answer({ ok: false, problem: "notFound" }, 404);
  return answer({ ok: true, done: input.intent === "remove" ? "removed" : "switchedOn" });
}
