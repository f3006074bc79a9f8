// Pure request rules shared by the three consultations, and those of Bureau/ConsultarBureau.
// Each reader adds one problem per bad field (code, Portuguese description, JSON path) so a
// request gets every problem at once; docs/bureau.md lists the codes.
import { documentField, type DocumentId } from '../../platform/documents.js';
import type { Problems } from '../../platform/errors.js';
import { textOf } from '../../platform/fields.js';
import type { PersonType } from './providers/port.js';
import { DEFAULT_PRODUCT_CODE, findProduct, productByCode, PRODUCTS, productServes, type Product } from './providers/products.js';

export const BureauCode = {
  documento: 'BUR001',
  // BUR002 (codigoProduto missing) retired by issue 11: an omitted product takes the default.
  productUnknown: 'BUR003',
  productPersonType: 'BUR004',
  month: 'BUR010',
  year: 'BUR011',
  monthNotPublished: 'BUR012',
  monthTooOld: 'BUR013',
  consentMissing: 'BUR014',
  consentFuture: 'BUR015',
  consentExpired: 'BUR016',
  chavePix: 'BUR020',
  email: 'BUR021',
  celular: 'BUR022',
} as const;

export interface ConsultedDocument {
  readonly id: DocumentId;
  readonly personType: PersonType;
}

/** `consulta.documento`: a valid CPF (→ PF) or CNPJ, alphanumeric included (→ PJ); masks accepted. */
export function consultedDocument(problems: Problems, value: string | null | undefined): ConsultedDocument | null {
  const id = documentField(problems, value, { field: 'consulta.documento', code: BureauCode.documento }, 'documento');
  return id === null ? null : { id, personType: id.kind === 'CPF' ? 'PF' : 'PJ' };
}

/** A Bureau/ConsultarBureau request as sent (each field read and checked here). */
export interface BureauRequest {
  /** CPF or CNPJ, masks accepted. */
  readonly document: string | null;
  /** A product's code or alias, any case (null: the person type's default). */
  readonly productCode: string | null;
  /** Null: a complete consultation. */
  readonly complete: boolean | null;
}

export interface BureauQuery {
  readonly document: ConsultedDocument;
  readonly product: Product;
  /** Absent or null means a complete consultation (the product as catalogued). */
  readonly consultaCompleta: boolean;
}

const CATALOGUE_TEXT = PRODUCTS.map((p) => `${p.code} (${p.alias})`).join(', ');

function product(problems: Problems, value: string | null | undefined, document: ConsultedDocument | null): Product | null {
  const field = 'consulta.codigoProduto';
  const text = textOf(value);
  // Omitted: the default product of the document's person type (none to pick for a bad document).
  if (text === null) return document === null ? null : productByCode(DEFAULT_PRODUCT_CODE[document.personType]);
  const found = findProduct(text);
  if (found === null) {
    problems.add(BureauCode.productUnknown, `Produto não encontrado no catálogo. Produtos disponíveis: ${CATALOGUE_TEXT}.`, field);
    return null;
  }
  if (document !== null && !productServes(found, document.personType)) {
    const kind = document.personType === 'PF' ? 'pessoa física (CPF)' : 'pessoa jurídica (CNPJ)';
    const fits = PRODUCTS.filter((p) => productServes(p, document.personType)).map((p) => `${p.code} (${p.alias})`).join(', ');
    problems.add(BureauCode.productPersonType, `O produto ${found.code} (${found.name}) não atende documento de ${kind}. Use: ${fits}.`, field);
    return null;
  }
  return found;
}

/** Bureau/ConsultarBureau: BUR001–BUR004. Returns null exactly when a problem was added. */
export function validateBureauConsulta(input: BureauRequest, problems: Problems): BureauQuery | null {
  const before = problems.count;
  const document = consultedDocument(problems, input.document);
  const found = product(problems, input.productCode, document);
  if (problems.count > before || document === null || found === null) return null;
  return { document, product: found, consultaCompleta: input.complete ?? true };
}
