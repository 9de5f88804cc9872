// /privacy-policy and /terms-of-service: one module registered twice; the path says which.
import type { Route } from "./+types/legal";
import { LegalPage } from "~/components/marketing/legal-page";
import { marketingData, marketingPage } from "~/lib/marketing.server";
import { marketingMeta } from "~/lib/marketing-meta";
import { legalDocument } from "~/locales/marketing/legal.server";
import { publicPageHeaders } from "~/lib/route-headers";

const kindOf = (pathname: string) => (pathname.startsWith("/privacy") ? "privacy" : "terms");

export const meta: Route.MetaFunction = ({ loaderData, location }) => marketingMeta(loaderData, kindOf(location.pathname));
export const headers: Route.HeadersFunction = publicPageHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const page = marketingPage(request, context);
  return marketingData({ ...page, doc: legalDocument(kindOf(page.path), page.lang) });
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  return <LegalPage doc={loaderData.doc} />;
}
