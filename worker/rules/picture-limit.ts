// The largest picture the upload keeps (worker/storage/upload.ts), a rule of its own so the console's
// browser code (which shrinks a bigger photo before sending it) reads the same number without the upload code.
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** A share copy's longer side (./share-image.ts): Facebook's and X's recommended 1200 × 630 card fits in it. */
export const SHARE_MAX_SIDE = 1200;
/** A share copy's bytes: WhatsApp shows no picture over about 300 KB (decimal, the stricter reading). */
export const SHARE_MAX_BYTES = 300_000;
