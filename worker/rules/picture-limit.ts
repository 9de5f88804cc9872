// The largest picture the upload keeps (worker/storage/upload.ts), a rule of its own so the console's
// browser code (which shrinks a bigger photo before sending it) reads the same number without the upload code.
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
