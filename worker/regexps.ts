/**
 * How V8 runs the regular expressions of a worker: compiled to machine code when first run, rather than
 * interpreted from bytecode until they have run often enough to be compiled ("tier-up", V8's default).
 *
 * Why: a turn's answer is read with a few hundred large patterns of words (domain/undone-words.ts,
 * domain/claim-words.ts; by the verifier's activity, in a thread of the worker's own: activities/words-reader.ts).
 * With tier-up, once a process had read an answer outside Latin-1 (Chinese, Japanese, Korean, Russian:
 * V8 keeps such a string in two bytes a character), the same patterns then ran 10 to 20 times slower on
 * Latin-1 text: 20,000 characters of "Room 3 at 14:00? " after a rejected booking took 9.9 s to read after
 * 20,000 characters of Chinese (0.7 s without them); on the workflow thread, where they were read until
 * 2026-12-06, the activation failed its task for a deadlock, on every retry, and now every answer after it
 * would wait in the reader's queue. Compiled at once, the same pair takes 1.2 s and 0.7 s (docs/performance.md,
 * "The answer's words, read off the workflow thread"; `npm run bench -- --only=answer-check`).
 *
 * V8 takes the flag from the command line only: not from NODE_OPTIONS, and set later in a running process
 * (`v8.setFlagsFromString`) it crashed the process now and then (a regular expression compiled before, run
 * after). So every process that runs a worker starts with it: app/with-allocator.sh adds it to `node` and
 * `tsx` (`npm start`, `npm run worker`, the compose worker, the image), package.json's bench, eval and
 * record-histories scripts and the vitest pools pass it. A worker started without it runs, with a warning.
 */

/** The V8 flag. */
export const COMPILE_REGEXPS_AT_ONCE = '--no-regexp-tier-up';

/** Whether this process was started with it (the worker's `worker running` log line reports it). */
export const regExpsCompiledAtOnce = (): boolean => process.execArgv.includes(COMPILE_REGEXPS_AT_ONCE);

let warned = false;

/** Warns once where a worker is started in a process without it. */
export function checkRegExpsCompiledAtOnce(): void {
  if (warned || regExpsCompiledAtOnce()) return;
  warned = true;
  process.emitWarning(
    `this worker's process was started without ${COMPILE_REGEXPS_AT_ONCE}: after an answer in another script, the words of a long one read 10 to 20 times slower, seconds where they took under one, each answer after it waiting (start it with node ${COMPILE_REGEXPS_AT_ONCE}, as app/with-allocator.sh does)`,
    { code: 'COPILOT_REGEXP_TIER_UP' },
  );
}
