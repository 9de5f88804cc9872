// A branch's table numbers are those its table codes can carry: 1 to MAX_TABLE (docs/decisions/0019, 0062).
// The restaurant keeps no count of its tables, so this is the bound a call from a table is held to.

/** The highest table number a code can carry (the codes screen and sheet, a call from a table). */
export const MAX_TABLE = 9999;

/** A table number of the diner's path ("/table/{t}/…") that a branch can have. */
export const isTableNumber = (table: number): boolean => Number.isInteger(table) && table >= 1 && table <= MAX_TABLE;
