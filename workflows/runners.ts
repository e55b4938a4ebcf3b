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
import { patched, proxyActivities, proxyLocalActivities, type ActivityOptions, type LocalActivityOptions } from '@temporalio/workflow';
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
  /**
   * Runs `branches` at once (the agents of a hop, the tool calls of a step) and waits for all of them. Where calls may be
   * local, every call any branch makes meanwhile is a regular activity (`CONCURRENT_REGULAR`): see `turnRunners`.
   */
  parallel<T>(branches: readonly (() => Promise<T>)[]): Promise<T[]>;
}

/**
 * The patch under which the calls made while branches run at once (two agents of a hop, two tool calls of a step) are
 * regular activities in every mode. A local activity's result reaches the workflow when it completes in a first run, but
 * in the order the history's markers give on replay, grouped otherwise: two branches that each go on to schedule more
 * (the knowledge agent its next model step, the booking agent its approval) then schedule in another order on replay than
 * they did, and the replay fails (a paused turn whose worker restarted, or whose cached run was evicted, could not go on;
 * a query of its status failed). A regular activity's result is an event of the history, delivered with the same
 * workflow task on replay as in the first run. Turns recorded before ran them as their mode said.
 */
export const CONCURRENT_REGULAR = 'concurrent-regular';

/** Branches run at once, all waited for, as `Promise.all` does. */
const allOf = <T>(branches: readonly (() => Promise<T>)[]) => Promise.all(branches.map((b) => b()));

export function turnRunners(mode: LocalActivitiesMode): Runners {
  // Every kind of call as a regular activity: the `none` mode, and every mode's calls while branches run at once.
  const regulars = { model: regular(llmCall), read: regular(dbCall), search: regular(vectorCall), record: regular(dbCall) };
  if (mode === 'none') return { ...regulars, parallel: allOf };
  const localRead = local(localReadCall);
  const chosen = { model: mode === 'all' ? local(localLlmCall) : regulars.model, read: localRead, search: localRead, record: mode === 'all' ? local(localReadCall) : regulars.record };
  // While branches run at once (`depth` > 0), every call goes through a regular runner of its kind.
  let depth = 0;
  const kind = (k: keyof typeof chosen): Runner => ({ run: (name, summary, args) => (depth > 0 ? regulars[k] : chosen[k]).run(name, summary, args) });
  return {
    model: kind('model'),
    read: kind('read'),
    search: kind('search'),
    record: kind('record'),
    async parallel<T>(branches: readonly (() => Promise<T>)[]): Promise<T[]> {
      if (branches.length < 2 || (depth === 0 && !patched(CONCURRENT_REGULAR))) return allOf(branches);
      depth++;
      try {
        // Every branch settled before the calls may be local again (Promise.all would go on at the first failure).
        const settled = await Promise.allSettled(branches.map((b) => b()));
        const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
        return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
      } finally {
        depth--;
      }
    },
  };
}
