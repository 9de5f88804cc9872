// Schema version 12 of the restaurant's object (docs/decisions/0056): the restaurant's webhook endpoints,
// the order events they are told about and each delivery's log. Events are written by triggers on the
// orders and refunds themselves, so every path that changes an order (the API, the board, a payment, a
// refund) records its event in the same transaction, and none can forget to. Triggers fire only while an
// endpoint is switched on, and only for changes (an import inserts its endpoints after its orders).

/** "now" in unix milliseconds inside a trigger. */
const NOW_MS = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";
const ARMED = "EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled = 1)";
const event = (type: string, order = "NEW.id") =>
  `INSERT INTO webhook_events (event_id, order_id, type, status, paid, created_at)
   SELECT 'evt_' || lower(hex(randomblob(12))), o.id, ${type}, o.status, o.paid, ${NOW_MS} FROM orders o WHERE o.id = ${order};`;

/** The refunds' triggers (rebuilt with the table by ./schema-payments-tap.ts). */
export const REFUND_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER webhook_order_refunded AFTER UPDATE OF status ON refunds WHEN NEW.status = 'succeeded' AND OLD.status <> 'succeeded' AND ${ARMED}
   BEGIN ${event("'order.refunded'", "NEW.order_id")} END`,
  `CREATE TRIGGER webhook_order_refunded_at_once AFTER INSERT ON refunds WHEN NEW.status = 'succeeded' AND ${ARMED}
   BEGIN ${event("'order.refunded'", "NEW.order_id")} END`,
];

export const WEBHOOK_SCHEMA: readonly string[] = [
  `CREATE TABLE webhook_endpoints (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL CHECK (length(url) <= 300),
    secret TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    created_at INTEGER NOT NULL,
    failing_since INTEGER,
    disabled_at INTEGER
  )`,
  `CREATE TABLE webhook_events (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL UNIQUE,
    order_id INTEGER,
    type TEXT NOT NULL,
    status INTEGER,
    paid INTEGER,
    created_at INTEGER NOT NULL
  )`,
  // One row per event and endpoint: pending until delivered, or failed once its attempts are spent.
  `CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES webhook_events(id),
    endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL,
    queued_at INTEGER,
    started_at INTEGER,
    claim TEXT,
    response_code INTEGER,
    error TEXT,
    updated_at INTEGER NOT NULL
  )`,
  // Each attempt's answer (the console's log): a delivery retried after a 500 shows both.
  `CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY,
    delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    attempt INTEGER NOT NULL,
    at INTEGER NOT NULL,
    ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
    response_code INTEGER,
    error TEXT
  )`,
  "CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt)",
  "CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (state, endpoint_id, id)",
  "CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)",
  "CREATE INDEX webhook_events_order ON webhook_events (order_id)",
  `CREATE TRIGGER webhook_event_deliveries AFTER INSERT ON webhook_events WHEN NEW.type <> 'test'
   BEGIN
     INSERT INTO webhook_deliveries (event_id, endpoint_id, next_at, updated_at)
     SELECT NEW.id, id, NEW.created_at, NEW.created_at FROM webhook_endpoints WHERE enabled = 1;
   END`,
  `CREATE TRIGGER webhook_order_placed AFTER INSERT ON orders WHEN ${ARMED}
   BEGIN ${event("'order.placed'")} END`,
  `CREATE TRIGGER webhook_order_paid AFTER UPDATE OF paid ON orders WHEN NEW.paid = 1 AND OLD.paid = 0 AND ${ARMED}
   BEGIN ${event("'order.paid'")} END`,
  `CREATE TRIGGER webhook_order_status AFTER UPDATE OF status ON orders WHEN NEW.status <> OLD.status AND ${ARMED}
   BEGIN ${event("CASE WHEN NEW.status = 3 THEN 'order.cancelled' ELSE 'order.status_changed' END")} END`,
  ...REFUND_TRIGGERS,
];
