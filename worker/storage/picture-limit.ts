// The largest picture the upload keeps, in its own module so the console's browser code (which
// shrinks a bigger photo before sending it) reads the same number without the server's upload code.
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
