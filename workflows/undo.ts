/**
 * The undo of a committed booking write, id `undo-<approvalId>`: one durable activity, so the API never
 * writes bookings itself, a double click joins the running undo, and the compensating write is retried
 * like any commit (idempotent under "undo:<key>" in the write ledger).
 */
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { Actor } from '../domain/policy.js';
import type { UndoOutcome } from '../domain/types.js';
import { commitCall } from './options.js';

const commit = proxyActivities<Activities>(commitCall);

export interface UndoInput {
  turnId: string;
  approvalId: string;
  actor: Actor;
  windowMs: number;
  timezone: string;
}

export async function undoWorkflow(input: UndoInput): Promise<UndoOutcome> {
  // The workflow clock decides the window, so a replay judges it the same way.
  return commit.undoWrite.executeWithOptions({ ...commitCall, summary: `undo ${input.approvalId} for ${input.actor.userId}` }, [{ ...input, now: new Date().toISOString() }]);
}
