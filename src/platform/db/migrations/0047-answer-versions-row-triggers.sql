-- The read model's version bumps (0043), cheaper (issue 14). Measured on a write of one row, a
-- statement-level trigger with transition tables cost PostgreSQL ~230 µs (capturing the rows into
-- tuplestores, SPI, the upsert); a row-level trigger doing the same upsert ~80 µs; and a boleto or a
-- charge fired 2 to 4 of them, each bumping the same proposal again. So:
--  - the tables whose writes touch one row per statement get row-level triggers (no transition
--    tables); the multi-row inserts (proposal_installments, the opening's receivable_installments)
--    keep a statement-level trigger, and partners' name trigger (0043) is untouched;
--  - a transaction bumps each scope ONCE: the scopes it bumped are listed in the transaction-local
--    setting caas.answer_scopes, and a later trigger of the same transaction skips them. One bump
--    per writing transaction is all a reader needs (answers are filled outside any write
--    transaction, autocommitted: platform/answer-cache.ts), and a rolled-back savepoint undoes its
--    bump and its setting together. The list stops growing past ~64 scopes (a big batch then just
--    bumps every time: never fewer bumps than needed, and no quadratic search).
-- Which scope each row belongs to is unchanged from 0043, including the codigoOperacao holders of
-- proposals and schedules. Static SQL in each function, so plpgsql keeps the plans.

-- The shared tail of every function: bump `s` unless this transaction already did.
create function answer_bump_block() returns text language sql immutable as $$ select $b$
        if s is not null and strpos(done, s::text) = 0 then
          insert into answer_versions (scope, version) values (s, 1)
            on conflict (scope) do update set version = answer_versions.version + 1;
          done := done || s::text || ' ';
        end if;$b$ $$;

-- A row-level function. `scopes_sql` selects the row's scope(s) from `r` (the new row, or the old
-- one on delete); `update_sql`, when given, replaces it on update (with `old` and `new`).
-- `key_sql`: an id of `r` that alone decides its scope (its schedule, its boleto): once listed, a
-- row with that key needs no look-up; `own_sql`: the row's own id, listed for its children.
create function answer_row_function(name text, scopes_sql text, update_sql text, key_sql text, own_sql text) returns void language plpgsql as $f$
begin
  execute format($body$create function %I() returns trigger language plpgsql as $fn$
    declare
      r record;
      s uuid;
      k text;
      own text;
      done text := coalesce(current_setting('caas.answer_scopes', true), '');
      was integer;
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      was := length(done);
      k := %s;
      own := %s;
      if k is null or strpos(done, k) = 0 then
        if tg_op = 'UPDATE' and %L then
          for s in %s loop %s
          end loop;
        else
          for s in %s loop %s
          end loop;
        end if;
        if k is not null then done := done || k || ' '; end if;
      end if;
      if own is not null and strpos(done, own) = 0 then done := done || own || ' '; end if;
      if length(done) <> was and length(done) < 2400 then perform set_config('caas.answer_scopes', done, true); end if;
      return null;
    end $fn$$body$, name, coalesce(key_sql, 'null'), coalesce(own_sql, 'null'), update_sql is not null, coalesce(update_sql, 'select null::uuid'), answer_bump_block(), scopes_sql, answer_bump_block());
end $f$;

create function answer_row_triggers(tbl text, scopes_sql text, key_sql text, own_sql text, update_sql text default null, with_insert boolean default true) returns void language plpgsql as $$
begin
  execute format('drop trigger %I on %I', tbl || '_answers_del', tbl);
  execute format('drop trigger %I on %I', tbl || '_answers_upd', tbl);
  execute format('drop function %I()', tbl || '_answers_bump_upd');
  if with_insert then
    execute format('drop trigger %I on %I', tbl || '_answers_ins', tbl);
    execute format('drop function %I()', tbl || '_answers_bump');
  end if;
  perform answer_row_function(tbl || '_answers_row', scopes_sql, update_sql, key_sql, own_sql);
  execute format('create trigger %I after %s delete or update on %I for each row execute function %I()',
    tbl || '_answers_row', case when with_insert then 'insert or' else '' end, tbl, tbl || '_answers_row');
end $$;

-- The statement-level ones kept (multi-row inserts), now skipping scopes already bumped.
create function answer_statement_function(name text, scope_sql text) returns void language plpgsql as $f$
begin
  execute format($body$create or replace function %I() returns trigger language plpgsql as $fn$
    declare
      s uuid;
      done text := coalesce(current_setting('caas.answer_scopes', true), '');
      was integer := length(done);
    begin
      for s in select distinct x.scope from (%s) x (scope) where x.scope is not null order by 1 loop %s
      end loop;
      if length(done) <> was and length(done) < 2400 then perform set_config('caas.answer_scopes', done, true); end if;
      return null;
    end $fn$$body$, name, scope_sql, answer_bump_block());
end $f$;

-- proposals and schedules: their scopes include the holders of the same codigoOperacao, so no key.
select answer_row_triggers('proposals', 'select r.id', null, null,
  'select new.id union select p.id from proposals p where p.partner_id = old.partner_id and p.codigo_operacao = old.codigo_operacao order by 1');
select answer_row_triggers('proposal_history', 'select r.proposal_id', 'r.proposal_id::text', null);
select answer_statement_function('proposal_installments_answers_bump', 'select proposal_id from changed');
select answer_statement_function('proposal_installments_answers_bump_upd', 'select proposal_id from changed');
select answer_row_triggers('receivable_schedules',
  'select r.proposal_id union select s.proposal_id from receivable_schedules s where s.partner_id = r.partner_id and s.codigo_operacao = r.codigo_operacao order by 1',
  null, 'r.id::text');
-- The opening inserts all its installments in one statement: that insert keeps its statement trigger.
select answer_row_triggers('receivable_installments', 'select s.proposal_id from receivable_schedules s where s.id = r.schedule_id', 'r.schedule_id::text', null, null, false);
select answer_statement_function('receivable_installments_answers_bump', 'select s.proposal_id from receivable_schedules s where s.id in (select schedule_id from changed)');
select answer_row_triggers('receivable_charges', 'select s.proposal_id from receivable_schedules s where s.id = r.schedule_id', 'r.schedule_id::text', 'r.id::text');
select answer_row_triggers('receivable_boletos', 'select s.proposal_id from receivable_schedules s where s.id = r.schedule_id', 'r.schedule_id::text', 'r.id::text');
select answer_row_triggers('receivable_launches', 'select s.proposal_id from receivable_schedules s where s.id = r.schedule_id', 'r.schedule_id::text', null);
select answer_row_triggers('receivable_charge_installments',
  'select s.proposal_id from receivable_charges c join receivable_schedules s on s.id = c.schedule_id where c.id = r.charge_id', 'r.charge_id::text', null);
select answer_row_triggers('receivable_boleto_installments',
  'select s.proposal_id from receivable_boletos b join receivable_schedules s on s.id = b.schedule_id where b.id = r.boleto_id', 'r.boleto_id::text', null);

drop function answer_statement_function(text, text);
drop function answer_row_triggers(text, text, text, text, text, boolean);
drop function answer_row_function(text, text, text, text, text);
drop function answer_bump_block();
