/**
 * Configuration: the one place environment variables are read and validated (zod). A bad value
 * gives one line naming the variable, never a stack trace. Documented in .env.example.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseEncryptionKey } from './codec.js';
import { EMBEDDING_DEFAULTS } from './embedding.js';
import { TEXT_SEARCH_CONFIGS, type TextSearchConfig } from './fulltext.js';
import type { LlmEndpoint } from './llm.js';
import { LOCAL_ACTIVITIES_MODES, type LocalActivitiesMode } from '../domain/types.js';
import { priceTableSchema, type PriceTable, type TurnBudget } from '../domain/cost.js';
import { APPROVERS, DEFAULT_POLICY, POLICY_ACTIONS, ROLES, type BookingPolicy, type Role } from '../domain/policy.js';
import { isTimeZone } from '../domain/time.js';

export const DEFAULT_ORCHESTRATOR_BASE_URL = 'https://openrouter.ai/api/v1';
export const DEFAULT_AGENT_BASE_URL = 'https://api.groq.com/openai/v1';

export type { Role };
export interface ApiKey {
  key: string;
  userId: string;
  role: Role;
  /** How people name this user in bookings ("book it for Alice"); the user id when absent. */
  name?: string;
  /** Knowledge-base namespaces the key may query and ingest into: a list, or '*' for all. Absent: the
   * default namespace (admins: all). */
  namespaces?: string[] | '*';
}
const NAMESPACE_RE = /^[a-z0-9_-]{1,64}$/;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const url = (dflt: string) => z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default(dflt));
const int = (dflt: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(dflt));
const bool = (dflt: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(dflt ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  );

/** "24h", "30m", "90s", "1500ms", "2d", or a number of milliseconds. */
export function parseDuration(v: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(v);
  if (!m) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms').toLowerCase() as 'ms'];
  return Math.round(Number(m[1]) * unit);
}
const duration = (dflt: string, minMs: number, maxMs = Infinity) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(dflt)
      .transform((v, ctx) => {
        const ms = parseDuration(v);
        if (ms === null || ms < minMs || ms > maxMs) {
          ctx.addIssue({ code: 'custom', message: `a duration like 24h, 30m or 90s, at least ${minMs / 1000}s${maxMs < Infinity ? ` and at most ${maxMs / 1000}s` : ''}` });
          return z.NEVER;
        }
        return ms;
      }),
  );

/** Parses `key:userId:role[:ns1|ns2|*],…`; a key is at least 16 characters so it is not guessable. */
export function parseApiKeys(raw: string): ApiKey[] {
  return checkKeys(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((entry) => {
        const [key, userId, role, namespaces, ...rest] = entry.split(':');
        if (!key || !userId || !role || rest.length || namespaces === '') throw new Error(`entry "${redact(entry)}" is not key:userId:role[:namespaces]`);
        return { key, userId, role: role as Role, ...(namespaces === undefined ? {} : { namespaces: namespaces === '*' ? ('*' as const) : namespaces.split('|') }) };
      }),
  );
}

const keyFileSchema = z.array(
  z
    .object({
      key: z.string(),
      userId: z.string().min(1).max(100),
      name: z.string().trim().min(1).max(100).optional(),
      role: z.string(),
      namespaces: z.union([z.literal('*'), z.array(z.string())]).optional(),
    })
    .strict(),
);

