// The picture a shared link shows (og:image and twitter:image, docs/decisions/0082). Chat apps show only a
// raster file (no SVG), WhatsApp only one under about 300 KB: so an uploaded picture gets a share copy, a
// JPEG of at most SHARE_MAX_SIDE px and SHARE_MAX_BYTES made in the console's browser, stored beside it
// under a sibling name; the picture's own name carries the copy's size (pictures/7/{hash}.1200x800.png →
// pictures/7/{hash}.1200x800.share.jpg), so a page names it without reading storage. The demo's SVG
// pictures have committed copies (./demo-share-copies.ts). Anything else: the picture itself, never an SVG.
import { DEMO_SHARE_COPIES, DEMO_SHARE_SIDE } from "./demo-share-copies";
import { STORAGE_PATH } from "./image-url";

export { SHARE_MAX_BYTES, SHARE_MAX_SIDE } from "./picture-limit";

export interface ShareImage {
  /** The picture's URL as the page has it (a path on this site, or an external backend's address). */
  url: string;
  type: string | null;
  width: number | null;
  height: number | null;
}

const SIZED = /^(pictures\/[1-9]\d{0,9}\/[0-9a-f]{32}\.([1-9]\d{0,3})x([1-9]\d{0,3}))\.(?:jpg|png|webp|gif|avif)$/;

/** An uploaded picture's name when a share copy of `width` × `height` is stored beside it. */
export const sizedPictureKey = (key: string, width: number, height: number) => key.replace(/\.(\w+)$/, `.${width}x${height}.$1`);

/** The share copy's name and size beside an uploaded picture's `key`, or null (a picture stored without one). */
export function shareCopyOf(key: string): { key: string; width: number; height: number } | null {
  const sized = SIZED.exec(key);
  return sized ? { key: `${sized[1]}.share.jpg`, width: Number(sized[2]), height: Number(sized[3]) } : null;
}

const TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", avif: "image/avif" };

/** What a link to a page showing the picture at `url` should show: its share copy, else itself unless an SVG; null for none. */
export function shareImage(url: string | null | undefined): ShareImage | null {
  if (!url) return null;
  const path = url.startsWith(STORAGE_PATH) ? url.slice(STORAGE_PATH.length) : null;
  const copy = path === null ? null : shareCopyOf(path);
  if (copy) return { url: `${STORAGE_PATH}${copy.key}`, type: "image/jpeg", width: copy.width, height: copy.height };
  if (path !== null && DEMO_SHARE_COPIES.has(path)) {
    return { url: `${STORAGE_PATH}share/${path.replace(/\.svg$/, ".jpg")}`, type: "image/jpeg", width: DEMO_SHARE_SIDE, height: DEMO_SHARE_SIDE };
  }
  const ext = /\.(\w+)(?:[?#].*)?$/.exec(url)?.[1]?.toLowerCase() ?? "";
  if (ext === "svg") return null;
  return { url, type: TYPES[ext] ?? null, width: null, height: null };
}
