export interface paths {
    "/AgendaRecebivel/ConsultarBoletos": {
        /** List the boletos of a schedule (optionally by number, optionally with cancelled ones). */
        post: operations["AgendaRecebivel_ConsultarBoletos"];
    };
    "/AgendaRecebivel/ConsultarDetalhes": {
        /** Read the receivables schedule: installments, boletos, Pix and launches. */
        post: operations["AgendaRecebivel_ConsultarDetalhes"];
    };
    "/AgendaRecebivel/ConsultarParcelas": {
        /** Read installment values updated to a calculation date. */
        post: operations["AgendaRecebivel_ConsultarParcelas"];
    };
    "/AgendaRecebivel/GerarMultiplasCobrancas": {
        /** Generate one charge (boleto and/or Pix) per listed installment. */
        post: operations["AgendaRecebivel_GerarMultiplasCobrancas"];
    };
    "/AgendaRecebivel/GerarMultiplosBoletos": {
        /** Generate one boleto per listed installment, each with its own dates and discount. */
        post: operations["AgendaRecebivel_GerarMultiplosBoletos"];
    };
    "/AgendaRecebivel/GerarUnicaCobranca": {
        /** Generate one charge (boleto and/or Pix) covering the listed installments. */
        post: operations["AgendaRecebivel_GerarUnicaCobranca"];
    };
    "/AgendaRecebivel/GerarUnicoBoleto": {
        /** Generate one boleto covering the listed installments. */
        post: operations["AgendaRecebivel_GerarUnicoBoleto"];
    };
    "/AgendaRecebivel/IncluirLancamentoMultiplasParcelas": {
        /** Post payment launches against one or more installments. */
        post: operations["AgendaRecebivel_IncluirLancamentoMultiplasParcelas"];
    };
    "/api/Favorecido": {
        /** Register a Pix payee (by key or by bank data) for review by the service team. */
        post: operations["Favorecido_Incluir"];
    };
    "/api/Favorecido/Consultar": {
        /** Read a payee and its review status by codigoFavorecido or Pix key. */
        post: operations["Favorecido_Consultar"];
    };
    "/boletos/{file}": {
        get: {
            parameters: {
                path: {
                    file: string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "Caas-Clock": components["headers"]["Caas-Clock"];
                    };
                    content: never;
                };
            };
        };
    };
    "/Bureau/ConsultaFraudeBureauBase": {
        /** Consult the fraud-marking base for a document (key, e-mail and phone make it fuller). */
        post: operations["Bureau_ConsultaFraudeBureauBase"];
    };
    "/Bureau/ConsultarBureau": {
        /** Consult the credit bureau for a person (CPF) or company (CNPJ) document. */
        post: operations["Bureau_ConsultarBureau"];
    };
    "/Bureau/ConsultarSCR": {
        /** Consult the SCR credit-exposure report for a reference month (customer consent required). */
        post: operations["Bureau_ConsultarSCR"];
    };
    "/FGTS/CancelarCobrancas": {
        /** Request the cancellation of charges by codigoLiquidacao; success is an empty object. */
        post: operations["FGTS_CancelarCobrancas"];
    };
    "/FGTS/CancelarProposta": {
        /** Cancel a disbursed proposal; returns the boleto for the amount to be returned, if any. */
        post: operations["FGTS_CancelarProposta"];
    };
    "/Pessoa/SalvarEnderecos": {
        /** Insert or update a customer's addresses. */
        post: operations["Pessoa_SalvarEnderecos"];
    };
    "/Proposta/AtualizarContaPagamento": {
        /** Update the disbursement bank account of a proposal. */
        post: operations["Proposta_AtualizarContaPagamento"];
    };
    "/Proposta/Consultar": {
        /** Read one proposal by codigoProposta, codigoOperacao or numeroProposta. */
        post: operations["Proposta_Consultar"];
    };
    "/Proposta/Finalizar": {
        /** Finalize a draft proposal. */
        post: operations["Proposta_Finalizar"];
    };
    "/Proposta/IncluirManualSimplificado": {
        /** Create a loan proposal; returns its code, number, installment, IOF, financed amount and CET. */
        post: operations["Proposta_IncluirManualSimplificado"];
    };
    "/Proposta/Recusar": {
        /** Refuse a proposal with a rejection reason. */
        post: operations["Proposta_Recusar"];
    };
    "/Proposta/SalvarPropostaGarantiaBemDocumento": {
        /** Save a guarantee-asset document record of a proposal. */
        post: operations["Proposta_SalvarPropostaGarantiaBemDocumento"];
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {};
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The service's current instant (ISO 8601, UTC). In sandbox mode (CAAS_SANDBOX=true) the simulated instant that `caas clock set/advance` moved; otherwise the real time. */
        "Caas-Clock": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export type external = Record<string, never>;
export interface operations {
    /** List the boletos of a schedule (optionally by number, optionally with cancelled ones). */
    AgendaRecebivel_ConsultarBoletos: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoConsultaBoletos?: ({
                        numerosBoletos?: number[] | null;
                        trazerBoletosCancelados?: boolean | null;
                    }) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        boletos: ({
                            cliente: string | null;
                            descricao: string | null;
                            documentoFederalCliente: string | null;
                            dtCancelamento: string | null;
                            dtCredito: string | null;
                            dtExpiracao: string | null;
                            dtInclusao: string | null;
                            dtVencimento: string | null;
                            impressao: string | null;
                            linhaDigitavel: string | null;
                            liquidacao: boolean;
                            numeroBoleto: number;
                            numeroProposta: number;
                            parceiro: string | null;
                            /** @description Installment numbers, e.g. '1,2' */
                            parcelas: string;
                            qrCode: ({
                                emv: string;
                                imagem: string | null;
                            }) | null;
                            valorBoleto: number;
                            vlrPago: number;
                        })[];
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                    };
                };
            };
        };
    };
    /** Read the receivables schedule: installments, boletos, Pix and launches. */
    AgendaRecebivel_ConsultarDetalhes: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        nroParcelas?: number[] | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoConsultaDetalhes?: ({
                        trazerAgendaDetalhada?: boolean | null;
                        trazerBoleto?: boolean | null;
                    }) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        descricaoSituacaoAgenda: string;
                        descricaoTipoContrato: string | null;
                        documentoFederalCliente: string | null;
                        dtCancelamento: string | null;
                        dtInclusao: string | null;
                        dtLiquidacao: string | null;
                        ecCliente: string | null;
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        nomeCliente: string | null;
                        nomeEmpresa: string | null;
                        numeroProposta: number;
                        parcelas: ({
                            boletos: (({
                                descricaoBoletoRegistro: string | null;
                                dtCredito: string | null;
                                dtExpiracao: string | null;
                                linhaDigitavel: string | null;
                                liquidacao: boolean;
                                numeroBoleto: number;
                                operacaoBoletoRegistro: number | null;
                                qrCode: ({
                                    emv: string;
                                    imagem: string | null;
                                }) | null;
                                situacaoBoletoRegistro: number | null;
                                urlImpressao: string | null;
                            })[]) | null;
                            /** Format: uuid */
                            codigoParcela: string;
                            dtVencimento: string | null;
                            dtVencimentoAtual: string | null;
                            lancamentos: (({
                                descLancamento: string | null;
                                dtLancamento: string | null;
                                dtVencimento: string | null;
                                informarFundo: boolean;
                                viaBoleto: boolean;
                                vlrAbatimento: number;
                                vlrDesconto: number;
                                vlrIOF: number;
                                vlrJuros: number;
                                vlrMora: number;
                                vlrMulta: number;
                                vlrPagamento: number;
                                vlrParcela: number;
                                vlrParcelaAtualizado: number;
                                vlrSaldoParcela: number;
                                vlrTarifas: number;
                            })[]) | null;
                            nroOrdemPagamento: string | null;
                            nroParcela: number;
                            pix: (({
                                dtCredito: string | null;
                                dtExpiracao: string | null;
                                dtVencimento: string | null;
                                emv: string;
                                imagem: string | null;
                                liquidacao: boolean;
                            })[]) | null;
                            /** @description 0 open, 1 paid (other codes: docs) */
                            situacao: number;
                            vlrDesconto: number;
                            vlrParcela: number;
                            vlrSaldoAtual: number;
                            vlrTotalPago: number;
                        })[];
                        qtdeParcelas: number;
                        /** @description 2 open, 1 paid off, 0 cancelled */
                        situacaoAgenda: number;
                        situacaoProposta: number;
                        vlrFinanciado: number;
                        vlrRetencaoDiarioAprox: number;
                        vlrTotalPago: number;
                    };
                };
            };
        };
    };
    /** Read installment values updated to a calculation date. */
    AgendaRecebivel_ConsultarParcelas: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        nroParcelas?: number[] | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoConsultaParcelas?: ({
                        /** Format: caas-date-time */
                        dtCalculo?: string | null;
                        permiteDescapitalizacao?: boolean | null;
                    }) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        dtCalculo: string | null;
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parcelas: ({
                            calculado: {
                                vlrAbatimento: number;
                                vlrEncargos: number;
                                vlrJurosContrato: number;
                                vlrMora: number;
                                vlrMulta: number;
                                vlrSaldoAtualizado: number;
                            };
                            dtVencimentoAtual: string | null;
                            nroParcela: number;
                        })[];
                    };
                };
            };
        };
    };
    /** Generate one charge (boleto and/or Pix) per listed installment. */
    AgendaRecebivel_GerarMultiplasCobrancas: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoGerarMultiplasLiquidacoes: {
                        descricaoLiquidacao?: string | null;
                        notificarCliente?: boolean | null;
                        pagamentoViaBoleto?: boolean | null;
                        pagamentoViaPIX?: boolean | null;
                        parcelas?: (({
                            /** Format: caas-date-time */
                            dtExpiracao?: string | null;
                            /** Format: caas-date-time */
                            dtVencimento?: string | null;
                            nroParcela?: number | null;
                            permiteDescapitalizacao?: boolean | null;
                            vlrDesconto?: number | null;
                        })[]) | null;
                        tipoRegistro?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        cobrancas: {
                            /** Format: uuid */
                            codigoLiquidacao: string;
                            parcelas: number[];
                        }[];
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                    };
                };
            };
        };
    };
    /** Generate one boleto per listed installment, each with its own dates and discount. */
    AgendaRecebivel_GerarMultiplosBoletos: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoGerarMultiplosBoletos: {
                        descricaoBoleto?: string | null;
                        notificarCliente?: boolean | null;
                        parcelas?: (({
                            /** Format: caas-date-time */
                            dtExpiracao?: string | null;
                            /** Format: caas-date-time */
                            dtVencimento?: string | null;
                            nroParcela?: number | null;
                            permiteDescapitalizacao?: boolean | null;
                            vlrDesconto?: number | null;
                        })[]) | null;
                        tipoRegistro?: number | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        boletos: ({
                            /** Format: uuid */
                            codigoBoleto: string;
                            dtVencimento: string | null;
                            linhaDigitavel: string;
                            numeroBoleto: number;
                            parcelas: number[];
                            /** @description The printable slip (PDF); the link itself is the credential */
                            urlImpressao: string;
                            valorBoleto: number;
                        })[];
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                    };
                };
            };
        };
    };
    /** Generate one charge (boleto and/or Pix) covering the listed installments. */
    AgendaRecebivel_GerarUnicaCobranca: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        nroParcelas?: number[] | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoGerarUnicaLiquidacao: {
                        descricaoLiquidacao?: string | null;
                        /** Format: caas-date-time */
                        dtExpiracao?: string | null;
                        /** Format: caas-date-time */
                        dtVencimento?: string | null;
                        liquidacao?: boolean | null;
                        pagamentoViaBoleto?: boolean | null;
                        pagamentoViaPIX?: boolean | null;
                        permiteDescapitalizacao?: boolean | null;
                        tipoRegistro?: number | null;
                        vlrDesconto?: number | null;
                        /** @description Must not be sent for settlement charges */
                        vlrLiquidacao?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        cobrancas: {
                            /** Format: uuid */
                            codigoLiquidacao: string;
                            parcelas: number[];
                        }[];
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                    };
                };
            };
        };
    };
    /** Generate one boleto covering the listed installments. */
    AgendaRecebivel_GerarUnicoBoleto: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        nroParcelas?: number[] | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoGerarUnicoBoleto: {
                        descricaoBoleto?: string | null;
                        /**
                         * Format: caas-date-time
                         * @description Payment deadline
                         */
                        dtExpiracao?: string | null;
                        /**
                         * Format: caas-date-time
                         * @description Due date
                         */
                        dtVencimento?: string | null;
                        /** @description Whether the boleto settles the installments */
                        liquidacao?: boolean | null;
                        permiteDescapitalizacao?: boolean | null;
                        tipoRegistro?: number | null;
                        /** @description Must not be sent for settlement boletos */
                        vlrBoleto?: number | null;
                        vlrDesconto?: number | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        boletos: ({
                            /** Format: uuid */
                            codigoBoleto: string;
                            dtVencimento: string | null;
                            linhaDigitavel: string;
                            numeroBoleto: number;
                            parcelas: number[];
                            /** @description The printable slip (PDF); the link itself is the credential */
                            urlImpressao: string;
                            valorBoleto: number;
                        })[];
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                    };
                };
            };
        };
    };
    /** Post payment launches against one or more installments. */
    AgendaRecebivel_IncluirLancamentoMultiplasParcelas: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoLancamentoParcelas: ({
                        descricaoLancamento?: string | null;
                        /** Format: caas-date-time */
                        dtPagamento?: string | null;
                        nroParcela?: number | null;
                        permiteDescapitalizacao?: boolean | null;
                        vlrDesconto?: number | null;
                        vlrPagamento?: number | null;
                    })[];
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                    };
                };
            };
        };
    };
    /** Register a Pix payee (by key or by bank data) for review by the service team. */
    Favorecido_Incluir: {
        requestBody: {
            content: {
                "application/json": {
                    agencia?: string | null;
                    agenciaDigito?: string | null;
                    chave?: string | null;
                    conta?: string | null;
                    contaDigito?: string | null;
                    contaDto?: ({
                        agencia?: string | null;
                        agenciaDigito?: string | null;
                        conta?: string | null;
                        contaDigito?: string | null;
                        /** @description Account number followed by its check digit */
                        contaPgto?: string | null;
                        /** @description 1 Movimento, 2 Escrow, 3 Pagamento, 4 Salário */
                        modeloConta?: number | null;
                        tipoConta?: number | null;
                    }) | null;
                    contaPagamento?: string | null;
                    documentoFederal?: string | null;
                    nome?: string | null;
                    numeroBanco?: string | null;
                    numeroParticipanteSpi?: string | null;
                    /** @description 1 by key, 2 by bank data */
                    tipoCadastroPix?: number | null;
                    /** @description 0 CPF, 1 CNPJ, 2 Telefone, 3 Email, 4 EVP */
                    tipoChave?: number | null;
                    tipoConta?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        codigoFavorecido: string | null;
                        descricaoSituacao: string | null;
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        situacao: number | null;
                    };
                };
            };
        };
    };
    /** Read a payee and its review status by codigoFavorecido or Pix key. */
    Favorecido_Consultar: {
        requestBody: {
            content: {
                "application/json": {
                    chave?: string | null;
                    /** Format: uuid */
                    codigoFavorecido?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        favorecido: ({
                            agencia: string | null;
                            agenciaDigito: string | null;
                            chave: string | null;
                            /** Format: uuid */
                            codigoFavorecido: string;
                            conta: string | null;
                            contaDigito: string | null;
                            contaPagamento: string | null;
                            descricaoSituacao: string;
                            documentoFederal: string;
                            /** Format: date-time */
                            dtInclusao: string;
                            dtSituacao: string | null;
                            modeloConta: number | null;
                            motivoRejeicao: string | null;
                            nome: string;
                            numeroBanco: string | null;
                            numeroParticipanteSpi: string | null;
                            situacao: number;
                            tipoCadastroPix: number;
                            tipoChave: number | null;
                            tipoConta: number | null;
                        }) | null;
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                    };
                };
            };
        };
    };
    /** Consult the fraud-marking base for a document (key, e-mail and phone make it fuller). */
    Bureau_ConsultaFraudeBureauBase: {
        requestBody: {
            content: {
                "application/json": {
                    consulta: {
                        celularUsuario?: ({
                            codigoPais?: string | null;
                            ddd?: string | null;
                            numero?: string | null;
                        }) | null;
                        chavePix?: string | null;
                        documento: string;
                        email?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        falha: boolean;
                        hasError: boolean;
                        json: string | null;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                    };
                };
            };
        };
    };
    /** Consult the credit bureau for a person (CPF) or company (CNPJ) document. */
    Bureau_ConsultarBureau: {
        requestBody: {
            content: {
                "application/json": {
                    consulta: {
                        codigoProduto?: string | null;
                        consultaCompleta?: boolean | null;
                        documento?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        bureauMixMaisPF: ({
                            bairro: string | null;
                            bureauMixMaisPFConsultaDetalhe: (({
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                dtConsulta: string | null;
                                entidadeOrigem: string | null;
                                id: number;
                                nomeAssociado: string | null;
                            })[]) | null;
                            bureauMixMaisPFConsultaRealizada: (({
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                dtUltOcorrencia: string | null;
                                id: number;
                                item: string | null;
                                qtde: number | null;
                                valor: number | null;
                            })[]) | null;
                            bureauMixMaisPFEndereco: (({
                                bairro: string | null;
                                cep: string | null;
                                cidade: string | null;
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                complemento: string | null;
                                id: number;
                                logradouro: string | null;
                                nroLogradouro: string | null;
                                uf: string | null;
                            })[]) | null;
                            bureauMixMaisPFTelefone: (({
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                ddd: string | null;
                                id: number;
                                numero: string | null;
                                qtde: number | null;
                            })[]) | null;
                            cep: string | null;
                            cidade: string | null;
                            /** Format: uuid */
                            codigo: string;
                            complemento: string | null;
                            documentoFederal: string | null;
                            dtInclusao: string | null;
                            dtNasc: string | null;
                            dtSituacao: string | null;
                            email: string | null;
                            estadoCivil: string | null;
                            id: number;
                            idade: number | null;
                            logradouro: string | null;
                            nome: string | null;
                            nomeMae: string | null;
                            nomePai: string | null;
                            nroLogradouro: string | null;
                            nroTituloEleitor: string | null;
                            protocolo: string | null;
                            rg: string | null;
                            rguf: string | null;
                            score3Meses: number | null;
                            score3MesesMSG: string | null;
                            score12Meses: number | null;
                            score12MesesMSG: string | null;
                            sexo: string | null;
                            signo: string | null;
                            situacao: string | null;
                            telefoneCelular: string | null;
                            telefoneComercial: string | null;
                            telefoneFax: string | null;
                            telefoneResidencial: string | null;
                            uf: string | null;
                            xmlResult: string | null;
                        }) | null;
                        bureauMixMaisPFConsultaDetalhe: (({
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            dtConsulta: string | null;
                            entidadeOrigem: string | null;
                            id: number;
                            nomeAssociado: string | null;
                        })[]) | null;
                        bureauMixMaisPFConsultaRealizada: (({
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            dtUltOcorrencia: string | null;
                            id: number;
                            item: string | null;
                            qtde: number | null;
                            valor: number | null;
                        })[]) | null;
                        bureauMixMaisPFEndereco: (({
                            bairro: string | null;
                            cep: string | null;
                            cidade: string | null;
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            complemento: string | null;
                            id: number;
                            logradouro: string | null;
                            nroLogradouro: string | null;
                            uf: string | null;
                        })[]) | null;
                        bureauMixMaisPFTelefone: (({
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            ddd: string | null;
                            id: number;
                            numero: string | null;
                            qtde: number | null;
                        })[]) | null;
                        bureaupj: ({
                            atividades: string | null;
                            bairro: string | null;
                            bureaupjConsultaDetalhe: (({
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                dtConsulta: string | null;
                                entidadeOrigem: string | null;
                                id: number;
                                nomeAssociado: string | null;
                            })[]) | null;
                            bureaupjConsultaRealizada: (({
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                dtUltOcorrencia: string | null;
                                id: number;
                                item: string | null;
                                qtde: number | null;
                                valor: number | null;
                            })[]) | null;
                            bureaupjEndereco: (({
                                bairro: string | null;
                                cep: string | null;
                                cidade: string | null;
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                complemento: string | null;
                                id: number;
                                logradouro: string | null;
                                nroLogradouro: string | null;
                                uf: string | null;
                            })[]) | null;
                            bureaupjTelefone: (({
                                /** Format: uuid */
                                codigo: string;
                                /** Format: uuid */
                                codigoConsulta: string;
                                ddd: string | null;
                                id: number;
                                numero: string | null;
                                qtde: number | null;
                            })[]) | null;
                            cep: string | null;
                            cidade: string | null;
                            /** Format: uuid */
                            codigo: string;
                            complemento: string | null;
                            dataFundacao: string | null;
                            documentoFederal: string | null;
                            dtInclusao: string | null;
                            dtSituacaoIE: string | null;
                            dtSituacaoRFB: string | null;
                            email: string | null;
                            homePage: string | null;
                            id: number;
                            inscricaoEstadual: string | null;
                            logradouro: string | null;
                            naturezaJuridica: string | null;
                            nomeComercial: string | null;
                            nroLogradouro: string | null;
                            numeroNIRENIRC: string | null;
                            protocolo: string | null;
                            razaoSocial: string | null;
                            razaoSocialAnterior: string | null;
                            score3Meses: number | null;
                            score3MesesMSG: string | null;
                            score12Meses: number | null;
                            score12MesesMSG: string | null;
                            situacaoIE: string | null;
                            situacaoRFB: string | null;
                            telefone: string | null;
                            telefoneFax: string | null;
                            uf: string | null;
                            valorCapitalSocial: string | null;
                            xmlResult: string | null;
                        }) | null;
                        bureaupjConsultaDetalhe: (({
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            dtConsulta: string | null;
                            entidadeOrigem: string | null;
                            id: number;
                            nomeAssociado: string | null;
                        })[]) | null;
                        bureaupjConsultaRealizada: (({
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            dtUltOcorrencia: string | null;
                            id: number;
                            item: string | null;
                            qtde: number | null;
                            valor: number | null;
                        })[]) | null;
                        bureaupjEndereco: (({
                            bairro: string | null;
                            cep: string | null;
                            cidade: string | null;
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            complemento: string | null;
                            id: number;
                            logradouro: string | null;
                            nroLogradouro: string | null;
                            uf: string | null;
                        })[]) | null;
                        bureaupjTelefone: (({
                            /** Format: uuid */
                            codigo: string;
                            /** Format: uuid */
                            codigoConsulta: string;
                            ddd: string | null;
                            id: number;
                            numero: string | null;
                            qtde: number | null;
                        })[]) | null;
                        falha: boolean;
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        possuiRestricao: boolean;
                    };
                };
            };
        };
    };
    /** Consult the SCR credit-exposure report for a reference month (customer consent required). */
    Bureau_ConsultarSCR: {
        requestBody: {
            content: {
                "application/json": {
                    consulta: {
                        dataBaseAno?: string | null;
                        dataBaseMes?: string | null;
                        documento?: string | null;
                        /**
                         * Format: caas-date-time
                         * @description When the customer consented (Res. CMN 5.037/2022)
                         */
                        dtAceiteCliente?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        erro: boolean;
                        hasError: boolean;
                        mensagemOperador: string | null;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        periodo: string | null;
                        resumoDoCliente: ({
                            cnpjDaIfSolicitante: string | null;
                            codigoDoCliente: string | null;
                            coobrigacaoAssumida: number;
                            coobrigacaoAssumidaSpecified: boolean;
                            coobrigacaoRecebida: number;
                            coobrigacaoRecebidaSpecified: boolean;
                            dataBaseConsultada: string | null;
                            dataInicioRelacionamento: string | null;
                            listaDeMensagensDeValidacao: ({
                                codigo: string | null;
                                mensagem: string | null;
                            })[];
                            listaDeResumoDasOperacoes: ({
                                listaDeVencimentos: ({
                                    codigoVencimento: string | null;
                                    valorVencimento: number;
                                    valorVencimentoSpecified: boolean;
                                })[];
                                modalidade: string | null;
                                variacaoCambial: string | null;
                            })[];
                            percentualDocumentosProcessados: string | null;
                            percentualVolumeProcessado: string | null;
                            quantidadeDeInstituicoes: number;
                            quantidadeDeOperacoes: number;
                            quantidadeOperacoesDiscordancia: number;
                            quantidadeOperacoesSubJudice: number;
                            responsabilidadeTotalDiscordancia: number;
                            responsabilidadeTotalDiscordanciaSpecified: boolean;
                            responsabilidadeTotalSubJudice: number;
                            responsabilidadeTotalSubJudiceSpecified: boolean;
                            riscoIndiretoVendor: number;
                            riscoIndiretoVendorSpecified: boolean;
                            tipoDoCliente: string | null;
                        }) | null;
                        resumoDoClienteTraduzido: ({
                            carteiradeCredito: number;
                            carteiraVencer: number;
                            carteiraVencer31a60dias: number;
                            carteiraVencer61a90dias: number;
                            carteiraVencer91a180dias: number;
                            carteiraVencer181a360dias: number;
                            carteiraVencerAcima360dias: number;
                            carteiraVencerAte30diasVencidosAte14dias: number;
                            carteiraVencerPrazoIndeterminado: number;
                            carteiraVencido: number;
                            carteiraVencido15a30dias: number;
                            carteiraVencido31a60dias: number;
                            carteiraVencido61a90dias: number;
                            carteiraVencido91a180dias: number;
                            carteiraVencido181a360dias: number;
                            carteiraVencidoAcima360dias: number;
                            coobrigacoes: number;
                            creditosaLiberar: number;
                            dtInicioRelacionamento: string | null;
                            limitesdeCredito: number;
                            limitesdeCreditoAcima360dias: number;
                            limitesdeCreditoAte360dias: number;
                            moedaEstrangeiraValor: number;
                            moedaEstrangeiraValor15a30dias: number;
                            moedaEstrangeiraValor31a60dias: number;
                            moedaEstrangeiraValor61a90dias: number;
                            moedaEstrangeiraValor91a180dias: number;
                            moedaEstrangeiraValor181a360dias: number;
                            moedaEstrangeiraValorAcima360dias: number;
                            prejuizo: number;
                            prejuizoAcima12meses: number;
                            prejuizoAte12meses: number;
                            qtdeInstituicoes: number;
                            qtdeOperacoes: number;
                            qtdeOperacoesDiscordancia: number;
                            qtdeOperacoesSobJudice: number;
                            repasses: number;
                            responsabilidadeTotal: number;
                            riscoIndiretoVendor: number;
                            riscoTotal: number;
                            vlrOperacoesDiscordancia: number;
                            vlrOperacoesSobJudice: number;
                        }) | null;
                        resumoModalidade: (({
                            dominio: string | null;
                            modalidade: string | null;
                            subdominio: string | null;
                            tipo: string | null;
                            valorVencimento: number;
                        })[]) | null;
                    };
                };
            };
        };
    };
    /** Request the cancellation of charges by codigoLiquidacao; success is an empty object. */
    FGTS_CancelarCobrancas: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoCancelarCobrancas: {
                        codigosLiquidacoes?: string[] | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    /** Cancel a disbursed proposal; returns the boleto for the amount to be returned, if any. */
    FGTS_CancelarProposta: {
        requestBody: {
            content: {
                "application/json": {
                    documentoCliente?: string | null;
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        numeroProposta?: number | null;
                    };
                    motivoCancelamento?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        Boleto: string | null;
                        HasError: boolean;
                        Messages: (({
                            Code: string;
                            Context: string;
                            Description: string;
                            Field: string | null;
                            MessageType: number;
                        })[]) | null;
                        Msg: string | null;
                    };
                };
            };
        };
    };
    /** Insert or update a customer's addresses. */
    Pessoa_SalvarEnderecos: {
        requestBody: {
            content: {
                "application/json": {
                    dtos?: (({
                        bairro?: string | null;
                        /** @description 8 digits, with or without the dash */
                        cep?: string | null;
                        cidade?: string | null;
                        /** @description Record identifier, a uuid (returned in results); absent = matched by cep */
                        codigo?: string | null;
                        complemento?: string | null;
                        enderecoCorrespondencia?: boolean | null;
                        /** @description yyyy-MM-dd or ISO 8601 date-time; not after today */
                        enderecoDesde?: string | null;
                        enderecoPrincipal?: boolean | null;
                        logradouro?: string | null;
                        nroLogradouro?: string | null;
                        tipoEndereco?: number | null;
                        tipoResidencia?: number | null;
                        /** @description One of the 27 state abbreviations */
                        uf?: string | null;
                    })[]) | null;
                    param: {
                        documentoCliente?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        results: ({
                            codigo: string | null;
                            hasError: boolean;
                            messages: (({
                                code: string;
                                context: string;
                                description: string;
                                field: string | null;
                                messageType: number;
                            })[]) | null;
                            msg: string | null;
                        })[];
                    };
                };
            };
        };
    };
    /** Update the disbursement bank account of a proposal. */
    Proposta_AtualizarContaPagamento: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        numeroProposta?: string | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                    propostaContaPagamentoDTO: {
                        agencia?: string | null;
                        agenciaDig?: string | null;
                        codigoBanco?: number | null;
                        conta?: string | null;
                        contaDig?: string | null;
                        documentoFederalPagamento?: string | null;
                        nomePagamento?: string | null;
                        numeroBanco?: string | null;
                        tipoConta?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                    };
                };
            };
        };
    };
    /** Read one proposal by codigoProposta, codigoOperacao or numeroProposta. */
    Proposta_Consultar: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        numeroProposta?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        proposta: ({
                            agenda: ({
                                descricaoSituacaoAgenda: string;
                                dtLiquidacao: string | null;
                                qtdeParcelas: number;
                                qtdeParcelasPagas: number;
                                /** @description 2 open, 1 paid off, 0 cancelled */
                                situacaoAgenda: number;
                                vlrSaldoDevedor: number;
                                vlrTotalPago: number;
                            }) | null;
                            /** Format: uuid */
                            codigo: string;
                            codigoOperacao: string | null;
                            contaPagamento: ({
                                agencia: string | null;
                                agenciaDig: string | null;
                                codigoBanco: number | null;
                                conta: string | null;
                                contaDig: string | null;
                                documentoFederalPagamento: string | null;
                                nomePagamento: string | null;
                                numeroBanco: string | null;
                                tipoConta: number | null;
                            }) | null;
                            descricaoSituacao: string;
                            documentoCliente: string;
                            dtCancelamento: string | null;
                            dtInclusao: string | null;
                            dtLiberacao: string | null;
                            dtPrimeiroVencto: string | null;
                            historico: ({
                                descricaoSituacao: string;
                                descricaoSituacaoAnterior: string | null;
                                /** Format: date-time */
                                dtEvento: string;
                                /** @description create, finalize, approve, requestPayment, disburse, assign, refuse, cancel, settle, updatePaymentAccount */
                                evento: string;
                                motivo: string | null;
                                situacao: number;
                                situacaoAnterior: number | null;
                                usuario: string | null;
                            })[];
                            numero: number;
                            parcelas: {
                                /** Format: date-time */
                                dtVencimento: string;
                                nroParcela: number;
                                vlrAmortizacao: number;
                                vlrEncargosMensais: number;
                                vlrJuros: number;
                                vlrParcela: number;
                                vlrSaldoDevedor: number;
                            }[];
                            percCETAnual: number | null;
                            percCETMensal: number | null;
                            percJurosNegociado: number | null;
                            prazo: number;
                            situacao: number;
                            vlrFinanciado: number;
                            vlrIOF: number;
                            vlrParcela: number;
                            vlrSolicitado: number;
                            vlrTAC: number | null;
                        }) | null;
                    };
                };
            };
        };
    };
    /** Finalize a draft proposal. */
    Proposta_Finalizar: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        numeroProposta?: number | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                    };
                };
            };
        };
    };
    /** Create a loan proposal; returns its code, number, installment, IOF, financed amount and CET. */
    Proposta_IncluirManualSimplificado: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        codigoOperacao?: string | null;
                        codigoVersaoCCB?: number | null;
                        documentoCliente?: string | null;
                        documentoParceiroCorrespondente?: string | null;
                        documentoPromotor?: string | null;
                        /**
                         * Format: caas-date-time
                         * @description First due date
                         */
                        dtPrimeiroVencto?: string | null;
                        hotMoney?: boolean | null;
                        nroDiasAcrescimoHotMoney?: number | null;
                        observacoesVendedor?: string | null;
                        percIndiceFinan?: number | null;
                        percIOF?: number | null;
                        percIOFAdicional?: number | null;
                        /** @description Monthly interest rate, % */
                        percJurosNegociado?: number | null;
                        percRetencao?: number | null;
                        prazo?: number | null;
                        propostaContaPagamentoDTO?: ({
                            agencia?: string | null;
                            agenciaDig?: string | null;
                            codigoBanco?: number | null;
                            conta?: string | null;
                            contaDig?: string | null;
                            documentoFederalPagamento?: string | null;
                            nomePagamento?: string | null;
                            numeroBanco?: string | null;
                            tipoConta?: number | null;
                        }) | null;
                        propostaLancamentos?: (({
                            agencia?: string | null;
                            agenciaDig?: string | null;
                            campoID?: string | null;
                            codigoBanco?: number | null;
                            conta?: string | null;
                            contaDig?: string | null;
                            documentoFederal?: string | null;
                            documentoFederalCedente?: string | null;
                            /** Format: caas-date-time */
                            dtPagamento?: string | null;
                            linhaDigitavel?: string | null;
                            nomeCedente?: string | null;
                            nomePagamento?: string | null;
                            numeroBanco?: string | null;
                            tipoConta?: number | null;
                            vlrTransacao?: number | null;
                        })[]) | null;
                        rotativo?: boolean | null;
                        tipoContrato?: string | null;
                        tipoIndiceFinan?: number | null;
                        vlrAcessorios?: number | null;
                        vlrAvaliacao?: number | null;
                        vlrBlindagem?: number | null;
                        vlrBoleto?: number | null;
                        vlrCertiDocs?: number | null;
                        vlrCorban?: number | null;
                        vlrDespachante?: number | null;
                        vlrIOF?: number | null;
                        vlrOutrasDespesas?: number | null;
                        vlrOutrosServicos?: number | null;
                        vlrParcela?: number | null;
                        vlrRegistro?: number | null;
                        vlrRegistroCartorio?: number | null;
                        vlrRetencao?: number | null;
                        vlrSeguro?: number | null;
                        vlrSeguroMensal1?: number | null;
                        vlrSeguroMensal2?: number | null;
                        vlrServTerceiro?: number | null;
                        vlrSolicitado?: number | null;
                        vlrTAC?: number | null;
                        vlrTxAdmMensal?: number | null;
                        vlrVistoria?: number | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        codigo: string | null;
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        numero: number | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                        percCETAnual: number | null;
                        percCETMensal: number | null;
                        vlrFinanciado: number | null;
                        vlrIOF: number | null;
                        vlrParcela: number | null;
                    };
                };
            };
        };
    };
    /** Refuse a proposal with a rejection reason. */
    Proposta_Recusar: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        numeroProposta?: number | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                    propostaRecusaDTO: {
                        motivoRejeicao?: number | null;
                        textoMotivoRecusa?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                    };
                };
            };
        };
    };
    /** Save a guarantee-asset document record of a proposal. */
    Proposta_SalvarPropostaGarantiaBemDocumento: {
        requestBody: {
            content: {
                "application/json": {
                    dto: {
                        /**
                         * Format: uuid
                         * @description Document record; absent = new record
                         */
                        codigo?: string | null;
                        /** Format: uuid */
                        codigoPropostaGarantiaBem?: string | null;
                        codigoUsuarioConferido?: number | null;
                        conferido?: boolean | null;
                        /** Format: caas-date-time */
                        dtConferido?: string | null;
                        /** Format: caas-date-time */
                        dtValidade?: string | null;
                        extensao?: string | null;
                        nomeArquivo?: string | null;
                        tipoDocumento?: number | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        hasError: boolean;
                        messages: (({
                            code: string;
                            context: string;
                            description: string;
                            field: string | null;
                            messageType: number;
                        })[]) | null;
                        msg: string | null;
                        parametros: ({
                            nome: string;
                            valor: string | null;
                        })[];
                        results: ({
                            codigo: string | null;
                            hasError: boolean;
                            messages: (({
                                code: string;
                                context: string;
                                description: string;
                                field: string | null;
                                messageType: number;
                            })[]) | null;
                            msg: string | null;
                            numero: number | null;
                        })[];
                    };
                };
            };
        };
    };
}
