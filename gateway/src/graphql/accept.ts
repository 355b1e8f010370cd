import { isAsyncIterable, type Plugin, processRegularResult } from 'graphql-yoga';
import type { GraphQLContext } from './builder.js';
import { graphQLError } from './errors.js';

/** The media types GraphQL over HTTP answers in (Yoga's result processors); a subscription needs the first. */
export const graphQLMediaTypes = [
  'text/event-stream',
  'multipart/mixed',
  'application/graphql-response+json',
  'application/json',
] as const;

/** The refusal of a request whose Accept header allows none of {@link graphQLMediaTypes}. */
export const notAcceptableMessage = `Accept: must allow ${graphQLMediaTypes.join(', ')} (in UTF-8)`;

/**
 * The refusal of a subscription over HTTP that does not accept server-sent events, such as Apollo Client's
 * multipart subscriptions (`multipart/mixed;subscriptionSpec=1.0`).
 */
export const subscriptionNotAcceptableMessage =
  'Accept: a subscription over HTTP must accept text/event-stream (server-sent events), or subscribe over graphql-ws ' +
  '(subprotocol graphql-transport-ws) on /graphql; multipart subscriptions are not supported';

/**
 * The media types of an Accept header as Yoga reads them: lower case, parameters dropped, types given in a charset
 * other than UTF-8 left out (Yoga answers in UTF-8 only); no header accepts every type.
 */
export function acceptedMediaTypes(accept: string | null | undefined): string[] {
  const types: string[] = [];
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [type, ...params] = entry.split(';');
    const charset = params.find((param) => param.startsWith('charset='));
    if (type && (charset === undefined || charset === 'charset=utf-8')) types.push(type);
  }
  return types;
}

/** Whether an Accept header allows `mediaType`, wildcards included (`text/*` allows text/event-stream). */
export function accepts(accept: string | null | undefined, mediaType: string): boolean {
  const [pre, suf] = mediaType.split('/');
  return acceptedMediaTypes(accept).some((asked) => {
    const [askedPre, askedSuf] = asked.split('/');
    return (askedPre === '*' || askedPre === pre) && (askedSuf === '*' || askedSuf === suf);
  });
}

function isNotAcceptable(result: unknown): boolean {
  if (result === null || typeof result !== 'object' || isAsyncIterable(result) || Array.isArray(result)) {
    return false;
  }
  const { errors } = result as { errors?: readonly { extensions?: { code?: unknown } }[] };
  return errors?.some((error) => error.extensions?.code === 'NOT_ACCEPTABLE') ?? false;
}

/**
 * Checks the Accept header of GraphQL over HTTP before anything runs, so that a refused request changes nothing,
 * opens no subscription and is not counted: a request that accepts none of {@link graphQLMediaTypes}, and a
 * subscription that does not accept text/event-stream, get 406 NOT_ACCEPTABLE as a JSON `errors` body (instead of
 * Yoga's empty 406, which comes after execution). Register it before the guard.
 */
export function acceptPlugin(): Plugin<GraphQLContext> {
  return {
    onRequest({ request, fetchAPI, endResponse }) {
      const accept = request.headers.get('accept');
      if (graphQLMediaTypes.some((type) => accepts(accept, type))) return;
      const refusal = { errors: [graphQLError('NOT_ACCEPTABLE', notAcceptableMessage)] };
      endResponse(processRegularResult(refusal, fetchAPI, 'application/json') as Response);
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const { transport, request } = args.contextValue as GraphQLContext & { request?: Request };
      if (transport !== 'http' || !request || accepts(request.headers.get('accept'), 'text/event-stream'))
        return;
      setResultAndStopExecution({
        errors: [graphQLError('NOT_ACCEPTABLE', subscriptionNotAcceptableMessage)],
      });
    },
    onResultProcess({ result, setResultProcessor }) {
      // JSON whatever the client accepts: the refusal must be readable, and a 406 may be in any media type.
      if (isNotAcceptable(result)) setResultProcessor(processRegularResult, 'application/json');
    },
  };
}
