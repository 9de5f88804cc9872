// /console/insights: what diners look at in one branch (docs/decisions/0007): views by hour of day, orders per
// day, the most viewed dishes and menus, over the last 7 or 30 days (branch and period in the URL).
import type { Route } from "./+types/insights";
import { useConsoleDates } from "~/lib/console-dates";
import { ColumnChart } from "~/components/console/insights/column-chart";
import { ChoiceLinks } from "~/components/console/insights/choice-links";
import { RankedList } from "~/components/console/insights/ranked-list";
import { RatingsCard } from "~/components/console/insights/ratings-card";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { formatMoney, majorUnits } from "~/lib/money";
import { useConsoleTranslation } from "~/locales/console";
import { loadInsights } from "./insights.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInsights(request, context);
}

const card = "mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export default function ConsoleInsights({ loaderData: { branches, branchId, days, insights } }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const href = (branch: number | null, d: number) => `/console/insights?days=${d}${branch ? `&branch=${branch}` : ""}`;
  // Day labels in the branch's calendar ("2025-06-01" is that date, whatever the viewer's zone).
  const dayFormat = useConsoleDates("UTC")({ day: "numeric", month: "short" }, "latin");
  const dayName = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const views = insights ? sum(insights.hours) : 0;
  const orders = insights ? sum(insights.orders.map((o) => o.orders)) : 0;
  // Revenue and average ticket come in minor units (fils, cents).
  const money = (minor: number) => formatMoney(majorUnits(minor, insights?.sales.currency ?? "AED"), lang, insights?.sales.currency);
  return (
    <section aria-labelledby="insights-title">
      <h1 id="insights-title" className="text-2xl font-bold">
        {t("console.insights.title")}
      </h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{t("console.insights.intro")}</p>
      {branches.length === 0 || !insights ? (
        <p className={card}>{t("console.insights.noBranches")}</p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
            {branches.length > 1 ? (
              <ChoiceLinks
                label={t("console.insights.branch")}
                testId="insights-branches"
                choices={branches.map((b) => ({ key: String(b.id), text: localized(b, "name", lang), to: href(b.id, days), current: b.id === branchId }))}
              />
            ) : (
              <p className="text-sm">
                <span className="block text-xs font-bold text-stone-600 dark:text-stone-300">{t("console.insights.branch")}</span>
                {localized(branches[0]!, "name", lang)}
              </p>
            )}
            <ChoiceLinks
              label={t("console.insights.period")}
              testId="insights-days"
              choices={[7, 30].map((d) => ({
                key: String(d),
                text: t(d === 7 ? "console.insights.days7" : "console.insights.days30"),
                to: href(branchId, d),
                current: d === days,
              }))}
            />
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4" aria-describedby="insights-sales-caption">
            {[
              { key: "views", label: t("console.insights.totalViews"), value: String(views) },
              { key: "orders", label: t("console.insights.totalOrders"), value: String(orders) },
              { key: "revenue", label: t("console.insights.revenue"), value: money(insights.sales.revenue) },
              { key: "average", label: t("console.insights.averageTicket"), value: money(insights.sales.averageTicket) },
            ].map((stat) => (
              <div key={stat.key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
                <dt className="text-sm text-stone-600 dark:text-stone-300">{stat.label}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid={`insights-total-${stat.key}`}>
                  <bdi>{stat.value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          <p id="insights-sales-caption" className="mt-2 text-sm text-stone-600 dark:text-stone-300">
            {t("console.insights.salesCaption")}
          </p>
          {views === 0 && orders === 0 && insights.dishes.length === 0 && insights.menus.length === 0 ? (
            <p className={card} data-testid="insights-empty">
              {t("console.insights.empty")}
            </p>
          ) : (
            <div className="md:grid md:grid-cols-2 md:gap-4">
              <section aria-labelledby="insights-hours" className={card}>
                <h2 id="insights-hours" className="font-bold">
                  {t("console.insights.hoursTitle")}
                </h2>
                <ColumnChart
                  testId="insights-hours-chart"
                  keyLabel={t("console.insights.hour")}
                  valueLabel={t("console.insights.views")}
                  caption={t("console.insights.hoursCaption", { zone: insights.timeZone })}
                  columns={insights.hours.map((value, hour) => ({
                    axis: hour % 6 === 0 ? String(hour) : "",
                    name: `${String(hour).padStart(2, "0")}:00`,
                    value,
                  }))}
                />
              </section>
              <section aria-labelledby="insights-orders" className={card}>
                <h2 id="insights-orders" className="font-bold">
                  {t("console.insights.ordersTitle")}
                </h2>
                <ColumnChart
                  testId="insights-orders-chart"
                  keyLabel={t("console.insights.day")}
                  valueLabel={t("console.insights.orders")}
                  caption={t("console.insights.ordersCaption")}
                  columns={insights.orders.map((o, i, all) => ({
                    axis: (all.length - 1 - i) % (days === 7 ? 2 : 7) === 0 ? dayName(o.day) : "",
                    name: dayName(o.day),
                    value: o.orders,
                  }))}
                />
              </section>
              <section aria-labelledby="insights-dishes" className={card}>
                <h2 id="insights-dishes" className="font-bold">
                  {t("console.insights.dishesTitle")}
                </h2>
                <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.insights.dishesCaption")}</p>
                <RankedList label={t("console.insights.dishesTitle")} rows={insights.dishes} empty={t("console.insights.none")} testId="insights-dishes" />
              </section>
              <section aria-labelledby="insights-menus" className={card}>
                <h2 id="insights-menus" className="font-bold">
                  {t("console.insights.menusTitle")}
                </h2>
                <p className="text-sm text-stone-600 dark:text-stone-300">{t("console.insights.menusCaption")}</p>
                <RankedList label={t("console.insights.menusTitle")} rows={insights.menus} empty={t("console.insights.none")} testId="insights-menus" />
              </section>
              <RatingsCard ratings={insights.ratings} className={card} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
