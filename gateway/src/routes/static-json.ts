import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON document that does not change while the process runs, with its strong ETag. */
export interface StaticJson {
  text: string;
  etag: string;
}

/** Serialises a document once and tags it (a hash of the bytes, so every replica gives the same tag). */
export function staticJson(value: unknown): StaticJson {
  const text = JSON.stringify(value);
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
}

/**
 * Answers a {@link StaticJson}: `ETag` and `Cache-Control: no-cache` (revalidate each time), and 304 with no body
 * when `If-None-Match` names the tag (RFC 9110 §13.1.2; `*` and weak comparison count).
 */
export function sendStaticJson(request: FastifyRequest, reply: FastifyReply, doc: StaticJson): FastifyReply {
  reply.header('ETag', doc.etag).header('Cache-Control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    const tags = match.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (tags.includes('*') || tags.includes(doc.etag)) return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(doc.text);
}
