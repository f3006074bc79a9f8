// Bureau/ConsultarSCR: the regulatory credit-exposure report (SCR) of a person or company.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { MoneyOut, Type, dateTime, envelope, obj, opt, text } from '../../platform/http/schema-types.js';
import { documentText, fieldsOf, nullable, TextOut } from '../../platform/http/wire-blocks.js';
import { MONTH_TEXT_LENGTH_MAX, YEAR_TEXT_LENGTH_MAX } from './limits.js';

const CountOut = Type.Number();

// Amounts with an XML-style companion flag `<name>Specified` (interface).
const specifiedAmounts = ['coobrigacaoAssumida', 'coobrigacaoRecebida', 'responsabilidadeTotalDiscordancia', 'responsabilidadeTotalSubJudice', 'riscoIndiretoVendor'] as const;

const ResumoDoCliente = Type.Object({
  ...fieldsOf(['cnpjDaIfSolicitante', 'codigoDoCliente', 'dataBaseConsultada', 'dataInicioRelacionamento', 'percentualDocumentosProcessados', 'percentualVolumeProcessado', 'tipoDoCliente'] as const, TextOut),
  ...fieldsOf(specifiedAmounts, MoneyOut),
  ...fieldsOf(specifiedAmounts.map((n) => `${n}Specified` as const), Type.Boolean()),
  ...fieldsOf(['quantidadeDeInstituicoes', 'quantidadeDeOperacoes', 'quantidadeOperacoesDiscordancia', 'quantidadeOperacoesSubJudice'] as const, CountOut),
  listaDeMensagensDeValidacao: Type.Array(Type.Object({ codigo: TextOut, mensagem: TextOut })),
  listaDeResumoDasOperacoes: Type.Array(Type.Object({
    modalidade: TextOut,
    variacaoCambial: TextOut,
    listaDeVencimentos: Type.Array(Type.Object({ codigoVencimento: TextOut, valorVencimento: MoneyOut, valorVencimentoSpecified: Type.Boolean() })),
  })),
});

const translatedAmounts = [
  'vlrOperacoesDiscordancia', 'vlrOperacoesSobJudice', 'carteiraVencer', 'carteiraVencerAte30diasVencidosAte14dias',
  'carteiraVencer31a60dias', 'carteiraVencer61a90dias', 'carteiraVencer91a180dias', 'carteiraVencer181a360dias',
  'carteiraVencerAcima360dias', 'carteiraVencerPrazoIndeterminado', 'moedaEstrangeiraValor',
  'moedaEstrangeiraValor15a30dias', 'moedaEstrangeiraValor31a60dias', 'moedaEstrangeiraValor61a90dias',
  'moedaEstrangeiraValor91a180dias', 'moedaEstrangeiraValor181a360dias', 'moedaEstrangeiraValorAcima360dias',
  'carteiraVencido', 'carteiraVencido15a30dias', 'carteiraVencido31a60dias', 'carteiraVencido61a90dias',
  'carteiraVencido91a180dias', 'carteiraVencido181a360dias', 'carteiraVencidoAcima360dias', 'prejuizo',
  'prejuizoAte12meses', 'prejuizoAcima12meses', 'carteiradeCredito', 'repasses', 'coobrigacoes',
  'responsabilidadeTotal', 'creditosaLiberar', 'limitesdeCredito', 'limitesdeCreditoAte360dias',
  'limitesdeCreditoAcima360dias', 'riscoIndiretoVendor', 'riscoTotal',
] as const;

const ResumoDoClienteTraduzido = Type.Object({
  dtInicioRelacionamento: TextOut,
  ...fieldsOf(['qtdeInstituicoes', 'qtdeOperacoes', 'qtdeOperacoesDiscordancia', 'qtdeOperacoesSobJudice'] as const, CountOut),
  ...fieldsOf(translatedAmounts, MoneyOut),
});

const ResumoModalidade = Type.Object({
  ...fieldsOf(['tipo', 'modalidade', 'dominio', 'subdominio'] as const, TextOut),
  valorVencimento: MoneyOut,
});


export const spec = defineSpec({
  path: '/Bureau/ConsultarSCR',
  operationId: 'Bureau_ConsultarSCR',
  summary: 'Consult the SCR credit-exposure report for a reference month (customer consent required).',
  scope: 'caas.bureau',
  kind: 'query',
  envelope: 'camel',
  body: obj({
    consulta: obj({
      documento: opt(documentText()),
      dataBaseMes: opt(text({ maxLength: MONTH_TEXT_LENGTH_MAX })),
      dataBaseAno: opt(text({ maxLength: YEAR_TEXT_LENGTH_MAX })),
      dtAceiteCliente: opt(dateTime('When the customer consented (Res. CMN 5.037/2022)')),
    }),
  }),
  response: envelope({
    erro: Type.Boolean(),
    mensagemOperador: TextOut,
    periodo: TextOut,
    resumoDoCliente: nullable(ResumoDoCliente),
    resumoDoClienteTraduzido: nullable(ResumoDoClienteTraduzido),
    resumoModalidade: nullable(Type.Array(ResumoModalidade)),
  }),
});
