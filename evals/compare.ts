/** Compares two eval reports scenario by scenario: what broke, what got fixed, what is new or gone. */
import type { EvalReport } from './grader.js';

export interface Comparison {
  regressions: string[];
  fixes: string[];
  added: string[];
  removed: string[];
}

export function compareReports(previous: Pick<EvalReport, 'results'>, current: Pick<EvalReport, 'results'>): Comparison {
  const before = new Map(previous.results.map((r) => [r.id, r.pass]));
  const after = new Map(current.results.map((r) => [r.id, r.pass]));
  const out: Comparison = { regressions: [], fixes: [], added: [], removed: [] };
  for (const [id, pass] of after) {
    if (!before.has(id)) out.added.push(id);
    else if (before.get(id) && !pass) out.regressions.push(id);
    else if (!before.get(id) && pass) out.fixes.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) out.removed.push(id);
  return out;
}

export function formatComparison(c: Comparison): string {
  const line = (label: string, ids: string[]) => `${label} (${ids.length})${ids.length ? `: ${ids.join(', ')}` : ''}`;
  return [line('regressions', c.regressions), line('fixes', c.fixes), ...(c.added.length ? [line('new', c.added)] : []), ...(c.removed.length ? [line('gone', c.removed)] : [])].join('\n');
}
