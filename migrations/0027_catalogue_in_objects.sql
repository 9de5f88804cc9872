-- Each restaurant's catalogue moves into its own Durable Object (docs/decisions/0045). The
-- directory keeps which restaurant holds each branch id (the contract's GET calls name only a branch),
-- and claims new branch ids so they stay unique across restaurants. The old catalogue tables stay until
-- every restaurant's object has taken its rows (they are read once, on its first catalogue call).
CREATE TABLE branch_ids (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id)
);
CREATE INDEX branch_ids_restaurant ON branch_ids (restaurant_id);
INSERT INTO branch_ids (id, restaurant_id) SELECT id, restaurant_id FROM branches;

-- A staff member's branches: the branch rows are in the restaurant's object now, so the reference is
-- to nothing D1 holds; the console checks a branch is the restaurant's before it writes one here.
CREATE TABLE member_branches_new (
  member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  branch_id INTEGER NOT NULL,
  PRIMARY KEY (member_id, branch_id)
);
INSERT INTO member_branches_new (member_id, branch_id) SELECT member_id, branch_id FROM member_branches;
DROP TABLE member_branches;
ALTER TABLE member_branches_new RENAME TO member_branches;
