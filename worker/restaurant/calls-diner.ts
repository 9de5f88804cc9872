// The restaurant API's (diner-facing) operations on the restaurant's object (./calls.ts), listed here
// so the object can run them by name.

export const dinerCalls = {};
