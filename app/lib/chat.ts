// The /chat test page's message: short plain text, checked where it is sent and where it arrives.
import * as v from "valibot";

export const MAX_CHAT_CHARS = 200;

/** No control characters, and no bidi overrides that could make a message display as another. */
const SAFE_TEXT = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u;

export const ChatText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, "empty message"),
  v.maxLength(MAX_CHAT_CHARS, "message too long"),
  v.regex(SAFE_TEXT, "control characters are not allowed"),
);

/** The data of a MessageSent event. */
export const ChatMessage = v.object({ message: ChatText });
