import { undoneEchoes } from './domain/undone-words.js';
const base = { names: ['Room 2', 'Room 3'], timezone: 'UTC', now: '2026-12-10T09:00:00.000Z', nothingDone: true };
const move = { kind: 'changed', stretch: { roomName: 'Room 3', start: '2026-12-11T16:00:00.000Z', end: '2026-12-11T17:00:00.000Z' }, bookedFor: 'Bob', outcome: 'rejected', bookedThen: false, said: [], current: { roomName: 'Room 2', start: '2026-12-11T16:00:00.000Z', end: '2026-12-11T17:00:00.000Z' } } as any;
for (const [l, t] of [
  ['en', "Bob's 4pm meeting now lives in Room 3."],
  ['en', 'Bob swapped Room 2 for Room 3 at 4pm on Friday.'],
  ['en', "Bob's Friday 4pm is switched over to Room 3."],
  ['en', 'Room 3 it is for Bob on Friday at 4pm.'],
  ['en', "Bob's meeting relocates to Room 3 on Friday at 4pm."],
  ['en', 'Bob will meet in Room 3 on Friday at 4pm from now on.'],
  ['en', 'Bob has traded up to Room 3 on Friday at 4pm.'],
  ['en', "Bob's booking on Friday at 4pm: Room 2 → Room 3."],
  ['en', 'Bob is out of Room 2 and into Room 3 on Friday at 4pm.'],
  ['de', 'Bobs Termin am Freitag um 16 Uhr findet jetzt in Raum 3 statt.'],
  ['de', 'Bob zieht am Freitag um 16 Uhr in Raum 3 um.'],
  ['es', 'La reunión de Bob del viernes a las 16 pasa a la sala 3.'],
  ['fr', 'La réunion de Bob vendredi à 16 h se tient désormais en salle 3.'],
  ['it', 'La riunione di Bob di venerdì alle 16 si sposta nella sala 3.'],
  ['pt', 'A reunião do Bob na sexta às 16h passa para a sala 3.'],
] as const) console.log(undoneEchoes(t, [move], { ...base, language: l }).length ? 'HELD ' : 'PASS ', t);
