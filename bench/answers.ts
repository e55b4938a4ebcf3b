/**
 * Answers that stream, for `npm run bench`: the API and the worker in this process (as `npm start` runs
 * them), a knowledge-base turn whose final answer the scripted model streams, read over `/query-agent`.
 *
 * - time to first token: the SSE client's first `answer.delta` minus the moment the model server wrote
 *   its first piece (one clock: the model server is in this process too);
 * - sustained rate: a long answer streamed at 200 tokens/s, every piece seen in order, none dropped;
 * - CPU per streamed token: this process's CPU over a streamed turn, less the same turn unstreamed,
 *   divided by the tokens;
 * - history: the same turn with and without streaming, events and payload bytes.
 */
import { isOrchestrator, streamedText, text, toolResults, type ScriptedLlm, type ScriptedReply } from '../test/support/scripted-llm.js';
import { agents, seedPolicy } from '../test/support/world.js';
import { inProcessStack } from './stack.js';
import { readSse, type SseMessage } from '../test/support/sse.js';

const KEY = 'bench-answers-key-0123456789';

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]! * 10) / 10 : null;
};

/** `tokens` word tokens of policy-like text. */
const answerOf = (tokens: number) =>
  Array.from({ length: tokens }, (_, i) => ['Client', 'meals', 'are', 'reimbursed', 'up', 'to', '60', 'EUR', 'per', 'person', 'when', 'a', 'client', 'attends.'][i % 14]).join(' ');

export async function streamedAnswers(opts: { address: string; llm: ScriptedLlm; turns: number; longTokens: number }) {
  const { address, llm } = opts;
  const stack = await inProcessStack({ name: 'answers', address, llm, env: { COPILOT_API_KEYS: `${KEY}:bench:member` }, seed: (db, runtime) => seedPolicy(db, runtime.deps.knowledge) });
  const { client, runtime } = stack;

  /** The orchestrator's final answer for the next turns; the n of its request is recorded. */
  let final: () => ScriptedReply = () => text('?');
  const finals: number[] = [];
  const responder = (req: Parameters<Parameters<ScriptedLlm['respond']>[0]>[0], n: number): ScriptedReply => {
    if (!isOrchestrator(req)) return agents(req);
    if (toolResults(req).length === 0) return { content: null, toolCalls: [{ name: 'knowledge_base_agent', arguments: { request: 'What does the expense policy say about client meals?' } }] };
    finals.push(n);
    return final();
  };
  llm.respond(responder);
  const ask = async () => {
    const res = await stack.post('/query-agent', { question: 'What does the expense policy say about client meals?' }, KEY);
    const arrivals: number[] = [];
    const events: SseMessage[] = await readSse(res, Infinity, { drafts: true, onMessage: (m) => m.type === 'answer.delta' && arrivals.push(performance.now()) });
    return { turnId: res.headers.get('x-turn-id')!, events, arrivals };
  };
  const draftOf = (events: SseMessage[]) => {
    let s = '';
    for (const e of events) if (e.type === 'answer.delta') s = s.slice(0, e.data.from) + e.data.text;
    return s;
  };

  try {
    // Time to first token, over short answers.
    final = () => streamedText(answerOf(40), { tokenDelayMs: 5 });
    await ask(); // warm: the first turn bundles nothing but opens connections
    const ttft: number[] = [];
    for (let i = 0; i < opts.turns; i++) {
      const { arrivals } = await ask();
      const written = llm.firstPieces.get(finals.at(-1)!);
      if (written !== undefined && arrivals.length) ttft.push(arrivals[0]! - written);
    }

    // Sustained: a long answer at 200 tokens/s, and the CPU it costs against the same answer unstreamed
    // and against the bare stream (the model server writing it and a fetch reading it, in this process).
    const long = answerOf(opts.longTokens);
    const us = (c: NodeJS.CpuUsage) => c.user + c.system;
    const cpuOf = async <T>(fn: () => Promise<T>): Promise<{ value: T; cpuUs: number }> => {
      const c0 = process.cpuUsage();
      const value = await fn();
      return { value, cpuUs: us(process.cpuUsage(c0)) };
    };
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const rounds = 3;
    const streamedRuns: { value: Awaited<ReturnType<typeof ask>>; cpuUs: number }[] = [];
    const unstreamedRuns: { value: Awaited<ReturnType<typeof ask>>; cpuUs: number }[] = [];
    const bareRuns: number[] = [];
    for (let r = 0; r < rounds; r++) {
      final = () => streamedText(long, { tokenDelayMs: 5 });
      streamedRuns.push(await cpuOf(ask));
      runtime.deps.streamAnswers = false;
      final = () => ({ ...text(long), delayMs: opts.longTokens * 5 });
      unstreamedRuns.push(await cpuOf(ask));
      runtime.deps.streamAnswers = true;
      llm.respond(() => streamedText(long, { tokenDelayMs: 5 }));
      bareRuns.push(
        (
          await cpuOf(async () => {
            const res = await fetch(`${llm.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'bare', messages: [], stream: true }) });
            const reader = res.body!.getReader();
            while (!(await reader.read()).done);
          })
        ).cpuUs,
      );
      llm.respond(responder);
    }
    const streamed = streamedRuns[0]!.value;
    const unstreamed = unstreamedRuns[0]!.value;
    const draft = draftOf(streamed.events);
    const done = streamed.events.at(-1)!;
    const spanS = (streamed.arrivals.at(-1)! - streamed.arrivals[0]!) / 1000;
    const cpuStreamedUs = median(streamedRuns.map((r) => r.cpuUs));
    const cpuUnstreamedUs = median(unstreamedRuns.map((r) => r.cpuUs));
    const cpuBareUs = median(bareRuns);

    const historyOf = async (turnId: string) => {
      const h = await client.workflow.getHandle(`turn-${turnId}`).fetchHistory();
      const payloadBytes = JSON.stringify(h.events ?? [], (k, v) => (k === 'eventTime' || k === 'requestId' || k === 'identity' ? undefined : v)).length;
      return { events: h.events?.length ?? 0, bytes: payloadBytes };
    };
    const hs = await historyOf(streamed.turnId);
    const hu = await historyOf(unstreamed.turnId);
    return {
      timeToFirstTokenMs: { p50: q(ttft, 0.5), p99: q(ttft, 0.99), turns: ttft.length },
      sustained: {
        tokens: opts.longTokens,
        modelTokensPerS: 200,
        deltas: streamed.arrivals.length,
        deltasPerS: Math.round(streamed.arrivals.length / spanS),
        tokensPerS: Math.round(opts.longTokens / spanS),
        complete: draft.trim() === long && done.type === 'turn.completed' && done.data.answer === long,
        resets: streamed.events.filter((e) => e.type === 'answer.reset').length,
      },
      // Medians of three rounds. `total`: what streaming adds to the turn in this process (the model
      // server's writes included); `bareStream`: the model server and a fetch alone; `copilot`: the rest
      // (parsing the stream, drafts, notices, the SSE relay and the client reading it).
      cpuPerTokenUs: {
        total: Math.round(((cpuStreamedUs - cpuUnstreamedUs) / opts.longTokens) * 10) / 10,
        bareStream: Math.round((cpuBareUs / opts.longTokens) * 10) / 10,
        copilot: Math.round(((cpuStreamedUs - cpuUnstreamedUs - cpuBareUs) / opts.longTokens) * 10) / 10,
      },
      unstreamedDeltas: unstreamed.events.filter((e) => e.type === 'answer.delta').length,
      history: { streamed: hs, unstreamed: hu },
    };
  } finally {
    await stack.close();
  }
}
