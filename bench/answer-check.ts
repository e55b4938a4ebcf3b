/**
 * The answer's words on long answers, for `npm run bench`: how long they take to read after a booking not done
 * (`readWords`, domain/answer-words.ts: domain/claim-words.ts under every patch, then the readings of
 * domain/undone-words.ts in the chain a turn reads them), and how large the verifier activity's result that carries
 * them is (`packWords`: what a turn's history records). The verifier's activity reads them in a thread of its own
 * (activities/words-reader.ts); before, the workflow thread did, under the SDK's 5 s limit per activation.
 *
 * Each run is a process of its own (V8's flags are one per process), reading the shapes below in order,
 * each once, as turns would: a Chinese answer first, then answers in Latin-1. "As the worker" starts as
 * a worker's process does (worker/regexps.ts: patterns compiled when first run); "V8's default" does not,
 * and shows what that flag is for.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHAT_ANSWERS, FALSE_CLAIMS, KB_ANSWERS, REJECTED_WRITE, TRUE_CLAIMS } from '../evals/honesty.js';
import { READ_CHARS } from '../domain/claim-words.js';
import { packWords, readWords, type WordsAsked } from '../domain/answer-words.js';
import { ECHO_READINGS } from '../domain/undone-words.js';
import { COMPILE_REGEXPS_AT_ONCE } from '../worker/regexps.js';

/** Up to READ_CHARS characters of `piece(0)`, `piece(1)`, …: as much as the check reads of an answer. */
export const fill = (piece: (i: number) => string) => {
  let text = '';
  for (let i = 0; text.length < READ_CHARS; i += 1) text += piece(i);
  return text.slice(0, READ_CHARS);
};
const corpus = [...FALSE_CLAIMS, ...TRUE_CLAIMS, ...KB_ANSWERS, ...CHAT_ANSWERS].map((c) => c.text);

/** The answers, in the order one process reads them. */
export const ANSWER_SHAPES: [string, string][] = [
  ['a record in Chinese, repeated with its number', fill((i) => `${i}号：3号会议室周五14:00已经是Sarah的了。`)],
  ["the honesty corpus's sentences in ten languages, numbered", fill((i) => `Note ${i}: ${corpus[i % corpus.length]} `)],
  ['one question after a figure, repeated ("Room 3 at 14:00? ")', fill(() => 'Room 3 at 14:00? ')],
  ['questions after figures, each different', fill((i) => `Room 3 at 14:${String(i % 60).padStart(2, '0')}? Item ${i} `)],
  ['sentences ending in a figure', fill((i) => `Room 3 at 14:${String(i % 60).padStart(2, '0')}. Next `)],
  ['one sentence of clauses', `Sarah has Room 3 ${fill((i) => `at 14:00 on day ${i}, `)}`],
];

/**
 * A shape the reader does not finish in its time (not read here): one sentence of a thousand pieces, each ending in a
 * figure and naming the room and a person, each read again from there to its end (figure-ends), its number marks too.
 */
export const PIECES_SHAPE = fill((i) => `S${i} has Room No. 3. `);

const NAMES = ['Room 2', 'Room 3'];
const NOW = '2026-12-10T09:00:00.000Z';

/**
 * Reads each shape once, in order, in this process: ms each, and the bytes of the packed lists. What a turn asks at most
 * after a write not done: the words' claims as every patch reads them, those of a turn that read no times but wrote
 * (writes-read), and the readings after the write.
 */
function readAll(): { shape: string; ms: number; recordedKb: number }[] {
  const options = { names: NAMES, timezone: 'UTC', now: NOW, nothingDone: true, language: 'en' };
  const asked: WordsAsked = { names: NAMES, states: false, documents: false, read: false, writes: { read: false }, undone: { writes: [REJECTED_WRITE], readings: [...ECHO_READINGS], options } };
  return ANSWER_SHAPES.map(([shape, text]) => {
    const t0 = performance.now();
    const found = readWords(text, asked);
    const ms = Math.round(performance.now() - t0);
    return { shape, ms, recordedKb: Math.round(JSON.stringify(packWords(found)).length / 102.4) / 10 };
  });
}

export interface AnswerCheckFigures {
  chars: number;
  asTheWorker: { shape: string; ms: number; recordedKb: number }[];
  v8Default: { shape: string; ms: number; recordedKb: number }[];
}

/** Both runs, each in a process of its own. */
export async function answerCheckTimes(): Promise<AnswerCheckFigures> {
  const run = async (mode: 'worker' | 'default') => {
    const flags = mode === 'worker' ? [COMPILE_REGEXPS_AT_ONCE] : [];
    const { stdout } = await promisify(execFile)(process.execPath, [...flags, '--import', 'tsx', fileURLToPath(import.meta.url), `--read-as=${mode}`], { timeout: 600_000, maxBuffer: 1 << 20 });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { shape: string; ms: number; recordedKb: number }[];
  };
  return { chars: READ_CHARS, asTheWorker: await run('worker'), v8Default: await run('default') };
}

const readAs = process.argv.find((a) => a.startsWith('--read-as='))?.slice('--read-as='.length);
if (readAs) console.log(JSON.stringify(readAll()));
