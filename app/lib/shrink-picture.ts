// A photo over the upload's 5 MB (a phone camera's) is re-encoded in the browser before it is sent:
// drawn on a canvas at most MAX_SIDE pixels on its longer side and saved as WebP (JPEG where the
// browser cannot write WebP), smaller and smaller until it fits. Null when it cannot be made to fit.
// Every picture also gets a share copy for link previews (a small JPEG sent beside it, ./shareCopy).
import { MAX_PICTURE_BYTES, SHARE_MAX_BYTES, SHARE_MAX_SIDE } from "../../worker/rules/picture-limit";

const MAX_SIDE = 2560;
const QUALITIES = [0.85, 0.75, 0.6];
const SHRINK_STEPS = 4;

const encode = (canvas: HTMLCanvasElement, type: string, quality: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

interface Shrink {
  /** The longer side's first size, in pixels (a smaller picture keeps its own). */
  maxSide: number;
  /** Each next size, as a share of the last. */
  shrink: number;
  qualities: readonly number[];
  /** Drawn on white first (a PNG's transparency would turn black in a JPEG). */
  white?: boolean;
  /** The file this encoding makes, or null to try the next. */
  take: (canvas: HTMLCanvasElement, quality: number) => Promise<File | null>;
}

/** The first of `file` drawn smaller and smaller (SHRINK_STEPS sizes) and encoded at each quality that `take` takes; null when none (or not decodable). */
async function firstFit(file: File, { maxSide, shrink, qualities, white = false, take }: Shrink): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    let scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    for (let step = 0; step < SHRINK_STEPS; step++, scale *= shrink) {
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext("2d");
      if (!context) return null;
      if (white) {
        context.fillStyle = "#fff";
        context.fillRect(0, 0, canvas.width, canvas.height);
      }
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of qualities) {
        const made = await take(canvas, quality);
        if (made) return made;
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/** `file` as it is when it fits, else a smaller re-encoding of it, or null (not decodable, or still too big). */
export async function fitPicture(file: File, limit = MAX_PICTURE_BYTES): Promise<File | null> {
  if (file.size <= limit) return file;
  const name = file.name.replace(/\.[^.]*$/, "") || "picture";
  return firstFit(file, {
    maxSide: MAX_SIDE,
    shrink: 0.7,
    qualities: QUALITIES,
    take: async (canvas, quality) => {
      let blob = await encode(canvas, "image/webp", quality);
      // A browser that cannot write WebP hands back PNG: JPEG then.
      if (blob?.type !== "image/webp") blob = await encode(canvas, "image/jpeg", quality);
      return blob && blob.size <= limit ? new File([blob], `${name}.${blob.type === "image/webp" ? "webp" : "jpg"}`, { type: blob.type }) : null;
    },
  });
}

/** The share copy's qualities, tried in turn, then the same at 0.8 of the size while it is still too big. */
const SHARE_QUALITIES = [0.85, 0.75, 0.65, 0.5];

/**
 * The picture's share copy for link previews (worker/rules/share-image.ts): a JPEG at most SHARE_MAX_SIDE
 * px on its longer side and under SHARE_MAX_BYTES, on white, or null when the browser cannot make one (the
 * picture is then sent alone, and shared as it is).
 */
export const shareCopy = (file: File): Promise<File | null> =>
  firstFit(file, {
    maxSide: SHARE_MAX_SIDE,
    shrink: 0.8,
    qualities: SHARE_QUALITIES,
    white: true,
    take: async (canvas, quality) => {
      const blob = await encode(canvas, "image/jpeg", quality);
      return blob?.type === "image/jpeg" && blob.size <= SHARE_MAX_BYTES ? new File([blob], "share.jpg", { type: "image/jpeg" }) : null;
    },
  });
