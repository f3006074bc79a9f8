// The shapes of the API Pix (Banco Central, v2) this service sends and reads. Wire names as the
// API has them.

export interface Devedor {
  cpf?: string;
  cnpj?: string;
  nome: string;
}

export interface CobvBody {
  calendario: { dataDeVencimento: string; validadeAposVencimento: number };
  devedor: Devedor;
  valor: {
    original: string;
    /** modalidade 2: percentual. */
    multa?: { modalidade: 2; valorPerc: string };
    /** modalidade 3: percentual ao mês, dias corridos. */
    juros?: { modalidade: 3; valorPerc: string };
    /** modalidade 1: valor fixo até a data informada. */
    desconto?: { modalidade: 1; descontoDataFixa: Array<{ data: string; valorPerc: string }> };
  };
  chave: string;
  solicitacaoPagador?: string;
}

export interface CobBody {
  calendario: { expiracao: number };
  devedor?: Devedor;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
}

export interface CobAnswer {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  revisao?: number;
  loc?: { id: number; location: string; tipoCob: 'cob' | 'cobv' };
  location?: string;
  valor: { original: string };
  pixCopiaECola?: string;
}

export interface PixAnswer {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: Array<{ id: string; rtrId: string; valor: string; status: string }>;
}

export interface RefundAnswer {
  id: string;
  rtrId: string;
  valor: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

/** The webhook body: POST {webhook}/pix. */
export interface PixWebhookBody {
  pix: Array<{ endToEndId: string; txid?: string; valor: string; horario: string; infoPagador?: string }>;
}
