// /sitemap.xml: the site's (marketing pages, listed restaurants) or, on a restaurant's own hostname, the restaurant's.
import type { Route } from "./+types/sitemap";
import { loadSitemap } from "./sitemap.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSitemap(request, context);
}
