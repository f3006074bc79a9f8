// Request and response pieces shared by several operations, so each operation schema states only
// what is its own. Built only from the constructors of schema-types.ts.
import { Type, type TSchema, arrayOf, envelope, integer, obj, opt, text, uuid } from './schema-types.js';
import { INSTALLMENT_NUMBER_MAX, DOCUMENT_LENGTH_MAX, OPERATION_CODE_LENGTH_MAX, PROPOSAL_NUMBER_MAX } from '../config/limits.js';

/** The wire bounds the operation schemas share, declared in the platform's limits file. */
export { INSTALLMENT_NUMBER_MAX, BATCH_ITEMS_MAX, DOCUMENT_LENGTH_MAX, OPERATION_CODE_LENGTH_MAX, REASON_LENGTH_MAX, PROPOSAL_NUMBER_MAX } from '../config/limits.js';

export const installmentNumber = () => integer({ minimum: 1, maximum: INSTALLMENT_NUMBER_MAX });
export const documentText = () => text({ maxLength: DOCUMENT_LENGTH_MAX });

const codigoProposta = opt(uuid('Proposal identifier'));
const codigoOperacao = opt(text({ maxLength: OPERATION_CODE_LENGTH_MAX, description: "Partner's operation code (UUID or numeric string)" }));

/** The proposal number we issue (IncluirManualSimplificado `numero`). */
export const proposalNumber = () => integer({ minimum: 1 });
/** The operator CLI names proposals by number; the receivables operations accept it too. */
const numeroProposta = opt(integer({ minimum: 1, maximum: PROPOSAL_NUMBER_MAX, description: 'Proposal number (used when neither code is sent)' }));

/** `dto` of the receivables operations that name no installments. */
export const ScheduleRef = obj({ codigoProposta, codigoOperacao, numeroProposta });

/** `dto` of the receivables operations that list installments (empty or absent = all). */
export const ScheduleInstallmentsRef = obj({
  codigoProposta,
  codigoOperacao,
  numeroProposta,
  nroParcelas: opt(arrayOf(installmentNumber(), INSTALLMENT_NUMBER_MAX)),
});

/** `dto` of the proposal operations; numeroProposta is an integer except in AtualizarContaPagamento. */
export function proposalRef<N extends TSchema>(numeroProposta: N) {
  return obj({ codigoProposta, codigoOperacao, numeroProposta: opt(numeroProposta) });
}


// ---- response pieces ----

export function nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const TextOut = nullable(Type.String());
export const IntOut = nullable(Type.Integer());
export const UuidOut = Type.String({ format: 'uuid' });
export const BoolOut = Type.Boolean();

/** Item of `results` in batch answers (SalvarEnderecos, SalvarPropostaGarantiaBemDocumento). */
export function resultItem<P extends Record<string, TSchema>>(extra: P) {
  return envelope({ codigo: nullable(UuidOut), ...extra });
}

/** Many fields of one schema, e.g. a list of string fields the interface names without a type. */
export function fieldsOf<K extends string, S extends TSchema>(names: readonly K[], schema: S): Record<K, S> {
  return Object.fromEntries(names.map((n) => [n, schema])) as Record<K, S>;
}
