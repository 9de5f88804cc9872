// The second lane of the browser files run in turn (./lanes.ts `SECOND_LANE`, ./in-turn.ts), one after
// another, on a server of its own, beside the first lane.
import { runInTurn } from "./in-turn";

runInTurn("second");
