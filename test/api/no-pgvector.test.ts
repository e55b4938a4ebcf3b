/**
 * A PostgreSQL without pgvector behind DATABASE_URL, the vector store left at its default (pgvector):
 * the vectors migration is skipped (adapters/db.ts), and the knowledge base says why instead of
 * retrying what cannot work: an upload fails at once with the fix in its error (so no namespace ever
 * holds a document, and a question for the documents is "not found", which is then true), and
 * bookings work as before. This machine's and CI's PostgreSQL have no pgvector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../adapters/db.js';
import { loadConfig } from '../../adapters/config.js';
import { migrationGroups, vectorStoreProblem } from '../../adapters/stores.js';
import { createHarness, type Harness } from '../support/harness.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';
import { isOrchestrator, toolResults } from '../support/scripted-llm.js';
import { agents } from '../support/world.js';

const hasPostgres = await postgresAvailable();
let tmp: Awaited<ReturnType<typeof createTempDatabase>> | null = null;
let db: (Db & { migrations: Awaited<ReturnType<typeof openDatabase>>['migrations'] }) | null = null;
let h: Harness;
let withoutPgvector = false;

beforeAll(async () => {
  if (!hasPostgres) return;
  tmp = await createTempDatabase();
  db = await openDatabase({ databaseUrl: tmp.url, groups: migrationGroups(loadConfig({ DATABASE_URL: tmp.url })) });
  withoutPgvector = db.migrations.skipped.some((s) => s.group === 'vectors');
  h = await createHarness({ db, env: { DATABASE_URL: tmp.url } });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
  await tmp?.drop();
});

describe.skipIf(!hasPostgres)('the knowledge base on a PostgreSQL without pgvector', () => {
  it('is said at start-up, naming the fix', () => {
    if (!withoutPgvector) return expect(db!.migrations.skipped).toEqual([]); // a server with pgvector: nothing to say
    expect(vectorStoreProblem(loadConfig({ DATABASE_URL: tmp!.url }), db!.migrations)).toMatch(/pgvector extension.*VECTOR_STORE=pinecone/);
    expect(vectorStoreProblem(loadConfig({ DATABASE_URL: tmp!.url, VECTOR_STORE: 'pinecone', PINECONE_API_KEY: 'k', PINECONE_INDEX_HOST: 'http://127.0.0.1:1' }), db!.migrations)).toBeNull();
  });

  it('an upload fails at once with why, not after minutes of retries; the document is not left half-indexed', async () => {
    if (!withoutPgvector) return;
    const started = Date.now();
    const up = await h.upload('test/fixtures/acme-policy.pdf', 'acme', {});
    expect(up.status, JSON.stringify(up.body)).toBe(422);
    expect(up.body).toMatchObject({ type: expect.stringMatching(/ingestion-failed$/), status: 422, detail: expect.stringMatching(/pgvector extension.*VECTOR_STORE=pinecone/), embedded: 0 });
    expect(Date.now() - started, 'no retries of a query that cannot succeed').toBeLessThan(20_000);
    const docs = await h.json('GET', '/documents?namespace=acme');
    expect(docs.status).toBe(200);
    expect(JSON.stringify(docs.body)).not.toContain('acme-policy.pdf');
  });

  it('a question for the documents finds none (nothing could be indexed), and a booking question is answered', async () => {
    if (!withoutPgvector) return;
    h.llm.respond((req) => {
      if (!isOrchestrator(req)) return agents(req);
      const q = req.messages.find((m) => m.role === 'user')?.content ?? '';
      const agent = /room/i.test(q) ? 'booking_agent' : 'knowledge_base_agent';
      if (toolResults(req).length === 0) return { content: null, toolCalls: [{ name: agent, arguments: { request: q } }] };
      return { content: JSON.parse(toolResults(req)[0]!).text };
    });
    const kb = await h.json('POST', '/query', { body: { question: 'How much are client meals reimbursed?', namespace: 'acme' } });
    expect(kb.body).toMatchObject({ status: 'completed', sources: [], answer: expect.stringMatching(/could not find this in the documents/) });
    const rooms = await h.json('POST', '/query', { body: { question: 'Is room 3 free on 15 January 2030 2-3pm?' } });
    expect(rooms.body).toMatchObject({ status: 'completed', answer: expect.stringMatching(/Room 3 is free/) });
  });
});
