import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The menu app's screens exist at /{domain}/… and again under /table/{table}/…; each module is
// registered twice with distinct ids.
function menuApp(prefix: string, idPrefix: string) {
  return [route(`${prefix}:domain`, "routes/tenant/branches.tsx", { id: `${idPrefix}branches` })];
}

export default [
  index("routes/home.tsx"),
  route("action/set-theme", "routes/action.set-theme.ts"),
  route("action/set-language", "routes/action.set-language.ts"),
  ...menuApp("", ""),
  ...menuApp("table/:table/", "table-"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
