/**
 * Tool selection for the Booking agent (issue 21, part 3): `npm run eval -- --tools`. Each scenario
 * fixes the database (the five seeded rooms and the bookings it lists), gives the Booking agent a
 * request as the orchestrator would, and names the tool sequence a careful agent takes ("availability
 * before create", "list before cancel"). The agent under test is the configured agent model, run through
 * the production agent loop and the production read activities against that database, in-process
 * (evals/in-process.ts, no Temporal server). A write tool is recorded, never made: the agent is told the
 * proposal awaits approval.
 *
 * Scored two ways: exact (the sequence is the expected one) and partial (the longest common subsequence
 * of the two, over the longer one's length: 1 for exact, 0 for nothing in common).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { createActivities } from '../activities/index.js';
import type { BookingStore } from '../adapters/booking-store.js';
import type { Db } from '../adapters/db.js';
import type { ModelClient } from '../adapters/llm.js';
import { agentHasTool, toolParameters } from '../domain/agents.js';
import { ROLES } from '../domain/policy.js';
import { runAgentInProcess } from './in-process.js';

export const TOOLS_DATASET_PATH = fileURLToPath(new URL('./tools_dataset.json', import.meta.url));
const AGENT = 'booking_agent' as const;

const toolName = z.string().refine((t) => agentHasTool(AGENT, t), 'not one of the Booking agent\'s tools');
const scenario = z
  .object({
    id: z.string().regex(/^tools-\d{2}$/, 'ids look like tools-01'),
    description: z.string().min(1),
    request: z.string().min(1),
    now: z.iso.datetime(),
    timezone: z.string().min(1),
    caller: z.object({ userId: z.string().min(1), displayName: z.string().min(1), role: z.enum(ROLES) }).strict(),
    /** The database's bookings (the five seeded rooms are always there). */
    bookings: z.array(z.object({ id: z.string().min(1), room: z.string().min(1), start: z.iso.datetime(), end: z.iso.datetime(), bookedFor: z.string().min(1), requestedBy: z.string().min(1), title: z.string() }).strict()),
    /** The tool sequence expected, in order. */
    expected: z.array(toolName).min(1),
    /** Calls that take that path with valid arguments (what a scripted model plays; names must equal `expected`). */
    example: z.array(z.object({ tool: toolName, args: z.record(z.string(), z.unknown()) }).strict()),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.example.map((c) => c.tool).join() !== s.expected.join()) ctx.addIssue({ code: 'custom', path: ['example'], message: 'the example\'s tools must be the expected sequence' });
    s.example.forEach((c, i) => {
      const p = toolParameters[c.tool]?.safeParse(c.args);
      if (p && !p.success) ctx.addIssue({ code: 'custom', path: ['example', i, 'args'], message: `invalid arguments for ${c.tool}` });
    });
  });
export type ToolScenario = z.infer<typeof scenario>;

export function parseToolDataset(raw: unknown): ToolScenario[] {
  const top = z.object({ version: z.literal(1), scenarios: z.array(z.unknown()).min(1) }).safeParse(raw);
  if (!top.success) throw new Error(`tool dataset: ${top.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  const seen = new Set<string>();
  return top.data.scenarios.map((s, i) => {
    const id = typeof (s as { id?: unknown })?.id === 'string' ? (s as { id: string }).id : `#${i}`;
    const r = scenario.safeParse(s);
    if (!r.success) throw new Error(`tool scenario ${id}: ${r.error.issues[0]!.path.join('.') || '(root)'}: ${r.error.issues[0]!.message}`);
    if (seen.has(r.data.id)) throw new Error(`tool scenario ${id}: duplicate id`);
    seen.add(r.data.id);
    return r.data;
  });
}
export const loadToolDataset = (file = TOOLS_DATASET_PATH) => parseToolDataset(JSON.parse(fs.readFileSync(file, 'utf8')));

/** Longest common subsequence over the longer sequence's length: 1 when equal, 0 with nothing in common. */
export function partialMatch(expected: string[], actual: string[]): number {
  const n = expected.length;
  const m = actual.length;
  if (n === 0 && m === 0) return 1;
  const dp = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) for (let j = 1; j <= m; j++) dp[i]![j] = expected[i - 1] === actual[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return Math.round((dp[n]![m]! / Math.max(n, m)) * 1000) / 1000;
}

export interface ToolResultRow {
  id: string;
  expected: string[];
  actual: string[];
  exact: boolean;
  partial: number;
  /** The agent's own failure (its model call failed, it ran out of steps), when there was one. */
  error?: string;
}
export interface ToolReport {
  model: string;
  total: number;
  exact: number;
  exactRate: number;
  partialMean: number;
  results: ToolResultRow[];
}

/** Puts the database in the scenario's state: its bookings and nothing else (rooms stay). */
async function setBookings(db: Db, bookings: BookingStore, s: ToolScenario) {
  await db.exec('delete from booking_writes; delete from bookings;');
  for (const b of s.bookings) {
    const room = await bookings.findRoom(b.room);
    if (!room) throw new Error(`tool scenario ${s.id}: no room "${b.room}"`);
    const r = await bookings.createBooking({ bookingId: b.id, roomId: room.id, startsAt: b.start, endsAt: b.end, bookedFor: b.bookedFor, requestedBy: b.requestedBy, approvedBy: 'eval', title: b.title, idempotencyKey: `eval-${s.id}-${b.id}` });
    if (r.outcome !== 'committed') throw new Error(`tool scenario ${s.id}: booking ${b.id} could not be set up (${r.outcome})`);
  }
}

/**
 * Runs the scenarios one after another (they share the database), each through the production agent
 * loop with the given activities (built with the agent model under test).
 */
export async function runToolEval(opts: {
  db: Db;
  bookings: BookingStore;
  activities: ReturnType<typeof createActivities>;
  model: Pick<ModelClient, 'endpoint'>;
  scenarios?: ToolScenario[];
  onResult?: (r: ToolResultRow) => void;
}): Promise<ToolReport> {
  const scenarios = opts.scenarios ?? loadToolDataset();
  const results: ToolResultRow[] = [];
  for (const s of scenarios) {
    await setBookings(opts.db, opts.bookings, s);
    const output = await runAgentInProcess(opts.activities, { agent: AGENT, request: s.request }, { namespace: 'default', now: s.now, timezone: s.timezone, caller: s.caller });
    const actual = output.toolCalls.map((t) => t.name);
    const row: ToolResultRow = {
      id: s.id,
      expected: s.expected,
      actual,
      exact: actual.join() === s.expected.join(),
      partial: partialMatch(s.expected, actual),
      ...(output.status === 'error' && output.error ? { error: output.error } : {}),
    };
    results.push(row);
    opts.onResult?.(row);
  }
  const exact = results.filter((r) => r.exact).length;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    model: opts.model.endpoint.model,
    total: results.length,
    exact,
    exactRate: round(results.length ? exact / results.length : 0),
    partialMean: round(results.reduce((a, r) => a + r.partial, 0) / (results.length || 1)),
    results,
  };
}

export function formatToolReport(r: ToolReport): string {
  const lines = [`booking agent tool selection, model ${r.model}: ${r.exact} / ${r.total} exact (${(100 * r.exactRate).toFixed(1)}%), partial match ${r.partialMean}`];
  for (const x of r.results) {
    lines.push(`${x.exact ? 'pass' : 'FAIL'}  ${x.id}  expected ${x.expected.join(' → ')}; got ${x.actual.join(' → ') || '(no tool)'}${x.exact ? '' : `  (partial ${x.partial})`}${x.error ? `  [${x.error}]` : ''}`);
  }
  return lines.join('\n');
}

