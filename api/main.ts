/** `npm run api`: the API alone, against an existing Temporal cluster (TEMPORAL_ADDRESS). */
import { evalRoutesFor } from '../evals/routes.js';
import { createSqlConversationStore } from '../adapters/conversation-store.js';
import { openDatabase } from '../adapters/db.js';
import { createLogger } from '../adapters/logger.js';
import { setupTracing } from '../adapters/tracing.js';
import { configOrExit, onShutdown, run, stopAll } from '../app/process.js';
import { ensureLocalAdminKey } from './auth.js';
import { migrationGroups, vectorStoreProblem } from '../adapters/stores.js';
import { startApi } from './server.js';

run(async () => {
  const config = configOrExit();
  const logger = createLogger(config.logLevel, 'api');
  const address = config.temporal.address ?? `127.0.0.1:${config.temporal.port}`;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, groups: migrationGroups(config) });
  const vectorsProblem = vectorStoreProblem(config, db.migrations);
  if (vectorsProblem) logger.warn(vectorsProblem);
  let keys = config.apiKeys;
  if (keys.length === 0) {
    const local = ensureLocalAdminKey(config.dataDir);
    keys = [local.key];
    logger.info({ file: local.file }, 'no COPILOT_API_KEYS: using the local admin key kept in DATA_DIR');
  }
  const tracing = setupTracing(config.otel);
  const api = await startApi({ config, temporalAddress: address, db, conversations: createSqlConversationStore(db), apiKeys: keys, logger, host: process.env.HOST, tracing, routes: evalRoutesFor(config.temporal.evalTaskQueue) });
  logger.info({ url: api.url, temporal: address }, 'API listening');
  onShutdown(() =>
    stopAll([
      ['api', () => api.close()],
      ['traces', () => tracing?.shutdown()],
      ['database', () => db.close()],
    ]),
  );
});
