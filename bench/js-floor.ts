// The diner's JavaScript budget (docs/decisions/0035) is on our code, not React's: this builds a minimal React Router app
// (a root with <Links>/<Scripts>, one route, the default client entry) with the project's own Vite
// and React Router config, and measures the gzip JS its page loads, the "framework floor"; a page's
// own weight is what it loads minus that floor. On its own, `npx node bench/js-floor.ts` prints the
// three screens' figures for the current build/ (`npx react-router build` first) without serving it.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import { buildSite } from "../scripts/serve-build.ts";

const PROJECT = resolve(import.meta.dirname, "..");
const FLOOR_DIR = join(PROJECT, "tmp/js-floor");

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The browser manifest of a client build (assets/manifest-*.js; the server inlines the matched part in the HTML). */
function readManifest(clientDir: string): Manifest {
  const files = readdirSync(join(clientDir, "assets")).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  // A build directory keeps old assets; the newest manifest is the build's.
  const newest = files.sort((a, b) => statMs(clientDir, b) - statMs(clientDir, a))[0];
  if (!newest) throw new Error(`${clientDir} has no React Router manifest: build first`);
  const text = readFileSync(join(clientDir, "assets", newest), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;?\s*$/, "")) as Manifest;
}
const statMs = (clientDir: string, file: string) => statSync(join(clientDir, "assets", file)).mtimeMs;

/** The scripts <Scripts> has the browser load for `pathname`: the entry and each matched route, with their imports. */
export function pageScripts(clientDir: string, pathname: string): string[] {
  const manifest = readManifest(clientDir);
  const nodes = new Map<string, RouteObject>(
    Object.values(manifest.routes).map((r) => [r.id, r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: [] }]),
  );
  const top: RouteObject[] = [];
  for (const route of Object.values(manifest.routes)) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) parent.children!.push(node);
    else top.push(node);
  }
  const matches = matchRoutes(top, pathname) ?? [];
  if (!matches.length) throw new Error(`no route matches ${pathname}`);
  const routes = matches.map((m) => manifest.routes[m.route.id!]!);
  return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])])])];
}

/** Gzip bytes of the given /assets/… files of a client build. */
export function gzipBytes(clientDir: string, hrefs: Iterable<string>): number {
  let total = 0;
  for (const href of hrefs) total += gzipSync(readFileSync(join(clientDir, href))).length;
  return total;
}

/** The project's Workers compatibility date (wrangler.toml), for the floor's bare worker. */
function projectCompatibilityDate(): string {
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(join(PROJECT, "wrangler.toml"), "utf8"))?.[1];
  if (!date) throw new Error("wrangler.toml has no compatibility_date");
  return date;
}

/**
 * Builds the minimal app in tmp/js-floor and returns the gzip bytes of the JS its page loads. Its
 * vite.config.ts and react-router.config.ts re-export the project's, so plugins and build options
 * cannot drift; the Cloudflare plugin gets a wrangler config of its own pointing at a bare worker.
 */
export function frameworkFloor(): number {
  rmSync(FLOOR_DIR, { recursive: true, force: true });
  const files: Record<string, string> = {
    "vite.config.ts": `export { default } from "${relative(FLOOR_DIR, join(PROJECT, "vite.config.ts"))}";\n`,
    "react-router.config.ts": `export { default } from "${relative(FLOOR_DIR, join(PROJECT, "react-router.config.ts"))}";\n`,
    "wrangler.jsonc": JSON.stringify({ name: "js-floor", main: "./worker.ts", compatibility_date: projectCompatibilityDate() }),
    "worker.ts": [
      `import { createRequestHandler } from "react-router";`,
      `const handler = createRequestHandler(() => import("virtual:react-router/server-build"), "production");`,
      `export default { fetch: (request: Request) => handler(request) };`,
    ].join("\n"),
    "app/routes.ts": `import { index, type RouteConfig } from "@react-router/dev/routes";\nexport default [index("routes/home.tsx")] satisfies RouteConfig;\n`,
    "app/root.tsx": [
      `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";`,
      `export function Layout({ children }: { children: React.ReactNode }) {`,
      `  return <html lang="en"><head><meta charSet="utf-8" /><Meta /><Links /></head><body>{children}<ScrollRestoration /><Scripts /></body></html>;`,
      `}`,
      `export default function App() { return <Outlet />; }`,
    ].join("\n"),
    "app/routes/home.tsx": `export default function Home() { return <p>floor</p>; }\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(FLOOR_DIR, name, ".."), { recursive: true });
    writeFileSync(join(FLOOR_DIR, name), text);
  }
  buildSite(FLOOR_DIR);
  const client = join(FLOOR_DIR, "build/client");
  return gzipBytes(client, pageScripts(client, "/"));
}

if (import.meta.main) {
  const PAGES = { "branch list": "/saffron", "branch home": "/saffron/1", "menu page": "/saffron/1/1" };
  const floor = frameworkFloor();
  const kb = (bytes: number) => (bytes / 1024).toFixed(2);
  console.log(`framework floor: ${kb(floor)} KB gzip`);
  for (const [label, path] of Object.entries(PAGES)) {
    const page = gzipBytes(join(PROJECT, "build/client"), pageScripts(join(PROJECT, "build/client"), path));
    console.log(`${label}: page ${kb(page)} KB, ours ${kb(page - floor)} KB (budget ≤ 20)`);
  }
}
