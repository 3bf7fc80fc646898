/**
 * Builds the Fastify app without listening: the reply envelope, errors, authentication and
 * every module's routes. Tests drive it with app.inject against a real PostgreSQL.
 */
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import multipart from '@fastify/multipart';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { DestinationStream } from 'pino';
import type { Db } from './db/client.js';
import { checkReadiness } from './db/readiness.js';
import type { AppDeps } from './deps.js';
import type { RoutePermission } from './http/actor.js';
import { registerAuth } from './http/auth.js';
import { handleClientError, handleFrameworkError, registerErrorHandling } from './http/errors.js';
import { requestDomain } from './http/request-context.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStorableInput } from './http/storable-input.js';
import { registerWebApps } from './http/web-apps.js';
import { announcementRoutes } from './modules/announcements/announcements.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { catalogExcelRoutes } from './modules/catalog/catalog-excel.routes.js';
import { countsRoutes } from './modules/counts/counts.routes.js';
import { pickingRoutes } from './modules/logistics/picking/picking.routes.js';
import { transfersRoutes } from './modules/transfers/transfers.routes.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { exportRoutes } from './modules/exports/exports.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { inboundRoutes } from './modules/inbound/inbound.routes.js';
import { ordersExcelRoutes } from './modules/orders/orders-excel.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { shopRoutes } from './modules/marketplaces/shops.routes.js';
import { bagRoutes } from './modules/logistics/bags.routes.js';
import { channelRoutes } from './modules/logistics/channels.routes.js';
import {
  logisticsJobs,
  logisticsRuntime,
  readCarrierUrls,
  type CarrierUrls,
} from './modules/logistics/index.js';
import { outboundRoutes } from './modules/logistics/outbound.routes.js';
import { waybillRoutes } from './modules/logistics/waybills.routes.js';
import { inventoryRoutes } from './modules/inventory/inventory.routes.js';
import { destroyRoutes } from './modules/inventory/destroy.routes.js';
import { pdaRoutes } from './modules/pda/pda.routes.js';
import { printingRoutes } from './modules/printing/printing.routes.js';
import { questionRoutes } from './modules/questions/questions.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tenantRoutes } from './modules/tenants/tenants.routes.js';
import { videoRoutes } from './modules/videos/videos.routes.js';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes.js';
import { registerLiveChannel } from './modules/announcements/index.js';
import { localFileStorage } from './modules/files/index.js';
import { locationOccupancy } from './modules/inventory/index.js';
import { allocateArrivingStock } from './modules/orders/index.js';
import { authenticate, logSmsSender, signInPruneJob, type SmsSender } from './modules/identity/index.js';
import { pdaPruneJob } from './modules/pda/index.js';
import { downloadJobs, EXPORT_JOB } from './modules/exports/index.js';
import { startJobRunner, type JobRunner } from './jobs/job-runner.js';
import {
  marketplaceJobs,
  marketplaceRuntime,
  SYNC_JOB,
  syncKeyOf,
  type MarketplaceOptions,
  type SyncSender,
} from './modules/marketplaces/index.js';
import { chatScriptOriginFor } from './modules/tenants/index.js';

export interface BuildAppOptions {
  db: Db;
  logLevel?: string;
  /** Where log lines go; pino's JSON on stdout when absent. */
  logStream?: DestinationStream;
  trustProxy?: boolean;
  casServerUrl?: string;
  /**
   * Where browsers reach this server (PUBLIC_URL): the one site the print plugin's archive allows,
   * whatever Host a request names. Without it, the marketplaces' public address, else
   * http://localhost:8080.
   */
  publicUrl?: string;
  sms?: SmsSender;
  /** Where the built web apps are (dist/admin, dist/pda); tests may point elsewhere. */
  webRoot?: string;
  /** Checks the database for /api/health; default: what signed-in requests use (db/readiness.ts). */
  checkDatabase?: () => Promise<void>;
  /**
   * The app role's connection settings for this node's LISTEN connection (live announcements
   * across nodes); without it announcements are not pushed live.
   */
  listenConnection?: pg.ClientConfig;
  /** Where uploaded files are kept (DATA_DIR/files in production); default ./data/files. */
  filesDir?: string;
  /**
   * The marketplaces: configured apps (readMarketplaceApps), the key shop secrets are sealed
   * with (SECRETS_KEY), this server's public address (the authorisation's return point and the
   * webhooks' target). Without it shops can be listed but not authorised.
   */
  marketplaces?: MarketplaceOptions;
  /**
   * Where each carrier of our own answers (readCarrierUrls: CARRIER_<CODE>_URL); a carrier
   * without one cannot be used by a channel. Its keys are sealed with the marketplaces' key.
   */
  carrierUrls?: CarrierUrls;
  /**
   * Background jobs (pg-boss in the same PostgreSQL, through the owner's connection): how many
   * this node works at once per queue (0: a web-only node that only sends). Without it the app
   * cannot queue jobs, and calls that need one answer 'common.unavailable'.
   */
  jobs?: {
    connection: pg.ClientConfig;
    workers: number;
    pollingIntervalSeconds?: number;
    schedules?: boolean;
    /** How often schedules' slots are looked for, in seconds (pg-boss's default 30). */
    cronCheckSeconds?: number;
  };
}