/** Parses a keys file: a JSON array of `{ key, userId, name?, role, namespaces? }` (namespaces: a list or "*"). */
export function parseApiKeyFile(text: string): ApiKey[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const r = keyFileSchema.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`entry ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return checkKeys(r.data as ApiKey[]);
}

const roleList = z.array(z.enum(ROLES)).max(ROLES.length);
const approverList = z.array(z.enum(APPROVERS)).min(1, 'nobody could approve: list at least one of requester, member, approver, admin').max(APPROVERS.length);
const ruleSchema = z.object({ propose: roleList, approve: approverList }).strict();
const ownershipSchema = z.object({ own: ruleSchema, others: ruleSchema }).strict();
const policySchema = z
  .object({
    create: ruleSchema.optional(),
    update: ownershipSchema.optional(),
    cancel: ownershipSchema.optional(),
    undo: z.object({ propose: roleList }).strict().optional(),
    rooms: z.record(z.string().min(1).max(100), z.object({ approve: approverList.optional(), propose: roleList.optional() }).strict()).optional(),
  })
  .strict();

/**
 * Parses a booking policy (BOOKING_POLICY_FILE): JSON whose actions, roles and keys are checked, one
 * message per bad entry ("update.others.propose.1: unknown role "manager" (roles: member, approver, admin)").
 * Actions left out keep the default rule. Rooms are checked against the database by the worker.
 */
export function parseBookingPolicy(text: string): BookingPolicy {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const r = policySchema.safeParse(json);
  if (!r.success) {
    const lines = r.error.issues.flatMap((i) => {
      const at = i.path.map(String).join('.') || '(root)';
      if (i.code === 'unrecognized_keys') {
        const top = i.path.length === 0;
        return i.keys.map((k) =>
          top ? `${k}: unknown action (actions: ${POLICY_ACTIONS.join(', ')}; and rooms)` : `${at}.${k}: unknown key`,
        );
      }
      if (i.code === 'invalid_value') {
        const got = (i.path.reduce<unknown>((o, k) => (o as Record<PropertyKey, unknown>)?.[k], json));
        const isApprove = i.path.includes('approve');
        return [`${at}: unknown role ${JSON.stringify(got)} (${isApprove ? `approvers: ${APPROVERS.join(', ')}` : `roles: ${ROLES.join(', ')}`})`];
      }
      return [`${at}: ${i.message}`];
    });
    throw new Error(lines.join('; '));
  }
  const p = r.data;
  return { ...DEFAULT_POLICY, ...p, rooms: p.rooms ?? {} } as BookingPolicy;
}

function checkKeys(keys: ApiKey[]): ApiKey[] {
  const seen = new Set<string>();
  for (const k of keys) {
    if (k.key.length < 16) throw new Error(`the key for user "${k.userId}" is shorter than 16 characters`);
    if (!(ROLES as readonly string[]).includes(k.role)) throw new Error(`role "${k.role}" for user "${k.userId}" is not one of ${ROLES.join(', ')}`);
    if (Array.isArray(k.namespaces)) {
      const bad = k.namespaces.find((n) => !NAMESPACE_RE.test(n));
      if (bad !== undefined) throw new Error(`namespace "${bad}" for user "${k.userId}" is not lowercase letters, digits, _ and -`);
    }
    if (seen.has(k.key)) throw new Error(`the key for user "${k.userId}" is listed twice`);
    seen.add(k.key);
  }
  return keys;
}
function redact(entry: string) {
  const [key, ...rest] = entry.split(':');
  return [key ? `${key.slice(0, 3)}…` : '', ...rest].join(':');
}

const schema = z.object({
  ORCHESTRATOR_BASE_URL: url(DEFAULT_ORCHESTRATOR_BASE_URL),
  ORCHESTRATOR_API_KEY: optionalString,
  OPENROUTER_API_KEY: optionalString,
  ORCHESTRATOR_MODEL: z.preprocess(emptyToUndefined, z.string().default('openai/gpt-oss-120b')),
  AGENT_BASE_URL: url(DEFAULT_AGENT_BASE_URL),
  AGENT_API_KEY: optionalString,
  GROQ_API_KEY: optionalString,
  AGENT_MODEL: z.preprocess(emptyToUndefined, z.string().default('qwen/qwen3-32b')),
  // The model that checks an answer's outcome claims (domain/verify.ts); the agent endpoint, this model.
  VERIFIER_MODEL: optionalString,
  // The grounding eval's judge (npm run eval -- --grounding): the agent endpoint, this model.
  EVAL_JUDGE_MODEL: optionalString,
  LLM_TIMEOUT_MS: int(60_000, 1_000, 110_000),
  // How long the verifier's activity may take to read an answer's words (activities/words-reader.ts); past it the prose is not shown.
  ANSWER_WORDS_TIMEOUT: duration('15s', 1000, 30_000),
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9._-]+$/).default('default')),
  TEMPORAL_TASK_QUEUE: z.preprocess(emptyToUndefined, z.string().min(1).default('copilot-turns')),
  EVAL_TASK_QUEUE: z.preprocess(emptyToUndefined, z.string().min(1).default('copilot-evals')),
  TEMPORAL_PORT: int(7233, 1, 65535),
  TEMPORAL_UI_PORT: int(8233, 1, 65535),
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_DEV_TUNING: z.preprocess(emptyToUndefined, z.enum(['tuned', 'stock']).default('tuned')),
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_TLS: bool(false),
  TEMPORAL_TLS_CERT_PATH: optionalString,
  TEMPORAL_TLS_KEY_PATH: optionalString,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PORT: int(3000, 0, 65535),
  MAX_HOPS: int(6, 1, 50),
  MAX_AGENT_RETRIES: int(1, 0, 10),
  MAX_TOOL_CALLS_PER_STEP: int(8, 1, 100),
  MAX_AGENT_CALLS_PER_DECISION: int(4, 1, 20),
  TURN_LOCAL_ACTIVITIES: z.preprocess(emptyToUndefined, z.enum(LOCAL_ACTIVITIES_MODES).default('all')),
  QUERY_WAIT_MS: int(60_000, 100, 600_000),
  WORKSPACE_TIMEZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('UTC')
      .refine(isTimeZone, 'not an IANA time zone (e.g. Europe/Berlin)'),
  ),
  DEFAULT_NAMESPACE: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9_-]{1,64}$/).default('default')),
  COPILOT_API_KEYS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return [] as ApiKey[];
        try {
          return parseApiKeys(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
          return z.NEVER;
        }
      }),
  ),
  SEED_DATA: bool(true),
  APPROVAL_TIMEOUT: duration('24h', 1000),
  UNDO_WINDOW: duration('10m', 1000),
  EMBEDDING_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['local', 'openrouter', 'gemini', 'ollama']).default('local')),
  EMBEDDING_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  EMBEDDING_API_KEY: optionalString,
  GEMINI_API_KEY: optionalString,
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_BATCH_SIZE: int(64, 1, 2048),
  EMBEDDING_CONCURRENCY: int(2, 1, 32),
  INGESTION_MAX_BYTES: int(50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  INGESTION_MAX_INFLATED_BYTES: int(128 * 1024 * 1024, 1024 * 1024, 8 * 1024 * 1024 * 1024),
  INGESTION_MAX_UPLOADS_PER_USER: int(4, 1, 1000),
  INGESTION_PARSE_TIMEOUT: duration('120s', 1000),
  UPLOAD_RETENTION: duration('24h', 0),
  VECTOR_STORE: z.preprocess(emptyToUndefined, z.enum(['pgvector', 'pinecone']).default('pgvector')),
  PINECONE_API_KEY: optionalString,
  PINECONE_INDEX: optionalString,
  PINECONE_INDEX_HOST: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  PAYLOAD_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        try {
          return parseEncryptionKey(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
          return z.NEVER;
        }
      }),
  ),
  RATE_LIMIT_PER_MINUTE: int(600, 1, 1_000_000),
  SSE_MAX_STREAMS_PER_USER: int(20, 1, 10_000),
  SSE_RECHECK_MS: int(60_000, 1000, 3_600_000),
  SSE_CLOSED_SWEEP_MS: int(5000, 500, 600_000),
  STREAM_ANSWERS: bool(true),
  CODEC_TOKEN: z.preprocess(emptyToUndefined, z.string().min(24, 'at least 24 characters').regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only (it goes in a URL path)').optional()),
  CODEC_ALLOWED_ORIGINS: z.preprocess(emptyToUndefined, z.string().default('http://127.0.0.1:8233,http://localhost:8233')),
  COPILOT_API_KEYS_FILE: optionalString,
  BOOKING_POLICY_FILE: optionalString,
  WORKER_MAX_CACHED_WORKFLOWS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  WORKER_MAX_CONCURRENT_ACTIVITIES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
  WORKER_SHUTDOWN_GRACE: duration('30s', 0),
  WORKER_HEAP_GROWTH_PERCENT: int(20, 0, 1000),
  WORKFLOW_STACK_TRACES: bool(false),
  WORKFLOW_DEADLOCK_DETECTION: bool(true),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(10_000).optional()),
  CORS_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((v, ctx) => {
        const list = v.split(',').map((o) => o.trim()).filter(Boolean);
        const bad = list.find((o) => o === '*' || !/^https?:\/\/[^/\s]+$/.test(o));
        if (bad !== undefined) {
          ctx.addIssue({ code: 'custom', message: `"${bad}" is not an origin like https://app.example.com (no wildcards, no paths)` });
          return z.NEVER;
        }
        return list;
      }),
  ),
  KB_MIN_SCORE: z.preprocess(emptyToUndefined, z.coerce.number().min(-1).max(1).optional()),
  KB_TEXT_WEIGHT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(4).default(0.5)),
  KB_TEXT_SEARCH_CONFIG: z.preprocess(emptyToUndefined, z.enum(TEXT_SEARCH_CONFIGS).default('english')),
  BOOKING_MAX_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.25).max(336).default(10)),
  BOOKING_HORIZON_DAYS: int(365, 1, 3650),
  BOOKING_STORE: z.preprocess(emptyToUndefined, z.enum(['pglite', 'postgres', 'supabase']).optional()),
  SUPABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  MODEL_PRICES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('{}')
      .transform((v, ctx) => {
        let json: unknown;
        try {
          json = JSON.parse(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'not JSON; expected {"<model>": {"input": <USD per 1M prompt tokens>, "output": <USD per 1M completion tokens>}}' });
          return z.NEVER;
        }
        const r = priceTableSchema.safeParse(json);
        if (!r.success) {
          const i = r.error.issues[0]!;
          ctx.addIssue({ code: 'custom', message: `${i.path.join('.') || '(root)'}: ${i.message}; expected {"<model>": {"input": n, "output": n}} in USD per million tokens` });
          return z.NEVER;
        }
        return r.data;
      }),
  ),
  MAX_TURN_COST: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(1_000_000).optional()),
  MAX_TURN_TOKENS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(1_000_000_000).optional()),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_TOKEN: optionalString,
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().min(1).max(100).optional()),
  TEMPORAL_UI_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export type { LlmEndpoint };

