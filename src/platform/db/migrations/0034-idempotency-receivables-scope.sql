-- Issue 13: the receivables partner operations moved to the command runner keep their idempotency
-- records under the command's name instead of the wire operation id, as 0030 did for the first
-- four. Records written before the move keep the hash of the wire body and the rendered answer,
-- which the HTTP face still replays byte for byte (src/platform/http/runner-operation.ts).
-- One line per operation moved.
update idempotency_records set operation = 'charges.cancel' where operation = 'FGTS_CancelarCobrancas';
update idempotency_records set operation = 'boleto.generate' where operation = 'AgendaRecebivel_GerarUnicoBoleto';
update idempotency_records set operation = 'boletos.generate' where operation = 'AgendaRecebivel_GerarMultiplosBoletos';
update idempotency_records set operation = 'charge.generate' where operation = 'AgendaRecebivel_GerarUnicaCobranca';
update idempotency_records set operation = 'charges.generate' where operation = 'AgendaRecebivel_GerarMultiplasCobrancas';
update idempotency_records set operation = 'launch.add' where operation = 'AgendaRecebivel_IncluirLancamentoParcela';
update idempotency_records set operation = 'launches.add' where operation = 'AgendaRecebivel_IncluirLancamentoMultiplasParcelas';
