/** Helpers every activity file shares: typed failures, tool-argument validation, heartbeats while waiting. */
import { ApplicationFailure, Context, log } from '@temporalio/activity';
import type { Infer } from '../domain/schema.js';
import { toolParameters, type ToolName } from '../domain/agents.js';
import { FailureType } from '../domain/failures.js';
import { formatIssues } from '../domain/prompts.js';
import { LlmError } from '../adapters/llm.js';

/** Turns a classified provider error into the ApplicationFailure its type and retry rules call for. */
export function asApplicationFailure(e: unknown): unknown {
  if (!(e instanceof LlmError)) return e;
  // The provider's own words go to the operator's log only (the failure's message reaches answers).
  if (e.providerDetail) {
    try {
      log.warn('model endpoint error', { type: e.type, message: e.message, providerDetail: e.providerDetail });
    } catch {
      // Outside an activity (the eval CLI): nothing to log to.
    }
  }
  return ApplicationFailure.create({
    message: e.message,
    type: e.type,
    nonRetryable: !e.retryable,
    ...(e.retryAfterMs !== undefined ? { nextRetryDelay: e.retryAfterMs } : {}),
  });
}

/**
 * A store's error that says no retry can help (`retryable: false`: no pgvector on the server, a
 * provider refusing the request) as the non-retryable `StoreRejected` failure, with `message`; null
 * for any other error, which the caller leaves to Temporal's retries.
 */
export function storeRejected(e: unknown, message: string): ApplicationFailure | null {
  if (e instanceof ApplicationFailure || (e as { retryable?: boolean } | null)?.retryable !== false) return null;
  return ApplicationFailure.nonRetryable(message, FailureType.storeRejected);
}

/** Validates a tool's arguments again inside the activity; invalid ones are a non-retryable failure. */
export function parseToolArgs<T extends ToolName>(tool: T, args: unknown): Infer<(typeof toolParameters)[T]> {
  const r = toolParameters[tool].safeParse(args);
  if (!r.success) throw ApplicationFailure.nonRetryable(`invalid arguments for ${tool}: ${formatIssues(r.error.issues)}`, FailureType.invalidToolArguments);
  return r.data as Infer<(typeof toolParameters)[T]>;
}

/**
 * Runs `fn` heartbeating every second, so a dead worker is noticed within the heartbeat timeout; `fn`
 * gets the activity's cancellation signal. Provider errors leave as typed ApplicationFailures.
 */
export async function withHeartbeat<T>(fn: (signal: AbortSignal) => Promise<T>, details?: unknown): Promise<T> {
  const ctx = Context.current();
  // A local activity cannot heartbeat (the workflow task's timeout covers a dead worker); core would warn on every beat.
  const beat = ctx.info.isLocal ? undefined : setInterval(() => ctx.heartbeat(details), 1000);
  try {
    return await fn(ctx.cancellationSignal);
  } catch (e) {
    throw asApplicationFailure(e);
  } finally {
    clearInterval(beat);
  }
}
