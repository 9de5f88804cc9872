// /about-us: who makes the product.
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { MarketingShell } from "~/components/marketing/site-footer";
import { useMarketing } from "~/components/marketing/use-marketing";
import { marketingData, marketingPage } from "~/lib/marketing.server";
import { marketingMeta } from "~/lib/marketing-meta";
import { publicPageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = ({ loaderData }) => marketingMeta(loaderData, "about");
export const headers: Route.HeadersFunction = publicPageHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  return marketingData(marketingPage(request, context));
}

export default function About() {
  const m = useMarketing();
  return (
    <MarketingShell>
      <article className="mx-auto max-w-3xl px-4 pt-10">
        <h1 className="text-4xl font-bold">{m.about.title}</h1>
        {m.about.paragraphs.map((p) => (
          <p key={p} className="mt-5 text-lg leading-relaxed text-on-surface/85">
            {p}
          </p>
        ))}
        <Link to="/contact" className="mt-8 inline-block rounded-full bg-amber-800 px-6 py-3 font-bold text-white hover:bg-amber-900">
          {m.cta.button}
        </Link>
      </article>
    </MarketingShell>
  );
}
