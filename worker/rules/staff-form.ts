// What the staff screen's form needs in the browser too (app/routes/console/staff.tsx). No imports:
// the client bundle takes it as it is, without the screen's server code (worker/console/staff.ts).

/** The longest member's name kept (the form counts it; longer is refused with 422, the form keeping it). */
export const NAME_MAX = 80;
