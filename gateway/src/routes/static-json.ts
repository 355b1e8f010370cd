import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON document that does not change while the process runs: its bytes, compressed forms and strong ETag. */
export interface StaticJson {
  text: string;
  etag: string;
  /** Brotli and gzip forms, made once; absent below the size where compressing pays. */
  br?: Buffer;
  gzip?: Buffer;
}

/** Bodies smaller than this go out as they are: a TCP packet carries them either way. */
const compressAbove = 1024;

/**
 * Serialises a document once, tags it (a hash of the bytes, so every replica gives the same tag) and, above 1 KiB,
 * compresses it once with brotli and gzip (the OpenAPI document goes from about 100 KB to about 10).
 */
export function staticJson(value: unknown): StaticJson {
  const text = JSON.stringify(value);
  const doc: StaticJson = {
    text,
    etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`,
  };
  if (Buffer.byteLength(text) > compressAbove) {
    doc.br = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    doc.gzip = gzipSync(text, { level: 9 });
  }
  return doc;
}

/** The encoding to answer with: br over gzip when the client accepts it (q > 0), else none. */
function encodingFor(accept: string | undefined, doc: StaticJson): 'br' | 'gzip' | undefined {
  if (!accept || !doc.br) return undefined;
  const accepted = new Set(
    accept
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Answers a {@link StaticJson}: `ETag` and `Cache-Control: no-cache` (revalidate each time), 304 with no body when
 * `If-None-Match` names the tag (RFC 9110 §13.1.2; `*` and weak comparison count), and the brotli or gzip form when
 * `Accept-Encoding` allows.
 */
export function sendStaticJson(request: FastifyRequest, reply: FastifyReply, doc: StaticJson): FastifyReply {
  reply.header('ETag', doc.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    const tags = match.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (tags.includes('*') || tags.includes(doc.etag)) return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = encodingFor(request.headers['accept-encoding'], doc);
  if (encoding === undefined) return reply.send(doc.text);
  return reply.header('Content-Encoding', encoding).send(doc[encoding]);
}
