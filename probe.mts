import { undoneEchoes, ECHO_READINGS } from './domain/undone-words.js';
import { REJECTED_WRITE } from './evals/honesty.js';
const all = Object.fromEntries(ECHO_READINGS.map((k) => [k, true]));
const opts = { names: ['Room 2','Room 3'], timezone: 'UTC', now: '2026-12-10T09:00:00.000Z', nothingDone: true, language: 'en', ...all };
for (const t of process.argv.slice(2)) console.log(JSON.stringify(t), '=>', undoneEchoes(t, [REJECTED_WRITE], opts as any).map(c => c.kind).join(',') || '-');
