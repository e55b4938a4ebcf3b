/**
 * Builds the clients and stores once, from configuration: the one place that chooses the database,
 * the embedder and the model endpoints (the stores through adapters/stores.ts). The worker's entry point,
 * the local stack and the eval CLI share it.
 */
import { createActivities, type ActivityDeps } from '../activities/index.js';
import { seedRooms } from '../adapters/booking-store.js';
import { ConfigError, type Config } from '../adapters/config.js';
import type { BookingStore } from '../adapters/booking-store.js';
import { unknownPolicyRooms } from '../domain/policy.js';
import { createSqlConversationStore } from '../adapters/conversation-store.js';
import { openDatabase, type Db } from '../adapters/db.js';
import { createRemoteEmbedder, createWordVectorEmbedder, HASH_EMBEDDER_ID } from '../adapters/embedding.js';
import { reembedLocalNamespaces } from '../adapters/knowledge-store.js';
import { createModelClient } from '../adapters/llm.js';
import { createBookingStoreFor, createKnowledgeStore, migrationGroups, vectorStoreProblem } from '../adapters/stores.js';

export interface Runtime {
  db: Db;
  deps: ActivityDeps;
  activities: ReturnType<typeof createActivities>;
}

/** Wires stores and model clients over an open database. */
export function createRuntime(config: Config, db: Db): Runtime {
  const deps: ActivityDeps = {
    db,
    kbMinScore: config.kbMinScore,
    kbTextWeight: config.kbTextWeight,
    kbTextSearchConfig: config.kbTextSearchConfig,
    orchestratorModel: createModelClient(config.orchestrator, config.llmTimeoutMs),
    agentModel: createModelClient(config.agent, config.llmTimeoutMs),
    verifierModel: createModelClient(config.verifier, config.llmTimeoutMs),
    answerWordsTimeoutMs: config.answerWordsTimeoutMs,
    embedder:
      config.embedding.provider === 'local'
        ? createWordVectorEmbedder()
        : createRemoteEmbedder({ ...config.embedding, timeoutMs: config.llmTimeoutMs }),
    knowledge: createKnowledgeStore(config, db),
    bookings: createBookingStoreFor(config, db),
    conversations: createSqlConversationStore(db),
    maxInflatedBytes: config.ingestion.maxInflatedBytes,
    uploadRetentionMs: config.ingestion.uploadRetentionMs,
    parseTimeoutMs: config.ingestion.parseTimeoutMs,
    policy: config.policy,
    streamAnswers: config.streamAnswers,
  };
  return { db, deps, activities: createActivities(deps) };
}

/** Opens the configured database (migrated, seeded when SEED_DATA) and wires the runtime. */
export async function openRuntime(config: Config): Promise<Runtime> {
  // With Supabase the booking tables live there (supabase/migrations, seeded by supabase/seed.sql).
  const supabase = config.bookingStore.kind === 'supabase';
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, groups: migrationGroups(config) });
  if (config.seedData && !supabase) await seedRooms(db);
  const runtime = createRuntime(config, db);
  await checkPolicyRooms(config, runtime.deps.bookings);
  const vectorsProblem = vectorStoreProblem(config, db.migrations);
  if (vectorsProblem) process.stderr.write(`warning: ${vectorsProblem}\n`);
  else if (config.embedding.provider === 'local' && config.vectorStore.kind === 'pgvector') {
    // Knowledge bases ingested with the old offline embedder: re-embedded from their stored text, once.
    for (const u of await reembedLocalNamespaces(db, runtime.deps.embedder, [HASH_EMBEDDER_ID])) {
      process.stderr.write(`namespace "${u.namespace}": ${u.chunks} chunks re-embedded with ${runtime.deps.embedder.id} (was ${HASH_EMBEDDER_ID})\n`);
    }
  }
  return runtime;
}

/** The booking policy's per-room rules must name rooms that exist: one line per unknown room, at start-up. */
export async function checkPolicyRooms(config: Pick<Config, 'policy'>, bookings: BookingStore): Promise<void> {
  if (Object.keys(config.policy.rooms).length === 0) return;
  const problems = unknownPolicyRooms(config.policy, await bookings.listRooms({}));
  if (problems.length) throw new ConfigError(`Invalid configuration: BOOKING_POLICY_FILE: ${problems.join('; ')}`);
}
