-- Issue 13: operations moved to the command runner keep their idempotency records under the
-- command's name (the runner's scope) instead of the wire operation id. Records written before the
-- move are renamed here, so a retry after the upgrade finds them; they keep the hash of the wire
-- body and the rendered answer, which the HTTP face still replays byte for byte
-- (src/platform/http/runner-operation.ts). One line per operation moved.
update idempotency_records set operation = 'customer.addresses.save' where operation = 'Pessoa_SalvarEnderecos';
update idempotency_records set operation = 'guarantee.document.save' where operation = 'Proposta_SalvarPropostaGarantiaBemDocumento';
update idempotency_records set operation = 'payee.register' where operation = 'Favorecido_Incluir';
