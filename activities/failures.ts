/** Turns a classified provider error into the ApplicationFailure its type and retry rules call for. */
import { ApplicationFailure } from '@temporalio/activity';
import { LlmError } from '../adapters/llm.js';

export function asApplicationFailure(e: unknown): unknown {
  if (!(e instanceof LlmError)) return e;
  return ApplicationFailure.create({
    message: e.message,
    type: e.type,
    nonRetryable: !e.retryable,
    ...(e.retryAfterMs !== undefined ? { nextRetryDelay: e.retryAfterMs } : {}),
  });
}
