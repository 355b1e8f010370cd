import { int, type JsonSchema, str } from './schema-parts.js';

/** A response header object of the document. */
export interface HeaderObject {
  description: string;
  /** True when every response that documents the header carries it. */
  required?: true;
  deprecated?: true;
  schema: JsonSchema;
}

/** What decides the headers of one response. */
export interface ResponseHeaderOptions {
  /** The HTTP status of the response. */
  status: number;
  /** True when the operation needs a key: admitted requests carry the plan's rate-limit headers. */
  authenticated: boolean;
  /** True for the documents served with an ETag (304 on a matching If-None-Match). */
  etag?: boolean;
  /** True for the operations whose body may use a deprecated alias (answered with `Deprecation`). */
  aliases?: boolean;
}

const legacy = (what: string): HeaderObject => ({
  description: `Legacy form of RateLimit (${what}); prefer RateLimit and RateLimit-Policy`,
  deprecated: true,
  schema: { ...int, minimum: 0 },
});

// Written out in every response rather than referenced from components.headers: generators (openapi-typescript)
// cannot see `required` through a $ref, and would make every optional header required. Compressed, the repetition
// costs nothing.
const header = {
  RequestId: {
    description: 'Identifies the request (also in error bodies and logs); on every response',
    required: true,
    schema: str,
  },
  RetryAfter: { description: 'Seconds to wait before retrying', schema: { ...int, minimum: 0 } },
  RateLimit: {
    description:
      'IETF draft: `"<plan>";r=<remaining>;t=<seconds to reset>`. Sent once the key is known, except for plans without a limit',
    schema: str,
  },
  RateLimitPolicy: {
    description:
      'IETF draft: `"<plan>";q=<requests>;w=60`. Sent once the key is known, except for plans without a limit',
    schema: str,
  },
  XRateLimitLimit: legacy('requests per minute'),
  XRateLimitRemaining: legacy('requests left in the window'),
  XRateLimitReset: legacy('seconds until the window resets'),
  Location: {
    description: 'The URL of the new session, relative to the server: /v1/persona/{id}',
    required: true,
    schema: { type: 'string', format: 'uri-reference' },
  },
  ETag: {
    description: 'A strong tag of the document: send it in If-None-Match to get 304 while it is unchanged',
    required: true,
    schema: str,
  },
  Deprecation: {
    description:
      'RFC 9745: the request used a deprecated alias of a field (`elapsed_seconds` for `elapsedSeconds`); the date it was deprecated',
    schema: str,
  },
  CacheControl: {
    description: '`no-cache`: the document may be stored, but is revalidated (If-None-Match) before each use',
    required: true,
    schema: str,
  },
} satisfies Record<string, HeaderObject>;

/**
 * The headers of one response: Request-Id always; the rate-limit fields once an authenticated request is admitted
 * (everything but 401); Retry-After on 429 and 503; Location on 201; ETag and Cache-Control on the static documents.
 */
export function responseHeaders(options: ResponseHeaderOptions): Record<string, HeaderObject> {
  const { status, authenticated, etag = false, aliases = false } = options;
  const headers: Record<string, HeaderObject> = { 'Request-Id': header.RequestId };
  if (authenticated && status !== 401) {
    Object.assign(headers, {
      RateLimit: header.RateLimit,
      'RateLimit-Policy': header.RateLimitPolicy,
      'X-RateLimit-Limit': header.XRateLimitLimit,
      'X-RateLimit-Remaining': header.XRateLimitRemaining,
      'X-RateLimit-Reset': header.XRateLimitReset,
    });
  }
  if (status === 429 || status === 503) headers['Retry-After'] = header.RetryAfter;
  if (status === 201) headers.Location = header.Location;
  if (etag && (status === 200 || status === 304)) {
    headers.ETag = header.ETag;
    headers['Cache-Control'] = header.CacheControl;
  }
  if (aliases && status < 300) headers.Deprecation = header.Deprecation;
  return headers;
}

/** The `If-None-Match` parameter of the operations served with an ETag. */
export const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of a copy you hold: 304 with no body while the document is unchanged',
  schema: str,
};
