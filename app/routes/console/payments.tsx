// /console/payments (owners only): card payments through Tap Payments for a restaurant in Kuwait, Saudi
// Arabia, Bahrain, Qatar or Oman — its state (not connected, connected with a live or test key, or the
// key Tap refused), connecting with the restaurant's own Tap secret key (stored sealed, never shown
// again) and disconnecting. DEMO on screen where the site's Tap is the local stand-in.
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/payments";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { useConsoleTranslation } from "~/locales/console";
import { loadPayments, paymentsAction } from "./payments.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Card payments" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadPayments(request, context);
export const action = ({ request, context }: Route.ActionArgs) => paymentsAction(request, context);

const box = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const button = "justify-self-start rounded-full px-5 py-2 font-bold";

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const outcome = useActionData<typeof action>();
  const { tap, cardsThrough } = loaderData;
  const keyProblem = outcome && !outcome.ok && (outcome.problem === "secret_key" || outcome.problem === "refused") ? outcome.problem : null;
  return (
    <section aria-labelledby="payments-title" className="max-w-2xl space-y-5">
      <h1 id="payments-title" className="text-2xl font-bold">
        {t("console.payments.title")}
      </h1>
      <p className="text-stone-600 dark:text-stone-300">{t("console.payments.intro")}</p>
      {tap.demo && (
        <p
          data-testid="payments-demo"
          className="rounded-xl bg-amber-100 px-4 py-2 text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700"
        >
          <strong className="me-2 rounded bg-amber-700 px-2 py-0.5 text-sm text-white">DEMO</strong>
          {t("console.payments.demo")}
        </p>
      )}
      {outcome && !keyProblem && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="payments-outcome"
          className={`rounded-xl px-4 py-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {t(`console.payments.outcome.${outcome.ok ? outcome.done : outcome.problem}`)}
        </p>
      )}
      {!tap.available ? (
        <p data-testid="payments-unavailable" className={box}>
          {t(`console.payments.unavailable.${tap.unavailable ?? "site"}`)}
        </p>
      ) : (
        <>
          <div className={`${box} space-y-1`} data-testid="tap-state" data-state={tap.state}>
            <p className="font-bold">
              {t(`console.payments.state.${tap.state}`)} {tap.state === "refused" && tap.message && <span dir="auto">{tap.message}</span>}
            </p>
            {tap.state === "active" && <p className="text-sm text-stone-600 dark:text-stone-300">{t(`console.payments.mode.${tap.live ? "live" : "test"}`)}</p>}
          </div>
          <Form method="post" className={`${box} grid gap-2`}>
            <input type="hidden" name="intent" value="connect" />
            <label htmlFor="tap-secret-key" className="font-bold">
              {t("console.payments.key")}
            </label>
            <input
              id="tap-secret-key"
              name="secret_key"
              type="password"
              required
              autoComplete="off"
              spellCheck={false}
              maxLength={140}
              dir="ltr"
              placeholder="sk_live_…"
              aria-invalid={keyProblem ? true : undefined}
              aria-describedby="tap-secret-key-hint"
              className="rounded-xl border border-black/15 bg-white px-3 py-2 dark:border-white/20 dark:bg-stone-950"
            />
            <p
              id="tap-secret-key-hint"
              role={keyProblem ? "alert" : undefined}
              className={`text-sm ${keyProblem ? "font-bold text-red-800 dark:text-red-300" : "text-stone-600 dark:text-stone-300"}`}
            >
              {keyProblem ? t(`console.payments.outcome.${keyProblem}`) : t("console.payments.keyHint")}
            </p>
            <button type="submit" className={`${button} bg-stone-900 text-white dark:bg-white dark:text-stone-900`}>
              {t(tap.state === "active" ? "console.payments.replace" : "console.payments.connect")}
            </button>
          </Form>
          {tap.state === "active" && cardsThrough && (
            <Form method="post" className={`${box} grid gap-2`} data-testid="cards-through">
              <input type="hidden" name="intent" value="choose" />
              <fieldset className="grid gap-2">
                <legend className="font-bold">{t("console.payments.through.title")}</legend>
                {(["tap", "stripe"] as const).map((through) => (
                  <label key={through} className="flex items-start gap-2">
                    <input type="radio" name="through" value={through} defaultChecked={cardsThrough === through} className="mt-1 size-4 accent-stone-900" />
                    <span>{t(`console.payments.through.${through}`)}</span>
                  </label>
                ))}
              </fieldset>
              <button type="submit" className={`${button} bg-stone-900 text-white dark:bg-white dark:text-stone-900`}>
                {t("console.payments.through.save")}
              </button>
            </Form>
          )}
          {tap.state === "active" && (
            <Form method="post" className={`${box} grid gap-2`}>
              <input type="hidden" name="intent" value="forget" />
              <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.payments.forgetHint")}</p>
              <button type="submit" className={`${button} bg-red-700 text-white hover:bg-red-800`}>
                {t("console.payments.forget")}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
