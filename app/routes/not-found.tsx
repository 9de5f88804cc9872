// Any path no route claims (marketing paths and malformed menu paths alike).
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/error-screen";
import { notFoundMeta } from "~/lib/seo";
import { getLanguage } from "~/middleware/language";
import { privatePageHeaders } from "~/lib/route-headers";

// Any path reaches it: kept nowhere, so no one can fill a shared cache with made-up paths.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => notFoundMeta(matches);

export function loader({ context }: Route.LoaderArgs) {
  return data({ lang: getLanguage(context) }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
