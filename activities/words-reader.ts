/**
 * The answer's words, read in threads of their own.
 *
 * The verifier's activity reads the words of the answer it checks (domain/answer-words.ts), so the workflow thread
 * does not: 20–30 ms for an ordinary answer, about a second for 20,000 characters of the bench's hostile shapes, and
 * far more for some (one sentence of a thousand pieces, each ending in a figure, is read again from each of them). Read
 * on the worker's main thread, that would hold up every activity, poll and (with `npm start`) HTTP request of the
 * process meanwhile; so threads of their own read them (`activities/words-thread.mjs`), each one answer at a time:
 * one started with the worker (or at the first answer), a second only while an answer waits behind one the first has
 * been reading for 200 ms (it goes after 30 s idle), so one long reading does not hold up every other turn's. Only a thread with an answer to read
 * keeps the process alive (a script's reading comes back; a process whose work is done exits).
 *
 * Each answer gets `timeoutMs` from the moment a thread takes it: past it, that thread is stopped (a thread torn down,
 * not a `vm` timeout inside one, which is what can abort a process with async hooks), the answer comes back unread
 * (`unread`: the turn then does not show the prose, as when the verifier fails), and a new thread takes what waits.
 *
 * A thread that cannot start (its module fails to load) is tried again for the next answer; after three such failures
 * in a row the process reads every answer on its main thread, with a warning, so a turn never fails for it; an answer
 * over HERE_MAX_CHARS it leaves unread there. A thread that stops while reading (not by the timeout) leaves that answer unread.
 */
import { Context } from '@temporalio/activity';
import { Worker } from 'node:worker_threads';
import { packWords, readWords, type PackedWords, type WordsAsked } from '../domain/answer-words.js';

/** The thread's module (`useThreadFile` sets another, for tests of a thread that fails). */
let threadFile = new URL('./words-thread.mjs', import.meta.url);
/** Threads that failed to start in a row after which the process reads on its main thread. */
const MAX_START_FAILURES = 3;
/** Threads at most: one hostile answer being read does not hold up the others. */
const MAX_THREADS = 2;
/** How long a thread beyond the first stays idle before it goes. */
const EXTRA_THREAD_IDLE_MS = 30_000;
/** How long the busy threads' answers have been read for before an answer waiting behind them starts another. */
const SECOND_THREAD_AFTER_MS = 200;
/**
 * The longest answer read on the main thread where no thread will start: the slowest shape known (one sentence of
 * figure-ended pieces naming a room) takes about 1.4 s at 4,000 characters there, and 37 s at 20,000. A longer one
 * comes back unread (its prose is not shown), rather than hold up every activity, poll and request meanwhile.
 */
const HERE_MAX_CHARS = 4_000;
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
  current: { id: number; job: Job; timer: NodeJS.Timeout; since: number } | null;
  /** Stopped on purpose (its answer's time ran out, it was idle, or `stopWordsReader`): its exit is no failure. */
  stopped: boolean;
  /** For a thread beyond the first: when it goes, idle. */
  idle: NodeJS.Timeout | null;
}

/** The threads: the first started with the worker, a second only while an answer waits behind a long reading. */
const threads: Thread[] = [];
let startFailures = 0;
let nextId = 0;
const queue: Job[] = [];
/** A look again at whether to start another thread, once the answers being read have been for `SECOND_THREAD_AFTER_MS`. */
let spawnCheck: NodeJS.Timeout | null = null;
/** The logger of the activity that last asked (the threads' events come outside any activity's context). */
let logger: Pick<Console, 'warn'> = console;

const readHere = (job: Job) => {
  if (job.text.length > HERE_MAX_CHARS) {
    job.done({ unread: `no thread could read its words, and at ${job.text.length} characters (over ${HERE_MAX_CHARS}) they are not read on the main thread, which they could hold up for seconds` });
    return;
  }
  try {
    job.done({ packed: packWords(readWords(job.text, job.asked)) });
  } catch (e) {
    job.failed(e as Error);
  }
};

