-- Bureau, SCR and fraud-base consultations (docs/bureau.md): the stored answers that a repeated
-- consultation reuses instead of paying the provider again, and the audit trail of every one.

-- One stored answer per partner and normalized request. request_key is the SHA-256 (hex) of the
-- operation's normalized request (document, product, reference month, identifiers), so the
-- identifiers sent to the fraud base are not kept in clear here. Only answers the provider gave
-- (found or no record) are stored, never failures. A repeat within the configured window
-- (BUREAU_CACHE_TTL_HOURS, read when answering) reuses body; a fresh consultation replaces the row.
create table bureau_cache (
  partner_id    uuid        not null references partners (id),
  operation     text        not null check (operation in ('bureau', 'scr', 'fraud')),
  request_key   text        not null check (request_key ~ '^[0-9a-f]{64}$'),
  outcome       text        not null check (outcome in ('found', 'no_record')),
  provider      text        not null,
  msg           text        not null,
  body          text        not null,   -- the answer's fields without the envelope, exact JSON
  consulted_at  timestamptz not null,
  primary key (partner_id, operation, request_key)
);
create index bureau_cache_consulted on bureau_cache (consulted_at);

-- The audit trail: every consultation that passed validation, whatever its outcome. The document
-- is kept on purpose (it is what the audit is for) and is never written to logs.
create table bureau_consultations (
  id                    bigserial   primary key,
  partner_id            uuid        not null references partners (id),
  operation             text        not null check (operation in ('bureau', 'scr', 'fraud')),
  document              text        not null,   -- bare: 11 digits, or 14 characters (alphanumeric CNPJ)
  document_kind         text        not null check (document_kind in ('CPF', 'CNPJ')),
  product_code          text,                   -- bureau: the catalogue's canonical code
  consulta_completa     boolean,                -- bureau
  reference_month       text        check (reference_month ~ '^[0-9]{4}-[0-9]{2}$'),   -- SCR data-base
  consent_at            timestamptz,            -- SCR: dtAceiteCliente
  identifiers           text[],                 -- fraud: which optional identifiers were sent (never their values)
  outcome               text        not null check (outcome in ('found', 'no_record', 'failure', 'cached')),
  provider              text        not null,
  failure_reason        text,                   -- port.ts ProviderFailureReason, or 'internal_error'
  failure_detail        text,                   -- provider-side detail (HTTP status, provider code); never shown to partners
  cached_consulted_at   timestamptz,            -- cached: when the reused answer was obtained
  request_id            text        not null,
  consulted_at          timestamptz not null,
  check ((operation = 'bureau') = (product_code is not null and consulta_completa is not null)),
  check ((operation = 'scr') = (reference_month is not null and consent_at is not null)),
  check ((operation = 'fraud') = (identifiers is not null)),
  check ((outcome = 'failure') = (failure_reason is not null)),
  check ((outcome = 'cached') = (cached_consulted_at is not null))
);
create index bureau_consultations_document on bureau_consultations (document, consulted_at);
create index bureau_consultations_partner on bureau_consultations (partner_id, consulted_at);
create index bureau_consultations_consulted on bureau_consultations (consulted_at);
