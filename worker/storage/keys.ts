// The names pictures are stored under in R2 and served at /storage/{key}: one shape, checked with
// valibot before any bucket lookup, so no other key (and no "..", "%2e", "\" or empty segment) is reachable.
// A picture stored with a share copy carries the copy's size in its name, and the copy sits beside it
// (worker/rules/share-image.ts).
import * as v from "valibot";

/** 16 bytes of the content's SHA-256: a replaced picture gets a new name, the same bytes the same one. */
const HASH_HEX_DIGITS = 32;

export const PictureKey = v.pipe(
  v.string(),
  v.regex(
    new RegExp(
      `^pictures/[1-9]\\d{0,9}/[0-9a-f]{${HASH_HEX_DIGITS}}(?:\\.(?:jpg|png|webp|gif|avif)|\\.[1-9]\\d{0,3}x[1-9]\\d{0,3}\\.(?:jpg|png|webp|gif|avif|share\\.jpg))$`,
    ),
    "not a picture's name",
  ),
);

export const pictureKey = (restaurantId: number, contentHash: string, ext: string) =>
  `pictures/${restaurantId}/${contentHash.slice(0, HASH_HEX_DIGITS)}.${ext}`;
