import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { enter, hold, release } from '../lib/request-context.ts';

/** Methods that change nothing: they queue no work, so their routes run outside any context. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const held = Symbol('request context held');
type Held = FastifyRequest & { [held]?: boolean };

const enterHook = (req: Held, _reply: unknown, done: () => void) => {
  if (!req[held]) {
    req[held] = true;
    hold();
  }
  enter(req.id, done);
};

const leave = (req: Held) => {
  if (req[held]) {
    req[held] = false;
    release();
  }
};
const leaveHook = (req: Held, _reply: unknown, done: () => void) => {
  leave(req);
  done();
};
/** The client left before its answer: onResponse will not come. */
const abortHook = (req: Held, done: () => void) => {
  leave(req);
  done();
};

/** A route's hooks of one kind with `hook` after them. */
function plus<H>(hooks: H | H[] | undefined, hook: H): H[] {
  return [...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]), hook];
}

/**
 * A request to a route that may change something runs in its id's context
 * (lib/request-context.ts), from its arrival to its answer (or its client's leaving): the jobs it
 * queues keep its id. Entered as the request arrives, and again once its body has been read (a
 * body stream's events run outside the request's context). The hooks are the routes' own, added
 * only to routes of other methods than GET, HEAD and OPTIONS: a read pays nothing for them. Call
 * before the routes are declared.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => SAFE.has(m))) return;
    route.onRequest = plus<unknown>(route.onRequest, enterHook) as RouteOptions['onRequest'];
    route.preValidation = plus<unknown>(route.preValidation, enterHook) as RouteOptions['preValidation'];
    route.onResponse = plus<unknown>(route.onResponse, leaveHook) as RouteOptions['onResponse'];
    route.onRequestAbort = plus<unknown>(route.onRequestAbort, abortHook) as RouteOptions['onRequestAbort'];
  });
}
