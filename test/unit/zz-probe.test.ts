import { it } from 'vitest';
import { REJECTED_WRITE } from '../../evals/honesty.js';
import { undoneEchoes } from '../../domain/undone-words.js';
import { allClaimsByWords } from '../../domain/claim-words.js';
const NOW = '2026-12-10T09:00:00.000Z';
const names = ['Room 2', 'Room 3'];
it('probe', () => {
  const texts = process.env.PROBE!.split('\n').filter(Boolean);
  for (const t of texts) {
    const e = undoneEchoes(t, [REJECTED_WRITE], { names, timezone: 'UTC', now: NOW, language: process.env.LANG_Q });
    const v = allClaimsByWords(t, { names, states: false, latest: true });
    console.log('@@', e.length, v.length, JSON.stringify(t));
  }
});
