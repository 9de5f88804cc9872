// What the diner's pages must know of the contract to fill in an order, given by the diner's one door
// (worker/upstream) so no loader or action reaches into the contract or a provider: the size of a cart,
// how the contract spells a phone, the placeholder a payment's return carries.
export { MAX_CHOICES_PER_LINE, MAX_LINES } from "../contract/fields";
export { contractPhone } from "../contract/diner";
export { SESSION_PLACEHOLDER } from "../providers/payments";
