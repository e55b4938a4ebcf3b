/** Encrypted workflow payloads (PAYLOAD_ENCRYPTION_KEY), tested both ways, and the codec endpoint. */
import crypto from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEncryptionCodec, ENCRYPTED_ENCODING } from '../../adapters/codec.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { world } from '../support/world.js';

const KEY = crypto.randomBytes(32).toString('base64');
const CODEC_TOKEN = crypto.randomBytes(24).toString('base64url');
const QUESTION = 'hello, secret-marker-7781';
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The history as stored, read by a client without the codec. */
async function rawStartPayload(turnId: string) {
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  try {
    const history = await new Client({ connection }).workflow.getHandle(`turn-${turnId}`).fetchHistory();
    const started = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
    return { started, all: JSON.stringify(history) };
  } finally {
    await connection.close();
  }
}

describe('with PAYLOAD_ENCRYPTION_KEY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ responder: world, env: { PAYLOAD_ENCRYPTION_KEY: KEY, CODEC_TOKEN } });
  });
  afterAll(async () => h?.close());

  it('turns work end to end while history holds only ciphertext', async () => {
    const q = await h.json('POST', '/query', { body: { question: QUESTION } });
    expect(q.body).toMatchObject({ status: 'completed', answer: expect.stringMatching(/Hello/) });
    expect((await readSse(await h.request('GET', `/turns/${q.body.turnId}/events`))).at(-1)!.type).toBe('turn.completed');
    const { started, all } = await rawStartPayload(q.body.turnId);
    expect(Buffer.from(started.metadata!.encoding!).toString()).toBe(ENCRYPTED_ENCODING);
    expect(all).not.toContain('secret-marker-7781');
    expect(all).not.toContain(b64('secret-marker-7781').slice(0, 12));
    h.llm.respond(world);
  });

  it('the codec endpoint decodes for admins and for holders of the codec token only, whatever Origin a request claims', async () => {
    const q = await h.json('POST', '/query', { body: { question: QUESTION } });
    const { started } = await rawStartPayload(q.body.turnId);
    const wire = {
      payloads: [{ metadata: Object.fromEntries(Object.entries(started.metadata!).map(([k, v]) => [k, Buffer.from(v as Uint8Array).toString('base64')])), data: Buffer.from(started.data!).toString('base64') }],
    };
    const post = (headers: Record<string, string>, key: string | null = null) => h.request('POST', '/codec/decode', { body: wire, key, headers });
    const ok = await post({}, KEYS.admin);
    expect(ok.status).toBe(200);
    const decoded = (await ok.json()).payloads[0];
    expect(Buffer.from(decoded.metadata.encoding, 'base64').toString()).toBe('json/plain');
    expect(JSON.parse(Buffer.from(decoded.data, 'base64').toString())).toMatchObject({ question: QUESTION, userId: 'alice' });
    expect((await post({}, KEYS.alice)).status).toBe(403); // a member may not read others' payloads
    expect((await post({})).status).toBe(401);
    expect((await post({ origin: 'https://evil.example' })).status).toBe(401);
    // An allowed Origin from loopback is what every request behind a reverse proxy looks like: not trusted.
    expect((await post({ origin: 'http://localhost:8233' })).status).toBe(401);
    const viaToken = (token: string, headers: Record<string, string> = {}) => h.request('POST', `/codec/t/${token}/decode`, { body: wire, key: null, headers });
    const ui = await viaToken(CODEC_TOKEN, { origin: 'http://localhost:8233' });
    expect(ui.status).toBe(200);
    expect(ui.headers.get('access-control-allow-origin')).toBe('http://localhost:8233');
    expect((await ui.json()).payloads[0].data).toBe(decoded.data);
    // A token one character off (never the token itself: a random token may end in "x").
    const offByOne = `${CODEC_TOKEN.slice(0, -1)}${CODEC_TOKEN.endsWith('x') ? 'y' : 'x'}`;
    expect((await viaToken(offByOne, { origin: 'http://localhost:8233' })).status).toBe(404);
    expect((await viaToken('')).status).toBe(401); // /codec/t//decode is no codec route: it needs a key like any other
    const preflight = await h.request('OPTIONS', '/codec/decode', { key: null, headers: { origin: 'http://127.0.0.1:8233', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-Namespace/);
    // Round trip through /codec/encode.
    const plain = { payloads: [{ metadata: { encoding: b64('json/plain') }, data: b64('"x"') }] };
    const sealed = await (await h.request('POST', '/codec/encode', { body: plain, key: KEYS.admin })).json();
    expect(Buffer.from(sealed.payloads[0].metadata.encoding, 'base64').toString()).toBe(ENCRYPTED_ENCODING);
    const opened = await (await h.request('POST', '/codec/decode', { body: sealed, key: KEYS.admin })).json();
    expect(opened).toEqual(plain);
  });

  it('a different key cannot read the payloads, and a bad key is refused at start-up', async () => {
    const q = await h.json('POST', '/query', { body: { question: QUESTION } });
    const { started } = await rawStartPayload(q.body.turnId);
    await expect(createEncryptionCodec(crypto.randomBytes(32)).decode([started as never])).rejects.toThrow(/encrypted with key [0-9a-f]{12}, this process has key/);
    const { loadConfig } = await import('../../adapters/config.js');
    expect(() => loadConfig({ PAYLOAD_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/PAYLOAD_ENCRYPTION_KEY: must be 32 bytes, base64-encoded \(got 5 bytes\)/);
  });
});

describe('without PAYLOAD_ENCRYPTION_KEY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ responder: world });
  });
  afterAll(async () => h?.close());

  it('payloads are plain JSON (readable in the Web UI) and there is no codec endpoint', async () => {
    const q = await h.json('POST', '/query', { body: { question: QUESTION } });
    expect(q.body.status).toBe('completed');
    const { started } = await rawStartPayload(q.body.turnId);
    expect(Buffer.from(started.metadata!.encoding!).toString()).toBe('json/plain');
    expect(Buffer.from(started.data!).toString()).toContain('secret-marker-7781');
    expect((await h.request('POST', '/codec/decode', { body: { payloads: [] }, key: KEYS.admin })).status).toBe(404);
  });
});
