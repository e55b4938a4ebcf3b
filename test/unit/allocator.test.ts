/**
 * app/with-allocator.sh, the launcher `npm start`, `npm run worker`, `npm run api`, the image and the
 * tests' worker processes go through: jemalloc preloaded where it is installed (MEMORY_ALLOCATOR=auto),
 * glibc's malloc with two arenas when asked, a clear refusal for a value it does not know or a jemalloc
 * it cannot find, node started with --no-regexp-tier-up, and the command exec'd with its arguments intact
 * (so signals reach node itself).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// The jemalloc the launcher finds on its own on this machine, if any.
import { installedJemalloc as installed } from '../support/jemalloc.js';

const LAUNCHER = 'app/with-allocator.sh';
/** What a node process started through the launcher sees: its pid, allocator, arena setting, preloads, argv. */
const PROBE = `const maps = require('fs').readFileSync('/proc/self/maps', 'utf8');
console.log(JSON.stringify({ pid: process.pid, jemalloc: /libjemalloc/.test(maps), libm: /libm[.-]/.test(maps), arenas: process.env.MALLOC_ARENA_MAX ?? null, preload: process.env.LD_PRELOAD ?? null, argv: process.argv.slice(1), execArgv: process.execArgv }));`;

/** The environment without the caller's allocator settings, plus `env`. */
function envWith(env: Record<string, string>) {
  const base = { ...process.env };
  for (const k of ['MEMORY_ALLOCATOR', 'JEMALLOC_LIBRARY', 'MALLOC_ARENA_MAX', 'LD_PRELOAD']) delete base[k];
  return { ...base, ...env };
}

function launch(env: Record<string, string>, args: string[] = []) {
  const r = spawnSync('sh', [LAUNCHER, process.execPath, '-e', PROBE, ...args], { env: envWith(env), encoding: 'utf8' });
  const probe = r.status === 0 ? (JSON.parse(r.stdout) as { pid: number; jemalloc: boolean; libm: boolean; arenas: string | null; preload: string | null; argv: string[]; execArgv: string[] }) : null;
  return { status: r.status, stderr: r.stderr, stdout: r.stdout, probe };
}

const linux = process.platform === 'linux';

describe.skipIf(!linux)('the allocator launcher', () => {
  it.skipIf(!installed)('preloads jemalloc by default where it is installed, with two arenas set for glibc', () => {
    const r = launch({});
    expect(r.status, r.stderr).toBe(0);
    expect(r.probe).toMatchObject({ jemalloc: true, arenas: '2', preload: installed });
    expect(launch({ MEMORY_ALLOCATOR: 'jemalloc' }).probe).toMatchObject({ jemalloc: true });
  });

  it('keeps glibc when asked, and an arena count the caller set', () => {
    const r = launch({ MEMORY_ALLOCATOR: 'glibc' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.probe).toMatchObject({ jemalloc: false, arenas: '2', preload: null });
    expect(launch({ MEMORY_ALLOCATOR: 'glibc', MALLOC_ARENA_MAX: '4' }).probe).toMatchObject({ arenas: '4' });
  });

  it('falls back to glibc quietly in auto when no jemalloc is found, and refuses when jemalloc was required', () => {
    const auto = launch({ JEMALLOC_LIBRARY: '/nonexistent/libjemalloc.so.2' });
    expect(auto.status, auto.stderr).toBe(0);
    expect(auto.stderr).toBe('');
    expect(auto.probe).toMatchObject({ jemalloc: false, preload: null });

    const required = launch({ MEMORY_ALLOCATOR: 'jemalloc', JEMALLOC_LIBRARY: '/nonexistent/libjemalloc.so.2' });
    expect(required.status).toBe(69);
    expect(required.stdout).toBe(''); // the command never ran
    expect(required.stderr).toContain('no jemalloc library was found at /nonexistent/libjemalloc.so.2');
    expect(required.stderr).toContain('apt-get install libjemalloc2');
  });

  it.each(['JEMALLOC', 'tcmalloc', 'auto; rm -rf /', ''])('refuses MEMORY_ALLOCATOR=%j without running the command', (value) => {
    const r = launch({ MEMORY_ALLOCATOR: value });
    if (value === '') {
      // Empty is unset: the default.
      expect(r.status, r.stderr).toBe(0);
      return;
    }
    expect(r.status).toBe(64);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('MEMORY_ALLOCATOR must be auto, jemalloc or glibc');
  });

  it.skipIf(!installed)('puts jemalloc ahead of an LD_PRELOAD the caller set, and does not add it twice', () => {
    const libm = ['x86_64', 'aarch64'].map((a) => `/lib/${a}-linux-gnu/libm.so.6`).find((p) => fs.existsSync(p));
    if (libm) {
      const r = launch({ LD_PRELOAD: libm });
      expect(r.status, r.stderr).toBe(0);
      expect(r.probe).toMatchObject({ jemalloc: true, libm: true, preload: `${installed}:${libm}` });
    }
    expect(launch({ LD_PRELOAD: installed! }).probe).toMatchObject({ jemalloc: true, preload: installed });
  });

  it('starts node with its patterns compiled when first run (worker/regexps.ts), and any other command as it is', () => {
    const r = launch({});
    expect(r.status, r.stderr).toBe(0);
    expect(r.probe!.execArgv).toContain('--no-regexp-tier-up');
    const other = spawnSync('sh', [LAUNCHER, 'echo', 'node', '--import', 'tsx'], { env: envWith({}), encoding: 'utf8' });
    expect(other.stdout).toBe('node --import tsx\n');
  });

  it('execs the command: the same process, so signals reach it, with its arguments unchanged', async () => {
    const args = ['two words', '$HOME', '"quoted"', ''];
    const r = launch({}, args);
    expect(r.status, r.stderr).toBe(0);
    expect(r.probe!.argv).toEqual(args);

    // A signal to the launched pid reaches node, which handles it.
    const child = spawn('sh', [LAUNCHER, process.execPath, '-e', "process.on('SIGTERM', () => { console.log('stopping'); process.exit(0); }); console.log(process.pid); setInterval(() => {}, 1000);"], {
      env: envWith({}),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    await new Promise<void>((resolve) => child.stdout!.on('data', (d) => ((out += String(d)), out.includes('\n') && resolve())));
    expect(Number(out.trim())).toBe(child.pid);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(out).toContain('stopping');
  });
});
