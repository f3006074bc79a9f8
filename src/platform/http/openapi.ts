// OpenAPI 3.1 at GET /openapi.json: @fastify/swagger builds the paths from the route schemas
// (typebox), then completeDocument adds what schemas alone do not say: the IdempotencyKey header,
// security, examples, error answers with the envelope, and the catalogue of message codes read
// from docs/ (message-catalogue.ts). GET /docs renders it (docs-page.ts).
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { installDocsPage } from './docs-page.js';
import { catalogueMarkdown, readMessageCatalogue } from './message-catalogue.js';
import { aliasOperationId, type OperationSpec } from './operation-spec.js';
import { completeOperation, envelopeSchemas, sharedComponents } from './openapi-operations.js';

export interface OpenApiOptions {
  publicUrl: string;
  /** The operations served, to complete their entries. */
  specs: readonly OperationSpec[];
  /** A request body per operationId (src/reference/operation-examples.ts). */
  examples: Readonly<Record<string, unknown>>;
  /** components.securitySchemes (the auth module describes the token flow). */
  securitySchemes: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/**
 * Request fields that take a calendar date or an instant are validated with the private format
 * `caas-date-time`; the document shows them in standard terms: `date` or `date-time`.
 */
function standardFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(standardFormats);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.format === 'caas-date-time') {
    delete schema.format;
    schema.anyOf = [{ format: 'date' }, { format: 'date-time' }];
  }
  Object.values(schema).forEach(standardFormats);
}

const INTRO = `Credit-as-a-service for partner lenders: proposals, receivables (boletos, Pix charges), bureau queries, payees and customer data.

**Getting a token.** POST /connect/token with a client assertion: a JWT you sign with your private key (RFC 7523, \`private_key_jwt\`). Send the access token as \`Authorization: Bearer …\` on every operation. See the token operation below and docs/partners.md.

**Every operation** is a POST with a JSON body and the \`IdempotencyKey\` header. Every answer is the result envelope \`{msg, hasError, messages[]}\` (FGTS/CancelarProposta: PascalCase); errors carry message codes listed below.`;

function catalogueSection(): string {
  const entries = readMessageCatalogue();
  if (entries.length === 0) return '';
  return `\n\n## Message codes\n\nEvery code an answer can carry, with the document of this repository that defines it.\n\n${catalogueMarkdown(entries)}`;
}

function completeDocument(doc: Json, options: OpenApiOptions): Json {
  // An alias path (OperationSpec.aliases) is completed as the operation it names.
  const byId = new Map(options.specs.flatMap((spec) => [[spec.operationId, spec] as const, ...(spec.aliases ?? []).map((path) => [aliasOperationId(path), spec] as const)]));
  const components = (doc.components ?? {}) as Json;
  const schemas: Json = { ...(components.schemas as Json | undefined), ...envelopeSchemas('The catalogue is in the description of this API (Message codes).') };
  for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      const spec = byId.get(operation.operationId as string);
      if (spec) completeOperation(operation, spec, schemas, options.examples[spec.operationId]);
    }
  }
  standardFormats(doc.paths);
  standardFormats(schemas);
  components.schemas = schemas;
  Object.assign(components, sharedComponents());
  components.securitySchemes = options.securitySchemes;
  doc.components = components;
  return withClockHeader(doc as OpenApiObject) as Json;
}

export async function installOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  const description = INTRO + catalogueSection();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'caas — Credit Operations Service', version: '1.0.0', description, license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
      servers: [{ url: options.publicUrl }],
    },
    transformObject: (document) => completeDocument((document as unknown as { openapiObject: Json }).openapiObject, options) as never,
  });
  app.get('/openapi.json', { schema: { hide: true } as never }, async () => app.swagger());
  installDocsPage(app, options.publicUrl);
}

type ResponseObject = { $ref?: string; headers?: Record<string, unknown> };
type OpenApiObject = { components?: Record<string, unknown> & { headers?: Record<string, unknown>; responses?: Record<string, ResponseObject> }; paths?: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>> };

/**
 * Every answer carries the service's instant in Caas-Clock (app.ts): declared once, referenced by
 * each response (a response that is a $ref gets it in components.responses).
 */
export function withClockHeader<T extends OpenApiObject>(doc: T): T {
  doc.components = { ...doc.components, headers: { ...doc.components?.headers, 'Caas-Clock': { description: "The service's current instant (ISO 8601, UTC). In sandbox mode (CAAS_SANDBOX=true) the simulated instant that `caas clock set/advance` moved; otherwise the real time.", required: true, schema: { type: 'string', format: 'date-time' } } } };
  const stamp = (response: ResponseObject) => {
    if (response.$ref === undefined) response.headers = { ...response.headers, 'Caas-Clock': { $ref: '#/components/headers/Caas-Clock' } };
  };
  Object.values(doc.components.responses ?? {}).forEach(stamp);
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods)) Object.values(operation.responses ?? {}).forEach(stamp);
  }
  return doc;
}
