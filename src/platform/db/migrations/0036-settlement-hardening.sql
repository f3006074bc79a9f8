-- Settlement hardening (issue 17 review).
-- 1. One remittance file per (bank, file sequence): two concurrent runs can never both record the
--    same NSA (the runs are also serialized per bank by an advisory lock). Return files may repeat
--    a sequence (a reprocessed or consolidated file from the bank), so only remittances are unique.
do $$
begin
  if exists (select 1 from settlement_files where direction = 'remittance' group by bank_code, file_sequence having count(*) > 1) then
    raise exception 'settlement_files has two remittances with the same (bank_code, file_sequence): a concurrent run before migration 0036 overwrote one file; check which boletos reached the bank (docs/settlement.md), then renumber or remove the extra row';
  end if;
end $$;
create unique index settlement_files_remittance_sequence on settlement_files (direction, bank_code, file_sequence) where direction = 'remittance';
