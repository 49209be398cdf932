import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from '../env.ts';

/**
 * One log line per request, when it ends, with the request's method, URL and address, its status
 * and its time: Fastify's default writes two ("incoming request", "request completed"), and the
 * logging was a fifth of the CPU of a cached catalogue read. Answers replayed at the door write the
 * same line (plugins/replay.ts).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    const line = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** What a log line tells of a request: never its headers (cookies, the forgery token). */
function requestForLog(req: Pick<FastifyRequest, 'method' | 'url' | 'ip'>) {
  return { method: req.method, url: req.url, remoteAddress: req.ip };
}

/** Log lines are written when this many bytes are waiting… */
const LOG_BATCH_BYTES = 4096;
/** …or when this long has passed, whichever comes first. */
const LOG_FLUSH_MS = 250;

/** The app's logger: standard output unless `stream` is given (tests read the lines). */
export function requestLogOptions(config: Config, stream: DestinationStream | undefined) {
  return {
    level: config.logLevel,
    // No redaction pass over every line (it was a tenth of a cached catalogue read): the
    // serializers never write headers, so cookies and the forgery token cannot reach a log.
    serializers: {
      req: requestForLog,
      res: (reply: Pick<FastifyReply, 'statusCode'>) => ({ statusCode: reply.statusCode }),
    },
    // Written without blocking, a few kilobytes at a time: a write per line (or per handful of
    // lines) cost more than the line itself, a third of a replayed catalogue read. A quiet
    // moment's lines go out within LOG_FLUSH_MS; whatever is still buffered when the process exits
    // is written then.
    stream:
      stream ??
      pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  };
}

export type RequestLine = (
  reqId: string,
  req: { method: string; url: string; ip: string | undefined },
  statusCode: number,
  responseTime: number,
) => void;

/**
 * Writes the line `OneLinePerRequest` writes for a completed request, byte for byte as pino would
 * (`{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"req":{…},"res":{…},"responseTime":…,
 * "msg":"request completed"}`), at `level`, without pino's generic serialization: for the answers
 * replayed at the door (plugins/replay.ts), where pino's pass was a fifth of the CPU. Null when the
 * logger would not write a line at that level.
 */
export function requestLineWriter(
  appLog: FastifyBaseLogger,
  level: 'info' | 'debug' = 'info',
): RequestLine | null {
  const logger = appLog as unknown as Record<symbol, unknown>;
  const stream = logger[pino.symbols.streamSym] as DestinationStream | undefined;
  // No pino behind it (the app was built without a logger): nothing to write.
  if (stream === undefined) return null;
  const log = appLog as unknown as pino.Logger;
  if (!log.isLevelEnabled(level)) return null;
  const chindings = logger[pino.symbols.chindingsSym] as string;
  const value = log.levels.values[level];
  return (reqId, req, statusCode, responseTime) => {
    const address = req.ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(req.ip)}`;
    stream.write(
      `{"level":${value},"time":${Date.now()}${chindings},"reqId":${JSON.stringify(reqId)},` +
        `"req":{"method":${JSON.stringify(req.method)},"url":${JSON.stringify(req.url)}${address}},` +
        `"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  };
}
