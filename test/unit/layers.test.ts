/**
 * The floors of the house (docs/ARCHITECTURE.md, "Where code lives"), read from the import graph of the
 * source folders, `import type` and dynamic `import()` included:
 *
 *   entry points (api/main.ts, worker/main.ts, app/start.ts, evals/cli.ts) → may import anything
 *   evals/     a leaf: only entry points import it; it may import every floor below
 *   app/       the composition root (runtime, process toolkit, local stack)
 *   api/ | worker/   side by side, never importing each other
 *   workflows/ | activities/
 *   adapters/
 *   domain/
 *
 * No folder imports one above it, and no file imports itself round a circle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['evals', 'app', 'api', 'worker', 'workflows', 'activities', 'adapters', 'domain'] as const;
type Folder = (typeof FOLDERS)[number];
const ENTRY_POINTS = new Set(['api/main.ts', 'worker/main.ts', 'app/start.ts', 'evals/cli.ts']);
/** What each folder may import besides itself. */
const MAY_IMPORT: Record<Folder, Folder[]> = {
  evals: ['app', 'api', 'worker', 'workflows', 'activities', 'adapters', 'domain'],
  app: ['api', 'worker', 'workflows', 'activities', 'adapters', 'domain'],
  api: ['workflows', 'activities', 'adapters', 'domain'],
  worker: ['workflows', 'activities', 'adapters', 'domain'],
  workflows: ['activities', 'adapters', 'domain'],
  activities: ['workflows', 'adapters', 'domain'],
  adapters: ['domain'],
  domain: [],
};

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'web' && e.name !== 'node_modules') walk(rel);
      } else if (/\.(ts|mjs)$/.test(e.name)) out.push(rel);
    }
  };
  for (const f of FOLDERS) walk(f);
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** file → the project files it imports (relative specifiers, `.js` resolved to the `.ts` source). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(f), spec));
      const candidates = [resolved, resolved.replace(/\.js$/, '.ts'), `${resolved}.ts`, `${resolved}/index.ts`];
      const hit = candidates.find((c) => known.has(c));
      if (hit) targets.add(hit);
    }
    graph.set(f, [...targets]);
  }
  return graph;
}

/** Every circle of imports (strongly connected components of more than one file, or a self-import). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const folderOf = (f: string) => f.split('/')[0] as Folder;

describe('the import graph', () => {
  const files = sourceFiles();
  const graph = importGraph(files);

  it('reads the whole tree (a sanity check on the reader itself)', () => {
    expect(files.length).toBeGreaterThan(60);
    expect(graph.get('workflows/turn.ts')).toContain('domain/types.ts');
    expect(graph.get('app/start.ts')).toContain('api/server.ts');
    // `import type` counts: the workflow names its activities by type only.
    expect(graph.get('workflows/runners.ts')).toContain('activities/index.ts');
  });

  it('has no circles', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no import from a lower floor to a higher one, api/ and worker/ never import each other, and only entry points import evals/', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      if (ENTRY_POINTS.has(from)) continue;
      for (const to of targets) {
        const a = folderOf(from);
        const b = folderOf(to);
        if (a !== b && !MAY_IMPORT[a].includes(b)) wrong.push(`${from} → ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('catches what it is meant to: a circle and an upward import planted in a copy of the graph', () => {
    const planted = new Map(graph);
    planted.set('domain/time.ts', [...(graph.get('domain/time.ts') ?? []), 'domain/types.ts']);
    expect(circles(planted).flat()).toEqual(expect.arrayContaining(['domain/outcomes.ts', 'domain/time.ts']));
    expect(MAY_IMPORT.domain.includes(folderOf('adapters/db.ts'))).toBe(false);
    expect(MAY_IMPORT.api.includes('worker')).toBe(false);
    expect(MAY_IMPORT.worker.includes('api')).toBe(false);
  });
});
