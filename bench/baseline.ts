/**
 * The code issue 17 measured, run in the same bench run: its "12 turns/s" was a figure of one moment on
 * a machine whose speed varies by about 2× from hour to hour, so the bench runs that commit's turns
 * again beside today's (as it runs LangGraph beside them) and reports the ratio. The commit's tree is
 * unpacked with `git archive` into a temporary folder that shares this checkout's node_modules, and
 * bench/baseline-turns.ts runs its bursts in a process of its own.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePipTool, TEMPORAL_CLI } from '../app/tools.js';
import type { BurstFigure } from './burst.js';

/** The last commit before issue 17's first change (435862b, the dev server's tuning). */
export const ISSUE_17_BASELINE = '7ffb0bd';
/** How long the baseline's bursts may take before the bench gives up on them (BENCH_BASELINE_TIMEOUT_S). */
const TIMEOUT_S = Number(process.env.BENCH_BASELINE_TIMEOUT_S ?? 900);

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
  // The CLI this bench's own dev server used, wherever it was found or unpacked, for the older tree too.
  const cli = ensurePipTool({ ...TEMPORAL_CLI, ...(process.env.TEMPORAL_CLI_PATH ? { explicit: process.env.TEMPORAL_CLI_PATH } : {}) }, { toolsDir: path.resolve('test/.artifacts/tools') });
  if (cli.path === null) return { commit, problem: `no temporal CLI: ${cli.reason}` };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  try {
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${root}"`]);
    fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
    // A process group of its own: a run that overstays, or dies, takes its dev server with it.
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-turns.ts'], {
      env: { ...process.env, BASELINE_ROOT: root, BASELINE_LEVELS: levels.join(','), LOG_LEVEL: 'warn', TEMPORAL_CLI_PATH: cli.path },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += String(d)));
    child.stderr.on('data', (d: Buffer) => (output += String(d)));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, TIMEOUT_S * 1000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    killGroup();
    const line = /^BASELINE (.*)$/m.exec(output)?.[1];
    if (code !== 0 || !line) return { commit: sha.slice(0, 7), problem: `${timedOut ? `the baseline run took more than ${TIMEOUT_S} s` : `the baseline run exited ${code}`}: ${output.slice(-500)}` };
    const out = JSON.parse(line) as { localActivities: string; figures: BurstFigure[] };
    const figures: Record<string, BurstFigure> = {};
    levels.forEach((c, i) => (figures[levels.indexOf(c) < i ? `${c} (warm)` : `${c}`] = out.figures[i]!));
    return { commit: sha.slice(0, 7), localActivities: out.localActivities, figures };
  } catch (e) {
    return { commit: sha.slice(0, 7), problem: `${timedOut ? `the baseline run took more than ${TIMEOUT_S} s: ` : ''}${(e as Error).message.slice(0, 500)}` };
  } finally {
    clearTimeout(timer);
    fs.rmSync(root, { recursive: true, force: true });
  }
}
