/**
 * Replays recorded histories of real turns against the current workflow code: a change that would
 * break running or paused turns (non-determinism) fails here. Record with `npm run record-histories`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker } from '@temporalio/worker';
import { expect, inject, it } from 'vitest';
import { noticeSinks } from '../../worker/worker.js';

const DIR = path.resolve('test/replay/histories');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

it('has recorded histories to replay', () => {
  expect(files.length).toBeGreaterThanOrEqual(8);
});

it.each(files)('replays %s deterministically', async (file) => {
  const history = historyFromJSON(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
  expect(history.events!.length).toBeGreaterThan(5);
  const bundle = { code: fs.readFileSync(inject('workflowBundlePath'), 'utf8') };
  // Throws DeterminismViolationError (or the workflow's own error) when the code no longer matches.
  await Worker.runReplayHistory({ workflowBundle: bundle, sinks: noticeSinks() }, history, `turn-replay-${file.replace(/\.json$/, '')}`);
});
