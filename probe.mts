import { undoneEchoes, ECHO_READINGS } from './domain/undone-words.js';
import { REJECTED_WRITE } from './evals/honesty.js';
const all = Object.fromEntries(ECHO_READINGS.map((k) => [k, true]));
const opts = { names: ['Room 2','Room 3'], timezone: 'UTC', now: '2026-12-10T09:00:00.000Z', nothingDone: true, language: 'en', ...all };
const cancel = { ...REJECTED_WRITE, kind: 'cancelled' as const, bookedFor: 'Alice' };
const move = { ...REJECTED_WRITE, kind: 'changed' as const, bookedFor: 'Alice', current: { roomName: 'Room 2', start: REJECTED_WRITE.stretch.start, end: REJECTED_WRITE.stretch.end } };
for (const [n, w] of [['cancel', cancel], ['move', move], ['book', REJECTED_WRITE]] as const)
  for (const t of process.argv.slice(2)) console.log(n, JSON.stringify(t), '=>', undoneEchoes(t, [w as any], opts as any).map(c => c.kind).join(',') || '-');
