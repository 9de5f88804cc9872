// /console: the "first steps" checklist (add a dish, declare its allergens, a Saudi restaurant's calories, set colours, print table
// codes, take a test order), each with a link to where it is done.
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { SmsBudgetNotice } from "~/components/console/sms-budget-notice";
import { ZatcaNotice } from "~/components/console/zatca-notice";
import { useConsoleTranslation } from "~/locales/console";
import { can } from "../../../worker/rules/roles";
import { useConsole } from "./layout";
import { loadHome } from "./home.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHome(request, context);
}

type Step = "dish" | "allergens" | "calories" | "colours" | "tables" | "testOrder";

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const { member } = useConsole();
  const { steps, dinerPage, codesPage, undeclared, caloriesStep, noCalories, smsBudget, zatca } = loaderData;
  const managing = can(member.role, "menu");
  const links: Record<Step, { to: string; external?: boolean } | null> = {
    dish: managing ? { to: "/console/menu" } : null,
    allergens: managing ? { to: "/console/menu#allergen-gaps" } : null,
    calories: managing ? { to: "/console/menu#calorie-gaps" } : null,
    colours: managing ? { to: "/console/branches/brand" } : null,
    tables: managing ? { to: codesPage } : null,
    testOrder: { to: dinerPage, external: true },
  };
  // A Saudi restaurant's menu must give every dish's calories (SFDA): a step of its own there.
  const order: Step[] = ["dish", "allergens", ...(caloriesStep ? (["calories"] as const) : []), "colours", "tables", "testOrder"];
  const done = order.filter((s) => steps[s]).length;
  return (
    <section aria-labelledby="first-steps">
      <SmsBudgetNotice budget={smsBudget} />
      <ZatcaNotice counts={zatca} />
      <h1 id="first-steps" className="text-2xl font-bold">
        {t("console.screens.home.title")}
      </h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{t("console.screens.home.intro")}</p>
      <p className="mt-1 text-sm font-bold text-stone-500 dark:text-stone-400" data-testid="steps-progress">
        {t("console.screens.home.progress", { done, total: order.length })}
      </p>
      <ol className="mt-4 grid gap-3 md:grid-cols-2">
        {order.map((step) => (
          <li
            key={step}
            data-testid={`step-${step}`}
            data-done={steps[step]}
            className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${steps[step] ? "bg-emerald-600 text-white" : "ring-2 ring-stone-300 dark:ring-stone-600"}`}
            >
              {steps[step] ? "✓" : ""}
            </span>
            <div className="min-w-0">
              <h2 className="font-bold">{t(`console.screens.home.${step}.title`)}</h2>
              <p className="text-sm font-bold text-stone-500 dark:text-stone-400">
                {steps[step] ? t("console.screens.home.done") : t("console.screens.home.todo")}
              </p>
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{t(`console.screens.home.${step}.text`)}</p>
              {step === "allergens" && undeclared > 0 && (
                <p className="mt-1 text-sm font-bold text-amber-800 dark:text-amber-300" data-testid="undeclared-count">
                  {t("console.dishOptions.gaps.count", { count: undeclared })}
                </p>
              )}
              {step === "calories" && noCalories > 0 && (
                <p className="mt-1 text-sm font-bold text-amber-800 dark:text-amber-300" data-testid="no-calories-count">
                  {t("console.nutrition.gaps.count", { count: noCalories })}
                </p>
              )}
              {links[step] &&
                (links[step].external ? (
                  <a href={links[step].to} className="mt-2 inline-block text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
                    {t(`console.screens.home.${step}.link`)}
                  </a>
                ) : (
                  <Link to={links[step].to} className="mt-2 inline-block text-sm font-bold text-amber-800 underline underline-offset-4 dark:text-amber-300">
                    {t(`console.screens.home.${step}.link`)}
                  </Link>
                ))}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
