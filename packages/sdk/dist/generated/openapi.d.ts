export interface paths {
    "/AgendaRecebivel/CancelarCobrancas": {
        /**
         * Request the cancellation of charges by codigoLiquidacao; success is an empty object. Same operation as /FGTS/CancelarCobrancas.
         * @description Request the cancellation of charges by codigoLiquidacao; success is an empty object.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_CancelarCobrancas"];
    };
    "/AgendaRecebivel/ConsultarBoletos": {
        /**
         * List the boletos of a schedule (optionally by number, optionally with cancelled ones).
         * @description List the boletos of a schedule (optionally by number, optionally with cancelled ones).
         *
         * Query: reads only; runs fresh each time. Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_ConsultarBoletos"];
    };
    "/AgendaRecebivel/ConsultarDetalhes": {
        /**
         * Read the receivables schedule: installments, boletos, Pix and launches.
         * @description Read the receivables schedule: installments, boletos, Pix and launches.
         *
         * Query: reads only; runs fresh each time. Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_ConsultarDetalhes"];
    };
    "/AgendaRecebivel/ConsultarParcelas": {
        /**
         * Read installment values updated to a calculation date.
         * @description Read installment values updated to a calculation date.
         *
         * Query: reads only; runs fresh each time. Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_ConsultarParcelas"];
    };
    "/AgendaRecebivel/GerarMultiplasCobrancas": {
        /**
         * Generate one charge (boleto and/or Pix) per listed installment.
         * @description Generate one charge (boleto and/or Pix) per listed installment.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_GerarMultiplasCobrancas"];
    };
    "/AgendaRecebivel/GerarMultiplosBoletos": {
        /**
         * Generate one boleto per listed installment, each with its own dates and discount.
         * @description Generate one boleto per listed installment, each with its own dates and discount.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_GerarMultiplosBoletos"];
    };
    "/AgendaRecebivel/GerarUnicaCobranca": {
        /**
         * Generate one charge (boleto and/or Pix) covering the listed installments.
         * @description Generate one charge (boleto and/or Pix) covering the listed installments.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_GerarUnicaCobranca"];
    };
    "/AgendaRecebivel/GerarUnicoBoleto": {
        /**
         * Generate one boleto covering the listed installments.
         * @description Generate one boleto covering the listed installments.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_GerarUnicoBoleto"];
    };
    "/AgendaRecebivel/IncluirLancamentoMultiplasParcelas": {
        /**
         * Post payment launches against one or more installments.
         * @description Post payment launches against one or more installments.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_IncluirLancamentoMultiplasParcelas"];
    };
    "/AgendaRecebivel/IncluirLancamentoParcela": {
        /**
         * Post a payment launch against one installment (same rules as IncluirLancamentoMultiplasParcelas).
         * @description Post a payment launch against one installment (same rules as IncluirLancamentoMultiplasParcelas).
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["AgendaRecebivel_IncluirLancamentoParcela"];
    };
    "/api/Favorecido": {
        /**
         * Register a Pix payee (by key or by bank data) for review by the service team.
         * @description Register a Pix payee (by key or by bank data) for review by the service team.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.payees`.
         */
        post: operations["Favorecido_Incluir"];
    };
    "/api/Favorecido/Consultar": {
        /**
         * Read a payee and its review status by codigoFavorecido or Pix key.
         * @description Read a payee and its review status by codigoFavorecido or Pix key.
         *
         * Query: reads only; runs fresh each time. Scope: `caas.payees`.
         */
        post: operations["Favorecido_Consultar"];
    };
    "/boletos/{file}": {
        /**
         * The printable boleto slip (PDF): the urlImpressao of GerarUnicoBoleto / GerarMultiplosBoletos / ConsultarBoletos
         * @description No token: the URL itself is the capability (192 random bits, one per boleto); keep it as secret as the slip. A cancelled boleto is not served (404).
         */
        get: operations["boleto_print"];
    };
    "/Bureau/ConsultaFraudeBureauBase": {
        /**
         * Consult the fraud-marking base for a document (key, e-mail and phone make it fuller).
         * @description Consult the fraud-marking base for a document (key, e-mail and phone make it fuller).
         *
         * Query: reads only; runs fresh each time. Scope: `caas.bureau`.
         */
        post: operations["Bureau_ConsultaFraudeBureauBase"];
    };
    "/Bureau/ConsultarBureau": {
        /**
         * Consult the credit bureau for a person (CPF) or company (CNPJ) document.
         * @description Consult the credit bureau for a person (CPF) or company (CNPJ) document.
         *
         * Query: reads only; runs fresh each time. Scope: `caas.bureau`.
         */
        post: operations["Bureau_ConsultarBureau"];
    };
    "/Bureau/ConsultarSCR": {
        /**
         * Consult the SCR credit-exposure report for a reference month (customer consent required).
         * @description Consult the SCR credit-exposure report for a reference month (customer consent required).
         *
         * Query: reads only; runs fresh each time. Scope: `caas.bureau`.
         */
        post: operations["Bureau_ConsultarSCR"];
    };
    "/connect/token": {
        /**
         * Get an access token (OAuth 2.0 client credentials with a signed client assertion)
         * @description The client authenticates with a **signed client assertion** (RFC 7523 §2.2, OpenID Connect `private_key_jwt`), never a secret:
         * a JWT signed with the partner's private key (RS256 or PS256; the public key is registered at onboarding) whose claims are
         * `iss` = `sub` = your client id, `aud` = the token endpoint URL ({PUBLIC_URL}/connect/token), `jti` unique (a replay is refused),
         * `exp` in the future, `iat` not in the future, lifetime `exp − iat` at most CAAS_ASSERTION_LIFETIME_MAX_S (default 1 hour). POST it as `client_assertion` with
         * `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer` and `grant_type=client_credentials`.
         *
         * Answers are RFC 6749 JSON (never the operations' envelope), with Cache-Control: no-store. No IdempotencyKey.
         */
        post: operations["connect_token"];
    };
    "/FGTS/CancelarCobrancas": {
        /**
         * Request the cancellation of charges by codigoLiquidacao; success is an empty object.
         * @description Request the cancellation of charges by codigoLiquidacao; success is an empty object.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
         */
        post: operations["FGTS_CancelarCobrancas"];
    };
    "/FGTS/CancelarProposta": {
        /**
         * Cancel a disbursed proposal; returns the boleto for the amount to be returned, if any.
         * @description Cancel a disbursed proposal; returns the boleto for the amount to be returned, if any.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
         */
        post: operations["FGTS_CancelarProposta"];
    };
    "/Pessoa/SalvarEnderecos": {
        /**
         * Insert or update a customer's addresses.
         * @description Insert or update a customer's addresses.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.customers`.
         */
        post: operations["Pessoa_SalvarEnderecos"];
    };
    "/Proposta/AtualizarContaPagamento": {
        /**
         * Update the disbursement bank account of a proposal.
         * @description Update the disbursement bank account of a proposal.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
         */
        post: operations["Proposta_AtualizarContaPagamento"];
    };
    "/Proposta/Consultar": {
        /**
         * Read one proposal by codigoProposta, codigoOperacao or numeroProposta: its fields at the envelope's top level.
         * @description Read one proposal by codigoProposta, codigoOperacao or numeroProposta: its fields at the envelope's top level.
         *
         * Query: reads only; runs fresh each time. Scope: `caas.proposals`.
         */
        post: operations["Proposta_Consultar"];
    };
    "/Proposta/Finalizar": {
        /**
         * Finalize a draft proposal.
         * @description Finalize a draft proposal.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
         */
        post: operations["Proposta_Finalizar"];
    };
    "/Proposta/IncluirManualSimplificado": {
        /**
         * Create a loan proposal; returns its code, number, installment, IOF, financed amount and CET.
         * @description Create a loan proposal; returns its code, number, installment, IOF, financed amount and CET.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
         */
        post: operations["Proposta_IncluirManualSimplificado"];
    };
    "/Proposta/Recusar": {
        /**
         * Refuse a proposal with a rejection reason.
         * @description Refuse a proposal with a rejection reason.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
         */
        post: operations["Proposta_Recusar"];
    };
    "/Proposta/SalvarPropostaGarantiaBemDocumento": {
        /**
         * Save a guarantee-asset document record of a proposal.
         * @description Save a guarantee-asset document record of a proposal.
         *
         * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
         */
        post: operations["Proposta_SalvarPropostaGarantiaBemDocumento"];
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AgendaRecebivel_ConsultarBoletos_Answer: {
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
        AgendaRecebivel_ConsultarDetalhes_Answer: {
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
        AgendaRecebivel_ConsultarParcelas_Answer: {
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
        AgendaRecebivel_GerarMultiplasCobrancas_Answer: {
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
        AgendaRecebivel_GerarMultiplosBoletos_Answer: {
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
        AgendaRecebivel_GerarUnicaCobranca_Answer: {
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
        AgendaRecebivel_GerarUnicoBoleto_Answer: {
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
        AgendaRecebivel_IncluirLancamentoMultiplasParcelas_Answer: {
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
        AgendaRecebivel_IncluirLancamentoParcela_Answer: {
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
        Bureau_ConsultaFraudeBureauBase_Answer: {
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
        Bureau_ConsultarBureau_Answer: {
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
        Bureau_ConsultarSCR_Answer: {
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
        /** @description Every error answer of the operations (hasError true). */
        ErrorEnvelope: {
            /** @constant */
            hasError: true;
            messages: components["schemas"]["Message"][];
            msg: string | null;
        };
        /** @description The error envelope of FGTS/CancelarProposta (PascalCase). */
        ErrorEnvelopePascal: {
            /** @constant */
            HasError: true;
            Messages: components["schemas"]["MessagePascal"][];
            Msg: string | null;
        };
        Favorecido_Consultar_Answer: {
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
        Favorecido_Incluir_Answer: {
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
        FGTS_CancelarCobrancas_Answer: Record<string, never>;
        FGTS_CancelarProposta_Answer: {
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
        Message: {
            /** @description The message code. The catalogue is in the description of this API (Message codes). */
            code: string;
            /** @description Extra context; for SYS500 the request id */
            context: string;
            /** @description Human-readable text (Portuguese) */
            description: string;
            /** @description The field concerned, as a path (dto.codigoProposta), or null */
            field: string | null;
            /**
             * @description 1 validation, 2 business, 3 system, 4 warning, 5 information
             * @enum {integer}
             */
            messageType: 1 | 2 | 3 | 4 | 5;
        };
        MessagePascal: {
            /** @description The message code. The catalogue is in the description of this API (Message codes). */
            Code: string;
            /** @description Extra context; for SYS500 the request id */
            Context: string;
            /** @description Human-readable text (Portuguese) */
            Description: string;
            /** @description The field concerned, as a path (dto.codigoProposta), or null */
            Field: string | null;
            /**
             * @description 1 validation, 2 business, 3 system, 4 warning, 5 information
             * @enum {integer}
             */
            MessageType: 1 | 2 | 3 | 4 | 5;
        };
        Pessoa_SalvarEnderecos_Answer: {
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
        Proposta_AtualizarContaPagamento_Answer: {
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
        Proposta_Consultar_Answer: {
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
            autenticacaoBancaria: string | null;
            cancelamentoFGTS: ({
                contextoEvento: string;
                detalhes: string;
                dtEvento: string | null;
                dtVencimento: string | null;
                nomeEvento: string;
                numCodigoBarras: string | null;
                numeroBoleto: number | null;
                numLinhaDigitavel: string | null;
                pixCopiaCola: string | null;
                tipoEvento: number;
                urlImpressaoBoleto: string | null;
                vlrBoleto: number | null;
            })[];
            /** Format: uuid */
            codigo: string;
            codigoOperacao: string | null;
            /** Format: uuid */
            codigoProposta: string;
            controleBancario: string | null;
            descricaoSituacao: string;
            documentoCliente: string;
            documentoFavorecido: string | null;
            dtCancelamento: string | null;
            /** Format: date-time */
            dtInclusao: string;
            dtLiberacao: string | null;
            dtPagamento: string | null;
            dtPrimeiroVencto: string | null;
            hasError: boolean;
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
            messages: (({
                code: string;
                context: string;
                description: string;
                field: string | null;
                messageType: number;
            })[]) | null;
            motivoCancelamento: string | null;
            motivoPendencia: string | null;
            motivoRejeicao: string | null;
            msg: string | null;
            nomeFavorecido: string | null;
            numero: number;
            numeroCCB: string;
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
            percCETAnual: number;
            percCETMensal: number;
            percJurosAnual: number;
            percJurosMensal: number;
            percJurosNegociado: number | null;
            prazo: number;
            propostaContaPagamento: ({
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
            propostaLancamentos: ({
                agencia: string | null;
                agenciaDig: string | null;
                campoID: string | null;
                codigoBanco: number | null;
                conta: string | null;
                contaDig: string | null;
                descricaoCampo: string;
                descricaoOcorrencia: string | null;
                documentoFederal: string | null;
                dtPagamento: string | null;
                dtPrevPagto: string | null;
                dtVenctoBoleto: string | null;
                linhaDigitavel: string | null;
                nomeCedente: string | null;
                nomePagamento: string | null;
                numeroBanco: string | null;
                /** @description 0 not paid yet, 1 paid with the disbursement */
                situacao: number;
                tipoConta: number | null;
                vlrBoleto: number | null;
                vlrTransacao: number;
            })[];
            qtdeParcelas: number;
            situacao: number;
            textoRetornoPagamento: string | null;
            tipoContrato: string | null;
            vlrDesembolso: number;
            vlrFinanciado: number;
            vlrIOF: number;
            vlrOutrasDespesas: number;
            vlrOutrosServicos: number;
            vlrParcela: number;
            vlrSeguro: number;
            vlrSolicitado: number;
            vlrTAC: number;
            vlrTotalCredito: number;
            vlrTotalDivida: number;
        };
        Proposta_Finalizar_Answer: {
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
        Proposta_IncluirManualSimplificado_Answer: {
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
        Proposta_Recusar_Answer: {
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
        Proposta_SalvarPropostaGarantiaBemDocumento_Answer: {
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
    responses: {
        /** @description The body fails its schema (REQ001–REQ009, REQ013: every problem listed) or a business rule refuses it (the capability codes of the catalogue). Do not retry unchanged. */
        Error400: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body fails its schema (REQ001–REQ009, REQ013: every problem listed) or a business rule refuses it (the capability codes of the catalogue). Do not retry unchanged. */
        Error400Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description No token, malformed, expired or not trusted (A0001–A0003). Get a new token and retry once with the same IdempotencyKey. */
        Error401: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description No token, malformed, expired or not trusted (A0001–A0003). Get a new token and retry once with the same IdempotencyKey. */
        Error401Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description The token's scope does not release this operation (A0004). */
        Error403: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The token's scope does not release this operation (A0004). */
        Error403Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description A request with the same IdempotencyKey is still running (IDEM409); header Retry-After: 1. Retry with the same key. */
        Error409: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A request with the same IdempotencyKey is still running (IDEM409); header Retry-After: 1. Retry with the same key. */
        Error409Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description Body over 1 MiB (REQ011). */
        Error413: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Body over 1 MiB (REQ011). */
        Error413Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description Content-Type is not application/json (REQ012). */
        Error415: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Content-Type is not application/json (REQ012). */
        Error415Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description The IdempotencyKey was already used with a different body for this operation (IDEM422). Use a new key. */
        Error422: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The IdempotencyKey was already used with a different body for this operation (IDEM422). Use a new key. */
        Error422Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description Over the per-partner rate limit (REQ429); header Retry-After in seconds. Retry with the same key after the pause. */
        Error429: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Over the per-partner rate limit (REQ429); header Retry-After in seconds. Retry with the same key after the pause. */
        Error429Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description Unexpected error (SYS500): context holds the request id. Retry with the same key. */
        Error500: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "text/plain": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Unexpected error (SYS500): context holds the request id. Retry with the same key. */
        Error500Pascal: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
                /** @description The request id (yours when valid); quote it to support. */
                "X-Request-Id"?: string;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelopePascal"];
                "text/plain": components["schemas"]["ErrorEnvelopePascal"];
            };
        };
        /** @description The service is shutting down or not ready. Retry. */
        Unavailable: {
            headers: {
                "Caas-Clock": components["headers"]["Caas-Clock"];
            };
            content: never;
        };
    };
    parameters: {
        /** @description application/json to get Content-Type application/json; otherwise answers are text/plain (the interface) with the same JSON text. */
        Accept?: string;
        /**
         * @description Opaque key, 1–255 characters. Commands: the same key with the same body answers the stored result (header Idempotent-Replayed: true); with another body, 422. Queries require it too but run fresh.
         * @example 7d7c1c0e-3b2a-4d6e-9d43-0c3f1f0b8a11
         */
        IdempotencyKey: string;
        /** @description Your id for this request (letters, digits, `._:-`, at most 128); echoed in the answer and the logs. Absent or invalid: the service makes one. */
        XRequestId?: string;
    };
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
    /**
     * Request the cancellation of charges by codigoLiquidacao; success is an empty object. Same operation as /FGTS/CancelarCobrancas.
     * @description Request the cancellation of charges by codigoLiquidacao; success is an empty object.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    AgendaRecebivel_CancelarCobrancas: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "dtoCancelarCobrancas": {
                 *     "codigosLiquidacoes": [
                 *       "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
                 *     ]
                 *   }
                 * }
                 */
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
                    dtoCancelarCobrancas: {
                        codigosLiquidacoes?: string[] | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["FGTS_CancelarCobrancas_Answer"];
                    "text/plain": components["schemas"]["FGTS_CancelarCobrancas_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * List the boletos of a schedule (optionally by number, optionally with cancelled ones).
     * @description List the boletos of a schedule (optionally by number, optionally with cancelled ones).
     *
     * Query: reads only; runs fresh each time. Scope: `caas.receivables`.
     */
    AgendaRecebivel_ConsultarBoletos: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "dtoConsultaBoletos": {
                 *     "numerosBoletos": [],
                 *     "trazerBoletosCancelados": true
                 *   }
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_ConsultarBoletos_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_ConsultarBoletos_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Read the receivables schedule: installments, boletos, Pix and launches.
     * @description Read the receivables schedule: installments, boletos, Pix and launches.
     *
     * Query: reads only; runs fresh each time. Scope: `caas.receivables`.
     */
    AgendaRecebivel_ConsultarDetalhes: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
                 *     "nroParcelas": []
                 *   },
                 *   "dtoConsultaDetalhes": {
                 *     "trazerBoleto": true,
                 *     "trazerAgendaDetalhada": true
                 *   }
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_ConsultarDetalhes_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_ConsultarDetalhes_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Read installment values updated to a calculation date.
     * @description Read installment values updated to a calculation date.
     *
     * Query: reads only; runs fresh each time. Scope: `caas.receivables`.
     */
    AgendaRecebivel_ConsultarParcelas: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
                 *     "nroParcelas": [
                 *       1,
                 *       2
                 *     ]
                 *   },
                 *   "dtoConsultaParcelas": {
                 *     "dtCalculo": "2026-11-23",
                 *     "permiteDescapitalizacao": true
                 *   }
                 * }
                 */
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
                        dtCalculo?: string | null;
                        permiteDescapitalizacao?: boolean | null;
                    }) | null;
                };
            };
        };
        responses: {
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_ConsultarParcelas_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_ConsultarParcelas_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Generate one charge (boleto and/or Pix) per listed installment.
     * @description Generate one charge (boleto and/or Pix) per listed installment.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    AgendaRecebivel_GerarMultiplasCobrancas: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "dtoGerarMultiplasLiquidacoes": {
                 *     "descricaoLiquidacao": "Parcelas 4 e 5",
                 *     "pagamentoViaBoleto": true,
                 *     "pagamentoViaPIX": false,
                 *     "tipoRegistro": 1,
                 *     "parcelas": [
                 *       {
                 *         "nroParcela": 4
                 *       },
                 *       {
                 *         "nroParcela": 5
                 *       }
                 *     ]
                 *   }
                 * }
                 */
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
                            dtExpiracao?: string | null;
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_GerarMultiplasCobrancas_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_GerarMultiplasCobrancas_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Generate one boleto per listed installment, each with its own dates and discount.
     * @description Generate one boleto per listed installment, each with its own dates and discount.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    AgendaRecebivel_GerarMultiplosBoletos: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "dtoGerarMultiplosBoletos": {
                 *     "descricaoBoleto": "Parcelas do empréstimo",
                 *     "notificarCliente": false,
                 *     "tipoRegistro": 1,
                 *     "parcelas": [
                 *       {
                 *         "nroParcela": 2,
                 *         "dtVencimento": "2027-01-23"
                 *       }
                 *     ]
                 *   },
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
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
                            dtExpiracao?: string | null;
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_GerarMultiplosBoletos_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_GerarMultiplosBoletos_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Generate one charge (boleto and/or Pix) covering the listed installments.
     * @description Generate one charge (boleto and/or Pix) covering the listed installments.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    AgendaRecebivel_GerarUnicaCobranca: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
                 *     "nroParcelas": [
                 *       3
                 *     ]
                 *   },
                 *   "dtoGerarUnicaLiquidacao": {
                 *     "dtVencimento": "2027-02-23",
                 *     "liquidacao": true,
                 *     "pagamentoViaBoleto": true,
                 *     "pagamentoViaPIX": true,
                 *     "descricaoLiquidacao": "Parcela 3",
                 *     "tipoRegistro": 1
                 *   }
                 * }
                 */
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
                        dtExpiracao?: string | null;
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_GerarUnicaCobranca_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_GerarUnicaCobranca_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Generate one boleto covering the listed installments.
     * @description Generate one boleto covering the listed installments.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    AgendaRecebivel_GerarUnicoBoleto: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
                 *     "nroParcelas": [
                 *       1
                 *     ]
                 *   },
                 *   "dtoGerarUnicoBoleto": {
                 *     "dtVencimento": "2026-12-23",
                 *     "liquidacao": true,
                 *     "descricaoBoleto": "Parcela 1 do empréstimo",
                 *     "tipoRegistro": 1
                 *   },
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
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
                        /** @description Payment deadline */
                        dtExpiracao?: string | null;
                        /** @description Due date */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_GerarUnicoBoleto_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_GerarUnicoBoleto_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Post payment launches against one or more installments.
     * @description Post payment launches against one or more installments.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    AgendaRecebivel_IncluirLancamentoMultiplasParcelas: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "dtoLancamentoParcelas": [
                 *     {
                 *       "nroParcela": 1,
                 *       "dtPagamento": "2026-11-23",
                 *       "vlrPagamento": 100.5,
                 *       "descricaoLancamento": "Pagamento parcial"
                 *     }
                 *   ],
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_IncluirLancamentoMultiplasParcelas_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_IncluirLancamentoMultiplasParcelas_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Post a payment launch against one installment (same rules as IncluirLancamentoMultiplasParcelas).
     * @description Post a payment launch against one installment (same rules as IncluirLancamentoMultiplasParcelas).
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    AgendaRecebivel_IncluirLancamentoParcela: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
                 *     "nroParcela": 1
                 *   },
                 *   "dtoLancamentoParcela": {
                 *     "dtPagamento": "2026-11-23",
                 *     "vlrPagamento": 100.5,
                 *     "vlrDesconto": 0,
                 *     "permiteDescapitalizacao": false,
                 *     "descricaoLancamento": "Pagamento parcial",
                 *     "parametros": [
                 *       {
                 *         "nome": "canal",
                 *         "valor": "app"
                 *       }
                 *     ]
                 *   }
                 * }
                 */
                "application/json": {
                    dto: {
                        /** @description Partner's operation code (UUID or numeric string) */
                        codigoOperacao?: string | null;
                        /**
                         * Format: uuid
                         * @description Proposal identifier
                         */
                        codigoProposta?: string | null;
                        nroParcela?: number | null;
                        /** @description Proposal number (used when neither code is sent) */
                        numeroProposta?: number | null;
                    };
                    dtoLancamentoParcela: {
                        descricaoLancamento?: string | null;
                        dtPagamento?: string | null;
                        parametros?: (({
                            nome: string;
                            valor?: string | null;
                        })[]) | null;
                        permiteDescapitalizacao?: boolean | null;
                        vlrDesconto?: number | null;
                        vlrPagamento?: number | null;
                    };
                    parametros?: (({
                        nome: string;
                        valor?: string | null;
                    })[]) | null;
                };
            };
        };
        responses: {
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["AgendaRecebivel_IncluirLancamentoParcela_Answer"];
                    "text/plain": components["schemas"]["AgendaRecebivel_IncluirLancamentoParcela_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Register a Pix payee (by key or by bank data) for review by the service team.
     * @description Register a Pix payee (by key or by bank data) for review by the service team.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.payees`.
     */
    Favorecido_Incluir: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "nome": "Maria da Silva",
                 *   "documentoFederal": "123.456.789-09",
                 *   "tipoCadastroPix": 1,
                 *   "tipoChave": 0,
                 *   "chave": "12345678909"
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Favorecido_Incluir_Answer"];
                    "text/plain": components["schemas"]["Favorecido_Incluir_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Read a payee and its review status by codigoFavorecido or Pix key.
     * @description Read a payee and its review status by codigoFavorecido or Pix key.
     *
     * Query: reads only; runs fresh each time. Scope: `caas.payees`.
     */
    Favorecido_Consultar: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "codigoFavorecido": "7d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a"
                 * }
                 */
                "application/json": {
                    chave?: string | null;
                    /** Format: uuid */
                    codigoFavorecido?: string | null;
                };
            };
        };
        responses: {
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Favorecido_Consultar_Answer"];
                    "text/plain": components["schemas"]["Favorecido_Consultar_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * The printable boleto slip (PDF): the urlImpressao of GerarUnicoBoleto / GerarMultiplosBoletos / ConsultarBoletos
     * @description No token: the URL itself is the capability (192 random bits, one per boleto); keep it as secret as the slip. A cancelled boleto is not served (404).
     */
    boleto_print: {
        parameters: {
            path: {
                /** @description <print token>.pdf */
                file: string;
            };
        };
        responses: {
            /** @description The slip */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Unknown or cancelled boleto (BOL404), in the result envelope */
            404: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    /**
     * Consult the fraud-marking base for a document (key, e-mail and phone make it fuller).
     * @description Consult the fraud-marking base for a document (key, e-mail and phone make it fuller).
     *
     * Query: reads only; runs fresh each time. Scope: `caas.bureau`.
     */
    Bureau_ConsultaFraudeBureauBase: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "consulta": {
                 *     "documento": "529.982.247-25",
                 *     "chavePix": "maria@example.com",
                 *     "email": "maria@example.com",
                 *     "celularUsuario": {
                 *       "codigoPais": "55",
                 *       "ddd": "11",
                 *       "numero": "987654321"
                 *     }
                 *   }
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Bureau_ConsultaFraudeBureauBase_Answer"];
                    "text/plain": components["schemas"]["Bureau_ConsultaFraudeBureauBase_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Consult the credit bureau for a person (CPF) or company (CNPJ) document.
     * @description Consult the credit bureau for a person (CPF) or company (CNPJ) document.
     *
     * Query: reads only; runs fresh each time. Scope: `caas.bureau`.
     */
    Bureau_ConsultarBureau: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "consulta": {
                 *     "documento": "529.982.247-25",
                 *     "codigoProduto": "1",
                 *     "consultaCompleta": true
                 *   }
                 * }
                 */
                "application/json": {
                    consulta: {
                        /**
                         * @description Bureau product: its code or alias, any case. Omitted: 1 for a CPF, 3 for a CNPJ. 1: Mix Mais Pessoa Física (alias MIXMAIS_PF; CPF); padrão para CPF. 2: Score e Restrições Pessoa Física (alias SCORE_PF; CPF). 3: Bureau Pessoa Jurídica (alias BUREAU_PJ; CNPJ); padrão para CNPJ. 4: Score e Restrições Pessoa Jurídica (alias SCORE_PJ; CNPJ). 5: Dados Cadastrais (alias CADASTRAL; CPF e CNPJ).
                         * @enum {string|null}
                         */
                        codigoProduto?: "1" | "2" | "3" | "4" | "5";
                        consultaCompleta?: boolean | null;
                        documento?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Bureau_ConsultarBureau_Answer"];
                    "text/plain": components["schemas"]["Bureau_ConsultarBureau_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Consult the SCR credit-exposure report for a reference month (customer consent required).
     * @description Consult the SCR credit-exposure report for a reference month (customer consent required).
     *
     * Query: reads only; runs fresh each time. Scope: `caas.bureau`.
     */
    Bureau_ConsultarSCR: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "consulta": {
                 *     "documento": "529.982.247-25",
                 *     "dataBaseMes": "09",
                 *     "dataBaseAno": "2026",
                 *     "dtAceiteCliente": "2026-11-23T14:00:00Z"
                 *   }
                 * }
                 */
                "application/json": {
                    consulta: {
                        dataBaseAno?: string | null;
                        dataBaseMes?: string | null;
                        documento?: string | null;
                        /** @description When the customer consented (Res. CMN 5.037/2022) */
                        dtAceiteCliente?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Bureau_ConsultarSCR_Answer"];
                    "text/plain": components["schemas"]["Bureau_ConsultarSCR_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Get an access token (OAuth 2.0 client credentials with a signed client assertion)
     * @description The client authenticates with a **signed client assertion** (RFC 7523 §2.2, OpenID Connect `private_key_jwt`), never a secret:
     * a JWT signed with the partner's private key (RS256 or PS256; the public key is registered at onboarding) whose claims are
     * `iss` = `sub` = your client id, `aud` = the token endpoint URL ({PUBLIC_URL}/connect/token), `jti` unique (a replay is refused),
     * `exp` in the future, `iat` not in the future, lifetime `exp − iat` at most CAAS_ASSERTION_LIFETIME_MAX_S (default 1 hour). POST it as `client_assertion` with
     * `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer` and `grant_type=client_credentials`.
     *
     * Answers are RFC 6749 JSON (never the operations' envelope), with Cache-Control: no-store. No IdempotencyKey.
     */
    connect_token: {
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "grant_type": "client_credentials",
                 *   "client_assertion_type": "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
                 *   "client_assertion": "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJwYXJ0bmVyLTEyMyIsInN1YiI6InBhcnRuZXItMTIzIiwiYXVkIjoiaHR0cHM6Ly9jYWFzLmV4YW1wbGUvY29ubmVjdC90b2tlbiIsImp0aSI6IjFhMmIzYyIsImlhdCI6MTc2NDAwMDAwMCwiZXhwIjoxNzY0MDAwMzAwfQ.c2lnbmF0dXJl",
                 *   "scope": "caas.proposals caas.receivables"
                 * }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The signed JWT described above (compact serialization). */
                    client_assertion: string;
                    /** @enum {string} */
                    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
                    /** @description Optional; when sent it must equal the assertion’s iss. */
                    client_id?: string;
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Space-separated scopes; absent: every scope the partner may have. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description The access token (RFC 6749 §5.1). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        scope: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                    };
                };
            };
            /** @description invalid_request (missing, repeated or malformed field; wrong content type), unsupported_grant_type, invalid_grant, invalid_scope (RFC 6749 §5.2). */
            400: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope";
                        /** @description ASCII text (RFC 6749 §5.2) */
                        error_description: string;
                    };
                };
            };
            /** @description invalid_client: the assertion is not signed by a registered key, expired, replayed, for another audience, or the partner is disabled. */
            401: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope";
                        /** @description ASCII text (RFC 6749 §5.2) */
                        error_description: string;
                    };
                };
            };
        };
    };
    /**
     * Request the cancellation of charges by codigoLiquidacao; success is an empty object.
     * @description Request the cancellation of charges by codigoLiquidacao; success is an empty object.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.receivables`.
     */
    FGTS_CancelarCobrancas: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "dtoCancelarCobrancas": {
                 *     "codigosLiquidacoes": [
                 *       "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
                 *     ]
                 *   }
                 * }
                 */
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
                    dtoCancelarCobrancas: {
                        codigosLiquidacoes?: string[] | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["FGTS_CancelarCobrancas_Answer"];
                    "text/plain": components["schemas"]["FGTS_CancelarCobrancas_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Cancel a disbursed proposal; returns the boleto for the amount to be returned, if any.
     * @description Cancel a disbursed proposal; returns the boleto for the amount to be returned, if any.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
     */
    FGTS_CancelarProposta: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "documentoCliente": "123.456.789-09",
                 *   "motivoCancelamento": "Arrependimento"
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["FGTS_CancelarProposta_Answer"];
                    "text/plain": components["schemas"]["FGTS_CancelarProposta_Answer"];
                };
            };
            400: components["responses"]["Error400Pascal"];
            401: components["responses"]["Error401Pascal"];
            403: components["responses"]["Error403Pascal"];
            409: components["responses"]["Error409Pascal"];
            413: components["responses"]["Error413Pascal"];
            415: components["responses"]["Error415Pascal"];
            422: components["responses"]["Error422Pascal"];
            429: components["responses"]["Error429Pascal"];
            500: components["responses"]["Error500Pascal"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Insert or update a customer's addresses.
     * @description Insert or update a customer's addresses.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.customers`.
     */
    Pessoa_SalvarEnderecos: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "param": {
                 *     "documentoCliente": "123.456.789-09"
                 *   },
                 *   "dtos": [
                 *     {
                 *       "cep": "01310-100",
                 *       "logradouro": "Avenida Paulista",
                 *       "nroLogradouro": "1000",
                 *       "bairro": "Bela Vista",
                 *       "cidade": "São Paulo",
                 *       "uf": "SP",
                 *       "tipoEndereco": 1,
                 *       "tipoResidencia": 1,
                 *       "enderecoDesde": "2020-01-01",
                 *       "enderecoPrincipal": true,
                 *       "enderecoCorrespondencia": true
                 *     }
                 *   ]
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Pessoa_SalvarEnderecos_Answer"];
                    "text/plain": components["schemas"]["Pessoa_SalvarEnderecos_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Update the disbursement bank account of a proposal.
     * @description Update the disbursement bank account of a proposal.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
     */
    Proposta_AtualizarContaPagamento: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "propostaContaPagamentoDTO": {
                 *     "codigoBanco": 341,
                 *     "tipoConta": 1,
                 *     "agencia": "0001",
                 *     "conta": "654321",
                 *     "contaDig": "0",
                 *     "numeroBanco": "341",
                 *     "documentoFederalPagamento": "123.456.789-09",
                 *     "nomePagamento": "Maria da Silva"
                 *   },
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Proposta_AtualizarContaPagamento_Answer"];
                    "text/plain": components["schemas"]["Proposta_AtualizarContaPagamento_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Read one proposal by codigoProposta, codigoOperacao or numeroProposta: its fields at the envelope's top level.
     * @description Read one proposal by codigoProposta, codigoOperacao or numeroProposta: its fields at the envelope's top level.
     *
     * Query: reads only; runs fresh each time. Scope: `caas.proposals`.
     */
    Proposta_Consultar: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "numeroProposta": 1
                 *   }
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Proposta_Consultar_Answer"];
                    "text/plain": components["schemas"]["Proposta_Consultar_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Finalize a draft proposal.
     * @description Finalize a draft proposal.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
     */
    Proposta_Finalizar: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Proposta_Finalizar_Answer"];
                    "text/plain": components["schemas"]["Proposta_Finalizar_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Create a loan proposal; returns its code, number, installment, IOF, financed amount and CET.
     * @description Create a loan proposal; returns its code, number, installment, IOF, financed amount and CET.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
     */
    Proposta_IncluirManualSimplificado: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "documentoCliente": "123.456.789-09",
                 *     "codigoOperacao": "OP-2026-0001",
                 *     "vlrSolicitado": 10000,
                 *     "prazo": 12,
                 *     "percJurosNegociado": 2,
                 *     "dtPrimeiroVencto": "2026-12-23",
                 *     "propostaContaPagamentoDTO": {
                 *       "codigoBanco": 341,
                 *       "tipoConta": 1,
                 *       "agencia": "0001",
                 *       "conta": "123456",
                 *       "contaDig": "7",
                 *       "numeroBanco": "341",
                 *       "documentoFederalPagamento": "123.456.789-09",
                 *       "nomePagamento": "Maria da Silva"
                 *     }
                 *   },
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
                "application/json": {
                    dto: {
                        codigoOperacao?: string | null;
                        codigoVersaoCCB?: number | null;
                        documentoCliente?: string | null;
                        documentoParceiroCorrespondente?: string | null;
                        documentoPromotor?: string | null;
                        /** @description First due date */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Proposta_IncluirManualSimplificado_Answer"];
                    "text/plain": components["schemas"]["Proposta_IncluirManualSimplificado_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Refuse a proposal with a rejection reason.
     * @description Refuse a proposal with a rejection reason.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
     */
    Proposta_Recusar: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoProposta": "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
                 *   },
                 *   "propostaRecusaDTO": {
                 *     "motivoRejeicao": 1,
                 *     "textoMotivoRecusa": "Cliente desistiu"
                 *   },
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Proposta_Recusar_Answer"];
                    "text/plain": components["schemas"]["Proposta_Recusar_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
    /**
     * Save a guarantee-asset document record of a proposal.
     * @description Save a guarantee-asset document record of a proposal.
     *
     * Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together). Scope: `caas.proposals`.
     */
    Proposta_SalvarPropostaGarantiaBemDocumento: {
        parameters: {
            header: {
                IdempotencyKey: components["parameters"]["IdempotencyKey"];
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                Accept?: components["parameters"]["Accept"];
            };
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *   "dto": {
                 *     "codigoPropostaGarantiaBem": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
                 *     "tipoDocumento": 1,
                 *     "nomeArquivo": "crlv.pdf",
                 *     "extensao": "pdf",
                 *     "dtValidade": "2027-11-23",
                 *     "conferido": false
                 *   },
                 *   "parametros": [
                 *     {
                 *       "nome": "canal",
                 *       "valor": "app"
                 *     }
                 *   ]
                 * }
                 */
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
                        dtConferido?: string | null;
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
            /** @description Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON). */
            200: {
                headers: {
                    "Caas-Clock": components["headers"]["Caas-Clock"];
                    /** @description 'true' when the answer is a replay of a stored outcome */
                    "Idempotent-Replayed"?: "true";
                    /** @description The request id (yours when valid); quote it to support. */
                    "X-Request-Id"?: string;
                };
                content: {
                    "application/json": components["schemas"]["Proposta_SalvarPropostaGarantiaBemDocumento_Answer"];
                    "text/plain": components["schemas"]["Proposta_SalvarPropostaGarantiaBemDocumento_Answer"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Unavailable"];
        };
    };
}
