-- Opening hours of a branch (docs/decisions/0023): its weekly ranges and its exceptions (holidays, special
-- days), kept as ONE JSON document beside the branch so every read of the branch (the catalogue's
-- one round trip, the ordering checks) has them without another query; edited as a whole by the
-- console's branch editor, parsed with valibot on write and on read (worker/rules/opening-hours.ts).
-- Shape: {"weekly":[{"day":0-6 (Sunday = 0),"opens":"HH:MM","closes":"HH:MM"}],
--         "exceptions":[{"date":"YYYY-MM-DD","ranges":[{"opens":"HH:MM","closes":"HH:MM"}]}]}
-- "closes" at or before "opens" runs past midnight; "24:00" closes at midnight; an exception with no
-- ranges is closed all day. NULL (or no ranges and no exceptions) = always open, as before.
ALTER TABLE branches ADD COLUMN opening_hours TEXT CHECK (opening_hours IS NULL OR json_valid(opening_hours));
