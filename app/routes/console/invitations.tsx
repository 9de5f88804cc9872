// /console/invitations: the invitations waiting for the signed-in person. Each names the restaurant
// and the role; accepting asks for the person's own name (theirs alone) and opens the console there;
// declining removes it. Plain forms; outside the console frame (no restaurant is theirs yet).
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/invitations";
import { PreferenceButtons } from "~/components/preferences";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { invitationsAction, loadInvitations, type InvitationAnswer } from "./invitations.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Invitations · Console" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadInvitations(request, context);
export const action = ({ request, context }: Route.ActionArgs) => invitationsAction(request, context);

const field =
  "h-12 w-full rounded-xl bg-white px-3 ring-1 ring-black/15 focus:ring-2 focus:ring-stone-900 focus:outline-none dark:bg-stone-950 dark:ring-white/20 dark:focus:ring-white";

export default function Invitations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const busy = useNavigation().state !== "idle";
  const answer = actionData as InvitationAnswer | undefined;
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900 dark:bg-stone-950 dark:text-stone-50">
      <main id="main" className="mx-auto flex max-w-md flex-col gap-5 px-4 py-8">
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs font-bold uppercase tracking-wide text-stone-500 dark:text-stone-400">{t("console.title")}</p>
          <PreferenceButtons />
        </div>
        <h1 className="text-2xl font-bold">{t("console.invitations.title")}</h1>
        {answer && !answer.ok && (
          <p role="alert" className="font-bold text-red-700 dark:text-red-400">
            {t(`console.invitations.errors.${answer.error}`)}
          </p>
        )}
        {answer?.ok && (
          <p role="status" className="font-bold text-green-800 dark:text-green-300">
            {t("console.invitations.declined")}
          </p>
        )}
        {loaderData.invitations.length === 0 ? (
          <p data-testid="no-invitations">{t("console.invitations.none")}</p>
        ) : (
          <>
            <p className="text-stone-600 dark:text-stone-300">{t("console.invitations.lead")}</p>
            <ul className="space-y-4" data-testid="invitations">
              {loaderData.invitations.map((invite) => (
                <li key={invite.member_id} className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-black/10 dark:bg-stone-900 dark:ring-white/10">
                  <div>
                    <p className="text-lg font-bold">{localized(invite, "name", lang)}</p>
                    <p className="text-sm text-stone-600 dark:text-stone-300">
                      {t("console.invitations.invitedAs", { role: t(`console.roles.${invite.role}`) })} · <bdi dir="ltr">/{invite.domain}</bdi>
                    </p>
                  </div>
                  <Form method="post" className="space-y-3">
                    <input type="hidden" name="member" value={invite.member_id} />
                    <label className="block">
                      <span className="mb-1 block font-bold">{t("console.invitations.yourName")}</span>
                      <input name="name" required maxLength={80} defaultValue={loaderData.name} autoComplete="name" className={field} />
                      <span className="mt-1 block text-sm text-stone-600 dark:text-stone-300">{t("console.invitations.yourNameHint")}</span>
                    </label>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="submit"
                        name="intent"
                        value="accept"
                        disabled={busy}
                        className="h-12 rounded-full bg-stone-900 px-6 font-bold text-white disabled:opacity-50 dark:bg-white dark:text-stone-900"
                      >
                        {t("console.invitations.accept")}
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="decline"
                        formNoValidate
                        disabled={busy}
                        className="h-12 rounded-full px-6 font-bold ring-1 ring-black/15 disabled:opacity-50 dark:ring-white/25"
                      >
                        {t("console.invitations.decline")}
                      </button>
                    </div>
                  </Form>
                </li>
              ))}
            </ul>
          </>
        )}
        {loaderData.member ? (
          <Link to="/console" className="font-bold underline underline-offset-2">
            {t("console.invitations.back")}
          </Link>
        ) : (
          loaderData.invitations.length === 0 && (
            <Link to="/signup" className="font-bold underline underline-offset-2">
              {t("console.invitations.signup")}
            </Link>
          )
        )}
      </main>
    </div>
  );
}
