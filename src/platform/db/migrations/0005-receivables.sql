-- Receivables: the schedule (agenda) of a disbursed proposal, its installments with their money
-- state (charges-math InstallmentState, one column per field), payment launches, boletos, charges
-- (cobranças, identified by codigoLiquidacao) and their Pix codes. Every row carries partner_id:
-- repositories filter by it (tenant isolation in the data access layer).

-- The bank's "nosso número" sequence: unique per issuer configuration; the code checks the upper
-- bound of the configured bank's layout (maxSequenceFor) before using a value.
create sequence boleto_nosso_numero_seq as bigint minvalue 1 no cycle;

create table receivable_schedules (
  id                  uuid          primary key,
  partner_id          uuid          not null references partners (id),
  proposal_id         uuid          not null unique,
  proposal_number     bigint        not null check (proposal_number > 0),
  codigo_operacao     text,
  customer_document   text          not null,
  customer_name       text,
  contract_type       text,
  financed_amount     numeric(20,2) not null check (financed_amount >= 0),
  monthly_rate        numeric(20,10) not null check (monthly_rate >= 0),
  disbursed_on        date          not null,
  -- situacaoAgenda: 2 open, 1 paid off, 0 cancelled (compatibility-notes).
  situacao            smallint      not null default 2 check (situacao in (0, 1, 2)),
  created_at          timestamptz   not null,
  paid_off_on         date,
  cancelled_on        date,
  cancelled_at        timestamptz,
  cancel_description  text,
  check ((situacao = 0) = (cancelled_at is not null)),
  check ((situacao = 1) = (paid_off_on is not null))
);
create index receivable_schedules_operation on receivable_schedules (partner_id, codigo_operacao);

create table receivable_installments (
  id                        uuid          primary key,
  schedule_id               uuid          not null references receivable_schedules (id),
  partner_id                uuid          not null references partners (id),
  number                    integer       not null check (number between 1 and 420),
  due_date                  date          not null,
  amount                    numeric(20,2) not null check (amount > 0),
  planned_principal         numeric(20,2) not null,
  planned_interest          numeric(20,2) not null,
  planned_balance_after     numeric(20,2) not null,
  -- Money state (docs/recalculation.md): what is owed and since when charges accrue.
  principal                 numeric(20,2) not null check (principal >= 0),
  unpaid_fine               numeric(20,2) not null default 0 check (unpaid_fine >= 0),
  unpaid_late_interest      numeric(20,2) not null default 0 check (unpaid_late_interest >= 0),
  unpaid_contract_interest  numeric(20,2) not null default 0 check (unpaid_contract_interest >= 0),
  fine_assessed             boolean       not null default false,
  charges_accrued_until     date          not null,
  last_launch_date          date,
  total_paid                numeric(20,2) not null default 0 check (total_paid >= 0),
  total_discount            numeric(20,2) not null default 0 check (total_discount >= 0),
  cancelled                 boolean       not null default false,
  paid_on                   date,
  unique (schedule_id, number)
);

-- A charge (cobrança): a boleto, a Pix code or both for some installments.
create table receivable_charges (
  id                        uuid          primary key,          -- codigoLiquidacao
  partner_id                uuid          not null references partners (id),
  schedule_id               uuid          not null references receivable_schedules (id),
  via_boleto                boolean       not null,
  via_pix                   boolean       not null,
  settlement                boolean       not null,
  description               text          not null,
  due_date                  date          not null,
  expires_on                date          not null,
  amount                    numeric(20,2) not null check (amount > 0),
  discount                  numeric(20,2) not null check (discount >= 0),
  permite_descapitalizacao  boolean       not null,
  notify_customer           boolean       not null,
  pix_txid                  text          unique,
  pix_emv                   text,
  pix_image                 text,
  status                    text          not null check (status in ('active', 'cancelling', 'cancelled', 'paid')),
  created_at                timestamptz   not null,
  cancel_requested_at       timestamptz,
  cancelled_at              timestamptz,
  paid_on                   date,
  amount_paid               numeric(20,2),
  check (via_boleto or via_pix),
  check (expires_on >= due_date)
);
create index receivable_charges_schedule on receivable_charges (schedule_id);

create table receivable_charge_installments (
  charge_id          uuid          not null references receivable_charges (id),
  installment_id     uuid          not null references receivable_installments (id),
  installment_number integer       not null,
  discount           numeric(20,2) not null default 0 check (discount >= 0),
  live               boolean       not null,
  primary key (charge_id, installment_id)
);
-- An installment carries at most one live charge (cancel it to issue another).
create unique index receivable_charge_installments_live on receivable_charge_installments (installment_id) where live;

