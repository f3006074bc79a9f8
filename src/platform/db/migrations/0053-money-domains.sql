-- The writes' single-column money rules as domains (issue 14). A table's CHECK constraint is kept
-- by PostgreSQL as text: every INSERT or UPDATE statement reads back and compiles each CHECK of the
-- table it writes (stringToNode and expression planning, per statement, ~10-15 µs each). A launch
-- wrote 21 of them (receivable_launches 13, receivable_installments 8), a boleto 10. A domain's
-- rule is compiled once per connection (the type cache), and an UPDATE checks only the columns it
-- assigns. Same rules, same values accepted: `>= 0` and `> 0` on numeric(20,2), nulls allowed as
-- before (the columns' NOT NULL is unchanged); a violation is still SQLSTATE 23514, now naming
-- the domain's constraint. The rules between columns (vlr_saldo_parcela = …, amount = …) and the
-- other tables' rules stay CHECK constraints.
-- The domains get their rule after the columns take them, so no table is rewritten: the type change
-- is binary (same base type and typmod), and adding the rule validates every column using it.
create domain money_nonnegative as numeric(20,2);
create domain money_positive as numeric(20,2);

alter table receivable_launches
  alter column vlr_parcela type money_nonnegative,
  alter column vlr_multa type money_nonnegative,
  alter column vlr_juros type money_nonnegative,
  alter column vlr_mora type money_nonnegative,
  alter column vlr_iof type money_nonnegative,
  alter column vlr_tarifas type money_nonnegative,
  alter column vlr_abatimento type money_nonnegative,
  alter column vlr_parcela_atualizado type money_nonnegative,
  alter column vlr_pagamento type money_positive,
  alter column vlr_saldo_parcela type money_nonnegative,
  alter column vlr_desconto type money_nonnegative,
  drop constraint receivable_launches_vlr_parcela_check,
  drop constraint receivable_launches_vlr_multa_check,
  drop constraint receivable_launches_vlr_juros_check,
  drop constraint receivable_launches_vlr_mora_check,
  drop constraint receivable_launches_vlr_iof_check,
  drop constraint receivable_launches_vlr_tarifas_check,
  drop constraint receivable_launches_vlr_abatimento_check,
  drop constraint receivable_launches_vlr_parcela_atualizado_check,
  drop constraint receivable_launches_vlr_pagamento_check,
  drop constraint receivable_launches_vlr_saldo_parcela_check,
  drop constraint receivable_launches_vlr_desconto_check;

alter table receivable_installments
  alter column amount type money_positive,
  alter column principal type money_nonnegative,
  alter column unpaid_fine type money_nonnegative,
  alter column unpaid_late_interest type money_nonnegative,
  alter column unpaid_contract_interest type money_nonnegative,
  alter column total_paid type money_nonnegative,
  alter column total_discount type money_nonnegative,
  drop constraint receivable_installments_amount_check,
  drop constraint receivable_installments_principal_check,
  drop constraint receivable_installments_unpaid_fine_check,
  drop constraint receivable_installments_unpaid_late_interest_check,
  drop constraint receivable_installments_unpaid_contract_interest_check,
  drop constraint receivable_installments_total_paid_check,
  drop constraint receivable_installments_total_discount_check;

alter table receivable_boletos
  alter column amount type money_positive,
  alter column discount type money_nonnegative,
  drop constraint receivable_boletos_amount_check,
  drop constraint receivable_boletos_discount_check;

alter table receivable_charges
  alter column amount type money_positive,
  alter column discount type money_nonnegative,
  drop constraint receivable_charges_amount_check,
  drop constraint receivable_charges_discount_check;

alter table receivable_boleto_installments
  alter column discount type money_nonnegative,
  drop constraint receivable_boleto_installments_discount_check;

alter table receivable_charge_installments
  alter column discount type money_nonnegative,
  drop constraint receivable_charge_installments_discount_check;

alter domain money_nonnegative add constraint money_nonnegative_check check (value >= 0);
alter domain money_positive add constraint money_positive_check check (value > 0);
