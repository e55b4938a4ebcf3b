/**
 * The orchestrator eval dataset: each scenario pins the exact input the orchestrator sees (a
 * DecideInput) and the decisions acceptable from it. Loading validates every scenario and names the
 * scenario id and field at fault.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AGENT_NAMES, type AgentName } from '../domain/agents.js';
import { ROLES } from '../domain/policy.js';
import type { DecideInput, NormalizedDecision } from '../domain/types.js';

export const EVAL_CATEGORIES = ['initial_routing', 'after_booking', 'after_kb', 'empty_agent_response', 'irrelevant', 'clarify'] as const;
export type EvalCategory = (typeof EVAL_CATEGORIES)[number];

export const DATASET_PATH = fileURLToPath(new URL('./orchestrator_dataset.json', import.meta.url));

const agentName = z.enum(AGENT_NAMES as [AgentName, ...AgentName[]]);
/** The normalized decision the eval harness grades (its type: domain/types.ts). */
export const normalizedDecisionSchema: z.ZodType<NormalizedDecision> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call_agents'), agents: z.array(agentName).min(1) }),
  z.object({ type: z.literal('return_to_user') }),
]);
const agentOutput = z
  .object({
    agent: agentName,
    request: z.string(),
    status: z.enum(['ok', 'empty', 'error']),
    text: z.string(),
    sources: z.array(z.object({ fileName: z.string(), page: z.number().int() }).passthrough()),
    receipts: z.array(z.object({ bookingId: z.string() }).passthrough()),
    entities: z.array(z.object({ kind: z.enum(['room', 'booking']), id: z.string(), label: z.string() })),
    error: z.string().optional(),
    steps: z.number().int(),
    toolCalls: z.array(z.object({ name: z.string(), ok: z.boolean() })),
  })
  .strict();
const call = z.object({ agent: agentName, request: z.string().min(1) }).strict();
const pattern = z.string().min(1).refine((p) => {
  try {
    new RegExp(p, 'iu');
    return true;
  } catch {
    return false;
  }
}, 'not a valid regular expression');
const answerExpectation = z
  .object({ mentions: z.array(pattern).min(1).optional(), mustNotClaim: z.array(pattern).min(1).optional(), example: z.string().min(1) })
  .strict()
  .refine((a) => a.mentions || a.mustNotClaim, 'say what the answer must mention or must not claim');
const decideInput = z
  .object({
    question: z.string().min(1),
    context: z.object({
      conversationId: z.string(),
      turns: z.array(
        z
          .object({
            turnId: z.string(),
            question: z.string(),
            answer: z.string(),
            status: z.enum(['completed', 'failed']),
            sources: z.array(z.object({ fileName: z.string(), page: z.number().int() }).passthrough()),
            entities: z.array(z.object({ kind: z.enum(['room', 'booking']), id: z.string(), label: z.string() })),
            receipts: z.array(z.object({ bookingId: z.string() }).passthrough()),
          })
          .strict(),
      ),
    }),
    hops: z.array(
      z.object({
        hop: z.number().int().min(1),
        calls: z.array(call),
        rejected: z.array(z.object({ tool: z.string(), arguments: z.string(), error: z.string() })),
        refused: z.array(call),
        outputs: z.array(agentOutput),
      }),
    ),
    hop: z.number().int().min(1),
    maxHops: z.number().int().min(1),
    retryCounts: z.record(z.string(), z.number().int().min(0)),
    maxAgentRetries: z.number().int().min(0),
    now: z.iso.datetime(),
    timezone: z.string().min(1),
    /** Who asked (turns exported from production carry it; "me" and "my" resolve to them). */
    caller: z.object({ userId: z.string().min(1), displayName: z.string().min(1), role: z.enum(ROLES) }).strict().optional(),
  })
  .strict();

export const scenarioSchema = z
  .object({
    id: z.string().regex(/^[a-z_]+-\d{2}$/, 'ids look like initial_routing-01'),
    category: z.enum(EVAL_CATEGORIES),
    description: z.string().min(1),
    state: decideInput,
    expected: z
      .object({
        decisions: z.array(normalizedDecisionSchema).min(1),
        /** What the answer must say, checked when the decision is to answer (the answer is the decision's text). */
        answer: answerExpectation.optional(),
      })
      .strict(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const a = s.expected.answer;
    if (!a) return;
    if (!s.expected.decisions.some((d) => d.type === 'return_to_user')) ctx.addIssue({ code: 'custom', path: ['expected', 'answer'], message: 'answer checks need return_to_user among the decisions' });
    // The example is the scenario's own proof that its checks can be met (and what a good answer looks like).
    let failures: string[];
    try {
      failures = answerFailures(a, a.example);
    } catch {
      return; // an invalid pattern: reported on its own field
    }
    if (failures.length) ctx.addIssue({ code: 'custom', path: ['expected', 'answer', 'example'], message: `the example fails its own checks: ${failures.join('; ')}` });
  });

/** What an answer must mention and must not claim: case-insensitive regular expressions, and an answer that passes. */
export interface AnswerExpectation {
  mentions?: string[];
  mustNotClaim?: string[];
  example: string;
}
export type Scenario = Omit<z.infer<typeof scenarioSchema>, 'state' | 'expected'> & { state: DecideInput; expected: { decisions: NormalizedDecision[]; answer?: AnswerExpectation } };

/** Why an answer fails its expectation (empty when it passes): each pattern it should have matched, or must not have. */
export function answerFailures(e: AnswerExpectation, answer: string): string[] {
  const out: string[] = [];
  for (const p of e.mentions ?? []) if (!new RegExp(p, 'iu').test(answer)) out.push(`does not mention /${p}/`);
  for (const p of e.mustNotClaim ?? []) {
    const m = new RegExp(p, 'iu').exec(answer);
    // What it claimed, in its own words (the pattern is long; the words say it).
    if (m) out.push(`claims "${m[0]}"`);
  }
  return out;
}

export class DatasetError extends Error {}

/** Validates a parsed dataset; errors name the scenario id (or index) and the field path. */
export function parseDataset(raw: unknown): Scenario[] {
  const top = z.object({ version: z.literal(1), scenarios: z.array(z.unknown()).min(1) }).safeParse(raw);
  if (!top.success) throw new DatasetError(`dataset: ${top.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  const seen = new Set<string>();
  return top.data.scenarios.map((s, i) => {
    const id = typeof (s as { id?: unknown })?.id === 'string' ? (s as { id: string }).id : `#${i}`;
    const r = scenarioSchema.safeParse(s);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new DatasetError(`scenario ${id}: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
    }
    if (seen.has(r.data.id)) throw new DatasetError(`scenario ${id}: id: duplicate id`);
    seen.add(r.data.id);
    // The schema checks what the orchestrator reads; the rest of each object passes through as DecideInput.
    return r.data as unknown as Scenario;
  });
}

export function loadDataset(path = DATASET_PATH): Scenario[] {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path, 'utf8'));
  } catch (e) {
    throw new DatasetError(`dataset ${path}: ${(e as Error).message}`);
  }
  return parseDataset(raw);
}
