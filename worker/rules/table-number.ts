// A branch's table numbers: 1 to its number of tables when the owner set one (the object's schema 16),
// else those its table codes can carry, 1 to MAX_TABLE (docs/decisions/0019, 0062).

/** The highest table number a code can carry (the codes screen and sheet, a call from a table, a table order). */
export const MAX_TABLE = 9999;

/** A branch's last table: its number of tables, or MAX_TABLE while none is set (or its backend sends none). */
export const lastTable = (tables: number | null | undefined): number => tables ?? MAX_TABLE;

/** A table number of the diner's path ("/table/{t}/…") or an API call that the branch has (`tables`: its count, if set). */
export const isTableNumber = (table: number, tables?: number | null): boolean => Number.isInteger(table) && table >= 1 && table <= lastTable(tables);
