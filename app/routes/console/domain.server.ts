// /console/domain (owners): the restaurant's own domain as the section on /console/branches loads it
// (the DNS records, its status) and its forms: claim a hostname, prove it (its TXT record), or remove
// it. A claim counts only once proven (worker/directory/host-claims.ts).
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember, type ConsoleMember } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { claimHost, dropClaims, openClaim, proveClaim, type HostClaim } from "../../../worker/directory/host-claims";
import { ownDomainState, parseOwnHost, removeOwnDomain, type DomainTenant, type OwnDomainState } from "../../../worker/console/own-domain";

const Form = v.variant(
  "intent",
  [v.object({ intent: v.literal("add"), host: v.optional(v.unknown()) }), v.object({ intent: v.literal("prove") }), v.object({ intent: v.literal("remove") })],
  "intent must be add, prove or remove",
);

/** The section's view: the proven host (if any) and the claim waiting for its proof (if any). */
export type DomainView = OwnDomainState & { claim: HostClaim | null };

async function viewOf(env: Env, tenant: DomainTenant, host: string): Promise<DomainView> {
  const [state, claim] = await Promise.all([ownDomainState(env, tenant, host), openClaim(env.DB, tenant.id)]);
  return { ...state, claim };
}

const tenantOf = ({ member }: ConsoleMember): DomainTenant => ({ id: member.restaurant_id, domain: member.domain });
const requestHost = (request: Request) => new URL(request.url).hostname.toLowerCase();

export async function loadOwnDomain(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const member = await requireMember(request, env, "domain");
  return data(await viewOf(env, tenantOf(member), requestHost(request)), { headers: CONSOLE_HEADERS });
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
    outcome = host.ok ? await claimHost(env, tenant, host.host) : host;
  } else if (form.output.intent === "prove") {
    outcome = await proveClaim(env, tenant);
  } else {
    const dropped = await dropClaims(env.DB, tenant.id);
    const { host } = await ownDomainState(env, tenant, requestHost(request));
    outcome = host || !dropped ? await removeOwnDomain(env, tenant) : { ok: true as const };
  }
  if (!outcome.ok) return data({ error: outcome.error, message: outcome.message }, { status: outcome.status, headers: CONSOLE_HEADERS });
  // A form posted before the page's script (a document navigation) goes back to the branches.
  if (request.headers.get("sec-fetch-mode") === "navigate") throw redirect("/console/branches", { status: 303, headers: CONSOLE_HEADERS });
  return data({ ok: true as const, state: await viewOf(env, tenant, requestHost(request)) }, { headers: CONSOLE_HEADERS });
}
