-- The AI miner's amounts become rows keyed by currency instead of a set of columns per currency: a currency the
-- miner accepts (MINER_CURRENCIES in the contract) is then data, not a migration. A price item has a row for each
-- currency of its price (no row: the currency is not used, '0' on the wire); an order one for each currency of
-- the price it was made with: the price, what the balance did not cover (lack) and what confirmed on-chain
-- payments covered of it (paid). What is seen on chain but not yet confirmed stays in machine_payments, which is
-- already keyed by currency. The currency is checked by the server against the contract's list.

CREATE TABLE machine_price_item_amounts (
  item_id bigint NOT NULL REFERENCES machine_price_items(id),
  currency text NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (item_id, currency)
);

INSERT INTO machine_price_item_amounts (item_id, currency, amount)
SELECT i.id, a.currency, a.amount
FROM machine_price_items i
CROSS JOIN LATERAL (VALUES ('usdt', i.usdt_amount), ('bnb', i.bnb_amount), ('eoeo', i.eoeo_amount),
                           ('sol', i.sol_amount)) AS a(currency, amount)
WHERE a.amount > 0;

CREATE TABLE machine_order_amounts (
  order_id bigint NOT NULL REFERENCES machine_orders(id),
  currency text NOT NULL,
  price numeric(48, 18) NOT NULL CHECK (price > 0),
  lack numeric(48, 18) NOT NULL DEFAULT 0 CHECK (lack >= 0 AND lack <= price),
  paid numeric(48, 18) NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= lack),
  PRIMARY KEY (order_id, currency)
);

INSERT INTO machine_order_amounts (order_id, currency, price, lack, paid)
SELECT o.id, a.currency, a.price, a.lack, a.paid
FROM machine_orders o
CROSS JOIN LATERAL (VALUES ('usdt', o.usdt_amount, 0::numeric, 0::numeric),
                           ('bnb', o.bnb_amount, o.lack_bnb, o.paid_bnb),
                           ('eoeo', o.eoeo_amount, o.lack_eoeo, o.paid_eoeo),
                           ('sol', o.sol_amount, o.lack_sol, o.paid_sol)) AS a(currency, price, lack, paid)
WHERE a.price > 0;

ALTER TABLE machine_price_items
  DROP COLUMN bnb_amount,
  DROP COLUMN sol_amount,
  DROP COLUMN usdt_amount,
  DROP COLUMN eoeo_amount;

ALTER TABLE machine_orders
  DROP COLUMN bnb_amount,
  DROP COLUMN sol_amount,
  DROP COLUMN usdt_amount,
  DROP COLUMN eoeo_amount,
  DROP COLUMN lack_bnb,
  DROP COLUMN lack_sol,
  DROP COLUMN lack_eoeo,
  DROP COLUMN paid_bnb,
  DROP COLUMN paid_sol,
  DROP COLUMN paid_eoeo;
