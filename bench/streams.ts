/**
 * Streams by push for `npm run bench`: the API and the worker in this process (as `npm start` runs them),
 * N turns paused for approval with an SSE stream open on each; the CPU this process and the Temporal
 * server use while nothing happens, and how often the streams read the log meanwhile; then how long an
 * event takes from the worker's notice (the workflow's sink call) to a client, over a turn that streams
 * its progress, and how long an approval decision takes to answer.
 */
import { seedRooms } from '../adapters/booking-store.js';
import { metrics } from '../adapters/metrics.js';
import { notices } from '../adapters/notices.js';
import { agentOf, call, isOrchestrator, text, toolResults, type ChatRequestBody, type ScriptedLlm } from '../test/support/scripted-llm.js';
import { numberedSlotBooker } from '../test/support/world.js';
import { pool } from '../test/support/pool.js';
import { processCpuMs } from './proc.js';
import { inProcessStack } from './stack.js';
import { readSse } from '../test/support/sse.js';

const KEY = 'bench-streams-key-0123456789';
const APPROVER = 'bench-approver-key-0123456789';

/** Reads an SSE response, calling `on` for every event with the moment it arrived, until its end (or its fetch is aborted). */
async function readStream(res: Response, on: (e: { id: number; type: string }, at: number) => void) {
  await readSse(res, Infinity, { onMessage: (m) => on(m, performance.now()), tolerateDrop: true }).catch(() => []);
}

export async function pushedStreams(opts: { address: string; serverPid?: number; llm: ScriptedLlm; n: number; idleS: number }) {
  const { address, llm, n } = opts;
  const stack = await inProcessStack({
    name: 'streams',
    address,
    llm,
    env: {
      COPILOT_API_KEYS: `${KEY}:bench:member,${APPROVER}:approver:approver`,
      SSE_MAX_STREAMS_PER_USER: String(n + 10),
      APPROVAL_TIMEOUT: '1h',
      SSE_CLOSED_SWEEP_MS: process.env.SSE_CLOSED_SWEEP_MS ?? '5000',
      BOOKING_HORIZON_DAYS: '365',
    },
    seed: (db) => seedRooms(db),
  });
  const { client, taskQueue } = stack;
  const api = { url: stack.apiUrl };
  const post = (p: string, body: unknown, key = KEY) => stack.post(p, body, key);
  const stop = new AbortController();
  const reads = async () => (await metrics.sseReads.get()).values[0]?.value ?? 0;
  try {
    // N turns paused for approval (each a booking of its own slot), started as the API starts them.
    llm.respond(numberedSlotBooker);
    const began = performance.now();
    const turns = await pool(
      Array.from({ length: n }, (_, i) => i),
      25,
      async (i) => (await (await post('/turns', { question: `Book room 3 for my guest, slot ${i}` })).json()) as { turnId: string },
    );
    for (;;) {
      const { count } = await client.workflow.count(`TaskQueue = '${taskQueue}' AND TurnStatus = 'awaiting_approval'`);
      if (count >= n) break;
      if (performance.now() - began > 600_000) throw new Error(`only ${count} of ${n} turns paused`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // One stream open on each, every one past its approval.required event.
    let opened = 0;
    await pool(turns, 50, async (t) => {
      const res = await fetch(`${api.url}/turns/${t.turnId}/events`, { headers: { authorization: `Bearer ${KEY}` }, signal: stop.signal });
      if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
      await new Promise<void>((ok) => {
        void readStream(res, (e) => e.type === 'approval.required' && ok());
      });
      opened++;
    });
    await new Promise((r) => setTimeout(r, 2000));
    const reads0 = await reads();
    const cpu0 = process.cpuUsage();
    const server0 = processCpuMs(opts.serverPid);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, opts.idleS * 1000));
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const server1 = processCpuMs(opts.serverPid);
    const idle = {
      streams: opened,
      seconds: opts.idleS,
      processCorePct: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 1000) / 10,
      serverCorePct: server0 === null || server1 === null ? null : Math.round(((server1 - server0) / wallMs) * 1000) / 10,
      logReads: (await reads()) - reads0,
    };
    stop.abort();

    // Latency: a 4-hop knowledge-base turn streamed over /query-agent, each event timed from the
    // worker's notice to the client; repeated.
    const publishedAt = new Map<string, number>();
    notices.addOutlet((n) => {
      for (const e of n.events ?? []) publishedAt.set(`${n.workflowId}:${e.offset}`, performance.now());
      if (!n.events && n.last >= 0) publishedAt.set(`${n.workflowId}:${n.last}`, performance.now());
    });
    llm.respond((req: ChatRequestBody) => {
      if (isOrchestrator(req)) {
        const done = req.messages.filter((m) => m.role === 'tool').length;
        return { ...(done < 3 ? call('knowledge_base_agent', { request: `policy question ${done + 1}` }) : text('Done.')), delayMs: 20 };
      }
      if (agentOf(req) === 'knowledge_base_agent') return { ...(toolResults(req).length === 0 ? call('search_knowledge_base', { query: 'client meals' }) : text('Nothing found.')), delayMs: 20 };
      return text('?');
    });
    const latencies: number[] = [];
    const terminal: number[] = [];
    for (let r = 0; r < 5; r++) {
      const res = await post('/query-agent', { question: 'What does the policy say about client meals?' });
      const turnId = res.headers.get('x-turn-id')!;
      await readStream(
        res,
        (e, at) => {
          const sent = publishedAt.get(`turn-${turnId}:${e.id}`);
          if (sent === undefined) return;
          (e.type === 'turn.completed' || e.type === 'turn.failed' ? terminal : latencies).push(at - sent);
        },
      );
    }
    // An approval decision: POST until the answer (committed), over paused turns left from above.
    const decisions: number[] = [];
    for (const t of turns.slice(0, 10)) {
      const t0 = performance.now();
      const res = await post(`/turns/${t.turnId}/approvals/${t.turnId}-1`, { decision: 'approve' }, APPROVER);
      if (res.status !== 200) throw new Error(`approval answered ${res.status}`);
      decisions.push(performance.now() - t0);
    }
    const q = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return Math.round(s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]! * 10) / 10;
    };
    return {
      idle,
      eventLatencyMs: { p50: q(latencies, 0.5), p99: q(latencies, 0.99), events: latencies.length },
      terminalEventLatencyMs: { p50: q(terminal, 0.5), max: q(terminal, 1), events: terminal.length },
      approvalDecisionMs: { p50: q(decisions, 0.5), max: q(decisions, 1), decisions: decisions.length },
    };
  } finally {
    stop.abort();
    await stack.close();
  }
}
