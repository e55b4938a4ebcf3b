/**
 * Prometheus metrics (prom-client), one registry per process. Activities record turns, model calls,
 * approvals and ingestions where they happen (the worker); the API records requests and streams. When
 * the worker and the API share a process (`npm start`) the API's GET /metrics shows everything; a worker
 * of its own serves its registry on METRICS_PORT (worker/metrics-server.ts).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ActivityInboundCallsInterceptor, ActivityExecuteInput, Next } from '@temporalio/worker';
import type { Approval, ModelCallUsage, TurnResult, TurnStatus } from '../domain/types.js';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const seconds = (ms: number) => ms / 1000;

export const metrics = {
  turns: new Counter({
    name: 'copilot_turns_total',
    help: 'Finished turns by outcome: answered, failed, or stopped_hops / stopped_retries / stopped_budget',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  turnsStarted: new Counter({
    name: 'copilot_turns_started_total',
    help: 'Turns the API started, by how their first workflow task reached a worker: eager (in the start call\'s answer, to the worker in this process) or server (dispatched by the server)',
    labelNames: ['dispatch'] as const,
    registers: [registry],
  }),
  turnHops: new Histogram({ name: 'copilot_turn_hops', help: 'Orchestrator hops per finished turn', buckets: [1, 2, 3, 4, 5, 6, 8, 10, 15, 20], registers: [registry] }),
  turnDuration: new Histogram({
    name: 'copilot_turn_duration_seconds',
    help: 'Wall time from start to finish per turn, approval waits included',
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 3600, 86400],
    registers: [registry],
  }),
  costUsd: new Counter({ name: 'copilot_cost_usd_total', help: 'Model spend in USD (MODEL_PRICES) of finished turns, by model', labelNames: ['model'] as const, registers: [registry] }),
  modelLatency: new Histogram({
    name: 'copilot_model_latency_seconds',
    help: 'Latency of model calls by model and caller (orchestrator or agent)',
    labelNames: ['model', 'agent'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  }),
  modelTokens: new Counter({
    name: 'copilot_model_tokens_total',
    help: 'Tokens of model calls by model, caller and kind (prompt or completion)',
    labelNames: ['model', 'agent', 'kind'] as const,
    registers: [registry],
  }),
  approvalWait: new Histogram({
    name: 'copilot_approval_wait_seconds',
    help: 'Time from a write being proposed to its approval, rejection or expiry',
    labelNames: ['status'] as const,
    buckets: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
    registers: [registry],
  }),
  ingestions: new Counter({ name: 'copilot_ingestions_total', help: 'Finished ingestions by status', labelNames: ['status'] as const, registers: [registry] }),
  ingestedPages: new Counter({ name: 'copilot_ingested_pages_total', help: 'Pages of completed ingestions', registers: [registry] }),
  ingestedChunks: new Counter({ name: 'copilot_ingested_chunks_total', help: 'Chunks embedded and stored by completed ingestions', registers: [registry] }),
  ingestionDuration: new Histogram({
    name: 'copilot_ingestion_duration_seconds',
    help: 'Wall time of completed ingestions, upload to searchable',
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800],
    registers: [registry],
  }),
  errors: new Counter({
    name: 'copilot_errors_total',
    help: 'Errors by where they surfaced (activity, turn, api) and type',
    labelNames: ['source', 'type'] as const,
    registers: [registry],
  }),
  activityDuration: new Histogram({
    name: 'copilot_activity_duration_seconds',
    help: 'Activity attempts by activity type and result',
    labelNames: ['activity', 'result'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  }),
  httpRequests: new Counter({ name: 'copilot_http_requests_total', help: 'API requests by route and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] }),
  sseStreams: new Gauge({ name: 'copilot_sse_streams_open', help: 'Event streams open now', registers: [registry] }),
  sseReads: new Counter({ name: 'copilot_sse_log_reads_total', help: 'Times an event stream read the log (a query or the saved turn): at open, on a notice without content, on a recheck', registers: [registry] }),
  workflowQueries: new Counter({
    name: 'copilot_workflow_queries_total',
    help: 'Workflow queries the API made (each waits for the workflow task in progress, and one of a closed workflow replays it), by query',
    labelNames: ['query'] as const,
    registers: [registry],
  }),
};

/** One model call's latency and tokens. */
export function observeModelCall(u: ModelCallUsage, agent: string): void {
  metrics.modelLatency.observe({ model: u.model, agent }, seconds(u.latencyMs));
  metrics.modelTokens.inc({ model: u.model, agent, kind: 'prompt' }, u.promptTokens);
  metrics.modelTokens.inc({ model: u.model, agent, kind: 'completion' }, u.completionTokens);
}

/** A finished turn: outcome, hops, duration, spend, and its failure type if it failed. */
export function observeTurn(status: TurnStatus, result: TurnResult, now = Date.now()): void {
  const outcome = status === 'failed' ? 'failed' : result.stopReason ? `stopped_${result.stopReason}` : 'answered';
  metrics.turns.inc({ outcome });
  metrics.turnHops.observe(result.hops);
  const started = result.events[0]?.at;
  if (started) metrics.turnDuration.observe(Math.max(0, seconds(now - Date.parse(started))));
  for (const [model, usd] of Object.entries(result.cost?.byModel ?? {})) metrics.costUsd.inc({ model }, usd);
  if (status === 'failed' && result.error) metrics.errors.inc({ source: 'turn', type: result.error.type });
}

/** A resolved approval: how long it waited. */
export function observeApproval(a: Approval): void {
  if (a.status === 'pending' || !a.resolvedAt) return;
  metrics.approvalWait.observe({ status: a.status }, Math.max(0, seconds(Date.parse(a.resolvedAt) - Date.parse(a.createdAt))));
}

export function observeIngestion(status: string, pages: number, chunks: number, durationMs: number | null): void {
  metrics.ingestions.inc({ status });
  if (status !== 'completed') return;
  metrics.ingestedPages.inc(pages);
  metrics.ingestedChunks.inc(chunks);
  if (durationMs !== null) metrics.ingestionDuration.observe(seconds(durationMs));
}

/** The failure type of an error: ApplicationFailure's `type`, else the error's name. */
export function errorType(e: unknown): string {
  const t = (e as { type?: unknown })?.type;
  if (typeof t === 'string' && t) return t;
  return e instanceof Error ? e.name : 'Error';
}

/** Worker interceptor: every activity attempt's duration, and its failures by type. */
export class ActivityMetricsInterceptor implements ActivityInboundCallsInterceptor {
  constructor(private readonly activityType: string) {}
  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const started = performance.now();
    try {
      const r = await next(input);
      metrics.activityDuration.observe({ activity: this.activityType, result: 'ok' }, seconds(performance.now() - started));
      return r;
    } catch (e) {
      metrics.activityDuration.observe({ activity: this.activityType, result: 'error' }, seconds(performance.now() - started));
      metrics.errors.inc({ source: 'activity', type: errorType(e) });
      throw e;
    }
  }
}
