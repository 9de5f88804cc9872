-- When a restaurant's move out of the old single D1 into its object finished (worker/edge/move.ts):
-- its catalogue, brand and orders are all there. D1's old tables are dropped only once every
-- restaurant that still has rows in them carries this mark (worker/directory/old-tables.ts).
ALTER TABLE restaurants ADD COLUMN moved_at INTEGER;
