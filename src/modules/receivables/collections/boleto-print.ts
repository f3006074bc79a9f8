// GET /boletos/<token>.pdf: the printable slip of a boleto (urlImpressao). No bearer token: the
// payer opens it from an e-mail or an app, so the URL itself is the capability (192 random bits,
// one per boleto). A cancelled boleto is not served, so nobody pays it by mistake.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/pool.js';
import { brazilDateAt, type LocalDate } from '../../../platform/dates.js';
import { classifyDocument } from '../../../platform/documents.js';
import { DomainError } from '../../../platform/errors.js';
import { dec } from '../../../platform/money.js';
import { printedBeneficiaryCode } from './boleto/free-field.js';
import { formatDate } from './boleto/pdf-parts.js';
import { renderBoletoSlip, type BoletoSlip } from './boleto/pdf.js';
import { BoletoStatus } from './boleto-status.js';
import { boletoByPrintToken, boletoInstallments, type BoletoRow } from './collection-repository.js';
import { scheduleById, type ScheduleRow } from '../schedule/schedule-repository.js';
import type { ReceivablesSettings } from '../settings.js';

const PRINT_FILE_RE = /^([0-9a-f]{48})\.pdf$/;

/** 123.456.789-09 / 12.345.678/0001-95: documents as printed on the slip. */
export function formatDocument(text: string): string {
  const doc = classifyDocument(text);
  if (doc === null) return text;
  const d = doc.digits;
  return doc.kind === 'CPF' ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

export function slipOf(boleto: BoletoRow, schedule: ScheduleRow, installmentNumbers: readonly number[], settings: ReceivablesSettings): BoletoSlip {
  const issued = brazilDateAt(boleto.created_at);
  const instructions = [
    boleto.description,
    installmentNumbers.length === 0 ? `Proposta nº ${schedule.proposal_number}` : `Proposta nº ${schedule.proposal_number}, parcela(s) ${installmentNumbers.join(', ')}`,
    `Não receber após ${formatDate(boleto.expires_on as LocalDate)}.`,
  ];
  return {
    bankCode: boleto.bank_code,
    bankName: settings.bankName,
    barcode: boleto.barcode,
    dueDate: boleto.due_date as LocalDate,
    documentDate: issued,
    processingDate: issued,
    documentNumber: String(boleto.numero),
    nossoNumero: boleto.nosso_numero,
    wallet: settings.issuer.wallet,
    beneficiary: { name: settings.beneficiary.name, document: formatDocument(settings.beneficiary.document), agencyAndCode: printedBeneficiaryCode(settings.issuer) },
    payer: { name: schedule.customer_name ?? '', document: formatDocument(schedule.customer_document) },
    amounts: { document: dec(boleto.document_amount), discount: dec(boleto.discount), charged: dec(boleto.amount) },
    instructions,
    pix: { emv: boleto.pix_emv, imagePngBase64: boleto.pix_image },
  };
}

/** The print route's entry in /openapi.json (documentation only). */
const PRINT_ROUTE_DOC = {
  operationId: 'boleto_print',
  summary: 'The printable boleto slip (PDF): the urlImpressao of GerarUnicoBoleto / GerarMultiplosBoletos / ConsultarBoletos',
  description: 'No token: the URL itself is the capability (192 random bits, one per boleto); keep it as secret as the slip. A cancelled boleto is not served (404).',
  tags: ['boletos'],
  security: [],
  params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[0-9a-f]{48}\\.pdf$', description: '<print token>.pdf' } } },
  response: {
    200: { description: 'The slip', content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } },
    404: { description: 'Unknown or cancelled boleto (BOL404), in the result envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
  },
};

function notFound(): DomainError {
  return new DomainError('not_found', [{ code: 'BOL404', description: 'Boleto não encontrado' }]);
}

/** The slip of a boleto as a PDF: the print route's and the console's (operator-views.ts). */
export async function printBoleto(db: Db, settings: ReceivablesSettings, boleto: BoletoRow): Promise<Buffer> {
  const schedule = await scheduleById(db, boleto.partner_id, boleto.schedule_id);
  const installmentNumbers = (await boletoInstallments(db, [boleto.id])).map((l) => l.installment_number);
  return renderBoletoSlip(slipOf(boleto, schedule, installmentNumbers, settings));
}

export function boletoPrintPlugin(db: Db, settings: ReceivablesSettings) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { file: string } }>('/boletos/:file', { config: { operationId: 'boleto_print', capabilityUrl: true, swaggerTransform: ({ url }) => ({ schema: PRINT_ROUTE_DOC as never, url }) } }, async (request, reply) => {
      const match = PRINT_FILE_RE.exec(request.params.file.toLowerCase());
      if (match === null) throw notFound();
      const boleto = await boletoByPrintToken(db, match[1]!);
      if (boleto === undefined || boleto.registration_status === BoletoStatus.cancelled) throw notFound();
      const pdf = await printBoleto(db, settings, boleto);
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="boleto-${boleto.numero}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  };
}
