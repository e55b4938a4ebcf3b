/**
 * Trajectory evals: multi-step scenarios that run the whole turn workflow on a real Temporal server.
 * The sub-agents are scripted (each calls its main read tool, then answers with the scripted text); the
 * orchestrator is the model under test. A scenario passes when the turn's path of decisions is one of
 * the acceptable ones and its answer avoids what it must not claim.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@temporalio/client';
import type { AgentName } from '../domain/agents.js';
import type { NormalizedDecision, TurnInput, TurnView } from '../domain/types.js';
import { decisionsMatch } from './grader.js';

export interface Trajectory {
  id: string;
  description: string;
  question: string;
  /** What each agent answers, call by call ('' is an empty output); the last entry repeats. */
  agents: Partial<Record<AgentName, string[]>>;
  /** Acceptable decision sequences. */
  paths: NormalizedDecision[][];
  /** The answer must not match this (e.g. a claimed booking). */
  forbid?: RegExp;
  /** The turn's final answer (checked, as the user gets it) must match this: what it has to relay. */
  mention?: RegExp;
  maxHops?: number;
}

const KB = 'knowledge_base_agent' as const;
const BK = 'booking_agent' as const;
const kb: NormalizedDecision = { type: 'call_agents', agents: [KB] };
const bk: NormalizedDecision = { type: 'call_agents', agents: [BK] };
const both: NormalizedDecision = { type: 'call_agents', agents: [KB, BK] };
const ret: NormalizedDecision = { type: 'return_to_user' };
const CLAIM = /\b(i(?:'ve| have) booked|has been booked|is (?:now )?booked for you|booking (?:is )?confirmed|successfully booked)\b/i;

export const TRAJECTORIES: Trajectory[] = [
  { id: 'kb-then-return', description: 'policy question: knowledge base, then answer', question: 'What does the expense policy say about client meals?', agents: { [KB]: ['Client meals are reimbursed up to 60 EUR per person [acme-policy.pdf p.1].'] }, paths: [[kb, ret]], mention: /60\s*(EUR|€)/i },
  { id: 'booking-then-return', description: 'availability: booking agent, then answer', question: 'Is room 3 free tomorrow at 2pm?', agents: { [BK]: ['Room 3 is free tomorrow from 14:00 to 15:00.'] }, paths: [[bk, ret]] },
  {
    id: 'kb-and-booking',
    description: 'mixed intents: both agents (together or one after the other), then answer',
    question: 'Can I expense a client dinner, and is a meeting room free tonight at 7pm to host it?',
    agents: { [KB]: ['Client meals are reimbursed up to 60 EUR per person [acme-policy.pdf p.1].'], [BK]: ['Room 1 and Room 3 are free from 19:00 to 21:00.'] },
    paths: [[both, ret], [kb, bk, ret], [bk, kb, ret]],
  },
  {
    id: 'booking-conflict-no-claim',
    description: 'a conflict is relayed, never turned into a success',
    question: 'Book room 2 for the team at 10am tomorrow.',
    agents: { [BK]: ['Not booked: Room 2 is taken at 10:00 by the standup. Free instead: Room 2 at 11:00, Room 1 at 10:00.'] },
    paths: [[bk, ret]],
    forbid: CLAIM,
    mention: /\b(taken|not booked|conflict|free instead|11:00)/i,
  },
  {
    id: 'booking-rejected-no-claim',
    description: 'a rejected approval is relayed',
    question: 'Reserve the boardroom for Sarah on Friday 9-10.',
    agents: { [BK]: ['Not booked: the approver rejected it ("use Room 3").'] },
    paths: [[bk, ret]],
    forbid: CLAIM,
  },
  {
    id: 'empty-retry-then-honest',
    description: 'an agent that stays empty: at most one retry, then an honest answer',
    question: 'Which rooms are free right now?',
    agents: { [BK]: [''] },
    // The third call is refused by the workflow (budget spent): the turn then stops honestly.
    paths: [[bk, bk, bk], [bk, bk, ret], [bk, ret]],
    forbid: /\broom \d is free\b/i,
  },
  {
    id: 'empty-then-answer',
    description: 'an empty first answer, a retry that answers',
    question: 'Do laptops need full-disk encryption?',
    agents: { [KB]: ['', 'Yes: laptops must use full-disk encryption [acme-policy.pdf p.3].'] },
    paths: [[kb, kb, ret], [kb, ret]],
  },
  {
    id: 'not-found-honest',
    description: 'the documents do not cover it: say so, invent nothing',
    question: 'How many weeks of parental leave do I get?',
    agents: { [KB]: ['The documents do not cover parental leave.'] },
    paths: [[kb, ret], [kb, kb, ret]],
    forbid: /\b\d+\s+weeks\b/i,
    mention: /\b(not|n't|no)\b.*\b(cover|find|found|mention|say|information)/i,
  },
  { id: 'greeting', description: 'a greeting: no agent', question: 'Hi there, good morning!', agents: {}, paths: [[ret]] },
  {
    id: 'hop-budget',
    description: 'agents that never settle it: the turn stops within the hop budget',
    question: 'Compare every travel rule with every room booking this month and tell me everything.',
    agents: { [KB]: ['Partial: economy for flights under six hours [acme-policy.pdf p.2]; more sections exist.'], [BK]: ['Partial: 12 bookings so far; more exist.'] },
    paths: [],
    maxHops: 3,
  },
];

/** The policy text the trajectories' knowledge base holds (namespace `trajectories`). */
export const TRAJECTORY_POLICY = [
  'Acme Expense Policy. Section 1: Client meals. Client meals are reimbursed up to 60 EUR per person when a client attends. Alcohol is not reimbursed.',
  'Section 2: Travel. Book economy class for flights shorter than six hours. Hotel nights are capped at 150 EUR in most cities and 220 EUR in London, Paris and New York.',
  'Section 3: Equipment. Laptops must use full-disk encryption. Report a lost or stolen device to IT within 24 hours.',
];

/** Whether a turn's decisions follow an acceptable path (no paths: any path within the hop budget). */
export function pathMatches(actual: NormalizedDecision[], t: Trajectory): boolean {
  if (t.paths.length === 0) return actual.length <= (t.maxHops ?? 6);
  return t.paths.some((p) => p.length === actual.length && p.every((d, i) => decisionsMatch(d, actual[i]!)));
}

/**
 * An OpenAI-compatible server playing the sub-agents from a trajectory's script: each agent calls its
 * read tool once, then answers with the next scripted text.
 */
export async function startScriptedAgents() {
  let script: Trajectory['agents'] = {};
  const used = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { model: string; messages: { role: string; content: string | null }[]; tools?: { function: { name: string } }[]; response_format?: unknown };
      if (body.response_format) {
        // The claim verifier (it runs when the orchestrator answers without consulting an agent): these
        // evals grade routing, so it finds no claims and the orchestrator's answer stands as written.
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ id: 'v', object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: '{"claims":[]}' }, finish_reason: 'stop' }], usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } }),
        );
        return;
      }
      const tools = body.tools?.map((t) => t.function.name) ?? [];
      const agent: AgentName = tools.includes('search_knowledge_base') ? KB : BK;
      const hasResult = body.messages.some((m) => m.role === 'tool');
      let message: Record<string, unknown>;
      if (!hasResult) {
        const question = body.messages.find((m) => m.role === 'user')?.content ?? '';
        const call = agent === KB ? { name: 'search_knowledge_base', arguments: JSON.stringify({ query: question.slice(0, 300) }) } : { name: 'list_rooms', arguments: '{}' };
        message = { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: call }] };
      } else {
        const answers = script[agent] ?? ['(no scripted answer)'];
        const n = used.get(agent) ?? 0;
        used.set(agent, n + 1);
        message = { role: 'assistant', content: answers[Math.min(n, answers.length - 1)] };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, message, finish_reason: 'stop' }], usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    /** The next turn plays this trajectory's agents from their first answers. */
    play(t: Trajectory) {
      script = t.agents;
      used.clear();
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

export interface TrajectoryResult {
  id: string;
  pass: boolean;
  path: NormalizedDecision[];
  answer: string | null;
  error?: string;
}

/** Runs trajectories one after another as real turns on `taskQueue` (a worker there must use the scripted agents). */
export async function runTrajectories(opts: {
  client: Client;
  taskQueue: string;
  agents: Awaited<ReturnType<typeof startScriptedAgents>>;
  namespace: string;
  trajectories?: Trajectory[];
  onResult?: (r: TrajectoryResult) => void;
}): Promise<TrajectoryResult[]> {
  const out: TrajectoryResult[] = [];
  for (const t of opts.trajectories ?? TRAJECTORIES) {
    opts.agents.play(t);
    const turnId = `traj-${t.id}-${Date.now()}`;
    const input: TurnInput = {
      turnId,
      conversationId: `c-${turnId}`,
      userId: 'eval',
      question: t.question,
      namespace: opts.namespace,
      settings: { maxHops: t.maxHops ?? 6, maxAgentRetries: 1, timezone: 'UTC' },
      approvers: [],
    };
    let r: TrajectoryResult;
    try {
      const view = (await opts.client.workflow.execute('turnWorkflow', { workflowId: `turn-${turnId}`, taskQueue: opts.taskQueue, args: [input] })) as TurnView;
      const forbidden = t.forbid && view.answer ? t.forbid.test(view.answer) : false;
      const missing = t.mention ? !t.mention.test(view.answer ?? '') : false;
      r = {
        id: t.id,
        pass: view.status === 'completed' && pathMatches(view.decisions, t) && !forbidden && !missing,
        path: view.decisions,
        answer: view.answer,
        ...(forbidden
          ? { error: `the answer says what it must not: ${t.forbid}` }
          : view.status !== 'completed'
            ? { error: view.error?.message ?? view.status }
            : missing && pathMatches(view.decisions, t)
              ? { error: `the answer does not relay what it must: ${t.mention}` }
              : {}),
      };
    } catch (e) {
      r = { id: t.id, pass: false, path: [], answer: null, error: (e as Error).message };
    }
    out.push(r);
    opts.onResult?.(r);
  }
  return out;
}
