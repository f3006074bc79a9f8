// What /openapi.json says about every operation beyond its body schema: the IdempotencyKey header,
// the security requirement, the request example, the success answer in both content types, and
// the error answers with the envelope (docs/errors.md).
import type { OperationSpec } from './operation-spec.js';

/** Names of the security schemes in components.securitySchemes (the auth module supplies them). */
export const SECURITY_SCHEME = { oauth: 'partnerOAuth', bearer: 'bearerToken' } as const;

type Json = Record<string, unknown>;

const HEADER_PARAMETERS: Record<string, Json> = {
  IdempotencyKey: {
    name: 'IdempotencyKey',
    in: 'header',
    required: true,
    description: 'Opaque key, 1–255 characters. Commands: the same key with the same body answers the stored result (header Idempotent-Replayed: true); with another body, 422. Queries require it too but run fresh.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
    example: '7d7c1c0e-3b2a-4d6e-9d43-0c3f1f0b8a11',
  },
  XRequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'Your id for this request (letters, digits, `._:-`, at most 128); echoed in the answer and the logs. Absent or invalid: the service makes one.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
  Accept: {
    name: 'Accept',
    in: 'header',
    required: false,
    description: 'application/json to get Content-Type application/json; otherwise answers are text/plain (the interface) with the same JSON text.',
    schema: { type: 'string', example: 'application/json' },
  },
};

const RESPONSE_HEADERS: Json = {
  'X-Request-Id': { description: 'The request id (yours when valid); quote it to support.', schema: { type: 'string' } },
};

interface ErrorAnswer {
  status: number;
  description: string;
  code: string;
  text: string;
  commandsOnly?: boolean;
}

const ERROR_ANSWERS: readonly ErrorAnswer[] = [
  { status: 400, code: 'REQ003', text: 'Campo obrigatório não informado', description: 'The body fails its schema (REQ001–REQ009, REQ013: every problem listed) or a business rule refuses it (the capability codes of the catalogue). Do not retry unchanged.' },
  { status: 401, code: 'A0001', text: 'Token de acesso ausente: envie o cabeçalho Authorization: Bearer <token>.', description: 'No token, malformed, expired or not trusted (A0001–A0003). Get a new token and retry once with the same IdempotencyKey.' },
  { status: 403, code: 'A0004', text: 'O token de acesso não tem o escopo necessário para esta operação (caas.proposals).', description: "The token's scope does not release this operation (A0004)." },
  { status: 409, code: 'IDEM409', text: 'Requisição com a mesma IdempotencyKey em andamento', description: 'A request with the same IdempotencyKey is still running (IDEM409); header Retry-After: 1. Retry with the same key.', commandsOnly: true },
  { status: 413, code: 'REQ011', text: 'Corpo da requisição acima do limite permitido', description: 'Body over 1 MiB (REQ011).' },
  { status: 415, code: 'REQ012', text: 'Content-Type deve ser application/json', description: 'Content-Type is not application/json (REQ012).' },
  { status: 422, code: 'IDEM422', text: 'IdempotencyKey reutilizada com outro conteúdo', description: 'The IdempotencyKey was already used with a different body for this operation (IDEM422). Use a new key.', commandsOnly: true },
  { status: 429, code: 'REQ429', text: 'Limite de requisições excedido', description: 'Over the per-partner rate limit (REQ429); header Retry-After in seconds. Retry with the same key after the pause.' },
  { status: 500, code: 'SYS500', text: 'Erro interno. Informe o identificador da requisição ao suporte.', description: 'Unexpected error (SYS500): context holds the request id. Retry with the same key.' },
];

/** The error envelope schemas and the Message schema, for components.schemas. */
export function envelopeSchemas(catalogueNote: string): Json {
  const message = {
    type: 'object',
    required: ['messageType', 'code', 'context', 'description', 'field'],
    properties: {
      messageType: { type: 'integer', enum: [1, 2, 3, 4, 5], description: '1 validation, 2 business, 3 system, 4 warning, 5 information' },
      code: { type: 'string', description: `The message code. ${catalogueNote}` },
      context: { type: 'string', description: 'Extra context; for SYS500 the request id' },
      description: { type: 'string', description: 'Human-readable text (Portuguese)' },
      field: { type: ['string', 'null'], description: 'The field concerned, as a path (dto.codigoProposta), or null' },
    },
  };
  const pascal = { type: 'object', required: ['MessageType', 'Code', 'Context', 'Description', 'Field'], properties: { MessageType: message.properties.messageType, Code: message.properties.code, Context: message.properties.context, Description: message.properties.description, Field: message.properties.field } };
  return {
    Message: message,
    MessagePascal: pascal,
    ErrorEnvelope: { type: 'object', required: ['msg', 'hasError', 'messages'], description: 'Every error answer of the operations (hasError true).', properties: { msg: { type: ['string', 'null'] }, hasError: { type: 'boolean', const: true }, messages: { type: 'array', items: { $ref: '#/components/schemas/Message' } } } },
    ErrorEnvelopePascal: { type: 'object', required: ['Msg', 'HasError', 'Messages'], description: 'The error envelope of FGTS/CancelarProposta (PascalCase).', properties: { Msg: { type: ['string', 'null'] }, HasError: { type: 'boolean', const: true }, Messages: { type: 'array', items: { $ref: '#/components/schemas/MessagePascal' } } } },
  };
}

