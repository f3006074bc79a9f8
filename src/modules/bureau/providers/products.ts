// The codigoProduto catalogue (the interface leaves the values open). A product says which
// person types it serves and which sections of the bureau result it fills. A summary
// consultation (consultaCompleta: false) keeps only the identity block, the scores and the
// restriction flag, whatever the product.
import type { PersonType } from './port.js';

/**
 * Sections of a bureau result:
 * - cadastro: registration data (birth, parents, documents, marital status; company registry,
 *   activities) and the main address, e-mail and phone fields;
 * - telefones / enderecos: the ...Telefone and ...Endereco arrays;
 * - score: score3Meses, score12Meses and their messages;
 * - consultas: ...ConsultaDetalhe (who consulted the document lately);
 * - restricoes: ...ConsultaRealizada (negative records: debts, protests, bounced cheques …);
 * - xml: xmlResult, the provider's raw answer.
 * The identity block (id, codigo, documentoFederal, dtInclusao, protocolo, name, status) and
 * `possuiRestricao` are always answered.
 */
export type Section = 'cadastro' | 'telefones' | 'enderecos' | 'score' | 'consultas' | 'restricoes' | 'xml';

export const ALL_SECTIONS: readonly Section[] = ['cadastro', 'telefones', 'enderecos', 'score', 'consultas', 'restricoes', 'xml'];

/** What a summary consultation may keep (intersected with the product's sections). */
const SUMMARY_SECTIONS: readonly Section[] = ['score'];

export interface Product {
  /** The canonical code partners send in codigoProduto. */
  readonly code: string;
  /** A readable alias accepted as well (case-insensitive). */
  readonly alias: string;
  readonly name: string;
  readonly personTypes: readonly PersonType[];
  readonly sections: readonly Section[];
}

export const PRODUCTS: readonly Product[] = [
  { code: '1', alias: 'MIXMAIS_PF', name: 'Mix Mais Pessoa Física', personTypes: ['PF'], sections: ALL_SECTIONS },
  { code: '2', alias: 'SCORE_PF', name: 'Score e Restrições Pessoa Física', personTypes: ['PF'], sections: ['score', 'restricoes'] },
  { code: '3', alias: 'BUREAU_PJ', name: 'Bureau Pessoa Jurídica', personTypes: ['PJ'], sections: ALL_SECTIONS },
  { code: '4', alias: 'SCORE_PJ', name: 'Score e Restrições Pessoa Jurídica', personTypes: ['PJ'], sections: ['score', 'restricoes'] },
  { code: '5', alias: 'CADASTRAL', name: 'Dados Cadastrais', personTypes: ['PF', 'PJ'], sections: ['cadastro', 'telefones', 'enderecos'] },
];

/** codigoProduto omitted (issue 11): the person product for a CPF, the company product for a CNPJ. */
export const DEFAULT_PRODUCT_CODE: Readonly<Record<PersonType, string>> = { PF: '1', PJ: '3' };

/** What /openapi.json says of each product (the enum of codigoProduto). */
export function productDescription(p: Product): string {
  const serves = p.personTypes.map((t) => (t === 'PF' ? 'CPF' : 'CNPJ')).join(' e ');
  const isDefault = p.personTypes.filter((t) => DEFAULT_PRODUCT_CODE[t] === p.code).map((t) => (t === 'PF' ? 'CPF' : 'CNPJ'));
  return `${p.name} (alias ${p.alias}; ${serves})${isDefault.length > 0 ? `; padrão para ${isDefault.join(' e ')}` : ''}`;
}

/** The product for a codigoProduto (code or alias, trimmed, any case); null when unknown. */
export function findProduct(codigoProduto: string): Product | null {
  const wanted = codigoProduto.trim().toUpperCase();
  if (wanted === '') return null;
  return PRODUCTS.find((p) => p.code === wanted || p.alias === wanted) ?? null;
}

export function productServes(product: Product, personType: PersonType): boolean {
  return product.personTypes.includes(personType);
}

/** The sections a consultation fills: the product's, trimmed to the summary when not complete. */
export function sectionsFor(product: Product, consultaCompleta: boolean): ReadonlySet<Section> {
  const kept = consultaCompleta ? product.sections : product.sections.filter((s) => SUMMARY_SECTIONS.includes(s));
  return new Set(kept);
}

/** The product for a canonical code, asserting the caller refused unknown codes before. */
export function productByCode(code: string): Product {
  const product = PRODUCTS.find((p) => p.code === code);
  if (!product) throw new Error(`assertion: unknown product code ${code} reached a provider`);
  return product;
}
