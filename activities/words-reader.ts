/**
 * The answer's words, read in a thread of their own.
 *
 * The verifier's activity reads the words of the answer it checks (domain/answer-words.ts), so the workflow thread
 * does not: 20–30 ms for an ordinary answer, up to a second or more for 20,000 characters of a hostile shape. Read on
 * the worker's main thread, that would hold up every activity, poll and (with `npm start`) HTTP request of the
 * process meanwhile; so one thread per process reads them (`activities/words-thread.mjs`), started with the worker
 * (or at the first answer), one answer at a time, and never keeps the process alive. No time limit stops a reading (the reading is
 * bounded by `READ_CHARS`, and a `vm` timeout is what could abort a thread with async hooks).
 *
 * Where the thread cannot be used (it failed to start, or died with answers in it), those answers are read on the
 * main thread, so a turn is never failed for it; after three such failures the process stops trying the thread.
 */
import { Context } from '@temporalio/activity';
import { Worker } from 'node:worker_threads';
import { packWords, readWords, type PackedWords, type WordsAsked } from '../domain/answer-words.js';

const THREAD_FILE = new URL('./words-thread.mjs', import.meta.url);
/** Failures of the thread after which the process reads on its main thread. */
const MAX_FAILURES = 3;

interface Asked {
  text: string;
  asked: WordsAsked;
  resolve(packed: PackedWords): void;
  reject(e: Error): void;
}

let thread: Worker | null = null;
let stopping = false;
let failures = 0;
/** The logger of the activity that last asked (the thread's events come outside any activity's context). */
let logger: Pick<Console, 'warn'> = console;
let nextId = 0;
const inThread = new Map<number, Asked>();

const readHere = (text: string, asked: WordsAsked) => packWords(readWords(text, asked));

function started(): Worker | null {
  if (thread) return thread;
  if (failures >= MAX_FAILURES) return null;
  const t = new Worker(THREAD_FILE);
  // An idle reader does not keep the process alive; an answer being read is awaited by its activity.
  t.unref();
  let failure: Error | null = null;
  t.on('message', (m: { id?: number; packed?: PackedWords; error?: string }) => {
    if (m.id === undefined) return;
    const a = inThread.get(m.id);
    inThread.delete(m.id);
    if (!a) return;
    if (m.packed) a.resolve(m.packed);
    // The reading itself threw: it would on the main thread too, so the activity fails (and is retried) as it would there.
    else a.reject(new Error(`reading the answer's words failed: ${m.error}`));
  });
  t.on('error', (e) => {
    failure = e;
  });
  t.on('exit', (code) => {
    if (thread === t) thread = null;
    if (!stopping) {
      failures += 1;
      logger.warn("the thread reading answers' words stopped; its answers are read on the main thread", {
        exitCode: code,
        error: failure?.message,
        failures,
        ...(failures >= MAX_FAILURES ? { from: 'now on, every answer is read on the main thread' } : {}),
      });
    }
    for (const [id, a] of inThread) {
      inThread.delete(id);
      try {
        a.resolve(readHere(a.text, a.asked));
      } catch (e) {
        a.reject(e as Error);
      }
    }
  });
  thread = t;
  return t;
}

/** Starts the thread ahead of the first answer (a worker does as it is created: the thread loads its modules meanwhile). */
export function startWordsReader(): void {
  started();
}

/** `text`'s words read for what `asked` asks (`readWords`), packed as the activity returns them. */
export function readAnswerWords(text: string, asked: WordsAsked): Promise<PackedWords> {
  logger = activityLogger() ?? logger;
  const t = started();
  if (!t) return Promise.resolve(readHere(text, asked));
  return new Promise((resolve, reject) => {
    const id = nextId++;
    inThread.set(id, { text, asked, resolve, reject });
    t.postMessage({ id, text, asked });
  });
}

const activityLogger = () => {
  try {
    return Context.current().log;
  } catch {
    return undefined;
  }
};

/** Stops the thread (tests; a process that exits needs nothing). */
export async function stopWordsReader(): Promise<void> {
  const t = thread;
  if (!t) return;
  stopping = true;
  await t.terminate();
  stopping = false;
}
