/**
 * The answer's words, read in a thread of their own.
 *
 * The verifier's activity reads the words of the answer it checks (domain/answer-words.ts), so the workflow thread
 * does not: 20–30 ms for an ordinary answer, about a second for 20,000 characters of the bench's hostile shapes, and
 * far more for some (a sentence of a thousand pieces each ending in a figure is read again from each of them). Read
 * on the worker's main thread, that would hold up every activity, poll and (with `npm start`) HTTP request of the
 * process meanwhile; so one thread per process reads them (`activities/words-thread.mjs`), started with the worker
 * (or at the first answer), one answer at a time, never keeping the process alive.
 *
 * Each answer gets `timeoutMs` from the moment the thread takes it: past it, the thread is stopped (a thread torn
 * down, not a `vm` timeout inside one, which is what can abort a process with async hooks), the answer comes back
 * unread (`unread`: the turn then does not show the prose, as when the verifier fails), and a new thread takes the
 * answers queued after it. So one hostile answer holds the others back by `timeoutMs` at most.
 *
 * A thread that cannot start (its module fails to load) is tried again for the next answer; after three such
 * failures the process reads every answer on its main thread, with a warning, so a turn never fails for it. A thread
 * that stops while reading (not by the timeout) leaves that answer unread and the next answer starts a new one.
 */
import { Context } from '@temporalio/activity';
import { Worker } from 'node:worker_threads';
import { packWords, readWords, type PackedWords, type WordsAsked } from '../domain/answer-words.js';

const THREAD_FILE = new URL('./words-thread.mjs', import.meta.url);
/** Threads that failed to start after which the process reads on its main thread. */
const MAX_START_FAILURES = 3;
/** How long an answer may take to read when the caller does not say (ANSWER_WORDS_TIMEOUT's default). */
export const DEFAULT_WORDS_TIMEOUT_MS = 15_000;

/** The lists read, or why they were not. */
export type WordsReading = { packed: PackedWords } | { unread: string };

interface Job {
  text: string;
  asked: WordsAsked;
  timeoutMs: number;
  done(reading: WordsReading): void;
  failed(e: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  /** The answer it is reading, with its deadline. */
  current: { id: number; job: Job; timer: NodeJS.Timeout } | null;
  /** Stopped on purpose (its answer's time ran out, or `stopWordsReader`): its exit is no failure. */
  stopped: boolean;
}

let thread: Thread | null = null;
let startFailures = 0;
let nextId = 0;
const queue: Job[] = [];
/** The logger of the activity that last asked (the thread's events come outside any activity's context). */
let logger: Pick<Console, 'warn'> = console;

const readHere = (job: Job) => {
  try {
    job.done({ packed: packWords(readWords(job.text, job.asked)) });
  } catch (e) {
    job.failed(e as Error);
  }
};

function started(): Thread | null {
  if (thread) return thread;
  if (startFailures >= MAX_START_FAILURES) return null;
  const t: Thread = { worker: new Worker(THREAD_FILE), ready: false, current: null, stopped: false };
  // An idle reader does not keep the process alive; an answer being read is awaited by its activity.
  t.worker.unref();
  let failure: Error | null = null;
  t.worker.on('message', (m: { ready?: true; id?: number; packed?: PackedWords; error?: string }) => {
    if (m.ready) {
      t.ready = true;
      startFailures = 0;
      return pump();
    }
    const c = t.current;
    if (!c || c.id !== m.id) return;
    clearTimeout(c.timer);
    t.current = null;
    // The reading itself threw: it would on the main thread too, so the activity fails (and is retried) as it would there.
    if (m.packed) c.job.done({ packed: m.packed });
    else c.job.failed(new Error(`reading the answer's words failed: ${m.error}`));
    pump();
  });
  t.worker.on('error', (e) => {
    failure = e;
  });
  t.worker.on('exit', (code) => {
    if (thread === t) thread = null;
    const c = t.current;
    t.current = null;
    if (c) clearTimeout(c.timer);
    if (!t.stopped) {
      if (!t.ready) startFailures += 1;
      logger.warn(t.ready ? "the thread reading answers' words stopped" : "the thread reading answers' words did not start", {
        exitCode: code,
        error: failure?.message,
        ...(c ? { answer: 'left unread: the turn does not show its prose' } : {}),
        ...(startFailures >= MAX_START_FAILURES ? { from: 'now on, every answer is read on the main thread' } : {}),
      });
      c?.job.done({ unread: 'the thread reading its words stopped' });
    }
    pump();
  });
  thread = t;
  return t;
}

/** Gives the thread the next answer when it is free; where there is no thread to be had, reads them all here. */
function pump(): void {
  if (queue.length === 0) return;
  const t = started();
  if (!t) {
    for (const job of queue.splice(0)) readHere(job);
    return;
  }
  if (!t.ready || t.current) return;
  const job = queue.shift()!;
  const id = nextId++;
  const timer = setTimeout(() => {
    if (t.current?.id !== id) return;
    t.current = null;
    t.stopped = true;
    if (thread === t) thread = null;
    job.done({ unread: `reading its words took longer than ${job.timeoutMs} ms` });
    void t.worker.terminate();
    pump();
  }, job.timeoutMs);
  t.current = { id, job, timer };
  t.worker.postMessage({ id, text: job.text, asked: job.asked });
}

/** Starts the thread ahead of the first answer (a worker does as it is created: the thread loads its modules meanwhile). */
export function startWordsReader(): void {
  started();
}

/**
 * `text`'s words read for what `asked` asks (`readWords`), packed as the activity returns them; or, where reading
 * them took longer than `timeoutMs` once the thread took them, or the thread stopped while reading them, why not.
 */
export function readAnswerWords(text: string, asked: WordsAsked, timeoutMs = DEFAULT_WORDS_TIMEOUT_MS): Promise<WordsReading> {
  logger = activityLogger() ?? logger;
  return new Promise((done, failed) => {
    queue.push({ text, asked, timeoutMs, done, failed });
    pump();
  });
}

const activityLogger = () => {
  try {
    return Context.current().log;
  } catch {
    return undefined;
  }
};

/** Stops the thread (tests; a process that exits needs nothing). An answer it was reading is read again, by a new one. */
export async function stopWordsReader(): Promise<void> {
  const t = thread;
  if (!t) return;
  t.stopped = true;
  thread = null;
  const c = t.current;
  t.current = null;
  if (c) {
    clearTimeout(c.timer);
    queue.unshift(c.job);
  }
  await t.worker.terminate();
}