function errorExample(answer: ErrorAnswer, pascal: boolean): Json {
  const field = answer.code === 'REQ003' ? 'dto.codigoProposta' : null;
  const context = answer.code === 'SYS500' ? '0f6a3c55-8a2e-4f1b-9a43-5d8e2b7c1e90' : '';
  const messageType = answer.status === 400 ? 1 : answer.status >= 500 ? 3 : 2;
  return pascal
    ? { Msg: null, HasError: true, Messages: [{ MessageType: messageType, Code: answer.code, Context: context, Description: answer.text, Field: field }] }
    : { msg: null, hasError: true, messages: [{ messageType, code: answer.code, context, description: answer.text, field }] };
}

function bothContentTypes(schema: unknown, example?: unknown): Json {
  const media = { schema, ...(example !== undefined ? { example } : {}) };
  return { 'text/plain': media, 'application/json': media };
}

const responseName = (status: number | string, pascal: boolean) => `Error${status}${pascal ? 'Pascal' : ''}`;

/** components.responses: each error answer in both casings, and 503. */
function errorResponseComponents(): Json {
  const entries = [false, true].flatMap((pascal) =>
    ERROR_ANSWERS.map((a) => [responseName(a.status, pascal), { description: a.description, headers: RESPONSE_HEADERS, content: bothContentTypes({ $ref: `#/components/schemas/${pascal ? 'ErrorEnvelopePascal' : 'ErrorEnvelope'}` }, errorExample(a, pascal)) }] as const),
  );
  return { ...Object.fromEntries(entries), Unavailable: { description: 'The service is shutting down or not ready. Retry.' } };
}

function errorResponses(spec: OperationSpec): Json {
  const pascal = spec.envelope === 'pascal';
  const answers = ERROR_ANSWERS.filter((a) => spec.kind === 'command' || !a.commandsOnly);
  const refs = Object.fromEntries(answers.map((a) => [String(a.status), { $ref: `#/components/responses/${responseName(a.status, pascal)}` }]));
  return { ...refs, '503': { $ref: '#/components/responses/Unavailable' } };
}

/** What every operation refers to: header parameters and error answers. */
export function sharedComponents(): { parameters: Json; responses: Json } {
  return { parameters: HEADER_PARAMETERS, responses: errorResponseComponents() };
}

function describe(spec: OperationSpec): string {
  const kind = spec.kind === 'command'
    ? 'Command: changes state; idempotent by IdempotencyKey (the answer, its effect, history and callbacks commit together).'
    : 'Query: reads only; runs fresh each time.';
  return `${spec.summary}\n\n${kind} Scope: \`${spec.scope}\`.`;
}

/**
 * Completes the operation object @fastify/swagger generated from the route schema. The success
 * schema moves to components.schemas (`<operationId>_Answer`) so both content types refer to it.
 */
export function completeOperation(operation: Json, spec: OperationSpec, schemas: Json, example: unknown): void {
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>;
  const answerName = `${spec.operationId}_Answer`;
  schemas[answerName] = responses['200']?.content?.['application/json']?.schema ?? { type: 'object' };
  const successSchema = { $ref: `#/components/schemas/${answerName}` };
  const requestBody = operation.requestBody as { content?: Record<string, Json> } | undefined;
  const media = requestBody?.content?.['application/json'];
  if (media && example !== undefined) media.example = example;
  operation.description = describe(spec);
  operation.parameters = Object.keys(HEADER_PARAMETERS).map((name) => ({ $ref: `#/components/parameters/${name}` }));
  operation.security = [{ [SECURITY_SCHEME.oauth]: [spec.scope] }, { [SECURITY_SCHEME.bearer]: [] }];
  operation.responses = {
    '200': { description: 'Success: the result envelope with hasError false (the interface answers text/plain unless Accept asks for JSON).', headers: { ...RESPONSE_HEADERS, 'Idempotent-Replayed': { description: "'true' when the answer is a replay of a stored outcome", schema: { type: 'string', enum: ['true'] } } }, content: bothContentTypes(successSchema) },
    ...errorResponses(spec),
  };
}