create table receivable_boletos (
  id                        uuid          primary key,          -- CodigoBoleto
  numero                    bigserial     not null unique,      -- numeroBoleto
  partner_id                uuid          not null references partners (id),
  schedule_id               uuid          not null references receivable_schedules (id),
  charge_id                 uuid          references receivable_charges (id),
  purpose                   text          not null check (purpose in ('installments', 'refund')),
  settlement                boolean       not null,
  description               text          not null,
  notify_customer           boolean       not null,
  due_date                  date          not null,
  expires_on                date          not null,
  document_amount           numeric(20,2) not null,
  discount                  numeric(20,2) not null check (discount >= 0),
  amount                    numeric(20,2) not null check (amount > 0),
  permite_descapitalizacao  boolean       not null,
  bank_code                 text          not null,
  nosso_numero_seq          bigint        not null,
  nosso_numero              text          not null,
  barcode                   text          not null check (barcode ~ '^[0-9]{44}$'),
  linha_digitavel           text          not null check (linha_digitavel ~ '^[0-9]{47}$'),
  pix_txid                  text          not null unique,
  pix_emv                   text          not null,
  pix_image                 text          not null,
  print_token               text          not null unique,
  -- tipoRegistro: 1 online, 2 offline; situacaoBoletoRegistro codes: docs/receivables.md.
  registration_mode         smallint      not null check (registration_mode in (1, 2)),
  registration_status       smallint      not null check (registration_status between 0 and 5),
  created_at                timestamptz   not null,
  registered_at             timestamptz,
  cancel_requested_at       timestamptz,
  cancelled_at              timestamptz,
  paid_on                   date,
  amount_paid               numeric(20,2),
  unique (bank_code, nosso_numero),
  check (amount = document_amount - discount),
  check (expires_on >= due_date)
);
create index receivable_boletos_schedule on receivable_boletos (schedule_id, numero);

create table receivable_boleto_installments (
  boleto_id          uuid          not null references receivable_boletos (id),
  installment_id     uuid          not null references receivable_installments (id),
  installment_number integer       not null,
  discount           numeric(20,2) not null default 0 check (discount >= 0),
  live               boolean       not null,
  primary key (boleto_id, installment_id)
);
-- "Installments must not already carry a live boleto", also under concurrent requests.
create unique index receivable_boleto_installments_live on receivable_boleto_installments (installment_id) where live;

-- One row per launch entry (one item of IncluirLancamentoMultiplasParcelas, or one installment of
-- a boleto/Pix payment). launch_group_id is the CodigoLancamento of the request (event 3).
create table receivable_launches (
  id                        uuid          primary key,
  seq                       bigserial     not null,
  launch_group_id           uuid          not null,
  partner_id                uuid          not null references partners (id),
  schedule_id               uuid          not null references receivable_schedules (id),
  installment_id            uuid          not null references receivable_installments (id),
  installment_number        integer       not null,
  permite_descapitalizacao  boolean       not null,
  via_boleto                boolean       not null,
  boleto_id                 uuid          references receivable_boletos (id),
  charge_id                 uuid          references receivable_charges (id),
  dt_vencimento             date          not null,
  dt_lancamento             date          not null,
  vlr_parcela               numeric(20,2) not null check (vlr_parcela >= 0),
  vlr_multa                 numeric(20,2) not null check (vlr_multa >= 0),
  vlr_juros                 numeric(20,2) not null check (vlr_juros >= 0),
  vlr_mora                  numeric(20,2) not null check (vlr_mora >= 0),
  vlr_iof                   numeric(20,2) not null check (vlr_iof >= 0),
  vlr_tarifas               numeric(20,2) not null check (vlr_tarifas >= 0),
  vlr_abatimento            numeric(20,2) not null check (vlr_abatimento >= 0),
  vlr_parcela_atualizado    numeric(20,2) not null check (vlr_parcela_atualizado >= 0),
  vlr_pagamento             numeric(20,2) not null check (vlr_pagamento > 0),
  vlr_saldo_parcela         numeric(20,2) not null check (vlr_saldo_parcela >= 0),
  vlr_desconto              numeric(20,2) not null check (vlr_desconto >= 0),
  informar_fundo            boolean       not null default false,
  descricao                 text,
  created_at                timestamptz   not null,
  -- The invariants partner clients check on every launch (compatibility-notes).
  check (vlr_parcela_atualizado = vlr_parcela - vlr_abatimento),
  check (vlr_saldo_parcela = vlr_parcela_atualizado - vlr_pagamento - vlr_desconto)
);
create index receivable_launches_installment on receivable_launches (installment_id, seq);
create index receivable_launches_schedule on receivable_launches (schedule_id, seq);
