import { createContext, useContext } from "react";

/** The CSP nonce of this response: the server's, and on the client the same one read back from the page. */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
