// The QR payload of a Saudi simplified tax invoice, ZATCA e-invoicing phase 1: a TLV run of tag 1 seller
// name, 2 VAT registration number, 3 invoice timestamp, 4 invoice total with VAT and 5 VAT total, each
// value UTF-8 with a one-byte length, the whole in base64. Pure and Workers-safe (TextEncoder and btoa,
// no Buffer, no node: imports).

/**
 * The base64 TLV for a simplified tax invoice's QR code. Throws a RangeError when a value is empty or
 * its UTF-8 is longer than 255 bytes (the length is one byte).
 */
export const zatcaQr = (fields: { seller: string; vatNumber: string; timestamp: string; total: string; vat: string }): string => {
  const encoder = new TextEncoder();
  const values = [fields.seller, fields.vatNumber, fields.timestamp, fields.total, fields.vat];
  const bytes: number[] = [];
  values.forEach((value, index) => {
    const utf8 = encoder.encode(value);
    if (utf8.length === 0 || utf8.length > 255) throw new RangeError(`ZATCA QR tag ${index + 1} must be 1 to 255 bytes of UTF-8, got ${utf8.length}`);
    bytes.push(index + 1, utf8.length, ...utf8);
  });
  return btoa(String.fromCharCode(...bytes));
};
