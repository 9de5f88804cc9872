// The offer-price rule in one place (docs/CONTRACT.md: price_offer 0 = none): what a product costs, for
// the API's pricing, the cart's line check and every price a diner sees. No imports: the browser
// bundle takes it as it is.
/** Whether a product is on offer (the offers list, the struck-through price, the editor's flag). */
export const hasOffer = (product: { price_offer: number }): boolean => product.price_offer > 0;

/** What a product costs: its offer price when it has one, else its price. */
export const payablePrice = (product: { price: number; price_offer: number }): number => (hasOffer(product) ? product.price_offer : product.price);

/** Whether an offer price can stand beside this price: 0 (none) or a real discount (below the price). */
export const validOffer = (price: number, offer: number): boolean => offer === 0 || (offer > 0 && offer < price);
