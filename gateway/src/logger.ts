import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { destination } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from './config.js';
import { redact } from './redact.js';

// Whatever logger options come in, requests are serialized without headers and with keys redacted from URLs.
const serializers = {
  req: (req: { method: string; url: string }) => ({ method: req.method, url: redact(req.url) }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  reqId?: string;
}

/** One line per entry: `GET /v1/presets 200 1.3 ms (req_…)` for requests, the message otherwise. */
function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime, reqId } = log as RequestLine;
  const id = reqId === undefined ? '' : ` (${reqId})`;
  if (req && res && responseTime !== undefined)
    return `${req.method} ${req.url} ${res.statusCode} ${responseTime.toFixed(1)} ms${id}`;
  return `${String(log[messageKey] ?? '')}${id}`;
}

/**
 * A pino-pretty stream for people reading a terminal: local time, level, one line per entry, colours on a terminal
 * only. Synchronous, so the last lines before `process.exit` are not lost.
 */
function prettyStream() {
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: prettyMessage,
  });
}

/** How long a JSON log line may wait in the buffer before it is written, ms. */
export const logFlushMs = 200;
/** Buffered JSON log lines are written once they reach this many bytes (or after {@link logFlushMs}). */
export const logBufferBytes = 4096;

/** A stream of log lines with the timer that flushes it, stopped when the gateway closes. */
export interface BufferedLog {
  /** Where pino writes the lines. */
  stream: { write(line: string): boolean };
  /** Writes what is buffered and stops the timer. */
  stop(): void;
}

// Every buffered log still open, flushed when the process exits (sonic-boom flushes only asynchronous destinations by
// itself); one listener for all of them.
const open = new Set<() => void>();
let exitHook = false;

/**
 * Standard output for JSON logs, buffered: lines leave in synchronous writes of about {@link logBufferBytes} bytes,
 * at the latest {@link logFlushMs} ms after they were logged, and everything buffered is written when the process
 * exits. A line per request written at once costs one system call per request; buffered, a busy gateway makes about
 * one per sixteen requests, and an idle one none. Synchronous rather than sonic-boom's asynchronous mode, which
 * costs more per line than the write it saves (thread-pool round trips, each batch converted to bytes twice): about
 * 3.1 µs per line against 7.1 µs for the whole pino line in a microbenchmark, 2026-11-28. A SIGKILL can lose the last
 * {@link logFlushMs} ms of lines, never data (docs/deployment.md, "What logging and metrics cost").
 */
export function bufferedStdout(): BufferedLog {
  const boom = destination({ dest: 1, sync: true, minLength: logBufferBytes });
  // Whether anything was logged since the last flush: an idle gateway's timer writes nothing.
  let pending = false;
  const flush = () => {
    if (!pending) return;
    pending = false;
    // sonic-boom throws once destroyed (standard output closed under us): a log flush never crashes the gateway.
    try {
      boom.flushSync();
    } catch {}
  };
  const timer = setInterval(flush, logFlushMs);
  timer.unref();
  open.add(flush);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const flushOne of open) flushOne();
    });
  }
  return {
    stream: {
      write(line) {
        pending = true;
        return boom.write(line);
      },
    },
    stop() {
      clearInterval(timer);
      open.delete(flush);
      flush();
    },
  };
}

/** True when logs should be pretty: LOG_FORMAT=pretty, or unset (`auto`) with stdout on a terminal. */
export function isPretty(format: LogFormat, isTTY: boolean = process.stdout.isTTY === true): boolean {
  return format === 'pretty' || (format === 'auto' && isTTY);
}

/**
 * Fastify's logger options: pino at `level`, JSON or pretty by `format`, with `given` (a test's stream, say) over
 * them, and always the redacting serializers. JSON lines go to `json` when given (the gateway's buffered standard
 * output), else to pino's default, standard output written synchronously.
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  given: FastifyServerOptions['logger'],
  json?: BufferedLog['stream'],
): NonNullable<FastifyServerOptions['logger']> {
  if (given === false) return false;
  const own = typeof given === 'object' ? given : {};
  const stream = own.stream !== undefined ? undefined : isPretty(format) ? prettyStream() : json;
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    ...own,
    serializers,
  };
}

/**
 * Fastify's request logging in one line per request instead of two: nothing when a request arrives; when its
 * response is sent, method, redacted URL, status, response time (ms) and request id (`reqId`) at info.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    // Plain objects, not the request and the reply themselves: the serializers read two fields either way, but
    // handing pino Fastify's objects cost about 5 % of a REST turn's throughput (npm run bench:ab, 2026-11-28).
    const line = {
      req: { method: request.method, url: request.url },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
