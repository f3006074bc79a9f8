// Bureau/ConsultarBureau: person (bureauMixMaisPF) or company (bureaupj) bureau result.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Type, bool, catalogue, envelope, obj, opt } from '../../platform/http/schema-types.js';
import { documentText, fieldsOf, IntOut, nullable, TextOut, UuidOut } from '../../platform/http/wire-blocks.js';
import { bureauArrays } from './bureau-arrays.js';
import { PRODUCTS, productDescription } from './providers/products.js';
import { PRODUCT_CODE_LENGTH_MAX } from './limits.js';


const Person = Type.Object({
  id: Type.Integer(),
  codigo: UuidOut,
  idade: IntOut,
  score3Meses: IntOut,
  score12Meses: IntOut,
  // Fields the interface lists without a type are strings ("strings unless stated").
  ...fieldsOf([
    'documentoFederal', 'dtInclusao', 'protocolo', 'dtNasc', 'email', 'estadoCivil', 'nome', 'nomeMae', 'nomePai',
    'rg', 'rguf', 'nroTituloEleitor', 'sexo', 'signo', 'situacao', 'dtSituacao', 'telefoneCelular',
    'telefoneResidencial', 'telefoneComercial', 'telefoneFax', 'cep', 'logradouro', 'nroLogradouro', 'bairro',
    'complemento', 'cidade', 'uf', 'score3MesesMSG', 'score12MesesMSG', 'xmlResult',
  ] as const, TextOut),
  ...bureauArrays('bureauMixMaisPF'),
});

// id, codigo and the scores are typed as in the person variant (same structure, same names).
const Company = Type.Object({
  id: Type.Integer(),
  codigo: UuidOut,
  score12Meses: IntOut,
  score3Meses: IntOut,
  // Fields the interface lists without a type are strings ("strings unless stated").
  ...fieldsOf([
    'documentoFederal', 'dtInclusao', 'protocolo', 'dataFundacao', 'razaoSocial', 'razaoSocialAnterior',
    'nomeComercial', 'homePage', 'email', 'inscricaoEstadual', 'numeroNIRENIRC', 'valorCapitalSocial',
    'situacaoRFB', 'dtSituacaoRFB', 'situacaoIE', 'dtSituacaoIE', 'naturezaJuridica', 'atividades', 'telefone',
    'telefoneFax', 'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf',
    'score12MesesMSG', 'score3MesesMSG', 'xmlResult',
  ] as const, TextOut),
  ...bureauArrays('bureaupj'),
});

export const spec = defineSpec({
  path: '/Bureau/ConsultarBureau',
  operationId: 'Bureau_ConsultarBureau',
  summary: 'Consult the credit bureau for a person (CPF) or company (CNPJ) document.',
  scope: 'caas.bureau',
  kind: 'query',
  envelope: 'camel',
  body: obj({
    consulta: obj({
      documento: opt(documentText()),
      codigoProduto: opt(
        catalogue(
          PRODUCTS.map((p) => ({ value: p.code, description: productDescription(p) })),
          { maxLength: PRODUCT_CODE_LENGTH_MAX, description: 'Bureau product: its code or alias, any case. Omitted: 1 for a CPF, 3 for a CNPJ.' },
        ),
      ),
      consultaCompleta: opt(bool()),
    }),
  }),
  response: envelope({
    possuiRestricao: Type.Boolean(),
    falha: Type.Boolean(),
    bureauMixMaisPF: nullable(Person),
    bureaupj: nullable(Company),
    ...bureauArrays('bureauMixMaisPF'),
    ...bureauArrays('bureaupj'),
  }),
});
