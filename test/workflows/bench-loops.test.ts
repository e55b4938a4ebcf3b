/**
 * The bench compares the turn workflow with two loops outside Temporal (bench/loops.ts: in-process,
 * and LangGraph.js with its Postgres checkpointer) on the premise that all three do the same work. This
 * holds them to it: for the bench's scripted turns, each loop calls the same activities in the same
 * order as the turn's history records them (its local-activity markers), including the answer check's
 * verifier, which the loops once left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activities } from '../../activities/index.js';
import { createLangGraphLoop, inProcessTurn, type LangGraphLoop } from '../../bench/loops.js';
import { benchTurnInput, hopsResponder, seedBenchPages } from '../../bench/turn-script.js';
import { createHarness, type Harness } from '../support/harness.js';
import { localActivityTypes } from '../support/history.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';

const hasPostgres = await postgresAvailable();

let h: Harness;
let graph: LangGraphLoop;
let temp: Awaited<ReturnType<typeof createTempDatabase>>;
/** The activities the loops call, by name, in order. */
const calls: string[] = [];
let acts: Activities;

beforeAll(async () => {
  h = await createHarness({ env: { MAX_HOPS: '6' } });
  acts = Object.fromEntries(
    Object.entries(h.runtime.activities).map(([name, fn]) => [name, (...args: unknown[]) => (calls.push(name), (fn as (...a: unknown[]) => unknown)(...args))]),
  ) as unknown as Activities;
  if (hasPostgres) {
    temp = await createTempDatabase();
    graph = await createLangGraphLoop(acts, temp.url);
  }
});
afterAll(async () => {
  await graph?.close();
  await temp?.drop();
  await h?.close();
});

/** The activity types of a turn's local activities, in the order its history records them. */
async function turnActivities(k: number): Promise<string[]> {
  h.llm.respond(hopsResponder(k));
  const input = benchTurnInput(`benchmark turn of ${k} hops`, 'all');
  const handle = await h.client.workflow.start('turnWorkflow', { workflowId: `turn-${input.turnId}`, taskQueue: h.taskQueue, args: [input] });
  const view = (await handle.result()) as { status: string; hops: number };
  expect(view).toMatchObject({ status: 'completed', hops: k });
  return localActivityTypes((await handle.fetchHistory()).events ?? []);
}

async function loopActivities(k: number, loop: 'in-process' | 'langgraph'): Promise<string[]> {
  h.llm.respond(hopsResponder(k));
  calls.length = 0;
  const input = benchTurnInput(`benchmark turn of ${k} hops`, 'all');
  const out = loop === 'in-process' ? await inProcessTurn(acts, input) : await graph.turn(input, 'sync');
  expect(out.hops).toBe(k);
  return [...calls];
}

describe.skipIf(!hasPostgres)('the bench loops beside the turn', () => {
  it('call the activities the turn records, in its order: with nothing found (no verifier), with passages found (verified), and with no agent', async () => {
    // Nothing indexed yet: the knowledge-base agent finds nothing, and the guard answers "not found" unverified.
    const empty = await turnActivities(3);
    expect(empty).not.toContain('verifyClaims');
    expect(await loopActivities(3, 'in-process')).toEqual(empty);
    expect(await loopActivities(3, 'langgraph')).toEqual(empty);

    await seedBenchPages(h.db);

    for (const k of [3, 1]) {
      const turn = await turnActivities(k);
      expect(turn.filter((a) => a === 'verifyClaims')).toHaveLength(1);
      expect(turn.at(-2)).toBe('verifyClaims');
      expect(await loopActivities(k, 'in-process')).toEqual(turn);
      expect(await loopActivities(k, 'langgraph')).toEqual(turn);
    }
  });
});
