/**
 * Replays recorded histories of real turns against the current workflow code: a change that would
 * break running or paused turns (non-determinism) fails here. Record with `npm run record-histories`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker } from '@temporalio/worker';
import { describe, expect, inject, it } from 'vitest';
import { noticeSinks } from '../../worker/worker.js';

const DIR = path.resolve('test/replay/histories');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

it('has recorded histories to replay', () => {
  expect(files.length).toBeGreaterThanOrEqual(8);
});

/** Replays `history` against the bundled workflow code: throws DeterminismViolationError (or the workflow's own error) when the code no longer matches. */
const replay = (history: ReturnType<typeof historyFromJSON>, id: string) =>
  Worker.runReplayHistory({ workflowBundle: { code: fs.readFileSync(inject('workflowBundlePath'), 'utf8') }, sinks: noticeSinks() }, history, `turn-replay-${id}`);

it.each(files)('replays %s deterministically', async (file) => {
  const history = historyFromJSON(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
  expect(history.events!.length).toBeGreaterThan(5);
  await replay(history, file.replace(/\.json$/, ''));
});

/**
 * The turns recorded since the verifier's activity reads the answer's words (domain/answer-words.ts) judge by what it
 * returned, not by reading them again: their history's verifier results carry the words, and the same history with
 * those words emptied no longer replays (the answer held for a claim they found would have gone out).
 */
describe.each(['words-apart', 'words-apart-regular'])('%s: the words the verifier activity read', (name) => {
  const raw = () => JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as { events: Record<string, any>[] };
  // Each verifier result's payload in the history (a local activity's marker, or a regular activity's completion), decoded, with a setter.
  const verdicts = (json: { events: Record<string, any>[] }) =>
    json.events.flatMap((e) => {
      const payload = e.markerRecordedEventAttributes?.details?.result?.payloads?.[0] ?? e.activityTaskCompletedEventAttributes?.result?.payloads?.[0];
      if (!payload?.data) return [];
      const value = JSON.parse(Buffer.from(payload.data, 'base64').toString()) as Record<string, any>;
      if (!value || typeof value !== 'object' || !('parsed' in value) || !('usage' in value)) return [];
      return [{ value, set: (v: unknown) => (payload.data = Buffer.from(JSON.stringify(v)).toString('base64')) }];
    });
  const replayed = (json: unknown) => replay(historyFromJSON(json), `${name}-altered`);

  it('its verifier results carry the words, the claim the check held among them', () => {
    const found = verdicts(raw());
    expect(found.length).toBeGreaterThanOrEqual(1);
    for (const { value } of found) {
      expect(value.words.claims.map((c: { text: string }) => c.text)).toEqual([expect.stringMatching(/^Sarah has Room № 3 at [34]pm\.$/)]);
      // One list for "none of the readings" and one for each of the forty readings.
      expect(value.words.found.echoes).toHaveLength(41);
    }
  });

  it('replays as recorded, and not with those words emptied', async () => {
    await replayed(raw());
    const json = raw();
    for (const { value, set } of verdicts(json)) set({ ...value, words: { claims: [], found: { byPatch: Object.fromEntries(Object.keys(value.words.found.byPatch).map((k) => [k, []])) } } });
    await expect(replayed(json)).rejects.toThrow();
  });
});
