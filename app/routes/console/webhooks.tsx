// /console/webhooks (owners only): the restaurant's order webhooks — add an HTTPS endpoint (its signing
// secret shown once), send a test event, re-send a failed delivery, and each endpoint's recent log.
import { Form, useActionData } from "react-router";
import { useConsoleDates } from "~/lib/console-dates";
import type { Route } from "./+types/webhooks";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { EndpointCard } from "~/components/console/webhooks/endpoint-card";
import { useConsoleTranslation } from "~/locales/console";
import { loadWebhooks, webhooksAction } from "./webhooks.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadWebhooks(request, context);
export const action = ({ request, context }: Route.ActionArgs) => webhooksAction(request, context);

const box = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";

export default function Webhooks({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const outcome = useActionData<typeof action>();
  const { endpoints, deliveries, timeZone, max } = loaderData;
  const when = useConsoleDates(timeZone)({ dateStyle: "medium", timeStyle: "medium" }, "latin");
  const urlProblem = outcome && !outcome.ok && "typed" in outcome ? outcome.problem : null;
  return (
    <section aria-labelledby="webhooks-title" className="max-w-3xl space-y-5">
      <h1 id="webhooks-title" className="text-2xl font-bold">
        {t("console.webhooks.title")}
      </h1>
      <p className="text-stone-600 dark:text-stone-300">{t("console.webhooks.intro")}</p>
      {outcome && !urlProblem && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="webhooks-outcome"
          className={`rounded-xl px-4 py-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {outcome.ok ? t(`console.webhooks.done.${outcome.done}`) : t(`console.webhooks.refused.${outcome.problem as "input"}`)}
        </p>
      )}
      {outcome?.ok && (outcome.done === "added" || outcome.done === "renewed") && (
        <div role="status" className="space-y-2 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-300 dark:bg-amber-950 dark:ring-amber-700">
          <h2 className="font-bold">{t("console.webhooks.secretTitle")}</h2>
          <code dir="ltr" data-testid="webhook-secret" className="block select-all break-all rounded-lg bg-white px-3 py-2 dark:bg-stone-900">
            {outcome.secret}
          </code>
          <p className="text-sm">{t("console.webhooks.secretNote")}</p>
        </div>
      )}
      <Form method="post" className={`${box} grid gap-2`}>
        <h2 className="text-lg font-bold">{t("console.webhooks.addTitle")}</h2>
        <input type="hidden" name="intent" value="add" />
        <label htmlFor="webhook-url" className="font-bold">
          {t("console.webhooks.url")}
        </label>
        <input
          id="webhook-url"
          name="url"
          type="url"
          required
          maxLength={300}
          dir="ltr"
          placeholder="https://pos.example.com/hooks/menu"
          defaultValue={urlProblem && outcome && "typed" in outcome ? outcome.typed : ""}
          aria-invalid={urlProblem ? true : undefined}
          aria-describedby="webhook-url-hint"
          className="rounded-xl border border-black/15 bg-white px-3 py-2 dark:border-white/20 dark:bg-stone-950"
        />
        <p id="webhook-url-hint" className={`text-sm ${urlProblem ? "font-bold text-red-800 dark:text-red-300" : "text-stone-600 dark:text-stone-300"}`}>
          {urlProblem ? t(`console.webhooks.problems.${urlProblem}`, { max }) : t("console.webhooks.urlHint", { max })}
        </p>
        <button type="submit" className="justify-self-start rounded-full bg-stone-900 px-5 py-2 font-bold text-white dark:bg-white dark:text-stone-900">
          {t("console.webhooks.add")}
        </button>
      </Form>
      {endpoints.length === 0 ? (
        <p>{t("console.webhooks.none")}</p>
      ) : (
        <>
          <ul className="space-y-4">
            {endpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} deliveries={deliveries.filter((d) => d.endpoint_id === endpoint.id)} when={when} />
            ))}
          </ul>
          <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.webhooks.renewHint")}</p>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
