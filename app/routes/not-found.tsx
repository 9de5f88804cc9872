// Any path no route claims (marketing paths and malformed menu paths alike).
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/error-screen";
import { notFoundMeta } from "~/lib/seo";
import { getLanguage } from "~/middleware/language";

export const meta: Route.MetaFunction = ({ matches }) => notFoundMeta(matches);

export function loader({ context }: Route.LoaderArgs) {
  return data({ lang: getLanguage(context) }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
