// /console/staff (owner only): who works here, in which role and branches; invite by phone, change a
// role, remove. Plain forms, so they work before the page's JavaScript; the server checks every id.
import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { BranchChoices } from "~/components/console/branch-choices";
import { CountedInput } from "~/components/console/counted-input";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { ROLES } from "../../../worker/rules/roles";
import { NAME_MAX } from "../../../worker/rules/staff-form";
import { loadStaff, staffAction } from "./staff.server";
import { privatePageHeaders } from "~/lib/route-headers";

// An action's refusal (4xx) is answered without running the loader again: its own headers then.
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaff(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return staffAction(request, context);
}

const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const field = "mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 dark:border-white/20 dark:bg-stone-950";
const button = "rounded-full px-4 py-2 text-sm font-bold";

export default function ConsoleStaff({ loaderData: { personId, members, branches, phoneExample } }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const branchNames = (ids: number[]) =>
    branches
      .filter((b) => ids.includes(b.id))
      .map((b) => localized(b, "name", lang))
      .join(lang === "ar" ? "، " : ", ");
  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title" className="text-2xl font-bold">
        {t("console.screens.staff.title")}
      </h1>
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="staff-outcome"
          className={`mt-3 rounded-xl px-4 py-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {outcome.ok ? t(`console.screens.staff.${outcome.done}`) : t(`console.screens.staff.problems.${outcome.problem}`)}
          {outcome.ok && outcome.done === "invited" && (
            <span className="mt-1 block font-normal" data-testid="staff-invite-sms">
              {t(`console.screens.staff.inviteSms.${outcome.sms}`)}
              {outcome.sms !== "sent" && outcome.sms !== "demo" && (
                <>
                  {" "}
                  <bdi dir="ltr" className="break-all font-bold select-all">
                    {outcome.link}
                  </bdi>
                </>
              )}
            </span>
          )}
        </p>
      )}
      <ul className="mt-4 grid gap-3 md:grid-cols-2">
        {members.map((m) => (
          <li key={m.id} className={card} data-testid="staff-member">
            <p className="font-bold">
              <span>{m.name}</span>
              {m.person_id === personId && <span className="ms-2 text-sm text-stone-500 dark:text-stone-400">({t("console.screens.staff.you")})</span>}
              {m.pending === 1 && (
                <span
                  data-testid="invite-pending"
                  className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
                >
                  {t("console.invitations.pending")}
                </span>
              )}
            </p>
            <p className="text-sm text-stone-600 dark:text-stone-300">
              <span dir="ltr">{m.phone}</span> · {t(`console.roles.${m.role}`)}
            </p>
            <p className="text-sm text-stone-600 dark:text-stone-300">
              {m.role === "staff" ? branchNames(m.branch_ids) : t("console.screens.staff.allBranches")}
            </p>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-bold text-amber-800 dark:text-amber-300">{t("console.screens.staff.change")}</summary>
              <Form method="post" className="mt-2 grid gap-2">
                <input type="hidden" name="member" value={m.id} />
                <label className="text-sm font-bold">
                  {t("console.screens.staff.role")}
                  <select name="role" defaultValue={m.role} className={field}>
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`console.roles.${r}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <BranchChoices branches={branches} chosen={m.branch_ids} idPrefix={`member-${m.id}`} />
                <div className="flex flex-wrap gap-2">
                  <button
                    type="submit"
                    name="intent"
                    value="role"
                    disabled={busy}
                    className={`${button} bg-stone-900 text-white dark:bg-white dark:text-stone-900`}
                  >
                    {t("console.screens.staff.save")}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    disabled={busy}
                    className={`${button} text-red-800 ring-1 ring-red-800/40 dark:text-red-300 dark:ring-red-300/40`}
                  >
                    {t("console.screens.staff.remove")}
                  </button>
                </div>
              </Form>
            </details>
          </li>
        ))}
      </ul>
      <section aria-labelledby="invite-title" className={`${card} mt-6 max-w-xl`}>
        <h2 id="invite-title" className="text-lg font-bold">
          {t("console.screens.staff.inviteTitle")}
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {t("console.screens.staff.inviteText")}{" "}
          <span dir="ltr" className="font-bold">
            /console/sign-in
          </span>
        </p>
        <Form method="post" className="mt-3 grid gap-3">
          <label className="text-sm font-bold">
            {t("console.screens.staff.name")}
            <CountedInput
              name="name"
              required
              maxChars={NAME_MAX}
              autoComplete="off"
              className={field}
              defaultValue={outcome && !outcome.ok ? outcome.name : undefined}
            />
          </label>
          <label className="text-sm font-bold">
            {t("console.screens.staff.phone")}
            <input
              name="phone"
              type="tel"
              required
              maxLength={30}
              autoComplete="off"
              dir="ltr"
              placeholder={phoneExample}
              defaultValue={outcome && !outcome.ok ? outcome.phone : undefined}
              className={field}
            />
          </label>
          <label className="text-sm font-bold">
            {t("console.screens.staff.role")}
            <select name="role" defaultValue="staff" className={field}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`console.roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <BranchChoices branches={branches} chosen={[]} idPrefix="invite" />
          <button
            type="submit"
            name="intent"
            value="invite"
            disabled={busy}
            className={`${button} justify-self-start bg-stone-900 text-white dark:bg-white dark:text-stone-900`}
          >
            {t("console.screens.staff.invite")}
          </button>
        </Form>
      </section>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
