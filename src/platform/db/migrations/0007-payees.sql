-- Pix payees (api/Favorecido) and the service team's decisions on them.
-- A payee is identified to the partner by its id (codigoFavorecido). situacao: 0 pendente,
-- 1 aprovado, 2 reprovado (docs/payees.md). A rejection is final for that registration; the same
-- key or account registered again afterwards is a new payee with a new review.
create table payees (
  id                      uuid        primary key,
  partner_id              uuid        not null references partners (id),
  situacao                smallint    not null check (situacao in (0, 1, 2)),
  nome                    text        not null,
  documento_tipo          text        not null check (documento_tipo in ('CPF', 'CNPJ')),
  documento               text        not null,   -- bare: 11 digits, or 14 characters (alphanumeric CNPJ)
  tipo_cadastro_pix       smallint    not null check (tipo_cadastro_pix in (1, 2)),
  -- tipoCadastroPix 1 (by key): the key in its canonical DICT form (pix-key.ts).
  tipo_chave              smallint    check (tipo_chave between 0 and 4),
  chave                   text        check (char_length(chave) <= 77),
  -- tipoCadastroPix 2 (by bank data).
  numero_participante_spi text        check (numero_participante_spi ~ '^[0-9]{8}$'),
  numero_banco            text,
  agencia                 text,
  agencia_digito          text,
  conta                   text,
  conta_digito            text,
  conta_pagamento         text,       -- conta followed by conta_digito
  tipo_conta              smallint    check (tipo_conta between 1 and 4),
  modelo_conta            smallint    check (modelo_conta between 1 and 4),
  motivo_rejeicao         text,
  created_at              timestamptz not null,
  situacao_at             timestamptz,            -- instant of the last decision; null while pendente
  check (
    (tipo_cadastro_pix = 1 and tipo_chave is not null and chave is not null and numero_participante_spi is null)
    or (tipo_cadastro_pix = 2 and chave is null and numero_participante_spi is not null and agencia is not null
        and conta is not null and conta_digito is not null and tipo_conta is not null and modelo_conta is not null)
  ),
  check ((situacao = 2) = (motivo_rejeicao is not null)),
  check ((situacao = 0) = (situacao_at is null))
);

-- One live (pendente or aprovado) payee per key, and per bank account, for each partner: a repeat
-- registration conflicts here (insert … on conflict do nothing) and reads the existing one, which
-- holds under concurrent requests too. Rejected payees leave the slot free.
create unique index payees_live_key on payees (partner_id, chave)
  where tipo_cadastro_pix = 1 and situacao <> 2;
create unique index payees_live_account on payees (partner_id, numero_participante_spi, agencia, conta, conta_digito, tipo_conta)
  where tipo_cadastro_pix = 2 and situacao <> 2;
create index payees_partner_created on payees (partner_id, created_at);
create index payees_situacao_created on payees (situacao, created_at);

-- Every decision on a payee: who (an operator's name, or 'auto' for the partner's automatic
-- approval), when, which, and why (required for a rejection).
create table payee_reviews (
  id                 bigserial   primary key,
  payee_id           uuid        not null references payees (id),
  partner_id         uuid        not null references partners (id),
  decision           smallint    not null check (decision in (1, 2)),   -- the situacao it set
  reviewed_by        text        not null check (char_length(reviewed_by) between 1 and 100),
  reason             text        check (char_length(reason) <= 500),
  decided_at         timestamptz not null,
  callback_event_id  uuid        not null references callback_events (id),
  check (decision = 1 or reason is not null)
);
create index payee_reviews_payee on payee_reviews (payee_id, id);
