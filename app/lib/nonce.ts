import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response; only the server render knows it. Browsers hide a nonce from the
 * DOM (it reads as ""), so the client renders "" too and hydration sees no difference.
 */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
