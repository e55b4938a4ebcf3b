/**
 * Query expansion (issue 20, part 3): the knowledge-base tool takes alternates beside its query; each is
 * searched, passages under the threshold dropped, the lists fused by reciprocal rank. A question in a
 * person's words that the documents put otherwise is found through the document's vocabulary, and
 * what no phrasing finds is still "not found".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alternateMinScore, fuseRankings } from '../../activities/search.js';
import type { ChunkHit } from '../../adapters/knowledge-store.js';
import { createHarness, type Harness } from '../support/harness.js';
import { agentOf, call, isOrchestrator, text, toolResults, type Responder } from '../support/scripted-llm.js';
import { seedPolicy } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

/** The knowledge-base agent searches with `args`, then answers from the first passage (or says it is not covered). */
const searching = (args: Record<string, unknown>): Responder => (req) => {
  if (isOrchestrator(req)) {
    if (toolResults(req).length === 0) return call('knowledge_base_agent', { request: 'Can I put a business dinner with wine on expenses?' });
    const out = JSON.parse(toolResults(req)[0]!);
    return text(out.text || 'The documents do not cover this.');
  }
  if (agentOf(req) === 'knowledge_base_agent') {
    if (toolResults(req).length === 0) return call('search_knowledge_base', args);
    const { passages } = JSON.parse(toolResults(req).at(-1)!);
    return text(passages?.length ? `${passages[0].text} (${passages[0].file} p.${passages[0].page})` : 'The documents do not cover this.');
  }
  return text('?');
};

describe('the knowledge-base search with alternates', () => {
  it('finds the page through the document\'s words when the person\'s words alone find nothing', async () => {
    h.llm.respond(searching({ query: 'business dinner wine' }));
    const alone = await h.json('POST', '/query', { body: { question: 'Can I put a business dinner with wine on expenses?' } });
    expect(alone.body.status).toBe('completed');
    expect(alone.body.sources).toEqual([]);

    h.llm.respond(searching({ query: 'business dinner wine', alternates: ['client meals reimbursed', 'alcohol'] }));
    const expanded = await h.json('POST', '/query', { body: { question: 'Can I put a business dinner with wine on expenses?' } });
    expect(expanded.body.status).toBe('completed');
    expect(expanded.body.sources[0]).toMatchObject({ fileName: 'policy.pdf', page: 1 });
    expect(expanded.body.answer).toContain('60 EUR');
  });

  it('what no phrasing finds is still not found (alternates clear a higher bar), and bad alternates are refused before anything runs', async () => {
    h.llm.respond(searching({ query: 'parental leave weeks', alternates: ['maternity leave', 'paternity'] }));
    const none = await h.json('POST', '/query', { body: { question: 'How many weeks of parental leave do I get?' } });
    expect(none.body.sources).toEqual([]);
    expect(none.body.answer).not.toMatch(/\d+ weeks/);

    h.llm.respond(searching({ query: 'meals', alternates: ['a', 'b', 'c', 'd', 'e'] }));
    const before = h.llm.requests.length;
    await h.json('POST', '/query', { body: { question: 'meals?' } });
    const reply = h.llm.requests.slice(before).find((r) => agentOf(r) === 'knowledge_base_agent' && toolResults(r).length > 0)!;
    expect(toolResults(reply)[0]).toMatch(/invalid arguments: alternates: Too big/);
  });
});

describe('fuseRankings', () => {
  it('asks more of an alternate than of the query', () => {
    expect(alternateMinScore(0.1)).toBeCloseTo(0.19);
    expect(alternateMinScore(0.3)).toBeCloseTo(0.37);
  });
  const hit = (chunkIndex: number, score: number): ChunkHit => ({ documentId: 'd', fileName: 'f.pdf', page: chunkIndex + 1, chunkIndex, text: `t${chunkIndex}`, score });
  it('leaves one list as it is, and puts a passage found by more phrasings first, with its best score', () => {
    expect(fuseRankings([[hit(3, 0.5), hit(1, 0.4)]], 5).map((x) => x.chunkIndex)).toEqual([3, 1]);
    const fused = fuseRankings([[hit(1, 0.5), hit(2, 0.45)], [hit(3, 0.6), hit(2, 0.55)]], 5);
    expect(fused.map((x) => x.chunkIndex)).toEqual([2, 3, 1]);
    expect(fused[0]!.score).toBe(0.55);
    expect(fuseRankings([[hit(1, 0.5), hit(2, 0.4)], [hit(3, 0.6)]], 2)).toHaveLength(2);
    expect(fuseRankings([[], []], 5)).toEqual([]);
  });
});
