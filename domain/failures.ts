/**
 * The one list of failure types. Activities throw `ApplicationFailure`s with these types; retry
 * policies and the turn workflow decide on them; the API maps them to readable messages.
 */
import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
export const FailureType = {
  /** The model endpoint refused the request (400/404/422): no retry can fix it. */
  llmBadRequest: 'LlmBadRequest',
  /** The model endpoint refused the credentials (401/403). */
  llmAuth: 'LlmAuthError',
  /** 429: retried, honouring Retry-After. */
  llmRateLimited: 'LlmRateLimited',
  /** 5xx, timeouts, dropped connections: retried with backoff. */
  llmUnavailable: 'LlmUnavailable',
  /** The endpoint answered with something that is not a chat completion. */
  llmMalformed: 'LlmMalformedResponse',
  /** No model endpoint configured. */
  llmNotConfigured: 'LlmNotConfigured',
  /** Tool arguments failed validation (never retried: the model must correct them). */
  invalidToolArguments: 'InvalidToolArguments',
  /** Database or vector store unavailable (retried). */
  storeUnavailable: 'StoreUnavailable',
  /** The store refused the call in a way no retry fixes (a missing function, a schema mismatch). */
  storeRejected: 'StoreRejected',
  /** An uploaded document that cannot be indexed (not a PDF, encrypted, corrupt, no text). */
  invalidDocument: 'InvalidDocument',
  /** A namespace built with another embedding model: mixing vector spaces would return nonsense. */
  embeddingMismatch: 'EmbeddingMismatch',
  /** The input itself is wrong (unknown room, bad range): not retried. */
  invalidInput: 'InvalidInput',
} as const;
export type FailureType = (typeof FailureType)[keyof typeof FailureType];

/** Types that no retry can fix: listed in every retry policy's nonRetryableErrorTypes. */
export const NON_RETRYABLE_FAILURES: FailureType[] = [
  FailureType.llmBadRequest,
  FailureType.llmAuth,
  FailureType.llmNotConfigured,
  FailureType.invalidToolArguments,
  FailureType.invalidInput,
  FailureType.storeRejected,
  FailureType.invalidDocument,
  FailureType.embeddingMismatch,
];

/** A failure as a short readable reason: the type and message, never a stack. */
export function failureReason(e: unknown): { type: string; message: string } {
  let cur: unknown = e;
  // An activity failure wraps the real cause; the cause says what happened.
  while (cur instanceof ActivityFailure && cur.cause) cur = cur.cause;
  if (cur instanceof ApplicationFailure) return { type: cur.type ?? 'ApplicationFailure', message: cur.message };
  if (cur instanceof Error) return { type: cur.name, message: cur.message };
  return { type: 'Error', message: String(cur) };
}
