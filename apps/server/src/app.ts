import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { PublicConfigSchema } from '@shop/contracts/config';
import type { ErrorBody } from '@shop/contracts/errors';
import { messages } from '@shop/contracts/messages';
import { formatPhoneForPeople } from '@shop/contracts/phone';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import { adminImageRoutes } from './http/admin-images.ts';
import { authRoutes, registerStaffSession } from './http/auth.ts';
import { caseTypeRoutes } from './http/case-types.ts';
import { catalogueRoutes } from './http/catalogue.ts';
import { checkoutRoutes } from './http/checkout.ts';
import { erasureRoutes } from './http/erasure.ts';
import { fileRoutes } from './http/files.ts';
import { mailRoutes } from './http/mail.ts';
import { operationsRoutes } from './http/operations.ts';
import { orderPhotoRoutes } from './http/order-photos.ts';
import { orderRoutes } from './http/orders.ts';
import { paymentAdminRoutes } from './http/payment-admin.ts';
import { paymentRoutes } from './http/payments.ts';
import { printBatchRoutes } from './http/print-batches.ts';
import { reportRoutes } from './http/reports.ts';
import { registerSeo } from './http/seo.ts';
import { staffOrderRoutes } from './http/staff-orders.ts';
import { staffUserRoutes } from './http/staff-users.ts';
import { storeRoutes } from './http/stores.ts';
import { registerUploadQueue, type UploadPace } from './http/upload-queue.ts';
import { fail } from './lib/errors.ts';
import { markReplayable } from './lib/replayable.ts';
import { newRequestId } from './lib/request-context.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { requireStaff } from './modules/auth/index.ts';
import { CatalogueCache } from './modules/catalogue/index.ts';
import { FileService } from './modules/files/index.ts';
import { type InvoiceDeps, invoiceRoutes, issueInvoiceForPaidOrder } from './modules/invoices/index.ts';
import type { CheckoutEffects, CheckoutGuards } from './modules/orders/index.ts';
import {
  hasPaymentInProgress,
  makeRedsysRest,
  paymentFacts,
  type RedsysRest,
  simulatorRoutes,
} from './modules/payments/index.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts } from './plugins/http-timeouts.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerNoStoreByDefault } from './plugins/no-store.ts';
import { pageHtml } from './plugins/page-html.ts';
import { type RateLimits, registerRateLimits } from './plugins/rate-limit.ts';
import { AnswerReplay, registerReplay } from './plugins/replay.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { OneLinePerRequest, requestLogOptions } from './plugins/request-log.ts';
import { routePreloads } from './plugins/route-preloads.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { FileStore } from './storage/file-store.ts';
import { makeCheckoutEffects } from './workflows/order-mails.ts';

export interface Deps {
  config: Config;
  db: Database;
  files: FileService;
  checkoutEffects: CheckoutEffects;
  checkoutGuards: CheckoutGuards;
  catalogueCache: CatalogueCache;
  invoices: InvoiceDeps;
  /** Redsys's REST calls (refunds, operation query), or the simulator's. */
  redsysRest: RedsysRest;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  fileStore: FileStore;
  /** The built SPA; defaults to apps/web/dist next to this app. */
  webDist?: string;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: DestinationStream;
  /** Called for every route as it is added (tests build their access matrix from it). */
  onRoute?: (route: RouteOptions) => void;
  /** HTTP timeouts; the defaults suit production (tests shorten them). */
  timeouts?: Partial<HttpTimeouts>;
  /** Where upload bodies are spooled while they wait; `DATA_DIR/tmp/uploads` by default. */
  uploadTmpDir?: string;
  /** The request limits; RATE_LIMITS by default (tests that make hundreds of orders raise them). */
  rateLimits?: RateLimits;
  /** The slowest upload body kept; UPLOAD_PACE by default (its tests shorten the periods). */
  uploadPace?: UploadPace;
}

