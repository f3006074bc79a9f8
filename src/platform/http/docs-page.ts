// GET /docs: the API reference rendered by Swagger UI from /openapi.json. The renderer's files come
// from the swagger-ui-dist npm package (served from memory under /docs/assets/, never a CDN), and
// the page runs under a Content-Security-Policy that allows only this origin (docs/decisions.md).
// GET / redirects here.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

const ASSETS_PREFIX = '/docs/assets';

/** Files of swagger-ui-dist the page loads, with their content types. */
const RENDERER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Starts Swagger UI on the document (no external validator badge, no deep links to elsewhere). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>caas — API reference</title>
<link rel="stylesheet" href="${ASSETS_PREFIX}/swagger-ui.css">
<link rel="icon" type="image/png" href="${ASSETS_PREFIX}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS_PREFIX}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PREFIX}/docs-init.js"></script>
</body>
</html>
`;

/** Only this origin (and the public URL, for "Try it out"); inline styles are Swagger UI's own. */
export function docsContentSecurityPolicy(publicUrl: string): string {
  const apiOrigin = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${apiOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function rendererDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/** The renderer's files, read once at start-up (about 1.5 MB). */
function loadAssets(): Map<string, { body: Buffer; type: string }> {
  const dir = rendererDir();
  const assets = new Map(Object.entries(RENDERER_FILES).map(([name, type]) => [name, { body: fs.readFileSync(path.join(dir, name)), type }]));
  assets.set('docs-init.js', { body: Buffer.from(INIT_SCRIPT), type: 'text/javascript; charset=utf-8' });
  return assets;
}

export function installDocsPage(app: FastifyInstance, publicUrl: string): void {
  const assets = loadAssets();
  const csp = docsContentSecurityPolicy(publicUrl);
  const hidden = { schema: { hide: true } as never };
  app.get('/', hidden, async (_request, reply) => reply.redirect('/docs', 302));
  app.get('/docs', hidden, async (_request, reply) => reply.header('content-security-policy', csp).header('x-content-type-options', 'nosniff').type('text/html; charset=utf-8').send(PAGE));
  app.get<{ Params: { name: string } }>(`${ASSETS_PREFIX}/:name`, hidden, async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) return reply.callNotFound();
    return reply.header('content-security-policy', csp).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body);
  });
}
