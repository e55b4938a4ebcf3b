/**
 * The code issue 17 measured, run in the same bench run: its "12 turns/s" was a figure of one moment on
 * a machine whose speed varies by about 2× from hour to hour, so the bench runs that commit's turns
 * again beside today's (as it runs LangGraph beside them) and reports the ratio. The commit's tree is
 * unpacked with `git archive` into a temporary folder that shares this checkout's node_modules, and
 * bench/baseline-turns.ts runs its bursts in a process of its own.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnProcess } from '../test/support/worker-process.js';
import type { BurstFigure } from './burst.js';

/** The last commit before issue 17's first change (435862b, the dev server's tuning). */
export const ISSUE_17_BASELINE = '7ffb0bd';

/** Figures by burst, keyed as the bench keys its own: `200`, and `200 (warm)` for a level run again. */
export type Baseline = { commit: string; localActivities: string; figures: Record<string, BurstFigure> } | { commit: string; problem: string };

/** Runs `levels` bursts of 3-hop turns on `commit`'s tree; a problem (say, a shallow clone) instead of figures. */
export async function baselineConcurrency(levels: number[], commit = process.env.BENCH_BASELINE_COMMIT ?? ISSUE_17_BASELINE): Promise<Baseline> {
  let sha: string;
  try {
    sha = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return { commit, problem: `commit ${commit} is not in this clone (a shallow clone has no history)` };
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  try {
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${root}"`]);
    fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
    const run = spawnProcess('bench/baseline-turns.ts', { BASELINE_ROOT: root, BASELINE_LEVELS: levels.join(','), LOG_LEVEL: 'warn' }, 'BASELINE ');
    const exited = new Promise<number | null>((resolve) => run.child.once('exit', (code) => resolve(code)));
    await run.ready;
    const code = await exited;
    const line = /^BASELINE (.*)$/m.exec(run.output())?.[1];
    if (code !== 0 || !line) return { commit: sha.slice(0, 7), problem: `the baseline run exited ${code}: ${run.output().slice(-500)}` };
    const out = JSON.parse(line) as { localActivities: string; figures: BurstFigure[] };
    const figures: Record<string, BurstFigure> = {};
    levels.forEach((c, i) => (figures[levels.indexOf(c) < i ? `${c} (warm)` : `${c}`] = out.figures[i]!));
    return { commit: sha.slice(0, 7), localActivities: out.localActivities, figures };
  } catch (e) {
    return { commit: sha.slice(0, 7), problem: (e as Error).message.slice(0, 500) };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
