// Both languages' interface strings, for the server (app/lib/strings.server.ts sends a page its one
// language) and the console's own string sets; a diner's page never imports this module.
import ar from "./ar";
import en from "./en";

export { defaultLanguage, isLanguage, type Language } from "../../worker/rules/languages";

/** The interface strings of each language. */
const dictionaries = { en, ar };
export default dictionaries;
