// Social links (spec: types 0–6, and 7 TikTok, the embedded API's addition beside the contract; a
// value without http(s):// gets https:// prepended). A handle
// ("@saffron") opens the network's profile page, and a WhatsApp number (local or international) opens
// wa.me with the number in E.164, read in the restaurant's country.
import { toE164 } from "../../worker/rules/e164";

export const SOCIAL_TYPES = ["facebook", "instagram", "whatsapp", "telegram", "snapchat", "twitter", "location", "tiktok"] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export function socialType(type: number): SocialType | null {
  return SOCIAL_TYPES[type] ?? null;
}

/** Each network's profile address for a handle (X for the spec's "twitter"). */
const PROFILE: Partial<Record<SocialType, (handle: string) => string>> = {
  facebook: (h) => `https://www.facebook.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}/`,
  telegram: (h) => `https://t.me/${h}`,
  snapchat: (h) => `https://www.snapchat.com/add/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
};
// "@name" may hold dots (instagram's "saffron.cafe"); a bare word is a handle only without a dot,
// else it is a host ("instagram.com/saffron").
const AT_HANDLE = /^@([A-Za-z0-9_.]{1,50})$/;
const BARE_HANDLE = /^([A-Za-z0-9_]{1,50})$/;
// Digits with the layout people type around them, and nothing else: a phone number, not a link.
const PHONE_LIKE = /^\+?[\d\s\-.()\u00a0]{6,24}$/;

/** The web address a value is, or null when it cannot be one. */
function webHref(value: string): string | null {
  const href = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(href);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    // A host with a name ending (".com", ".ae"), not a bare word or a number read as an address.
    return /\.[a-z][a-z0-9-]*$/i.test(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The link to open, or null when the value cannot be one. With the network's type, "@name" is its
 * profile and a WhatsApp number is wa.me (a local number needs `country`, ISO 3166 "AE").
 */
export function socialHref(value: string | null | undefined, type?: SocialType | null, country?: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const profile = type ? PROFILE[type] : undefined;
  const handle = AT_HANDLE.exec(trimmed) ?? BARE_HANDLE.exec(trimmed);
  if (profile && handle) return profile(handle[1]!);
  if (type === "whatsapp" && PHONE_LIKE.test(trimmed)) {
    const e164 = toE164(trimmed, country ?? "");
    return e164 ? `https://wa.me/${e164.slice(1)}` : null;
  }
  return webHref(trimmed);
}