function spawn(): Thread | null {
  if (startFailures >= MAX_START_FAILURES) return null;
  const t: Thread = { worker: new Worker(threadFile), ready: false, current: null, stopped: false, idle: null };
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
    // A thread beyond the first goes once it has been idle a while.
    if (!t.current && threads.indexOf(t) > 0) {
      t.idle = setTimeout(() => !t.current && stop(t), EXTRA_THREAD_IDLE_MS);
      t.idle.unref();
    }
  });
  t.worker.on('error', (e) => {
    failure = e;
  });
  t.worker.on('exit', (code) => {
    drop(t);
    const c = t.current;
    t.current = null;
    if (c) clearTimeout(c.timer);
    if (!t.stopped) {
      if (!t.ready) startFailures += 1;
      logger.warn(t.ready ? "a thread reading answers' words stopped" : "a thread reading answers' words did not start", {
        exitCode: code,
        error: failure?.message,
        ...(c ? { answer: 'left unread: the turn does not show its prose' } : {}),
        ...(startFailures >= MAX_START_FAILURES ? { from: 'now on, every answer is read on the main thread' } : {}),
      });
      c?.job.done({ unread: 'the thread reading its words stopped' });
    }
    pump();
  });
  threads.push(t);
  return t;
}

/** Stops `t` on purpose (its exit is no failure); it takes no more answers. */
function stop(t: Thread): Promise<number> {
  t.stopped = true;
  if (t.idle) clearTimeout(t.idle);
  drop(t);
  return t.worker.terminate();
}

function drop(t: Thread): void {
  const i = threads.indexOf(t);
  if (i >= 0) threads.splice(i, 1);
}

/** Hands out what waits (`assign`), then lets only a thread with work keep the process alive. */
function pump(): void {
  assign();
  // A thread reading an answer, or starting while answers wait, holds the process open (an answer's caller may be all
  // that is left, as in a script); an idle one does not, so a process whose work is done exits. Set after the
  // listeners, which ref the thread again.
  for (const t of threads) {
    if (t.current || (!t.ready && queue.length > 0)) t.worker.ref();
    else t.worker.unref();
  }
}

/** Gives each free thread the next answer; starts a second while answers wait behind a long reading; with no thread to be had, reads them here. */
function assign(): void {
  while (queue.length > 0) {
    const t = threads.find((x) => x.ready && !x.current);
    if (!t) {
      // One is starting (it takes the next answer when ready), or all are busy and there are as many as there may be.
      if (threads.some((x) => !x.ready) || threads.length >= MAX_THREADS) return;
      // Another only once an answer has been read for a while: answers read in a moment (a burst of ordinary ones)
      // pass through one thread, and starting another (about a second of a core) would cost more than it saves.
      const since = Math.min(...threads.map((x) => (x.current ? performance.now() - x.current.since : Infinity)));
      if (since < SECOND_THREAD_AFTER_MS) {
        spawnCheck ??= setTimeout(() => ((spawnCheck = null), pump()), SECOND_THREAD_AFTER_MS - since);
        return;
      }
      if (spawn()) return;
      if (threads.length > 0) return;
      for (const job of queue.splice(0)) readHere(job);
      return;
    }
    if (t.idle) clearTimeout(t.idle);
    const job = queue.shift()!;
    const id = nextId++;
    const timer = setTimeout(() => {
      if (t.current?.id !== id) return;
      t.current = null;
      job.done({ unread: `reading its words took longer than ${job.timeoutMs} ms` });
      void stop(t);
      pump();
    }, job.timeoutMs);
    t.current = { id, job, timer, since: performance.now() };
    t.worker.postMessage({ id, text: job.text, asked: job.asked });
  }
}

/** Starts the first thread ahead of the first answer (a worker does as it is created: the thread loads its modules meanwhile). */
export function startWordsReader(): void {
  if (threads.length === 0) spawn();
  pump();
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

/** Stops the threads (tests; a process that exits needs nothing). Answers they were reading are read again, by new ones. */
export async function stopWordsReader(): Promise<void> {
  const all = [...threads];
  for (const t of all) {
    const c = t.current;
    t.current = null;
    if (c) {
      clearTimeout(c.timer);
      queue.unshift(c.job);
    }
  }
  await Promise.all(all.map(stop));
}

/** Threads started from now on run `file` instead (tests: a module that fails to load), and the count of failures starts again. */
export function useThreadFile(file: URL): void {
  threadFile = file;
  startFailures = 0;
}
