// /console/staff (owner only): the members, and the invite / change role / remove forms. Every member
// id and branch id in a form must be the current restaurant's (404 otherwise, nothing changed). An
// invite texts the sign-in link to the new member (worker/console/invite-sms.ts).
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember } from "~/lib/console-session.server";
import { localized } from "~/lib/localized";
import { getLanguage } from "~/middleware/language";
import { readForm } from "~/lib/form-body.server";
import { exampleNumber, toE164 } from "../../../worker/rules/e164";
import { OwnName } from "../../../worker/rules/own-name";
import { ROLES } from "../../../worker/rules/roles";
import {
  changeRole,
  inviteLink,
  inviteMember,
  inviteMessage,
  NAME_MAX,
  removeMember,
  sendInvite,
  staffOf,
  type InviteSms,
  type StaffProblem,
} from "../../../worker/console/staff";

export async function loadStaff(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, personId, tenant } = await requireMember(request, env, "staff");
  const { members, branches } = await staffOf(env, tenant);
  // The restaurant's country's example mobile: the invite's phone field shows it (the number is read in that country).
  return data({ personId, members, branches, phoneExample: exampleNumber(member.country).local }, { headers: CONSOLE_HEADERS });
}

const Role = v.picklist(ROLES);
const Branches = v.pipe(v.array(ConsoleId), v.maxLength(100));
const Change = v.variant("intent", [
  v.object({
    intent: v.literal("invite"),
    name: v.pipe(v.string(), v.trim(), v.maxLength(NAME_MAX, "nameTooLong"), OwnName),
    phone: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(30)),
    role: Role,
    branch: Branches,
  }),
  v.object({ intent: v.literal("role"), member: ConsoleId, role: Role, branch: Branches }),
  v.object({ intent: v.literal("remove"), member: ConsoleId }),
]);

export type StaffOutcome =
  | { ok: true; done: "changed" | "removed" }
  | { ok: true; done: "invited"; sms: InviteSms; link: string }
  | { ok: false; problem: StaffProblem | "invalid" | "phone" | "noBranch" | "nameTooLong"; name?: string; phone?: string };

const STATUS: Record<Exclude<StaffOutcome, { ok: true }>["problem"], number> = {
  invalid: 400,
  phone: 422,
  noBranch: 422,
  nameTooLong: 422,
  member: 404,
  branch: 404,
  exists: 409,
  lastOwner: 409,
};
const answer = (outcome: StaffOutcome) => data(outcome, { status: outcome.ok ? 200 : STATUS[outcome.problem], headers: CONSOLE_HEADERS });

export async function staffAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "staff");
  const form = await readForm(request);
  const parsed = v.safeParse(Change, form ? { ...Object.fromEntries(form), branch: form.getAll("branch") } : undefined);
  if (!parsed.success) {
    const typed = form?.get("name");
    // A name over the limit comes back to the form as typed, to be shortened there.
    if (parsed.issues.some((i) => i.message === "nameTooLong") && typeof typed === "string")
      return answer({ ok: false, problem: "nameTooLong", name: typed.slice(0, 1000) });
    return answer({ ok: false, problem: "invalid" });
  }
  const change = parsed.output;
  const restaurantId = member.restaurant_id;
  if (change.intent === "remove") {
    const removed = await removeMember(env, tenant, change.member);
    return answer(removed.ok ? { ok: true, done: "removed" } : removed);
  }
  if (change.role === "staff" && change.branch.length === 0) return answer({ ok: false, problem: "noBranch" });
  if (change.intent === "role") {
    const changed = await changeRole(env, tenant, change.member, change.role, change.branch);
    return answer(changed.ok ? { ok: true, done: "changed" } : changed);
  }
  const phone = toE164(change.phone, member.country);
  // The form comes back with what was typed, to be corrected there.
  if (!phone) return answer({ ok: false, problem: "phone", name: change.name, phone: change.phone });
  const invited = await inviteMember(env, tenant, { phone, name: change.name, role: change.role, branchIds: change.branch });
  if (!invited.ok) return answer(invited);
  const lang = getLanguage(context);
  const link = inviteLink(new URL(request.url).origin, phone);
  const sms = await sendInvite(env, { restaurantId, phone, body: inviteMessage(localized(member, "name", lang), link, lang) });
  return answer({ ok: true, done: "invited", sms, link });
}
