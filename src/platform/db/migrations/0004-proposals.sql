-- Proposals (Proposta/IncluirManualSimplificado and the lifecycle), their status history and the
-- installment plan priced at creation. docs/proposals.md, docs/proposal-lifecycle.md.

-- `numero` is one sequence for the whole service, so an operator names a proposal by its number
-- alone (`caas proposal approve NUMERO`); partners see only their own.
create sequence proposal_numbers as integer start 1;

create table proposals (
  id                     uuid          primary key,                 -- `codigo` / codigoProposta
  numero                 integer       not null unique default nextval('proposal_numbers'),
  partner_id             uuid          not null references partners (id),
  codigo_operacao        text,                                      -- the partner's own id
  status                 smallint      not null check (status in (1, 2, 3, 4, 5, 6, 7, 8, 10)),
  person_type            char(2)       not null check (person_type in ('PF', 'PJ')),
  customer_document      text          not null check (customer_document ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
  contract_type          text,
  -- pricing inputs (the rest of the request is in `dto`)
  contract_date          date          not null,                    -- "today" in São Paulo at creation
  first_due_date         date          not null,
  term_months            integer       not null check (term_months between 1 and 420),
  monthly_rate_percent   numeric(20,8) not null check (monthly_rate_percent >= 0),
  requested_amount       numeric(20,2) not null check (requested_amount > 0),
  iof_exempt             boolean       not null,
  -- pricing results
  financed_costs         numeric(20,2) not null,
  financed_amount        numeric(20,2) not null,
  monthly_charges        numeric(20,2) not null,
  installment_amount     numeric(20,2) not null,
  installment_source     text          not null check (installment_source in ('sent', 'computed')),
  iof_amount             numeric(20,2) not null,
  iof_source             text          not null check (iof_source in ('sent', 'computed', 'exempt')),
  tac_amount             numeric(20,2),
  cet_annual_percent     numeric(20,2) not null,
  cet_monthly_percent    numeric(20,2) not null,
  -- what the partner sent, normalized (decimals as exact strings), and the accompanying data
  dto                    jsonb         not null,
  parametros             jsonb         not null default '[]',
  payment_account        jsonb,
  launches               jsonb         not null default '[]',
  -- lifecycle dates (calendar dates in São Paulo; the event's date, which the operator may set)
  finalized_on           date,
  approved_on            date,
  disbursed_on           date,
  assigned_on            date,
  refused_on             date,
  cancelled_on           date,
  settled_on             date,
  refusal_reason_code    integer,
  refusal_reason         text,
  cancellation_reason    text,
  refund_amount          numeric(20,2),
  refund_boleto_id       uuid,
  created_at             timestamptz   not null,
  updated_at             timestamptz   not null
);
-- codigoOperacao identifies a proposal within its partner (NULLs are distinct: it is optional).
create unique index proposals_partner_operation on proposals (partner_id, codigo_operacao);
-- Recusar tells "not found" from "not yours" (C0112/V0002) by a lookup across partners.
create index proposals_operation on proposals (codigo_operacao) where codigo_operacao is not null;
create index proposals_partner_created on proposals (partner_id, created_at);

-- Every status change, and every change of the payment account (from = to), with who and why.
create table proposal_history (
  id             bigserial    primary key,
  proposal_id    uuid         not null references proposals (id),
  partner_id     uuid         not null references partners (id),
  event          text         not null,           -- create, finalize, approve, …, update_payment_account
  from_status    smallint,                        -- null on creation
  to_status      smallint     not null,
  occurred_on    date         not null,           -- the event's calendar date (may be set back by the operator)
  recorded_at    timestamptz  not null,
  actor_kind     text         not null check (actor_kind in ('partner', 'operator', 'system')),
  actor          text         not null,           -- the partner's client id or the operator's name
  reason         text,
  details        jsonb
);
create index proposal_history_proposal on proposal_history (proposal_id, id);

-- The installment plan priced at finalization (Price schedule with the monthly charges).
create table proposal_installments (
  proposal_id      uuid          not null references proposals (id),
  numero           integer       not null check (numero between 1 and 420),
  due_date         date          not null,
  amount           numeric(20,2) not null check (amount > 0),
  interest         numeric(20,2) not null,
  amortization     numeric(20,2) not null,      -- may be negative: a long first period capitalises interest
  monthly_charges  numeric(20,2) not null,
  balance_after    numeric(20,2) not null,
  primary key (proposal_id, numero)
);
