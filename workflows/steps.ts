/**
 * How a turn runs its steps: each as a regular activity (a round trip through the server, recorded the
 * moment it completes, visible to a stream as it happens) or as a local activity (no round trip;
 * recorded when the workflow task completes). The turn's input picks the mode, so a replay makes the
 * same choice; turns recorded before the setting existed replay as `none`.
 *
 * - `none`: every step is a regular activity.
 * - `reads`: short, side-effect-free reads (conversation context, knowledge-base search, rooms,
 *   availability, bookings, a write's validation) are local; model calls stay regular.
 * - `all`: model calls are local too; a turn that needs no approval is one or a few workflow tasks.
 * Writes (approvals, commits) and the turn's final record are regular activities in every mode.
 */
import { proxyActivities, proxyLocalActivities, type ActivityOptions, type LocalActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { LocalActivitiesMode } from '../domain/types.js';
import { dbCall, llmCall, localLlmCall, localReadCall, vectorCall } from './options.js';

type Name = Extract<keyof Activities, string>;
export interface Step {
  run<K extends Name>(name: K, summary: string, args: Parameters<Activities[K]>): Promise<Awaited<ReturnType<Activities[K]>>>;
}

type Callable<O> = Record<string, { executeWithOptions(options: O, args: unknown[]): Promise<never> }>;

function regular(options: ActivityOptions): Step {
  const proxy = proxyActivities<Activities>(options) as unknown as Callable<ActivityOptions>;
  return { run: (name, summary, args) => proxy[name]!.executeWithOptions({ ...options, summary }, args) };
}

function local(options: LocalActivityOptions): Step {
  const proxy = proxyLocalActivities<Activities>(options) as unknown as Callable<LocalActivityOptions>;
  return { run: (name, summary, args) => proxy[name]!.executeWithOptions({ ...options, summary }, args) };
}

export interface TurnSteps {
  /** Orchestrator and agent model calls. */
  model: Step;
  /** Database reads (context, rooms, availability, bookings, write validation). */
  read: Step;
  /** Knowledge-base search (embedding the query, then a top-k search). */
  search: Step;
}

export function turnSteps(mode: LocalActivitiesMode): TurnSteps {
  const localReads = mode === 'reads' || mode === 'all';
  return {
    model: mode === 'all' ? local(localLlmCall) : regular(llmCall),
    read: localReads ? local(localReadCall) : regular(dbCall),
    search: localReads ? local(localReadCall) : regular(vectorCall),
  };
}