export interface Config {
  orchestrator: LlmEndpoint;
  agent: LlmEndpoint;
  /** The claim verifier: the agent endpoint with VERIFIER_MODEL (default the agent model). */
  verifier: LlmEndpoint;
  /** The grounding eval's judge: the agent endpoint with EVAL_JUDGE_MODEL (default the verifier's model). */
  judge: LlmEndpoint;
  llmTimeoutMs: number;
  /** How long reading an answer's words may take once the reader's thread takes it (ANSWER_WORDS_TIMEOUT). */
  answerWordsTimeoutMs: number;
  temporal: {
    address: string | undefined;
    namespace: string;
    taskQueue: string;
    evalTaskQueue: string;
    port: number;
    uiPort: number;
    cliPath: string | undefined;
    /** The local dev server's dispatch limits: raised (`tuned`) or the server's own (`stock`). */
    devTuning: 'tuned' | 'stock';
    /** How to reach a remote cluster (Temporal Cloud): TLS, an API key, or a client certificate. Never logged. */
    auth: TemporalAuth;
  };
  dataDir: string;
  databaseUrl: string | undefined;
  port: number;
  maxHops: number;
  maxAgentRetries: number;
  /** Tool calls one agent step may run, agent calls one decision may start (the rest are refused). */
  fanOut: { maxToolCallsPerStep: number; maxAgentCallsPerDecision: number };
  /** Which turn calls run as local activities (workflows/runners.ts). */
  localActivities: LocalActivitiesMode;
  queryWaitMs: number;
  timezone: string;
  defaultNamespace: string;
  apiKeys: ApiKey[];
  /** Who may do what to which booking (BOOKING_POLICY_FILE; domain/policy.ts has the default). */
  policy: BookingPolicy;
  /** How long the requester of a committed write may undo it (UNDO_WINDOW). */
  undoWindowMs: number;
  seedData: boolean;
  logLevel: string;
  approvalTimeoutMs: number;
  maxBookingHours: number;
  bookingHorizonDays: number;
  embedding: { provider: 'local' } | { provider: 'openrouter' | 'gemini' | 'ollama'; baseURL: string; apiKey: string | undefined; model: string };
  /** Uploads one user may send at once (maxUploadsPerUser); how long an upload no document uses is kept (uploadRetentionMs). */
  ingestion: { batchSize: number; concurrency: number; maxBytes: number; maxInflatedBytes: number; parseTimeoutMs: number; maxUploadsPerUser: number; uploadRetentionMs: number };
  vectorStore: { kind: 'pgvector' } | { kind: 'pinecone'; apiKey: string; index: string | undefined; indexHost: string | undefined };
  /** AES-256-GCM key for workflow payloads; null: payloads are stored in the clear. Never logged. */
  payloadEncryptionKey: Buffer | null;
  /** Browser origins (the Temporal Web UI) whose loopback requests may use the codec endpoint without a key. */
  codecAllowedOrigins: string[];
  /** The Web UI's credential for the codec endpoint (/codec/t/<token>); npm start makes one when unset. */
  codecToken: string | undefined;
  /** Browser origins allowed to call the API (CORS); none by default: same-origin only. */
  corsOrigins: string[];
  /** Worker tuning; unset values keep the Temporal SDK's defaults (sized from the heap). */
  worker: { maxCachedWorkflows?: number; maxConcurrentActivityTaskExecutions?: number; maxConcurrentWorkflowTaskExecutions?: number; shutdownGraceTime?: number };
  /** How far the worker's heap may grow past what is live before V8 collects it, in % (app/heap.ts); 0: V8 chooses. */
  heapGrowthPercent: number;
  /** The SDK's stack traces (the Web UI's "Call Stack" tab) and deadlock detection in the workflow threads (worker/workflow-threads.ts). */
  workflowThreads: { stackTraces: boolean; deadlockDetection: boolean };
  /** Requests per minute per API key (token bucket). */
  rateLimitPerMinute: number;
  /** Open event streams one user may hold at once. */
  maxStreamsPerUser: number;
  /** Streams and waiting requests are pushed to (adapters/notices.ts); they read again after recheckMs without a notice, and closedSweepMs is how often the watched workflows are checked for having been terminated. */
  sse: { recheckMs: number; closedSweepMs: number };
  /** Stream the orchestrator's answers as drafts (`answer.delta` events) when they come from documents (`answersFromDocuments`). */
  streamAnswers: boolean;
  /**
   * Passages whose relevance (cosine and full-text coverage combined, activities/search.ts) is below this
   * are not evidence: with none left the Knowledge-Base agent says the documents do not cover it.
   */
  kbMinScore: number;
  /** How much full-text coverage weighs against the cosine in relevance (KB_TEXT_WEIGHT). */
  kbTextWeight: number;
  /** The text search configuration (language) new namespaces' full-text index uses (KB_TEXT_SEARCH_CONFIG). */
  kbTextSearchConfig: TextSearchConfig;
  /** USD per million tokens per model (MODEL_PRICES); models not listed have no cost. */
  prices: PriceTable;
  /** MAX_TURN_COST (USD) and MAX_TURN_TOKENS; null: no limit. */
  budget: TurnBudget;
  /** The worker's own /metrics and /healthz port (METRICS_PORT); undefined: none. */
  metricsPort: number | undefined;
  /** A bearer token Prometheus may use for /metrics besides an admin key. Never logged. */
  metricsToken: string | undefined;
  /** OTLP/HTTP traces endpoint; undefined: tracing off. */
  otel: { tracesUrl: string; serviceName: string } | undefined;
  /** Where people open the Temporal Web UI (links from the web client). */
  temporalUiUrl: string;
  /** Where bookings live: the app database (PGlite or Postgres), or Supabase over its REST API. */
  bookingStore: { kind: 'pglite' | 'postgres' } | { kind: 'supabase'; url: string; serviceRoleKey: string };
}

