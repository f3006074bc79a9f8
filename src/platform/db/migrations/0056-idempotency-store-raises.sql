-- The command runner's closing statement (idempotency record + audit row + outbox rows) is sent
-- together with COMMIT, in one round trip (issue 14, src/platform/db/pipelined-driver.ts). Its
-- rows are then no longer read before the commit, so a lost race (a live record under the key,
-- committed by another request since our claim) must RAISE inside the statement: the transaction
-- aborts, the pipelined COMMIT answers ROLLBACK, and the runner replays the other request's record.
-- SQLSTATE CI200 is caas's own code for it (src/platform/idempotency.ts LOST_RACE).
create function idempotency_record_stored(stored bigint) returns boolean language plpgsql as $$
begin
  if stored is distinct from 1 then
    raise exception 'idempotency record not stored: a live record holds the key' using errcode = 'CI200';
  end if;
  return true;
end $$;
