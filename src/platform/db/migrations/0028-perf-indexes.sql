-- Issue 14 (scale): indexes for statements that scanned a whole table, found by
-- test/http/indexes-explain.test.ts (EXPLAIN of every operation's statements, sequential scans off).

-- A charge's boleto (cancellation, registration, payment of a charge): by charge, only boletos of charges.
create index receivable_boletos_charge on receivable_boletos (charge_id) where charge_id is not null;
