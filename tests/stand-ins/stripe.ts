// Stripe's API as the stand-in sees it (filled in with the Stripe provider).
import type { Handler } from "./server.ts";

export const handleStripe: Handler = () => null;
