// /console/domain (owners): the restaurant's own domain as the section on /console/branches loads it
// (the DNS records, its status) and its forms: claim a hostname, prove it (its TXT record), or remove
// it. A claim counts only once proven (worker/directory/host-claims.ts).
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { claimHost, domainView, dropClaims, ownDomainState, parseOwnHost, proveClaim, removeOwnDomain } from "../../../worker/console/domain";

export type { DomainView } from "../../../worker/console/domain";

const Form = v.variant(
  "intent",
  [v.object({ intent: v.literal("add"), host: v.optional(v.unknown()) }), v.object({ intent: v.literal("prove") }), v.object({ intent: v.literal("remove") })],
  "intent must be add, prove or remove",
);

const requestHost = (request: Request) => new URL(request.url).hostname.toLowerCase();

export async function loadOwnDomain(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "domain");
  return data(await domainView(env, tenant, requestHost(request)), { headers: CONSOLE_HEADERS });
}

export async function ownDomainAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { tenant } = await requireMember(request, env, "domain");
  const form = v.safeParse(Form, (await readFields(request)) ?? {});
  if (!form.success) return data({ error: "form", message: v.summarize(form.issues) }, { status: 400, headers: CONSOLE_HEADERS });
  let outcome;
  if (form.output.intent === "add") {
    const host = parseOwnHost(env, form.output.host, requestHost(request));
    outcome = host.ok ? await claimHost(env, tenant, host.host) : host;
  } else if (form.output.intent === "prove") {
    outcome = await proveClaim(env, tenant);
  } else {
    const dropped = await dropClaims(env, tenant.id);
    const { host } = await ownDomainState(env, tenant, requestHost(request));
    outcome = host || !dropped ? await removeOwnDomain(env, tenant) : { ok: true as const };
  }
  if (!outcome.ok) return data({ error: outcome.error, message: outcome.message }, { status: outcome.status, headers: CONSOLE_HEADERS });
  // A form posted before the page's script (a document navigation) goes back to the branches.
  if (request.headers.get("sec-fetch-mode") === "navigate") throw redirect("/console/branches", { status: 303, headers: CONSOLE_HEADERS });
  return data({ ok: true as const, state: await domainView(env, tenant, requestHost(request)) }, { headers: CONSOLE_HEADERS });
}
