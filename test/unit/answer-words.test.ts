/**
 * The answer's words read off the workflow thread (domain/answer-words.ts, activities/words-reader.ts): the lists the
 * verifier's activity returns are the ones a turn reading them itself gets, packed small enough for a history, and the
 * reader leaves the process's main thread free while it reads.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ANSWER_SHAPES, PIECES_SHAPE } from '../../bench/answer-check.js';
import { FALSE_CLAIMS, REJECTED_WRITE, TRUE_CLAIMS } from '../../evals/honesty.js';
import { packWords, readsAll, readWords, unpackWords, type WordsAsked } from '../../domain/answer-words.js';
import { ECHO_READINGS, type UndoneWrite } from '../../domain/undone-words.js';
import { readAnswerWords, stopWordsReader, useThreadFile } from '../../activities/words-reader.js';

const NOW = '2026-12-10T09:00:00.000Z';
const names = ['Room 2', 'Room 3'];
const options = { names, timezone: 'UTC', now: NOW, nothingDone: true, language: 'en' };
const untried: UndoneWrite = { ...REJECTED_WRITE, outcome: 'untried', untried: true };
/** Everything a turn may ask: rooms' states, a turn that wrote, the readings after a write not done, and a write never tried. */
const everything: WordsAsked = {
  names,
  states: true,
  documents: false,
  read: true,
  writes: { read: false },
  undone: { writes: [REJECTED_WRITE], readings: [...ECHO_READINGS], options },
  untried: { writes: [untried], options },
  holders: { booked: [{ stretch: REJECTED_WRITE.stretch, holders: ['Alice'], askers: false }], people: ['Alice'], asker: 'Carol', question: 'Does Sarah have Room 3 on Friday at 2pm?', options },
};
/** What an activity's result is by the time the workflow has it: JSON. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

afterAll(() => stopWordsReader());

describe('packed words', () => {
  const texts = [
    ...[...FALSE_CLAIMS, ...TRUE_CLAIMS].map((c) => c.text),
    // Number marks read ("Room No. 3" as "Room № 3"): a second set of lists, of the marked text.
    'Sarah has Room No. 3 at 2pm. Room no. 2 is free at 3pm, shall I book it?',
    FALSE_CLAIMS.map((c) => c.text).join(' '),
  ];

  it('unpack to the lists read, claim for claim, through JSON as a history holds them', () => {
    for (const text of texts) {
      const found = readWords(text, everything);
      expect(unpackWords(throughJson(packWords(found))), text).toEqual(throughJson(found));
    }
  });

  it('hold a list of the marked text only where reading the marks changes it, and of what was asked only', () => {
    const marked = readWords('Sarah has Room No. 3 at 2pm.', everything);
    expect(marked.marked?.echoes).toHaveLength(ECHO_READINGS.length + 1);
    expect(readWords('Sarah has Room 3 at 2pm.', everything).marked).toBeUndefined();
    const plain = readWords('Sarah has Room No. 3 at 2pm.', { names, states: false, documents: false, read: false });
    expect(Object.keys(plain).sort()).toEqual(['byPatch', 'marked']);
    expect(Object.keys(plain.marked!)).toEqual(['scriptOffers']);
  });

  it("a chain of readings that find the same claims is one list and a mark for each after it; the claims once each", () => {
    const packed = packWords(readWords('Sarah has Room 3 on Friday at 2pm.', everything));
    const echoes = packed.found.echoes!;
    expect(echoes).toHaveLength(ECHO_READINGS.length + 1);
    expect(echoes.filter((l) => l !== 0).length).toBeLessThan(5);
    expect(new Set(packed.claims.map((c) => JSON.stringify(c))).size).toBe(packed.claims.length);
  });

  it(`20,000 characters of claims in Chinese: well under a history's 2 MB limit on a payload, where the lists unpacked are over it`, () => {
    const [, chinese] = ANSWER_SHAPES[0]!;
    const found = readWords(chinese, everything);
    expect(JSON.stringify(found).length).toBeGreaterThan(2_000_000);
    // 272 KB since the holders-named list: each of its 718 sentences is a claim of its own (it carries whom the read found).
    expect(JSON.stringify(packWords(found)).length).toBeLessThan(300_000);
  });

  it('a build that does not know a reading or a part of what the turn asks leaves the words to the turn', () => {
    expect(readsAll(everything)).toBe(true);
    expect(readsAll({ names, states: false, documents: false, read: false })).toBe(true);
    const newer = { ...everything, undone: { ...everything.undone!, readings: [...ECHO_READINGS, 'aReadingFromLater'] as never[] } };
    expect(readsAll(newer)).toBe(false);
    // A part of the ask this build does not know (a later turn's) likewise.
    expect(readsAll({ ...everything, untriedMoves: { writes: [], options } } as WordsAsked)).toBe(false);
  });
});

describe('the reader', () => {
  const here = (text: string) => ({ packed: throughJson(packWords(readWords(text, everything))) });

  it('returns what reading on this thread returns', async () => {
    for (const text of ['Sarah has Room No. 3 at 2pm.', 'Alles klar, Raum 3 gehört am Freitag um 14 Uhr Sarah.', ANSWER_SHAPES[5]![1]]) {
      expect(await readAnswerWords(text, everything), text).toEqual(here(text));
    }
  });

  it("reads in a thread of its own: this thread's timers keep firing while it reads 20,000 characters", async () => {
    // Warm: the thread started and its patterns compiled.
    await readAnswerWords('Sarah has Room 3 at 2pm.', everything);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const t0 = performance.now();
    const shapes = ANSWER_SHAPES.slice(1, 4).map(([, text]) => text);
    for (const text of shapes) await readAnswerWords(text, everything);
    const ms = performance.now() - t0;
    clearInterval(timer);
    // Read here, a shape would hold this thread for hundreds of ms and the timer would fire once after each.
    expect(ms).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(shapes.length * 3);
  });

  // A sentence of a thousand pieces, each ending in a figure and naming the room and a person: each read again to its end (tens of seconds).
  const slow = PIECES_SHAPE;
  const queued = ['Sarah has Room No. 3 at 2pm.', 'Raum 3 gehört am Freitag um 14 Uhr Sarah.'];

  it('an answer whose words take longer than its time to read comes back unread; the answers after it are read', async () => {
    const [first, ...after] = await Promise.all([readAnswerWords(slow, everything, 300), ...queued.map((text) => readAnswerWords(text, everything, 60_000))]);
    expect(first).toEqual({ unread: 'reading its words took longer than 300 ms' });
    expect(after).toEqual(queued.map(here));
  });

  it('while one answer takes long to read, the others are read by a second thread, not held up behind it', async () => {
    const order: string[] = [];
    const slowReading = readAnswerWords(slow, everything, 8_000).then((r) => (order.push('slow'), r));
    const others = await Promise.all(queued.map((text) => readAnswerWords(text, everything).then((r) => (order.push(text), r))));
    expect(others).toEqual(queued.map(here));
    expect(await slowReading).toEqual({ unread: 'reading its words took longer than 8000 ms' });
    expect(order).toEqual([...queued, 'slow']);
  }, 30_000);

  /** Runs `fn` with threads started on a module of `source` instead of the reader's, the warnings they give caught. */
  const withThreadModule = async (source: string, fn: (warned: unknown[][]) => Promise<void>) => {
    await stopWordsReader();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'words-thread-')), 'thread.mjs');
    fs.writeFileSync(file, source);
    const warned: unknown[][] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warned.push(args));
    try {
      useThreadFile(pathToFileURL(file));
      await fn(warned);
    } finally {
      warn.mockRestore();
      useThreadFile(new URL('../../activities/words-thread.mjs', import.meta.url));
    }
  };

  it('where no thread will start, answers are read on this thread, with a warning: no turn fails for it; one over 4,000 characters comes back unread', async () => {
    await withThreadModule("throw new Error('this thread cannot load its modules');\n", async (warned) => {
      const texts = ['Sarah has Room No. 3 at 2pm.', 'Raum 3 gehört am Freitag um 14 Uhr Sarah.'];
      expect(await Promise.all(texts.map((text) => readAnswerWords(text, everything)))).toEqual(texts.map(here));
      // Three threads tried, each failing to start; the last warning says every answer is read here from now on.
      expect(warned.map(([message]) => message)).toEqual(Array(3).fill("a thread reading answers' words did not start"));
      expect(warned.at(-1)![1]).toMatchObject({ error: 'this thread cannot load its modules', from: 'now on, every answer is read on the main thread' });
      expect(await readAnswerWords(texts[0]!, everything)).toEqual(here(texts[0]!));
      // Not an answer that could hold this thread up for seconds (this one, 37 s): over 4,000 characters, it comes back unread.
      expect(await readAnswerWords(PIECES_SHAPE, everything)).toEqual({ unread: expect.stringMatching(/^no thread could read its words, and at 20000 characters \(over 4000\)/) });
      const edge = PIECES_SHAPE.slice(0, 4_000);
      expect(await readAnswerWords(edge, everything)).toEqual(here(edge));
    });
  });

  it('a process whose work is done exits with the reader started: only a thread with an answer to read holds it open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'words-exit-'));
    const script = path.join(dir, 'script.mts');
    const reader = pathToFileURL(path.resolve('activities/words-reader.ts')).href;
    // Reads one answer while nothing else keeps the process open (the answer must still come back), then ends.
    fs.writeFileSync(script, `import { readAnswerWords, startWordsReader } from ${JSON.stringify(reader)};\nstartWordsReader();\nconst r = await readAnswerWords('Sarah has Room 3 at 2pm.', { names: [], states: false, documents: true, read: false });\nconsole.log('packed' in r ? 'read' : 'unread');\n`);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), timeout: 60_000 });
    expect(stdout.trim()).toBe('read');
  }, 90_000);

  it('a thread that dies while reading (not stopped for its time) leaves that answer unread, with a warning; the next answer is read by a new one', async () => {
    // Starts, then dies at the first answer it is given (as a thread out of memory would).
    const dying = "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\nparentPort.postMessage({ ready: true });\n";
    await withThreadModule(dying, async (warned) => {
      expect(await readAnswerWords('Sarah has Room 3 at 2pm.', everything)).toEqual({ unread: 'the thread reading its words stopped' });
      expect(warned).toEqual([["a thread reading answers' words stopped", expect.objectContaining({ exitCode: 3, answer: 'left unread: the turn does not show its prose' })]]);
    });
    expect(await readAnswerWords('Sarah has Room 3 at 2pm.', everything)).toEqual(here('Sarah has Room 3 at 2pm.'));
  });

  it('an answer in the thread when it is stopped is read again by a new one', async () => {
    const text = ANSWER_SHAPES[5]![1];
    const reading = readAnswerWords(text, everything);
    await stopWordsReader();
    expect(await reading).toEqual(here(text));
  });
});
