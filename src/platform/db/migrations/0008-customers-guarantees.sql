-- Customer addresses (Pessoa/SalvarEnderecos) and guarantee-asset documents
-- (Proposta/SalvarPropostaGarantiaBemDocumento). docs/customers-and-guarantees.md.

-- A customer is its document (CPF or CNPJ, bare) within one partner: partner B's customer with
-- the same document is another customer. The CEP identifies an address of a customer when the
-- partner sends no codigo (the interface's lookup rule), hence unique per customer.
create table customer_addresses (
  id                uuid        primary key,               -- `codigo` on the wire
  partner_id        uuid        not null references partners (id),
  customer_document text        not null check (customer_document ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
  cep               char(8)     not null check (cep ~ '^[0-9]{8}$'),
  logradouro        text        not null,
  nro_logradouro    text,
  bairro            text,
  complemento       text,
  cidade            text        not null,
  uf                char(2)     not null,
  tipo_endereco     smallint,
  tipo_residencia   smallint,
  endereco_desde    date,
  principal         boolean     not null,
  correspondencia   boolean     not null,
  created_at        timestamptz not null,
  updated_at        timestamptz not null,
  unique (partner_id, customer_document, cep)
);
-- At most one main and one mailing address per customer (a new one unsets the previous).
create unique index customer_addresses_one_principal on customer_addresses (partner_id, customer_document) where principal;
create unique index customer_addresses_one_correspondencia on customer_addresses (partner_id, customer_document) where correspondencia;

-- A guarantee asset, identified by the partner's `codigoPropostaGarantiaBem` and created on the
-- first document saved for it. The key includes the partner, so another partner's uuid is a
-- different asset and never reveals or touches this one.
create table guarantee_assets (
  partner_id  uuid        not null references partners (id),
  id          uuid        not null,                     -- `codigoPropostaGarantiaBem`
  created_at  timestamptz not null,
  primary key (partner_id, id)
);

create table guarantee_documents (
  id                        uuid        primary key,     -- `codigo` on the wire
  partner_id                uuid        not null,
  asset_id                  uuid        not null,
  numero                    integer     not null check (numero >= 1),  -- sequential per asset
  tipo_documento            integer     not null,
  nome_arquivo              text        not null,
  extensao                  text        not null,
  dt_validade               date,
  conferido                 boolean     not null,
  dt_conferido              timestamptz,
  codigo_usuario_conferido  integer,
  created_at                timestamptz not null,
  updated_at                timestamptz not null,
  foreign key (partner_id, asset_id) references guarantee_assets (partner_id, id),
  unique (partner_id, asset_id, numero),
  check (conferido or (dt_conferido is null and codigo_usuario_conferido is null)),
  check (not conferido or dt_conferido is not null)
);
