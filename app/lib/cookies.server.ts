// Cookie attributes in one place: `__Host-` prefix and Secure on https; on plain http
// (http://localhost during development and tests) browsers refuse both, so neither is set.
import { createCookie, createCookieSessionStorage, type Cookie } from "react-router";

export function isSecureUrl(url: URL): boolean {
  return url.protocol === "https:";
}

export function cookieName(url: URL, name: string): string {
  return isSecureUrl(url) ? `__Host-${name}` : name;
}

const ONE_YEAR = 60 * 60 * 24 * 365;

/** A long-lived preference cookie (language, theme) for this request's origin. */
export function preferenceCookie(url: URL, name: string): Cookie {
  return createCookie(cookieName(url, name), {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: isSecureUrl(url),
    maxAge: ONE_YEAR,
  });
}

/** Session storage in a cookie; `secret` signs it (the theme needs no secrecy, only integrity). */
export function preferenceSession(url: URL, name: string, secret: string) {
  return createCookieSessionStorage({
    cookie: {
      name: cookieName(url, name),
      path: "/",
      sameSite: "lax",
      httpOnly: true,
      secure: isSecureUrl(url),
      maxAge: ONE_YEAR,
      secrets: [secret],
    },
  });
}

/** The raw value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}
