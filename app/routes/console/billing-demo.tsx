// /console/billing/demo: the DEMO stand-in for Stripe Checkout; one button starts the free trial.
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { Form } from "react-router";
import type { Route } from "./+types/billing-demo";
import { useConsoleTranslation } from "~/locales/console";
import { billingDemoAction, loadBillingDemo } from "./billing-demo.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "DEMO billing" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => loadBillingDemo(request, context);
export const action = ({ request, context }: Route.ActionArgs) => billingDemoAction(request, context);

export default function BillingDemo({ loaderData }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  return (
    <section aria-labelledby="demo-title" className="max-w-xl space-y-4">
      <p className="inline-block rounded bg-amber-700 px-2 py-0.5 text-sm font-bold text-white">DEMO</p>
      <h1 id="demo-title" className="text-2xl font-bold">
        {t("console.account.demo.title")}
      </h1>
      <p>{t("console.account.demo.text", { days: loaderData.days })}</p>
      <Form method="post">
        <button type="submit" className="rounded-full bg-emerald-700 px-6 py-3 font-bold text-white hover:bg-emerald-800">
          {t("console.account.demo.start")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