/** No URL of ours comes near this; a longer one is refused before routing (Node's own cap is 16 KB). */
export const MAX_URL_LENGTH = 8192;

/**
 * A request Node refused before Fastify saw it (a body or headers that arrive too slowly, headers
 * too large, bytes that are not HTTP): answered in the shop's error shape, in Spanish, instead of
 * Fastify's English one, and the connection closed.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { error: 'REQUEST_TIMEOUT', message: messages.requestTimeout }]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { error: 'HEADERS_TOO_LARGE', message: messages.headersTooLarge }]
        : [400, { error: 'BAD_REQUEST', message: messages.badRequest }];
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}

/** Where upload bodies wait for an ingest slot: beside the files, on the same disk. */
export const uploadTmpDir = (config: Config): string => path.join(config.dataDir, 'tmp', 'uploads');

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const timeouts = { ...HTTP_TIMEOUTS, ...opts.timeouts };
  const app = Fastify({
    logger: opts.logger === false ? false : requestLogOptions(config, opts.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    // Ids in logs tie a customer's complaint to the server's lines without logging personal data;
    // random, so the lines (and jobs) of several instances never share one (lib/request-context.ts).
    requestIdHeader: false,
    genReqId: newRequestId,
    logController: new OneLinePerRequest(),
    // Refused below instead, with the API's own error body.
    return503OnClosing: false,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    // A path that cannot be decoded (invalid UTF-8) or a path parameter far longer than any id:
    // the shop's error shape, not the framework's English one.
    frameworkErrors: (err, _req, reply) => {
      (reply as FastifyReply)
        .code(err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400)
        .send({ error: 'BAD_REQUEST', message: messages.badRequest } satisfies ErrorBody);
    },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const files = new FileService(opts.fileStore);
  const invoices: InvoiceDeps = { files, config };
  app.decorate('deps', {
    config,
    db: opts.db,
    files,
    checkoutEffects: {
      ...makeCheckoutEffects(config, files, paymentFacts, app.log),
      // The invoice of a paid order, in the transaction that marks it paid (invoices module).
      issueInvoice: async (tx, orderId, actor) =>
        void (await issueInvoiceForPaidOrder(tx, invoices, orderId, actor)),
    },
    checkoutGuards: { paymentInProgress: hasPaymentInProgress },
    catalogueCache: new CatalogueCache(),
    invoices,
    redsysRest: makeRedsysRest(app, config),
  });
  await app.deps.catalogueCache.start(opts.db);
  app.addHook('onClose', () => app.deps.catalogueCache.stop());

  registerErrorHandler(app);
  registerJsonBody(app);

  // The request's id follows the work it queues (plugins/request-context.ts).
  registerRequestContext(app);

  // A graceful stop (SIGTERM, a rolling deploy): a request that still arrives on a connection
  // opened before is refused untouched, with the Spanish 503 of the API, so that the balancer or
  // the browser may send it again, to another instance.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({ error: 'SERVICE_UNAVAILABLE', message: messages.serviceUnavailable } satisfies ErrorBody);
  });
  app.addHook('onRequest', async (req) => {
    if (req.url.length > MAX_URL_LENGTH) throw fail(414, 'BAD_REQUEST', 'badRequest');
    // PostgreSQL text cannot hold U+0000: a NUL in a path or query would fail in a query as a 500.
    if (req.url.includes('%00')) throw fail(400, 'VALIDATION_FAILED', 'validationFailed');
  });

  await app.register(fastifyCookie);
  // Helmet's headers, computed once (see security-headers.ts).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The payment page posts its signed form to the card gateway.
        formAction: ["'self'", ...(config.redsys.url ? [new URL(config.redsys.url).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.production,
    crossOriginEmbedderPolicy: false,
  });
  const csrf = registerCsrf(app, {
    secret: config.secret,
    secureCookies: config.production,
    sidCookie: config.cookies.visitor,
  });
  registerStaffSession(app);
  // robots.txt, sitemap.xml, and noindex on the pages of an order or of the back office.
  registerSeo(app, { db: opts.db, publicUrl: config.publicUrl });
  // Both before any body is read: limits per address and visitor, then the upload queue.
  registerRateLimits(app, opts.db, opts.rateLimits);
  registerNoStoreByDefault(app);
  registerUploadQueue(app, {
    dir: opts.uploadTmpDir ?? uploadTmpDir(config),
    ...(opts.uploadPace ? { pace: opts.uploadPace } : {}),
  });

  const countRequest = await operationsRoutes(app, {
    db: opts.db,
    fileStore: opts.fileStore,
    metricsToken: config.metricsToken,
  });
  // Public catalogue answers given again before Fastify's routing (plugins/replay.ts).
  registerReplay(app, new AnswerReplay(), {
    knownVisitor: csrf.knownVisitor,
    staffCookie: config.cookies.staff,
    trustProxy: config.trustProxy,
    countRequest,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tienda de fundas personalizadas',
        description: 'API de la tienda: tiendas, catálogo, pedidos, pagos y administración.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });

  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) }, tags: ['health'] } },
    async () => {
      await opts.db.query('SELECT 1');
      return { status: 'ok' as const };
    },
  );
  // The shop's own data, the same for the process's whole life: made once, sent as it is.
  const { phone, whatsapp } = config.company;
  const publicConfig = JSON.stringify(
    PublicConfigSchema.parse({
      // Numbers as people read them ('+34 600 000 000'), formatted here so the pages need no library.
      company: {
        ...config.company,
        phone: formatPhoneForPeople(phone),
        whatsappDisplay: formatPhoneForPeople(whatsapp),
      },
    }),
  );
  app.get(
    '/api/config',
    { schema: { response: { 200: PublicConfigSchema }, tags: ['health'] } },
    (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8');
      markReplayable(reply, publicConfig, () => true);
      // Already JSON, checked against its schema above: past the response serializer.
      (reply as FastifyReply).send(publicConfig);
    },
  );
  // The API's map is for the shop's own people in production (public while developing).
  app.get('/api/docs', { schema: { hide: true } }, async (req) => {
    if (config.production) requireStaff(req.staff);
    return app.swagger();
  });

  await app.register(authRoutes);
  await app.register(staffUserRoutes);
  await app.register(fileRoutes);
  await app.register(storeRoutes);
  await app.register(catalogueRoutes);
  await app.register(caseTypeRoutes);
  await app.register(adminImageRoutes);
  await app.register(orderRoutes);
  await app.register(orderPhotoRoutes);
  await app.register(checkoutRoutes);
  await app.register(staffOrderRoutes);
  await app.register(mailRoutes);
  await app.register(invoiceRoutes);
  await app.register(paymentRoutes);
  await app.register(paymentAdminRoutes);
  await app.register(printBatchRoutes);
  await app.register(reportRoutes);
  await app.register(erasureRoutes);
  // The built-in Redsys stand-in, for development and tests only.
  if (!config.production && !config.redsys.url) await app.register(simulatorRoutes);

  const webDist = opts.webDist ?? config.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      cacheControl: false,
      // The build writes file.br and file.gz beside each text file (apps/web/vite.config.ts): sent
      // as they are to browsers that accept them, never compressed again per request.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name: those never change.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  // History fallback: the SPA's router decides what a deep link shows. The page comes with its
  // route's code preloaded (route-preloads.ts) and the answers its first screen needs (page-html.ts).
  const page = hasWeb ? pageHtml(app, webDist, routePreloads(webDist)) : null;
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (!isApi && page && (req.method === 'GET' || req.method === 'HEAD')) return page.send(req, reply);
    return reply.code(404).send({ error: 'NOT_FOUND', message: messages.notFound } satisfies ErrorBody);
  });

  return app;
}
