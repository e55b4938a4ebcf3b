/** Starts the HTTP server over a built app and drains it on shutdown (SSE streams included). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { llmConfigProblem, temporalConnectOptions, type ApiKey, type Config } from '../adapters/config.js';
import type { ConversationStore } from '../adapters/conversation-store.js';
import type { Db } from '../adapters/db.js';
import type { Logger } from '../adapters/logger.js';
import { dataConverterFor } from '../adapters/codec.js';
import { createBookingStoreFor, createKnowledgeStore } from '../adapters/stores.js';
import { createApp, type ExtraRoutes } from './app.js';
import { listenForNotices, notices } from '../adapters/notices.js';
import type { Tracing } from '../adapters/tracing.js';

export interface RunningApi {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export async function startApi(opts: {
  config: Config;
  temporalAddress: string;
  db: Db;
  conversations: ConversationStore;
  apiKeys: ApiKey[];
  logger: Logger;
  host?: string;
  /** How long close() lets open streams finish before cutting them (ms). */
  drainMs?: number;
  /** OpenTelemetry: workflow starts, signals and queries become spans. */
  tracing?: Tracing | null;
  /** The Web UI's codec token, when the launcher made one (else CODEC_TOKEN). */
  codecToken?: string;
  /** Routes an entry point adds (the eval endpoints), given the API's Temporal client. */
  routes?: (ctx: { client: Client; llmProblem: string | null }) => ExtraRoutes;
  /**
   * The turn worker's connection, when that worker runs in this process (`npm start`): the API's client
   * shares it, and turns start eagerly on that worker (the server hands the first workflow task back in
   * the start call's answer: no trip through matching). Its owner closes it, after the API. Without
   * it, the API opens a connection of its own and the server dispatches every task.
   */
  workerConnection?: NativeConnection;
}): Promise<RunningApi> {
  const { config } = opts;
  const own = opts.workerConnection ? null : await Connection.connect({ address: opts.temporalAddress, ...temporalConnectOptions(config.temporal.auth) });
  const connection = opts.workerConnection ?? own!;
  const dataConverter = dataConverterFor(config.payloadEncryptionKey);
  const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter, ...(opts.tracing ? { interceptors: opts.tracing.clientInterceptors } : {}) });
  const llmProblem = llmConfigProblem(config);
  const app = createApp({
    config,
    client,
    eagerStart: Boolean(opts.workerConnection),
    conversations: opts.conversations,
    db: opts.db,
    knowledge: createKnowledgeStore(config, opts.db),
    bookings: createBookingStoreFor(config, opts.db),
    ...(opts.routes ? { routes: opts.routes({ client, llmProblem }) } : {}),
    codec: dataConverter?.payloadCodecs[0],
    codecAllowedOrigins: config.codecAllowedOrigins,
    ...(opts.codecToken ?? config.codecToken ? { codecToken: (opts.codecToken ?? config.codecToken)! } : {}),
    corsOrigins: config.corsOrigins,
    rateLimitPerMinute: config.rateLimitPerMinute,
    maxStreamsPerUser: config.maxStreamsPerUser,
    apiKeys: opts.apiKeys,
    llmProblem,
    logger: opts.logger,
    readiness: {
      temporal: async () => {
        await connection.workflowService.getSystemInfo({});
        return { ok: true };
      },
      database: async () => {
        await opts.db.query('select 1');
        return { ok: true, detail: opts.db.kind };
      },
      llm: async () => (llmProblem ? { ok: false, detail: llmProblem } : { ok: true, detail: `${config.orchestrator.model} / ${config.agent.model}` }),
    },
  });
  // Notices from workers in other processes arrive over PostgreSQL (adapters/notices.ts); with PGlite the worker is in this process.
  const listener = opts.db.kind === 'postgres' && config.databaseUrl ? await listenForNotices(config.databaseUrl, notices, opts.logger) : null;
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    server,
    close() {
      // Open SSE responses keep connections busy: stop accepting, then end idle and open ones. Idempotent.
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), opts.drainMs ?? 2000).unref();
        });
        await listener?.close();
        await own?.close();
      })();
      return closing;
    },
  };
}
