// The restaurant object's kitchen printers (docs/decisions/0057): the branch's Star CloudPRNT
// printers and the tickets waiting for them. An order accepted on any path (the board, the restaurant's
// API) queues a ticket for each paired printer of its branch by a trigger, in the same transaction as
// the move, so no caller can forget it. UPDATE only: the data importer inserts rows and prints nothing.

/** A printer's waiting tickets beyond which new ones are not queued (a printer gone for good). */
export const MAX_WAITING_JOBS = 100;

export const PRINTING_SCHEMA: readonly string[] = [
  `CREATE TABLE printers (
    id INTEGER PRIMARY KEY,
    branch_id INTEGER NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    key_hash TEXT NOT NULL CHECK (length(key_hash) = 64),
    mac TEXT CHECK (mac IS NULL OR length(mac) = 17),
    seen_mac TEXT CHECK (seen_mac IS NULL OR length(seen_mac) = 17),
    last_poll_at INTEGER,
    status TEXT CHECK (status IS NULL OR length(status) <= 64),
    created_at INTEGER NOT NULL
  )`,
  "CREATE INDEX printers_branch ON printers (branch_id, id)",
  `CREATE TABLE print_jobs (
    id INTEGER PRIMARY KEY,
    printer_id INTEGER NOT NULL REFERENCES printers(id) ON DELETE CASCADE,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    reason TEXT NOT NULL CHECK (reason IN ('order', 'reprint')),
    token TEXT NOT NULL UNIQUE CHECK (length(token) = 32),
    created_at INTEGER NOT NULL,
    printed_at INTEGER,
    last_code TEXT CHECK (last_code IS NULL OR length(last_code) <= 64),
    attempts INTEGER NOT NULL DEFAULT 0
  )`,
  "CREATE INDEX print_jobs_waiting ON print_jobs (printer_id, id) WHERE printed_at IS NULL",
  "CREATE INDEX print_jobs_order ON print_jobs (order_id)",
  // Accepted (pending → in process): a ticket for every paired printer of the order's branch.
  `CREATE TRIGGER print_on_accept AFTER UPDATE OF status ON orders WHEN OLD.status = 0 AND NEW.status = 1
   BEGIN
     INSERT INTO print_jobs (printer_id, order_id, reason, token, created_at)
     SELECT p.id, NEW.id, 'order', lower(hex(randomblob(16))), CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM printers p
     WHERE p.branch_id = NEW.branch_id AND p.mac IS NOT NULL
       AND (SELECT count(*) FROM print_jobs j WHERE j.printer_id = p.id AND j.printed_at IS NULL) < ${MAX_WAITING_JOBS};
   END`,
];
