-- The command runner's statements on the idempotency record RAISE instead of returning a row to
-- check (issue 14, src/platform/db/pipelined-driver.ts): their answers are read later than the
-- statements sent behind them, so their verdict must abort the transaction itself.
-- - The claim is sent with `begin`, and the command's first statements travel behind it before its
--   answer is in: a key held by a running request (lock not taken) raises CI409, a live record
--   under the key raises CI200; either way every statement behind it fails, and the runner answers
--   409 or replays the record.
-- - The closing statement (idempotency record + audit row + outbox rows) is sent with COMMIT: a
--   lost race (a live record committed by another request since our claim) raises CI200, the
--   pipelined COMMIT answers ROLLBACK, and the runner replays the other request's record.
-- CI200 and CI409 are caas's own SQLSTATEs (src/platform/idempotency.ts KEY_ANSWERED, KEY_HELD).
create function idempotency_key_free(locked boolean, answered boolean) returns boolean language plpgsql as $$
begin
  if locked is not true then
    raise exception 'idempotency key held by a running request' using errcode = 'CI409';
  end if;
  if answered then
    raise exception 'idempotency key already answered' using errcode = 'CI200';
  end if;
  return true;
end $$;

create function idempotency_record_stored(stored bigint) returns boolean language plpgsql as $$
begin
  if stored is distinct from 1 then
    raise exception 'idempotency record not stored: a live record holds the key' using errcode = 'CI200';
  end if;
  return true;
end $$;