/** Connection options for a secured cluster: TLS (mTLS with a client certificate) and/or an API key. */
export interface TemporalAuth {
  tls: boolean | { clientCertPair: { crt: Buffer; key: Buffer } };
  apiKey: string | undefined;
}

/** The options Connection.connect and NativeConnection.connect take for `auth`. */
export function temporalConnectOptions(auth: TemporalAuth): { tls?: TemporalAuth['tls']; apiKey?: string } {
  return { ...(auth.tls ? { tls: auth.tls } : {}), ...(auth.apiKey ? { apiKey: auth.apiKey } : {}) };
}

export class ConfigError extends Error {}

function endpoint(baseURL: string, key: string | undefined, model: string, defaultUrl: string, variables: string): LlmEndpoint {
  return { baseURL, apiKey: key, model, variables, configured: Boolean(key) || baseURL !== defaultUrl };
}

/** Validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = schema.safeParse(env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => {
      const name = String(i.path[0] ?? '?');
      const got = env[name];
      const shown = got === undefined || /KEY|SECRET|PASSWORD/.test(name) ? '' : ` (got "${String(got).slice(0, 60)}")`;
      return `${name}: ${i.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const c = r.data;
  const fail = (line: string) => {
    throw new ConfigError(`Invalid configuration: ${line}`);
  };
  let apiKeys = c.COPILOT_API_KEYS;
  if (c.COPILOT_API_KEYS_FILE) {
    let text = '';
    try {
      text = fs.readFileSync(c.COPILOT_API_KEYS_FILE, 'utf8');
    } catch (e) {
      fail(`COPILOT_API_KEYS_FILE: cannot read ${c.COPILOT_API_KEYS_FILE} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    try {
      apiKeys = checkKeys([...apiKeys, ...parseApiKeyFile(text)]);
    } catch (e) {
      fail(`COPILOT_API_KEYS_FILE: ${(e as Error).message}`);
    }
  }
  let policy: BookingPolicy = DEFAULT_POLICY;
  if (c.BOOKING_POLICY_FILE) {
    let text = '';
    try {
      text = fs.readFileSync(c.BOOKING_POLICY_FILE, 'utf8');
    } catch (e) {
      fail(`BOOKING_POLICY_FILE: cannot read ${c.BOOKING_POLICY_FILE} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    try {
      policy = parseBookingPolicy(text);
    } catch (e) {
      fail(`BOOKING_POLICY_FILE: ${(e as Error).message}`);
    }
  }
  let temporalTls: TemporalAuth['tls'] = c.TEMPORAL_TLS || Boolean(c.TEMPORAL_API_KEY);
  if (c.TEMPORAL_TLS_CERT_PATH || c.TEMPORAL_TLS_KEY_PATH) {
    if (!c.TEMPORAL_TLS_CERT_PATH || !c.TEMPORAL_TLS_KEY_PATH) fail('TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH go together (a client certificate and its key)');
    const read = (name: string, file: string) => {
      try {
        return fs.readFileSync(file);
      } catch (e) {
        return fail(`${name}: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
    };
    temporalTls = { clientCertPair: { crt: read('TEMPORAL_TLS_CERT_PATH', c.TEMPORAL_TLS_CERT_PATH!), key: read('TEMPORAL_TLS_KEY_PATH', c.TEMPORAL_TLS_KEY_PATH!) } };
  }
  const storeKind = c.BOOKING_STORE ?? (c.DATABASE_URL ? 'postgres' : 'pglite');
  if (storeKind === 'postgres' && !c.DATABASE_URL) fail('BOOKING_STORE: postgres needs DATABASE_URL');
  if (storeKind === 'pglite' && c.DATABASE_URL) fail('BOOKING_STORE: pglite cannot be used with DATABASE_URL set (use postgres, or unset DATABASE_URL)');
  if (storeKind === 'supabase' && (!c.SUPABASE_URL || !c.SUPABASE_SERVICE_ROLE_KEY)) fail('BOOKING_STORE: supabase needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  let embedding: Config['embedding'] = { provider: 'local' };
  if (c.EMBEDDING_PROVIDER !== 'local') {
    const d = EMBEDDING_DEFAULTS[c.EMBEDDING_PROVIDER];
    const apiKey = c.EMBEDDING_API_KEY ?? (c.EMBEDDING_PROVIDER === 'openrouter' ? c.OPENROUTER_API_KEY : c.EMBEDDING_PROVIDER === 'gemini' ? c.GEMINI_API_KEY : undefined);
    if (!apiKey && c.EMBEDDING_PROVIDER !== 'ollama') {
      fail(`EMBEDDING_PROVIDER: ${c.EMBEDDING_PROVIDER} needs EMBEDDING_API_KEY (or ${c.EMBEDDING_PROVIDER === 'openrouter' ? 'OPENROUTER_API_KEY' : 'GEMINI_API_KEY'})`);
    }
    embedding = { provider: c.EMBEDDING_PROVIDER, baseURL: c.EMBEDDING_BASE_URL ?? d.baseURL, apiKey, model: c.EMBEDDING_MODEL ?? d.model };
  }
  if (c.VECTOR_STORE === 'pinecone' && (!c.PINECONE_API_KEY || (!c.PINECONE_INDEX && !c.PINECONE_INDEX_HOST))) {
    fail('VECTOR_STORE: pinecone needs PINECONE_API_KEY and PINECONE_INDEX (or PINECONE_INDEX_HOST)');
  }
  if (c.MAX_TURN_COST !== undefined) {
    const unpriced = [...new Set([c.ORCHESTRATOR_MODEL, c.AGENT_MODEL, c.VERIFIER_MODEL ?? c.AGENT_MODEL])].filter((m) => !c.MODEL_PRICES[m]);
    if (unpriced.length) fail(`MAX_TURN_COST: needs a price in MODEL_PRICES for ${unpriced.map((m) => `"${m}"`).join(' and ')} (a budget in dollars cannot be kept without one)`);
  }
  const tracesUrl = c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (c.OTEL_EXPORTER_OTLP_ENDPOINT ? `${c.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined);
  const vectorStore: Config['vectorStore'] =
    c.VECTOR_STORE === 'pinecone' ? { kind: 'pinecone', apiKey: c.PINECONE_API_KEY!, index: c.PINECONE_INDEX, indexHost: c.PINECONE_INDEX_HOST } : { kind: 'pgvector' };
  const bookingStore: Config['bookingStore'] =
    storeKind === 'supabase' ? { kind: 'supabase', url: c.SUPABASE_URL!, serviceRoleKey: c.SUPABASE_SERVICE_ROLE_KEY! } : { kind: storeKind };
  return {
    orchestrator: endpoint(
      c.ORCHESTRATOR_BASE_URL,
      c.ORCHESTRATOR_API_KEY ?? c.OPENROUTER_API_KEY,
      c.ORCHESTRATOR_MODEL,
      DEFAULT_ORCHESTRATOR_BASE_URL,
      'ORCHESTRATOR_API_KEY (or OPENROUTER_API_KEY), or ORCHESTRATOR_BASE_URL for a local OpenAI-compatible server',
    ),
    agent: endpoint(
      c.AGENT_BASE_URL,
      c.AGENT_API_KEY ?? c.GROQ_API_KEY,
      c.AGENT_MODEL,
      DEFAULT_AGENT_BASE_URL,
      'AGENT_API_KEY (or GROQ_API_KEY), or AGENT_BASE_URL for a local OpenAI-compatible server',
    ),
    verifier: endpoint(
      c.AGENT_BASE_URL,
      c.AGENT_API_KEY ?? c.GROQ_API_KEY,
      c.VERIFIER_MODEL ?? c.AGENT_MODEL,
      DEFAULT_AGENT_BASE_URL,
      'AGENT_API_KEY (or GROQ_API_KEY), or AGENT_BASE_URL for a local OpenAI-compatible server',
    ),
    judge: endpoint(
      c.AGENT_BASE_URL,
      c.AGENT_API_KEY ?? c.GROQ_API_KEY,
      c.EVAL_JUDGE_MODEL ?? c.VERIFIER_MODEL ?? c.AGENT_MODEL,
      DEFAULT_AGENT_BASE_URL,
      'AGENT_API_KEY (or GROQ_API_KEY), or AGENT_BASE_URL for a local OpenAI-compatible server',
    ),
    llmTimeoutMs: c.LLM_TIMEOUT_MS,
    answerWordsTimeoutMs: c.ANSWER_WORDS_TIMEOUT,
    temporal: {
      address: c.TEMPORAL_ADDRESS,
      namespace: c.TEMPORAL_NAMESPACE,
      taskQueue: c.TEMPORAL_TASK_QUEUE,
      evalTaskQueue: c.EVAL_TASK_QUEUE,
      port: c.TEMPORAL_PORT,
      uiPort: c.TEMPORAL_UI_PORT,
      cliPath: c.TEMPORAL_CLI_PATH,
      devTuning: c.TEMPORAL_DEV_TUNING,
      auth: { tls: temporalTls, apiKey: c.TEMPORAL_API_KEY },
    },
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    port: c.PORT,
    maxHops: c.MAX_HOPS,
    maxAgentRetries: c.MAX_AGENT_RETRIES,
    fanOut: { maxToolCallsPerStep: c.MAX_TOOL_CALLS_PER_STEP, maxAgentCallsPerDecision: c.MAX_AGENT_CALLS_PER_DECISION },
    localActivities: c.TURN_LOCAL_ACTIVITIES,
    queryWaitMs: c.QUERY_WAIT_MS,
    timezone: c.WORKSPACE_TIMEZONE,
    defaultNamespace: c.DEFAULT_NAMESPACE,
    apiKeys,
    policy,
    undoWindowMs: c.UNDO_WINDOW,
    seedData: c.SEED_DATA,
    logLevel: c.LOG_LEVEL,
    approvalTimeoutMs: c.APPROVAL_TIMEOUT,
    maxBookingHours: c.BOOKING_MAX_HOURS,
    bookingHorizonDays: c.BOOKING_HORIZON_DAYS,
    bookingStore,
    embedding,
    ingestion: {
      batchSize: c.EMBEDDING_BATCH_SIZE,
      concurrency: c.EMBEDDING_CONCURRENCY,
      maxBytes: c.INGESTION_MAX_BYTES,
      maxInflatedBytes: c.INGESTION_MAX_INFLATED_BYTES,
      parseTimeoutMs: c.INGESTION_PARSE_TIMEOUT,
      maxUploadsPerUser: c.INGESTION_MAX_UPLOADS_PER_USER,
      uploadRetentionMs: c.UPLOAD_RETENTION,
    },
    // Cosine scores are not comparable across embedders: the lexical one scores relevant passages lower.
    vectorStore,
    payloadEncryptionKey: c.PAYLOAD_ENCRYPTION_KEY,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    maxStreamsPerUser: c.SSE_MAX_STREAMS_PER_USER,
    sse: { recheckMs: c.SSE_RECHECK_MS, closedSweepMs: c.SSE_CLOSED_SWEEP_MS },
    streamAnswers: c.STREAM_ANSWERS,
    corsOrigins: c.CORS_ORIGINS,
    worker: Object.fromEntries(
      Object.entries({
        maxCachedWorkflows: c.WORKER_MAX_CACHED_WORKFLOWS,
        maxConcurrentActivityTaskExecutions: c.WORKER_MAX_CONCURRENT_ACTIVITIES,
        maxConcurrentWorkflowTaskExecutions: c.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS,
        // How long a stopping worker lets in-flight activities finish before cancelling them (they are
        // then retried on another worker).
        shutdownGraceTime: c.WORKER_SHUTDOWN_GRACE,
      }).filter(([, v]) => v !== undefined),
    ),
    heapGrowthPercent: c.WORKER_HEAP_GROWTH_PERCENT,
    workflowThreads: { stackTraces: c.WORKFLOW_STACK_TRACES, deadlockDetection: c.WORKFLOW_DEADLOCK_DETECTION },
    codecToken: c.CODEC_TOKEN,
    codecAllowedOrigins: c.CODEC_ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    // Calibrated for the offline default with the retrieval eval (docs/evals.md); for a provider, 0.2 keeps
    // every passage the old vector-only bar of 0.3 kept ((0.3 + w · 0) / (1 + w) at w = 0.5).
    kbMinScore: c.KB_MIN_SCORE ?? (embedding.provider === 'local' ? 0.56 : 0.2),
    kbTextWeight: c.KB_TEXT_WEIGHT,
    kbTextSearchConfig: c.KB_TEXT_SEARCH_CONFIG,
    prices: c.MODEL_PRICES,
    budget: { maxCostUsd: c.MAX_TURN_COST ?? null, maxTokens: c.MAX_TURN_TOKENS ?? null },
    metricsPort: c.METRICS_PORT,
    metricsToken: c.METRICS_TOKEN,
    otel: tracesUrl ? { tracesUrl, serviceName: c.OTEL_SERVICE_NAME ?? 'workspace-copilot' } : undefined,
    temporalUiUrl: (c.TEMPORAL_UI_URL ?? `http://127.0.0.1:${c.TEMPORAL_UI_PORT}`).replace(/\/+$/, ''),
  };
}

/** Which LLM variables are missing, or null when both endpoints are usable. */
export function llmConfigProblem(c: Config): string | null {
  const missing = [c.orchestrator, c.agent].filter((e) => !e.configured).map((e) => e.variables);
  return missing.length ? `No LLM configured: set ${missing.join('; and ')}.` : null;
}
