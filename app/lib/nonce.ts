import { createContext, useContext } from "react";

/** The CSP nonce of this response; only the server render knows it (browsers hide it from the DOM). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
