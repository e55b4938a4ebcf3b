/**
 * Named activity option presets: the one place that decides timeouts and retry policies.
 * Workflows reach activities only through these (by type, never by import).
 */
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import { NON_RETRYABLE_FAILURES } from '../domain/failures.js';

/** Model calls: a hung call is abandoned within two minutes; 429/5xx/timeouts retried with backoff. */
export const llmCall: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  // The activity heartbeats every second while it waits, so a killed worker is noticed in seconds.
  heartbeatTimeout: '10 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: NON_RETRYABLE_FAILURES,
  },
};

/** Database reads and writes: short, retried often (writes carry idempotency keys). */
export const dbCall: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 8, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
};

/** Vector search (embedding the query plus a top-k search); heartbeats, so a dead worker's search moves on within seconds. */
export const vectorCall: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
};

/**
 * The commit of an approved write: idempotent (the key is the turn and the approval), so it retries
 * freely; a short timeout so a worker that died mid-commit is replaced quickly.
 */
export const commitCall: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '15 seconds', maximumAttempts: 20, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
};

/** Parsing and staging an upload (a 200-page PDF takes seconds). */
export const parseCall: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
};

/** An embedding batch: heartbeats while it waits on the provider, so a dead worker's batch moves on within seconds. */
export const embedCall: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 8, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
};

/** Grading one eval scenario: one model call; heartbeats, so a crashed worker's scenario moves on quickly. */
export const evalCall: ActivityOptions = {
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
};

/**
 * Local-activity counterparts (TURN_LOCAL_ACTIVITIES). A local activity runs in the worker that holds the
 * workflow task, with no round trip through the server; its result is recorded when that task completes
 * (when the turn next waits on a regular activity, a signal or a timer, or at the task's heartbeat,
 * about every 8 s), so a worker that dies mid-task repeats the steps since then. They do not heartbeat:
 * a dead worker is noticed by the workflow task's own timeout.
 */
export const localReadCall: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: dbCall.retry,
};
export const localLlmCall: LocalActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: llmCall.retry,
};
