import { createThemeSessionResolver } from "remix-themes";
import { preferenceSession } from "./cookies.server";

// The theme is not personal data: a fixed fallback secret only keeps the cookie's shape honest.
const FALLBACK_SECRET = "menu-theme-preference";

export function themeSessionResolver(request: Request, env: Env) {
  const storage = preferenceSession(new URL(request.url), "theme", env.SESSION_SECRET || FALLBACK_SECRET);
  return createThemeSessionResolver(storage)(request);
}
