-- Issue 13: the proposal operations moved to the command runner keep their idempotency records
-- under the command's name instead of the wire operation id (as 0030 for the first ones). The
-- records keep the hash of the wire body and the rendered answer, which the HTTP face still
-- replays byte for byte (src/platform/http/runner-operation.ts). One line per operation moved;
-- Proposta/Consultar is a query and never had records.
update idempotency_records set operation = 'proposal.create' where operation = 'Proposta_IncluirManualSimplificado';
update idempotency_records set operation = 'proposal.finalize' where operation = 'Proposta_Finalizar';
update idempotency_records set operation = 'proposal.partner-refuse' where operation = 'Proposta_Recusar';
update idempotency_records set operation = 'proposal.partner-cancel' where operation = 'FGTS_CancelarProposta';
update idempotency_records set operation = 'proposal.payment-account.update' where operation = 'Proposta_AtualizarContaPagamento';
