-- A change of machine.dailyRate or machine.capMultiple applies to new orders only. An order keeps
-- the terms the buyer was shown when placing it, and its machine is made with them even when the payment comes
-- after a change. Null for orders placed before these columns: they take the settings at payment, as before.
ALTER TABLE machine_orders
  ADD COLUMN daily_rate numeric(20, 8),
  ADD COLUMN cap_multiple numeric(20, 8);
