// A misconfigured deploy (a provider half set up) is said in the log once per isolate, not on every
// refused request.
const said = new Set<string>();

export function sayOnce(message: string): void {
  if (said.has(message)) return;
  said.add(message);
  console.error(message);
}
