// OpenAPI 3.1 generated from the route schemas (GET /openapi.json) and a readable reference
// page rendered from it on the server (GET /docs: plain HTML, no scripts, no external assets).
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export async function installOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'caas — Credit Operations Service', version: '1.0.0', description: 'Credit-as-a-service: proposals, receivables, boletos, Pix, bureau, payees, callbacks.' },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transformObject: (documents) => withClockHeader('openapiObject' in documents ? (documents.openapiObject as OpenApiObject) : {}),
  });
  app.get('/openapi.json', { schema: { hide: true } as never }, async () => app.swagger());
  app.get('/docs', { schema: { hide: true } as never }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return renderReference(app.swagger() as unknown as OpenApiDoc);
  });
}

type OpenApiObject = { components?: Record<string, unknown> & { headers?: Record<string, unknown> }; paths?: Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>> };

/** Every answer carries the service's instant in Caas-Clock (app.ts): declared once, referenced by each response. */
export function withClockHeader<T extends OpenApiObject>(doc: T): T {
  doc.components = { ...doc.components, headers: { ...doc.components?.headers, 'Caas-Clock': { description: "The service's current instant (ISO 8601, UTC). In sandbox mode (CAAS_SANDBOX=true) the simulated instant that `caas clock set/advance` moved; otherwise the real time.", required: true, schema: { type: 'string', format: 'date-time' } } } };
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      for (const response of Object.values(operation.responses ?? {})) response.headers = { ...response.headers, 'Caas-Clock': { $ref: '#/components/headers/Caas-Clock' } };
    }
  }
  return doc;
}

interface SchemaNode {
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

interface OpenApiDoc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, { summary?: string; operationId?: string; tags?: string[]; requestBody?: { content: Record<string, { schema: SchemaNode }> } }>>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FIELD_ROWS_MAX = 400;

function typeLabel(node: SchemaNode): string {
  const types = (Array.isArray(node.type) ? node.type : [node.type ?? 'any']).filter((t) => t !== 'null');
  const base = types.join(' | ') + (node.format ? ` (${node.format})` : '');
  return node.items ? `array of ${typeLabel(node.items)}` : base;
}

function fieldRows(node: SchemaNode, prefix: string, rows: string[]): void {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (rows.length >= FIELD_ROWS_MAX) return;
    const path = prefix ? `${prefix}.${name}` : name;
    const required = node.required?.includes(name) ? 'yes' : '';
    rows.push(`<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(typeLabel(child))}</td><td>${required}</td><td>${escapeHtml(child.description ?? '')}</td></tr>`);
    fieldRows(child.items ?? child, path + (child.items ? '[]' : ''), rows);
  }
}

export function renderReference(doc: OpenApiDoc): string {
  const entries = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const contents = entries.map(({ path, method, op }) => `<li><a href="#${escapeHtml(op.operationId ?? path)}">${method.toUpperCase()} ${escapeHtml(path)}</a> — ${escapeHtml(op.summary ?? '')}</li>`).join('');
  const sections = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const rows: string[] = [];
      const schema = op.requestBody?.content['application/json']?.schema;
      if (schema) fieldRows(schema, '', rows);
      return `<section id="${escapeHtml(op.operationId ?? path)}"><h2>${method.toUpperCase()} ${escapeHtml(path)}</h2><p>${escapeHtml(op.summary ?? '')}</p><p>Scope: <code>${escapeHtml((op.tags ?? []).join(' '))}</code></p>${rows.length ? `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : ''}</section>`;
    }),
  );
  const style = 'body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;font-size:14px}h2{margin-top:2em;font-family:monospace}';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title><style>${style}</style></head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/openapi.json">/openapi.json</a>. Every operation is a POST with <code>Authorization: Bearer</code> and <code>IdempotencyKey</code>.</p><nav><h2>Operations</h2><ul>${contents}</ul></nav>${sections.join('')}</body></html>`;
}
