/**
 * From production to evals (issue 21, part 6): `npm run eval -- --from-turn <turnId>` turns a finished
 * turn (a failed one, or one somebody flagged) into orchestrator scenarios, one per decision it took,
 * each with the state the orchestrator saw pinned: the question, the conversation, the hops and agent
 * outputs before that decision, the retry counts, the caller. The expected decision is what the model
 * decided then, marked in the description for a person to confirm or correct before the scenario joins
 * `evals/orchestrator_dataset.json` (which checks it on load, as it does every scenario).
 *
 * The turn's state comes from its workflow (the `state` query: a worker must be running, as it is under
 * `npm start`). The clock a decision saw is in its `orchestrator.decision` event; turns from before that
 * field take the time of the event before the decision (milliseconds off; a relative date such as
 * "tomorrow" still resolves as it did).
 */
import type { AgentOutput, DecideInput, HopRecord, NormalizedDecision, PriorTurn } from '../domain/types.js';
import type { TurnState } from '../workflows/turn-state.js';
import { parseDataset, type EvalCategory, type Scenario } from './dataset.js';

/** The category a decision point belongs to, by what came before it. */
export function categoryOf(hopsBefore: HopRecord[]): EvalCategory {
  const last = hopsBefore.at(-1);
  if (!last) return 'initial_routing';
  if (last.outputs.some((o) => o.status !== 'ok') || last.refused.length) return 'empty_agent_response';
  if (last.outputs.some((o) => o.agent === 'booking_agent')) return 'after_booking';
  return 'after_kb';
}

const output = (o: AgentOutput): AgentOutput => ({
  agent: o.agent,
  request: o.request,
  status: o.status,
  text: o.text,
  sources: o.sources,
  receipts: o.receipts,
  entities: o.entities,
  ...(o.error !== undefined ? { error: o.error } : {}),
  steps: o.steps,
  toolCalls: o.toolCalls.map((t) => ({ name: t.name, ok: t.ok })),
});
const prior = (t: PriorTurn): PriorTurn => ({ turnId: t.turnId, question: t.question, answer: t.answer, status: t.status, sources: t.sources, entities: t.entities, receipts: t.receipts });
const hopRecord = (h: HopRecord): HopRecord => ({
  hop: h.hop,
  calls: h.calls.map((c) => ({ agent: c.agent, request: c.request })),
  rejected: h.rejected,
  refused: h.refused,
  outputs: h.outputs.map(output),
  ...(h.answerRejected ? { answerRejected: h.answerRejected } : {}),
});

/** The retry counts the workflow had before a decision: one per output that was not ok (workflows/turn.ts). */
export function retryCountsAfter(hops: HopRecord[]): Partial<Record<AgentOutput['agent'], number>> {
  const out: Partial<Record<AgentOutput['agent'], number>> = {};
  for (const h of hops) for (const o of h.outputs) if (o.status !== 'ok') out[o.agent] = (out[o.agent] ?? 0) + 1;
  return out;
}

/**
 * The scenarios of one turn: a decision point per orchestrator decision (a rejected one, whose tool
 * calls were all invalid, has no decision to pin and is skipped). Ids are `<category>-9N`, out of the
 * dataset's way; the loader refuses duplicates if they are added as they are.
 */
export function scenariosFromTurn(state: TurnState, turnId: string): Scenario[] {
  const { input } = state;
  const decisions = state.events.filter((e) => e.type === 'orchestrator.decision');
  const raw: unknown[] = [];
  const used = new Map<EvalCategory, number>();
  for (const e of decisions) {
    const data = e.data as { hop: number; now?: string; decision: NormalizedDecision | { type: 'rejected' } };
    if (data.decision.type === 'rejected') continue;
    const hopsBefore = state.hops.filter((h) => h.hop < data.hop);
    const category = categoryOf(hopsBefore);
    const n = (used.get(category) ?? 0) + 1;
    used.set(category, n);
    const before = state.events.filter((x) => x.offset < e.offset).at(-1);
    const decideInput: DecideInput = {
      question: input.question,
      context: { conversationId: state.context?.conversationId ?? input.conversationId, turns: (state.context?.turns ?? []).map(prior) },
      hops: hopsBefore.map(hopRecord),
      hop: data.hop,
      maxHops: input.settings.maxHops,
      retryCounts: retryCountsAfter(hopsBefore),
      maxAgentRetries: input.settings.maxAgentRetries,
      now: data.now ?? before?.at ?? state.startedAt,
      timezone: input.settings.timezone,
      ...(input.caller ? { caller: input.caller } : {}),
    };
    raw.push({
      id: `${category}-${String(89 + n).padStart(2, '0')}`,
      category,
      description: `exported from turn ${turnId} (${state.status}${state.error ? `: ${state.error.message}` : ''}), decision at hop ${data.hop}; expected is what the model decided then: confirm or correct it`,
      state: decideInput,
      expected: { decisions: [data.decision] },
    });
  }
  if (raw.length === 0) return [];
  // Validated as the dataset is: what is exported loads.
  return parseDataset({ version: 1, scenarios: raw });
}
