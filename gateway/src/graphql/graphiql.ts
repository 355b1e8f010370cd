import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GraphiQLOptions } from 'graphql-yoga';
import { registerAs, registerMethodNotAllowedFor } from '../routes/index.js';

/** Where GraphiQL's files are served; each name carries its content hash, so browsers keep them for a year. */
export const graphiqlAssetsPath = '/graphql/assets';

/**
 * The Content-Security-Policy of the GraphiQL page and its files: scripts and the editor's workers from the gateway
 * only, requests to the gateway only (GraphQL over HTTP and SSE), fonts and images inlined as data: URLs, inline
 * styles (the editor injects them).
 */
export const graphiqlCsp =
  "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; " +
  "font-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const immutable = 'public, max-age=31536000, immutable';

/** The query GraphiQL opens with: how to authenticate, and a public query that needs no key. */
const defaultQuery = `# Limbic GraphQL. Your key goes in the Headers tab:
#   {"Authorization": "Bearer svc_test_…"}
# health and introspection need no key.
# Run with Ctrl-Enter; the schema is in the Docs pane.

{
  health {
    status
    version
  }
}
`;

interface Asset {
  type: string;
  body: Buffer;
  /** Compressed on the first request that accepts gzip. */
  gzipped?: Promise<Buffer>;
}

interface Assets {
  /** File name (with its hash) → file. */
  files: Map<string, Asset>;
  script: string;
  stylesheet: string;
  icon: string;
}

let loading: Promise<Assets> | undefined;

function hashed(stem: string, extension: string, body: Buffer): string {
  return `${stem}.${createHash('sha256').update(body).digest('hex').slice(0, 16)}.${extension}`;
}

/**
 * GraphiQL's files from `@graphql-yoga/render-graphiql` (the build Yoga's own page loads from a CDN, as strings),
 * loaded on the first GraphiQL request: about 9 MB that a gateway nobody browses never holds. The script is the
 * package's bundle between a prologue that points the editor at its workers on this server and an epilogue that
 * renders GraphiQL with the options in the page, so the page needs no inline script.
 */
function loadAssets(): Promise<Assets> {
  loading ??= import('@graphql-yoga/render-graphiql/graphiql').then((graphiql) => {
    const files = new Map<string, Asset>();
    const add = (stem: string, extension: string, type: string, body: Buffer): string => {
      const name = hashed(stem, extension, body);
      files.set(name, { type, body });
      return name;
    };
    const javascript = 'text/javascript; charset=utf-8';
    const workers = {
      editorWorkerService: add('editor.worker', 'js', javascript, Buffer.from(graphiql.editorWorkerService)),
      json: add('json.worker', 'js', javascript, Buffer.from(graphiql.jsonWorker)),
      graphql: add('graphql.worker', 'js', javascript, Buffer.from(graphiql.graphqlWorker)),
    };
    const prologue = `(() => {
  const base = document.currentScript.src;
  const workers = ${JSON.stringify(workers)};
  self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_module, label) => new URL(workers[label], base).href };
})();
`;
    const epilogue = `
;(() => {
  const options = JSON.parse(document.getElementById('graphiql-options').textContent);
  YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options);
})();
`;
    const script = add('graphiql', 'js', javascript, Buffer.from(prologue + graphiql.js + epilogue));
    const stylesheet = add('graphiql', 'css', 'text/css; charset=utf-8', Buffer.from(graphiql.css));
    const [, base64 = ''] = graphiql.favicon.split(',', 2);
    const icon = add('favicon', 'ico', 'image/x-icon', Buffer.from(base64, 'base64'));
    return { files, script, stylesheet, icon };
  });
  // A failed load is tried again on the next request.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The GraphiQL page, as Yoga's `renderGraphiQL` option: a small HTML file that loads GraphiQL's script, stylesheet
 * and icon from {@link graphiqlAssetsPath} on this gateway, never from a CDN, so it works offline. The options
 * travel as JSON in a non-executed script element (a strict CSP allows no inline script).
 */
export async function renderGraphiQLPage(options: GraphiQLOptions = {}): Promise<string> {
  const { script, stylesheet, icon } = await loadAssets();
  const title = options.title ?? 'GraphiQL';
  // `<` escaped, so no string in the options can close the script element.
  const json = JSON.stringify({ defaultQuery, ...options }).replace(/</g, '\\u003c');
  // Relative URLs: the page is /graphql, so they resolve under /graphql/assets, behind a path prefix too.
  const assets = graphiqlAssetsPath.slice(1);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${assets}/${icon}">
<link rel="stylesheet" href="${assets}/${stylesheet}">
</head>
<body id="body" class="no-focus-outline">
<noscript>GraphiQL needs JavaScript.</noscript>
<div id="root"></div>
<script type="application/json" id="graphiql-options">${json}</script>
<script src="${assets}/${script}"></script>
</body>
</html>
`;
}

/** Security headers of the GraphiQL page and its files. */
export function secureGraphiQL(headers: { set(name: string, value: string): unknown }): void {
  headers.set('Content-Security-Policy', graphiqlCsp);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'no-referrer');
}

function accepts(encoding: string | undefined, name: string): boolean {
  return (encoding ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    return coding === name && !params.some((param) => /^q=0(\.0*)?$/.test(param.trim()));
  });
}

async function sendAsset(reply: FastifyReply, asset: Asset, acceptEncoding: string | undefined) {
  secureGraphiQL({ set: (name, value) => reply.header(name, value) });
  reply.header('Cache-Control', immutable).header('Vary', 'Accept-Encoding').type(asset.type);
  if (!accepts(acceptEncoding, 'gzip')) return reply.send(asset.body);
  asset.gzipped ??= promisify(gzip)(asset.body);
  return reply.header('Content-Encoding', 'gzip').send(await asset.gzipped);
}

/**
 * Serves GraphiQL's files at {@link graphiqlAssetsPath}/<name>: public (they hold no data), cached for a year
 * (each name carries its content hash), gzipped for clients that accept it, under the page's CSP. Unknown names get
 * 404, other methods 405.
 */
export function registerGraphiQLAssets(app: FastifyInstance): void {
  const url = `${graphiqlAssetsPath}/:file`;
  registerAs(app, 'page', () => {
    app.get(url, { config: { public: true } }, async (request, reply) => {
      const { files } = await loadAssets();
      const asset = files.get((request.params as { file: string }).file);
      if (!asset) return reply.callNotFound();
      return sendAsset(reply, asset, request.headers['accept-encoding']);
    });
  });
  registerMethodNotAllowedFor(app, new Map([[url, new Set(['GET', 'HEAD'])]]));
}
