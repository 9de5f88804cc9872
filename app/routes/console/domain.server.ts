// /console/domain (owners): the restaurant's own domain as the section on /console/branches loads it
// (the DNS record, its status) and its form: add or replace a hostname, or remove it.
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember, type ConsoleMember } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { ownDomainState, parseOwnHost, registerOwnDomain, removeOwnDomain, type DomainTenant } from "../../../worker/api/console/own-domain";

const Form = v.variant("intent", [
  v.object({ intent: v.literal("add"), host: v.optional(v.unknown()) }),
  v.object({ intent: v.literal("remove") }),
], "intent must be add or remove");

const tenantOf = ({ member }: ConsoleMember): DomainTenant => ({ id: member.restaurant_id, domain: member.domain });
const requestHost = (request: Request) => new URL(request.url).hostname.toLowerCase();

export async function loadOwnDomain(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const member = await requireMember(request, env, "domain");
  return data(await ownDomainState(env, tenantOf(member), requestHost(request)), { headers: CONSOLE_HEADERS });
}

export async function ownDomainAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const member = await requireMember(request, env, "domain");
  const form = v.safeParse(Form, (await readFields(request)) ?? {});
  if (!form.success) return data({ error: "form", message: v.summarize(form.issues) }, { status: 400, headers: CONSOLE_HEADERS });
  const tenant = tenantOf(member);
  let outcome;
  if (form.output.intent === "add") {
    const host = parseOwnHost(env, form.output.host, requestHost(request));
    outcome = host.ok ? await registerOwnDomain(env, tenant, host.host) : host;
  } else {
    outcome = await removeOwnDomain(env, tenant);
  }
  if (!outcome.ok) return data({ error: outcome.error, message: outcome.message }, { status: outcome.status, headers: CONSOLE_HEADERS });
  // A form posted before the page's script (a document navigation) goes back to the branches.
  if (request.headers.get("sec-fetch-mode") === "navigate") throw redirect("/console/branches", { status: 303, headers: CONSOLE_HEADERS });
  return data({ ok: true as const, state: await ownDomainState(env, tenant, requestHost(request)) }, { headers: CONSOLE_HEADERS });
}
