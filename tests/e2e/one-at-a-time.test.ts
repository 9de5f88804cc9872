// The first lane of the browser files run in turn (./lanes.ts, ./in-turn.ts): every file not listed
// to share the server or to run in the second lane, one after another, on a server of its own.
import { runInTurn } from "./in-turn";

runInTurn("first");