/** Jobs for an app built without a job runner: every send is refused. */
const NO_JOBS: Pick<JobRunner, 'send'> = {
  send: () => Promise.reject(new Error('no job runner')),
};

const REDACT = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.oldpassword',
  'body.confirmpassword',
  'body.confirmPassword',
  'body.captcha',
];

/** The request as logged, without the live channel's token when it came in the query. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals of Node's HTTP parser and of the router answer in the error envelope too.
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStorableInput(app);
  registerSecurityHeaders(app, (request) => {
    const agent = (request.query as Record<string, unknown> | undefined)?.agent;
    return chatScriptOriginFor(
      options.db,
      requestDomain(request),
      typeof agent === 'string' && agent.length <= 64 ? agent : undefined,
    );
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'WMS back office API', version: '1' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
      security: [{ token: [] }],
    },
    // Each operation names the permission it needs (x-permission), as its route declares it.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const permission = (input.route.config as { permission?: RoutePermission } | undefined)?.permission;
      return { ...transformed, schema: { ...transformed.schema, 'x-permission': permission } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app, options.db, authenticate);
  // Limits are set per route when the parts are read (modules/files/multipart.ts).
  await app.register(multipart);

  const deps: AppDeps = {
    db: options.db,
    sms: options.sms ?? logSmsSender(app.log),
    casServerUrl: options.casServerUrl,
    log: app.log,
    files: localFileStorage(options.filesDir ?? './data/files'),
    jobs: NO_JOBS,
  };

  const marketplaces = marketplaceRuntime(options.marketplaces);
  const logistics = logisticsRuntime(marketplaces, options.carrierUrls ?? readCarrierUrls());
  const sendSync: SyncSender = async (request, sendOptions = {}) =>
    (await deps.jobs.send(SYNC_JOB, request, { singletonKey: syncKeyOf(request), ...sendOptions })) !== null;

  if (options.jobs) {
    const runner = await startJobRunner({
      connection: options.jobs.connection,
      workers: options.jobs.workers,
      pollingIntervalSeconds: options.jobs.pollingIntervalSeconds,
      schedules: options.jobs.schedules,
      cronCheckSeconds: options.jobs.cronCheckSeconds,
      log: app.log,
      definitions: [
        ...downloadJobs({
          db: deps.db,
          files: deps.files,
          send: async (data) => {
            await runner.send(EXPORT_JOB, data, { singletonKey: data.taskId });
          },
        }),
        pdaPruneJob(deps.db, app.log),
        signInPruneJob(deps.db, app.log),
        ...marketplaceJobs(deps.db, marketplaces, sendSync, app.log),
        ...logisticsJobs(deps.db, logistics),
      ],
    });
    deps.jobs = runner;
    app.addHook('onClose', () => runner.stop());
  }

  // Before the other routes: the WebSocket plugin must see every route to handle upgrades.
  await registerLiveChannel(app, deps, options.listenConnection);

  app.get('/api/health', { config: { permission: 'public' } }, async (_request, reply) => {
    try {
      await (options.checkDatabase ?? (() => checkReadiness(options.db)))();
      return {
        success: true,
        message: 'ok',
        code: 200,
        result: { status: 'ok', database: 'ok' },
        timestamp: Date.now(),
      };
    } catch {
      return reply.status(503).send({
        success: false,
        message: 'database unavailable',
        code: 'common.unavailable',
        status: 503,
        result: { status: 'error', database: 'unreachable' },
        timestamp: Date.now(),
      });
    }
  });

  await app.register(
    async (api) => {
      await identityRoutes(api, deps);
      await tenantRoutes(api, deps);
      await systemRoutes(api, deps);
      await announcementRoutes(api, deps);
      await questionRoutes(api, deps);
      await videoRoutes(api, deps);
      await dashboardRoutes(api, deps);
      await exportRoutes(api, deps);
      await warehouseRoutes(api, deps, locationOccupancy);
      await catalogRoutes(api, deps);
      await catalogExcelRoutes(api, deps);
      await inventoryRoutes(api, deps, allocateArrivingStock);
      await destroyRoutes(api, deps);
      await inboundRoutes(api, deps);
      await countsRoutes(api, deps);
      await transfersRoutes(api, deps);
      await returnsRoutes(api, deps);
      await ordersRoutes(api, deps);
      await ordersExcelRoutes(api, deps);
      await shopRoutes(api, deps, marketplaces, sendSync);
      await channelRoutes(api, deps, logistics);
      await waybillRoutes(api, deps, logistics);
      await outboundRoutes(api, deps, logistics);
      await bagRoutes(api, deps);
      await pickingRoutes(api, deps);
      await pdaRoutes(api, deps, logistics);
      await printingRoutes(api, deps);
      await filesRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  await registerWebApps(
    app,
    options.webRoot ?? WEB_ROOT,
    options.publicUrl ?? options.marketplaces?.publicUrl ?? 'http://localhost:8080',
  );

  return app;
}

const WEB_ROOT = fileURLToPath(new URL('../../dist', import.meta.url));
