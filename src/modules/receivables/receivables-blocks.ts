// Request and response pieces shared by the receivables operations.
import { Type, DateTimeOut, MoneyOut, bool, dateTime, envelope, integer, money, obj, opt, text } from '../../platform/http/schema-types.js';
import { installmentNumber, TextOut, UuidOut } from '../../platform/http/wire-blocks.js';
import { CHARGE_DESCRIPTION_LENGTH_MAX } from './limits.js';
import type { ScheduleReference } from './schedule/schedule-repository.js';
import type { CollectionTerms, MultipleItem } from './collections/collection-orders.js';
import type { CollectionCommandInput } from './collections/issued-collections.js';
import type { Decimal } from '../../platform/money.js';
import type { Static } from 'typebox';


export const chargeDescription = () => opt(text({ minLength: 1, maxLength: CHARGE_DESCRIPTION_LENGTH_MAX }));

/** tipoRegistro: 1 = online (registered before the answer), 2 = offline (background job). */
export const registrationMode = () => opt(integer({ minimum: 1, maximum: 2 }));

/** One installment of a multiple-boleto or multiple-charge request, each with its own dates. */
export const ChargeInstallment = obj({
  nroParcela: opt(installmentNumber()),
  dtVencimento: opt(dateTime()),
  dtExpiracao: opt(dateTime()),
  vlrDesconto: opt(money()),
  permiteDescapitalizacao: opt(bool()),
});

/** Pix BR Code of a hybrid boleto: EMV text and a base64 PNG. */
export const QrCodeOut = Type.Union([Type.Object({ emv: Type.String(), imagem: TextOut }), Type.Null()]);

/** Answer of the charge-generating operations (compatibility-notes). */
export const ChargesResponse = envelope({
  cobrancas: Type.Array(Type.Object({ codigoLiquidacao: UuidOut, parcelas: Type.Array(Type.Integer()) })),
});

/** `boletos` of the boleto-generating answers (an addition to the interface's envelope). */
export const IssuedBoletosOut = Type.Array(
  Type.Object({
    codigoBoleto: UuidOut,
    numeroBoleto: Type.Integer(),
    parcelas: Type.Array(Type.Integer()),
    dtVencimento: DateTimeOut,
    valorBoleto: MoneyOut,
    linhaDigitavel: Type.String(),
    urlImpressao: Type.String({ description: 'The printable slip (PDF); the link itself is the credential' }),
  }),
);

/** The `dto` of every receivables operation (codigoProposta, codigoOperacao, numeroProposta) → the schedule reference. */
export function scheduleReference(dto: { codigoProposta?: string | null; codigoOperacao?: string | null; numeroProposta?: number | null } | null | undefined): ScheduleReference {
  return { proposalId: dto?.codigoProposta ?? null, operationCode: dto?.codigoOperacao ?? null, proposalNumber: dto?.numeroProposta ?? null };
}

/** `parcelas` of a multiple-boleto or multiple-charge request → the items of the command. */
export function multipleItems(items: ReadonlyArray<Static<typeof ChargeInstallment>> | null | undefined): MultipleItem[] {
  return (items ?? []).map((i) => ({ installmentNumber: i.nroParcela ?? null, dueDate: i.dtVencimento ?? null, expiresOn: i.dtExpiracao ?? null, discount: i.vlrDesconto ?? null, allowDecapitalization: i.permiteDescapitalizacao ?? null }));
}

/** The terms block of a single-boleto or single-charge request (its amount field named by the caller). */
export function collectionTerms(
  b: { dtVencimento?: string | null; dtExpiracao?: string | null; liquidacao?: boolean | null; vlrDesconto?: Decimal | null; permiteDescapitalizacao?: boolean | null },
  amount: Decimal | null | undefined,
): CollectionTerms {
  return { dueDate: b.dtVencimento ?? null, expiresOn: b.dtExpiracao ?? null, settlement: b.liquidacao ?? null, amount: amount ?? null, discount: b.vlrDesconto ?? null, allowDecapitalization: b.permiteDescapitalizacao ?? null };
}

/** What every boleto- or charge-generating request says besides its installments: whose schedule, the description, notification, registration. */
export function collectionCommon(
  dto: Parameters<typeof scheduleReference>[0],
  b: { descricaoBoleto?: string | null; descricaoLiquidacao?: string | null; notificarCliente?: boolean | null; tipoRegistro?: number | null },
): CollectionCommandInput {
  return { schedule: scheduleReference(dto), description: b.descricaoBoleto ?? b.descricaoLiquidacao ?? null, notifyCustomer: b.notificarCliente ?? null, registrationMode: b.tipoRegistro ?? null };
}
