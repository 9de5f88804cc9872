// The console's session cookie and the one check every console loader and action makes: who is
// signed in, in which of their restaurants they are working, and whether their role allows the screen.
// Every console answer is `private, no-store` (CONSOLE_HEADERS, app/lib/route-headers.ts); nothing here is ever shared.
import * as v from "valibot";
import { data, redirect } from "react-router";
import { IdText } from "../../worker/rules/ids";
import { can, type Capability } from "../../worker/rules/roles";
import { consoleSession, copiedSessionMembers, SESSION_DAYS, type ConsoleTenant, type Membership } from "../../worker/console/session";
import { cookieName, isSecureUrl, parseCookies } from "./cookies.server";
import { PRIVATE_HEADERS } from "./route-headers";

export type { ConsoleTenant, Membership };

/** A row id in a console form or query (`?branch=`, `order_id`): the one id rule (worker/rules/ids.ts). */
export const ConsoleId = IdText;

/** A console answer's headers (the private rule's, named for the console's loaders and actions). */
export const CONSOLE_HEADERS = PRIVATE_HEADERS;

const sessionCookie = (url: URL) => cookieName(url, "console");
const restaurantCookie = (url: URL) => cookieName(url, "consoleRestaurant");
const attributes = (url: URL, maxAge: number) => `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isSecureUrl(url) ? "; Secure" : ""}`;

/** Set-Cookie for a new session id (30 days; the server slides the session itself). */
export const sessionSetCookie = (request: Request, id: string) => {
  const url = new URL(request.url);
  return `${sessionCookie(url)}=${id}; ${attributes(url, SESSION_DAYS * 86_400)}`;
};
/** Set-Cookie that removes the session cookie. */
export const sessionClearCookie = (request: Request) => {
  const url = new URL(request.url);
  return `${sessionCookie(url)}=; ${attributes(url, 0)}`;
};
/** Set-Cookie choosing the restaurant the console works in (one of the person's memberships). */
export const restaurantSetCookie = (request: Request, restaurantId: number) => {
  const url = new URL(request.url);
  return `${restaurantCookie(url)}=${restaurantId}; ${attributes(url, SESSION_DAYS * 86_400)}`;
};

export interface ConsoleUser {
  personId: number;
  /** The session's hash: signing out ends this one. */
  idHash: string;
  memberships: Membership[];
  /** The restaurant the person worked in last (any device), or null. */
  lastRestaurant: number | null;
}

/** The signed-in person, or null. A repeated, malformed, unknown or expired cookie is no session. */
/** The console session id the request's cookie carries, read one way only (a repeated cookie is none). */
export function consoleSessionId(request: Request): string | null {
  const name = sessionCookie(new URL(request.url));
  const cookies = parseCookies(request.headers.get("cookie"));
  const id = cookies.get(name);
  return id && !cookies.ambiguous(name) ? id : null;
}

/**
 * `copy`: the board's reads, taps and signatures may take a copy of the memberships that the restaurant worked
 * in has not marked stale (worker/console/member-cache.ts); everything else reads D1.
 */
export async function consoleUser(request: Request, env: Env, copy = false): Promise<ConsoleUser | null> {
  const id = consoleSessionId(request);
  if (!id) return null;
  // A copy without the restaurant this browser chose (an invitation accepted since) is not used.
  const chosen = chosenRestaurant(request);
  const chosenIn = (user: ConsoleUser) =>
    chosen && !user.memberships.some((m) => m.restaurant_id === chosen) ? undefined : currentMembership(request, user.memberships, user.lastRestaurant);
  return copy ? copiedSessionMembers(env, id, chosenIn) : consoleSession(env, id);
}

const chosenRestaurant = (request: Request) => Number(parseCookies(request.headers.get("cookie")).get(restaurantCookie(new URL(request.url)))) || null;

/** The membership this request works in: the restaurant the cookie chose, else the first. */
export function currentMembership(request: Request, memberships: readonly Membership[], lastRestaurant?: number | null): Membership | undefined {
  const chosen = chosenRestaurant(request);
  return memberships.find((m) => m.restaurant_id === chosen) ?? memberships.find((m) => m.restaurant_id === lastRestaurant) ?? memberships[0];
}

/** Where signing in lands without a page asked for: staff on the orders board, owners on the first steps. */
export const landingOf = (member: Membership | undefined) => (member && member.role !== "owner" ? "/console/orders" : "/console");

export interface ConsoleMember extends ConsoleUser {
  /** The restaurant this request works in, and the person's role there. */
  member: Membership;
  /** That restaurant, as the console's doors (worker/console/*) take it. */
  tenant: ConsoleTenant;
}

/**
 * The signed-in member allowed `capability` in their current restaurant, or a thrown answer:
 * the sign-in page (no session), or 403 (a role that does not allow it). With no membership the
 * person is sent to their invitations (which say so, and offer sign-up when there are none). The
 * restaurant is the one this browser chose, else the one the person used last, else the first.
 * `copy`: the board's reads, taps and channel signatures (docs/decisions/0084, 0088).
 */
export async function requireMember(request: Request, env: Env, capability?: Capability, { copy = false } = {}): Promise<ConsoleMember> {
  // With an external backend (UPSTREAM_URL) it manages the restaurants' data: there is no console
  // here (the layout says so).
  if (env.UPSTREAM_URL) throw data({ error: "upstream" }, { status: 404, headers: CONSOLE_HEADERS });
  const url = new URL(request.url);
  const user = await consoleUser(request, env, copy);
  if (!user) throw redirect(`/console/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, { headers: CONSOLE_HEADERS });
  const member = currentMembership(request, user.memberships, user.lastRestaurant);
  if (!member) throw redirect("/console/invitations", { headers: CONSOLE_HEADERS });
  if (capability && !can(member.role, capability)) throw data({ error: "forbidden" }, { status: 403, headers: CONSOLE_HEADERS });
  const tenant = { id: member.restaurant_id, domain: member.domain, country: member.country };
  return { ...user, member, tenant };
}

/** A staff member works only in their branches; managers and owners in every branch of the restaurant. */
export const worksIn = (member: Membership, branchId: number) => member.role !== "staff" || member.branch_ids.includes(branchId);
