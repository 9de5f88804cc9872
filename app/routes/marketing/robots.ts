// /robots.txt: everything may be crawled except the site's endpoints.
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const { origin } = new URL(request.url);
  const body = ["User-agent: *", "Disallow: /api/", "Disallow: /action/", "Disallow: /_edge/", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
