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

// Read on every page request: made once per name and scheme.
const preferenceCookies = new Map<string, Cookie>();

/** A long-lived preference cookie (language, theme) for this request's origin. */
export function preferenceCookie(url: URL, name: string): Cookie {
  const fullName = cookieName(url, name);
  let cookie = preferenceCookies.get(fullName);
  if (!cookie) {
    cookie = createCookie(fullName, { path: "/", sameSite: "lax", httpOnly: true, secure: isSecureUrl(url), maxAge: ONE_YEAR });
    preferenceCookies.set(fullName, cookie);
  }
  return cookie;
}

/**
 * A preference the page's own script writes (document.cookie), so not HttpOnly: its name and what
 * follows its value, the same attributes as the others.
 */
export function scriptCookie(url: URL, name: string): { name: string; attributes: string } {
  return { name: cookieName(url, name), attributes: `; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${isSecureUrl(url) ? "; Secure" : ""}` };
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

/**
 * A Cookie header as React Router reads it (its `createCookie().parse`, i.e. cookie-es `parse`), so
 * that everything that reads a cookie here reads the same value the framework would: pairs split on
 * ";", a pair without "=" skipped, names and values trimmed of spaces and tabs (nothing else), values
 * %-decoded when they decode, the first of a repeated name wins. tests/unit/cookies.test.ts holds it
 * to React Router's own parse.
 */
export interface ParsedCookies {
  /** The value of `name`, or undefined when absent. */
  get(name: string): string | undefined;
  /**
   * True when `name` could be read another way: it is repeated, or whitespace other than the one
   * space after ";" surrounds its name or value. A browser never sends our cookies like that.
   */
  ambiguous(name: string): boolean;
  /** Every name, once. */
  names(): IterableIterator<string>;
}

const isBlank = (code: number) => code === 32 || code === 9;

function trimmed(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function decoded(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function parseCookies(header: string | null): ParsedCookies {
  const values = new Map<string, string>();
  const odd = new Set<string>();
  const text = header ?? "";
  let index = 0;
  // (cookie-es reads nothing from a header shorter than two characters.)
  while (text.length >= 2 && index < text.length) {
    const eq = text.indexOf("=", index);
    if (eq === -1) break;
    const semicolon = text.indexOf(";", index);
    const end = semicolon === -1 ? text.length : semicolon;
    if (eq > end) {
      // No "=" in this pair: go on from the pair that holds the next "=".
      index = text.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    const rawName = text.slice(index, eq);
    const rawValue = text.slice(eq + 1, end);
    const name = trimmed(rawName);
    const value = trimmed(rawValue);
    if (values.has(name) || (rawName !== name && rawName !== ` ${name}`) || rawValue !== value) odd.add(name);
    if (!values.has(name)) values.set(name, decoded(value));
    index = end + 1;
  }
  return {
    get: (name) => values.get(name),
    ambiguous: (name) => odd.has(name),
    names: () => values.keys(),
  };
}

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  return parseCookies(header).get(name) ?? null;
}
