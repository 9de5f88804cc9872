// The /chat test page's message: short plain text, checked where it is sent and where it arrives.
import * as v from "valibot";
import { plainText } from "../../worker/rules/plain-text";

export const MAX_CHAT_CHARS = 200;

export const ChatText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, "empty message"),
  v.maxLength(MAX_CHAT_CHARS, "message too long"),
  plainText("control characters are not allowed"),
);

/** The data of a MessageSent event. */
export const ChatMessage = v.object({ message: ChatText });
