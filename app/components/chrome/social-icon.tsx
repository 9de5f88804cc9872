// Glyphs for the social link types (docs/spec.txt section 3's seven, and TikTok), drawn in currentColor.
import type { SocialType } from "~/lib/social";

const PATHS: Record<SocialType, string> = {
  facebook: "M14 8h2.5V4.5H14A4 4 0 0 0 10 8.5V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V8.9c0-.5.4-.9.9-.9Z",
  instagram:
    "M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3Zm4.5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
  whatsapp:
    "M12 3a9 9 0 0 0-7.8 13.4L3 21l4.7-1.2A9 9 0 1 0 12 3Zm4.6 12.6c-.2.6-1.2 1.1-1.7 1.2-.4 0-1 .2-3.2-.7a10 10 0 0 1-4-3.6c-.3-.4-1-1.5-1-2.8s.7-2 1-2.3c.2-.3.5-.4.7-.4h.5c.2 0 .4 0 .6.5l.8 2c.1.1.1.3 0 .5l-.4.6-.3.4c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.7-.1l1.9.9c.3.1.4.2.5.3.1.2.1.7-.1 1.3Z",
  telegram: "M21 4 3 11l5.5 2 2 6 3-3.5 4.5 3.5L21 4Zm-4.5 4-6.8 5.6-.3 3-1.2-3.9L16.5 8Z",
  snapchat:
    "M12 3c3 0 5 2.2 5 5v2.2l1.6-.5c.6 0 .9.6.4 1l-2 1c.6 1.9 2 3.2 3.6 3.6.4.1.4.6 0 .8-.8.4-1.9.5-2.3.7-.2.5-.2 1-.7 1-.6 0-1.3-.3-2.3 0-1 .3-1.6 1.7-3.3 1.7S9.7 18 8.7 17.7c-1-.3-1.7 0-2.3 0-.5 0-.5-.5-.7-1-.4-.2-1.5-.3-2.3-.7-.4-.2-.4-.7 0-.8 1.6-.4 3-1.7 3.6-3.6l-2-1c-.5-.4-.2-1 .4-1l1.6.5V8c0-2.8 2-5 5-5Z",
  twitter: "M4 4h4.5l4 5.5L17 4h2.5l-5.8 7 6.3 9h-4.5l-4.3-6-5 6H3.7l6.1-7.3L4 4Z",
  tiktok: "M13.5 3h3a4.5 4.5 0 0 0 4.5 4.5v3a7.4 7.4 0 0 1-4.5-1.5V15a6 6 0 1 1-6-6v3.2a2.8 2.8 0 1 0 3 2.8V3Z",
  location: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Zm0-14a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z",
};

export function SocialIcon({ type, className }: { type: SocialType; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      <path d={PATHS[type]} fillRule="evenodd" />
    </svg>
  );
}
