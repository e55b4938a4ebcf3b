/**
 * The local stack's Temporal dev server: the Web UI that `npm start` prints is really served, and a
 * start that lost an internal port to another process is tried again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { findTemporalCli, freePort, startDevServer, type DevServer } from '../../worker/dev-server.js';

let dev: DevServer | null = null;
afterEach(async () => {
  await dev?.stop();
  dev = null;
});

it.each([
  ['without a codec endpoint', undefined],
  ['with the codec endpoint (PAYLOAD_ENCRYPTION_KEY set)', 'http://127.0.0.1:3000/codec'],
])('serves the Web UI when asked, %s', async (_name, codecEndpoint) => {
  dev = await startDevServer({ ui: true, uiPort: await freePort(), ...(codecEndpoint ? { codecEndpoint } : {}) });
  expect(dev.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  let status = 0;
  for (let i = 0; i < 40 && status !== 200; i++) {
    status = await fetch(dev.uiUrl!).then((r) => r.status, () => 0);
    if (status !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  expect(status).toBe(200);
}, 60_000);

it('starts again when the CLI loses one of its own internal ports to another process, and not when its port is taken', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  // A CLI whose first start dies the way the real one does when an internal port was taken meanwhile.
  const cli = path.join(dir, 'temporal');
  fs.writeFileSync(
    cli,
    `#!/bin/sh
if [ ! -f "${dir}/tried" ]; then
  touch "${dir}/tried"
  echo 'level=ERROR msg="Failed to start gRPC listener" error="listen tcp 127.0.0.1:38445: bind: address already in use" service=worker' >&2
  exit 2
fi
exec "${findTemporalCli(process.env.TEMPORAL_CLI_PATH)}" "$@"
`,
    { mode: 0o755 },
  );
  const said: string[] = [];
  dev = await startDevServer({ cliPath: cli, log: (s) => said.push(s) });
  expect(fs.existsSync(path.join(dir, 'tried'))).toBe(true);
  expect(said).toContain('the Temporal dev server lost an internal port to another process; starting it again');
  await dev.stop();
  dev = null;

  // Its own port taken: no retry, the error says so.
  fs.writeFileSync(cli, `#!/bin/sh\necho 'error="listen tcp 127.0.0.1:'"$6"': bind: address already in use"' >&2\nexit 2\n`, { mode: 0o755 });
  said.length = 0;
  await expect(startDevServer({ cliPath: cli, log: (s) => said.push(s) })).rejects.toThrow(/exited with code 2[\s\S]*address already in use/);
  expect(said).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);
