/** A tel: link for a number as restaurants type it ("+971 4 123 4567" → "tel:+97141234567"). */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;
