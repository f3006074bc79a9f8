-- Which scope (proposal id) each row of the proposals' and receivables' tables belongs to, for
-- the read model's versions (0042): any insert, update or delete of a row that Proposta/Consultar
-- or AgendaRecebivel/ConsultarParcelas, ConsultarDetalhes, ConsultarBoletos shows bumps its
-- proposal's version in the same transaction. Statement-level triggers with transition tables
-- (one per event: PostgreSQL allows no transition table on a multi-event trigger), so a statement
-- costs one small upsert whatever its row count.
--
-- A reference that changes proposal (a codigoOperacao re-used by a newer schedule) also bumps the
-- proposal it pointed at before, so no stored answer keeps an outdated reference → scope mapping.
-- Each table gets its own trigger functions with static SQL (plpgsql keeps their plans; a
-- dynamic EXECUTE would plan on every statement). The scope query reads the transition table
-- `changed` (and `before` for updates); scopes are taken in order so two statements never lock
-- versions in opposite orders.
create function answer_bump_function(name text, scope_sql text) returns void language plpgsql as $f$
begin
  execute format($body$create function %I() returns trigger language plpgsql as $fn$
    begin
      insert into answer_versions (scope, version)
        select distinct s.scope, 1 from (%s) s (scope) where s.scope is not null order by 1
      on conflict (scope) do update set version = answer_versions.version + 1;
      return null;
    end $fn$$body$, name, scope_sql);
end $f$;

create function answer_scope_triggers(tbl text, scope_sql text, update_sql text default null) returns void language plpgsql as $$
begin
  perform answer_bump_function(tbl || '_answers_bump', scope_sql);
  perform answer_bump_function(tbl || '_answers_bump_upd', coalesce(update_sql, scope_sql));
  execute format('create trigger %I after insert on %I referencing new table as changed for each statement execute function %I()', tbl || '_answers_ins', tbl, tbl || '_answers_bump');
  execute format('create trigger %I after delete on %I referencing old table as changed for each statement execute function %I()', tbl || '_answers_del', tbl, tbl || '_answers_bump');
  execute format('create trigger %I after update on %I referencing old table as before new table as changed for each statement execute function %I()', tbl || '_answers_upd', tbl, tbl || '_answers_bump_upd');
end $$;

-- proposals: the row itself; on update also the proposals that held the same codigoOperacao.
select answer_scope_triggers('proposals', 'select id from changed',
  'select id from changed union all select p.id from proposals p join before b on p.partner_id = b.partner_id and p.codigo_operacao = b.codigo_operacao');
select answer_scope_triggers('proposal_history', 'select proposal_id from changed');
select answer_scope_triggers('proposal_installments', 'select proposal_id from changed');
-- schedules: a newer schedule with a re-used codigoOperacao takes the reference over (requireSchedule).
select answer_scope_triggers('receivable_schedules',
  'select proposal_id from changed union all select s.proposal_id from receivable_schedules s join changed c on s.partner_id = c.partner_id and s.codigo_operacao = c.codigo_operacao');
select answer_scope_triggers('receivable_installments', 'select s.proposal_id from receivable_schedules s where s.id in (select schedule_id from changed)');
select answer_scope_triggers('receivable_charges', 'select s.proposal_id from receivable_schedules s where s.id in (select schedule_id from changed)');
select answer_scope_triggers('receivable_boletos', 'select s.proposal_id from receivable_schedules s where s.id in (select schedule_id from changed)');
select answer_scope_triggers('receivable_launches', 'select s.proposal_id from receivable_schedules s where s.id in (select schedule_id from changed)');
select answer_scope_triggers('receivable_charge_installments',
  'select s.proposal_id from receivable_schedules s where s.id in (select c.schedule_id from receivable_charges c where c.id in (select charge_id from changed))');
select answer_scope_triggers('receivable_boleto_installments',
  'select s.proposal_id from receivable_schedules s where s.id in (select b.schedule_id from receivable_boletos b where b.id in (select boleto_id from changed))');
-- partners: ConsultarBoletos shows the partner's name; a change of it bumps every proposal and schedule of the partner.
select answer_bump_function('partners_answers_bump_upd',
  'select p.id from proposals p join changed c on p.partner_id = c.id join before b on b.id = c.id where c.name is distinct from b.name
   union all select s.proposal_id from receivable_schedules s join changed c on s.partner_id = c.id join before b on b.id = c.id where c.name is distinct from b.name');
create trigger partners_answers_upd after update on partners referencing old table as before new table as changed
  for each statement execute function partners_answers_bump_upd();

drop function answer_scope_triggers(text, text, text);
drop function answer_bump_function(text, text);
