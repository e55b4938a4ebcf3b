/**
 * How V8 runs the regular expressions of this process: compiled to machine code when first run, rather than
 * interpreted from bytecode until they have run often enough to be compiled ("tier-up", V8's default).
 *
 * Why: the answer check reads a model's answer on the workflow thread with a few hundred large patterns
 * of words (domain/undone-words.ts, domain/claim-words.ts), under the SDK's 5 s limit per activation.
 * With tier-up, once a workflow thread had read an answer outside Latin-1 (Chinese, Japanese, Korean,
 * Russian: V8 keeps such a string in two bytes a character), the same patterns then ran 10 to 20 times
 * slower on Latin-1 text: 20,000 characters of "Room 3 at 14:00? " after a rejected booking took 9.5–11 s
 * to read in a workflow thread that had read 20,000 characters of Chinese before (0.6–0.7 s without
 * it), so the activation failed its task for a deadlock, on every retry. Compiled at once, the same pair
 * takes 1.2 s and 0.6 s, and 20,000 characters of the honesty corpus's sentences 0.5 s rather than 1.7–2.5 s
 * (docs/performance.md, "The answer check on the workflow thread"). `npm run bench` measures it.
 *
 * V8 takes this flag from the command line or `v8.setFlagsFromString`, not from NODE_OPTIONS; it is one
 * per process (the workflow threads are threads of it), and a pattern compiled after it is set is compiled
 * at once. So the worker sets it before it starts its workflow threads (worker/worker.ts).
 */
import v8 from 'node:v8';

let compiledAtOnce = false;

/** Has V8 compile each regular expression to machine code when it first runs (from now on, in this process). */
export function compileRegExpsAtOnce(): void {
  if (compiledAtOnce) return;
  v8.setFlagsFromString('--no-regexp-tier-up');
  compiledAtOnce = true;
}

/** Whether this process has set it (the worker's `worker running` log line reports it). */
export const regExpsCompiledAtOnce = (): boolean => compiledAtOnce;
