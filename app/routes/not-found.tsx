// Any path no route claims (marketing paths and malformed menu paths alike).
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/error-screen";
import { defaultLanguage, isLanguage } from "~/locales";
import { marketingStrings } from "~/locales/marketing";
import { getLocale } from "~/middleware/i18next";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = marketingStrings(loaderData?.lang ?? defaultLanguage);
  return [{ title: `${m.titles.notFound} · ${m.brand}` }, { name: "robots", content: "noindex" }];
};

export function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  return data({ lang: isLanguage(locale) ? locale : defaultLanguage }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
