/**
 * A static guard beside the replay tests: workflow code imports only definitions and
 * @temporalio/workflow, and uses no clock, randomness or I/O the sandbox would not replay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ALLOWED = [/^@temporalio\/workflow$/, /^\.\/[\w-]+\.js$/, /^\.\.\/domain\/[\w-]+\.js$/, /^zod$/];
// Type-only imports are erased at bundle time, so workflows may name activity and adapter types.
const TYPE_ONLY = /^import type /;

it.each(fs.readdirSync('workflows').filter((f) => f.endsWith('.ts')))('workflows/%s stays deterministic', (file) => {
  const src = fs.readFileSync(path.join('workflows', file), 'utf8');
  const imports = [...src.matchAll(/^import[^;]*?from '([^']+)';/gms)];
  for (const m of imports) {
    if (TYPE_ONLY.test(m[0])) continue;
    expect(ALLOWED.some((re) => re.test(m[1]!)), `${file} imports ${m[1]}`).toBe(true);
  }
  expect(src).not.toMatch(/Math\.random|process\.|require\(|setTimeout\(|fetch\(/);
});

it('domain/ (imported by workflows) does no I/O', () => {
  for (const file of fs.readdirSync('domain')) {
    const src = fs.readFileSync(path.join('domain', file), 'utf8');
    expect(src, file).not.toMatch(/from 'node:|from 'fs'|from 'pg'|fetch\(|process\.env/);
  }
});
