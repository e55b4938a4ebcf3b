/**
 * How a turn runs its activities: each call as a regular activity (a round trip through the server,
 * recorded the moment it completes, visible to a stream as it happens) or as a local activity (no
 * round trip; recorded when the workflow task completes). A `Runner` is one of those two ways with its
 * options preset; the turn's input picks which runner each kind of call goes through, so a replay makes
 * the same choice; turns recorded before the setting existed replay as `none`.
 *
 * - `none`: every call is a regular activity.
 * - `reads`: short, side-effect-free reads (conversation context, knowledge-base search, rooms,
 *   availability, bookings, a write's validation) are local; model calls stay regular.
 * - `all`: model calls are local too; a turn that needs no approval is one or a few workflow tasks.
 * Writes (approvals, commits) are regular activities in every mode. In `all` two records are local
 * (`record`): an approval's decision, whose content the history already fixes (the signal and the
 * commit's result are in it), so repeating it after a crash writes the same row; and the turn's final
 * record (workflows/turn.ts `finish`), saved first-write-wins, so a run that repeated its steps after a
 * crash adopts what was saved instead of replacing it. In the other modes the turn's record is regular.
 *
 * Vocabulary: a *hop* is one turn of the orchestrator loop (a decision and the agents it calls); a
 * *step* is one model call of an agent with the tool calls it asked for; a *runner* is how any of those
 * calls is executed.
 */
import { proxyActivities, proxyLocalActivities, type ActivityOptions, type LocalActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { LocalActivitiesMode } from '../domain/types.js';
import { dbCall, llmCall, localLlmCall, localReadCall, vectorCall } from './options.js';

type Name = Extract<keyof Activities, string>;
export interface Runner {
  run<K extends Name>(name: K, summary: string, args: Parameters<Activities[K]>): Promise<Awaited<ReturnType<Activities[K]>>>;
}

type Callable<O> = Record<string, { executeWithOptions(options: O, args: unknown[]): Promise<never> }>;

/** A Runner over a proxy (regular or local), every call with the preset's options and its own summary. */
function runner<O extends ActivityOptions | LocalActivityOptions>(proxy: Callable<O>, options: O): Runner {
  return { run: (name, summary, args) => proxy[name]!.executeWithOptions({ ...options, summary }, args) };
}
const regular = (options: ActivityOptions) => runner(proxyActivities<Activities>(options) as unknown as Callable<ActivityOptions>, options);
const local = (options: LocalActivityOptions) => runner(proxyLocalActivities<Activities>(options) as unknown as Callable<LocalActivityOptions>, options);

export interface Runners {
  /** Orchestrator and agent model calls. */
  model: Runner;
  /** Database reads (context, rooms, availability, bookings, write validation). */
  read: Runner;
  /** Knowledge-base search (embedding the query, then a top-k search). */
  search: Runner;
  /**
   * Bookkeeping writes the history already determines (an approval's decision, saved after the commit
   * it follows is recorded) or that a repeat cannot change (the turn's record: the first save wins):
   * local in `all`, regular otherwise. Never a write that shows a person something to act on before the
   * history has it (a pending approval stays regular: a repeated model call after a crash could
   * otherwise replace what an approver is looking at).
   */
  record: Runner;
}

export function turnRunners(mode: LocalActivitiesMode): Runners {
  const model = mode === 'all' ? local(localLlmCall) : regular(llmCall);
  const record = mode === 'all' ? local(localReadCall) : regular(dbCall);
  if (mode === 'none') return { model, read: regular(dbCall), search: regular(vectorCall), record };
  const localRead = local(localReadCall);
  return { model, read: localRead, search: localRead, record };
}
