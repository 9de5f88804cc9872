// Social links (spec: types 0–6; a value without http(s):// gets https:// prepended).
export const SOCIAL_TYPES = ["facebook", "instagram", "whatsapp", "telegram", "snapchat", "twitter", "location"] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export function socialType(type: number): SocialType | null {
  return SOCIAL_TYPES[type] ?? null;
}

/** The link to open, or null when the value cannot be a web address. */
export function socialHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
