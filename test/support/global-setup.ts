/**
 * Once per test run: a real Temporal dev server (the `temporal` CLI, in memory, headless) and the
 * workflow bundle, shared by every test file through `inject`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevServer, type DevServer } from '../../worker/dev-server.js';
import { bundleWorkflow } from '../../worker/worker.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    workflowBundlePath: string;
  }
}

let server: DevServer | undefined;

export async function setup(project: TestProject) {
  const dir = path.resolve('test/.artifacts');
  fs.mkdirSync(dir, { recursive: true });
  const [dev, bundle] = await Promise.all([
    startDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH }),
    bundleWorkflow(),
  ]);
  server = dev;
  const bundlePath = path.join(dir, 'workflow-bundle.js');
  fs.writeFileSync(bundlePath, bundle.code);
  project.provide('temporalAddress', dev.address);
  project.provide('workflowBundlePath', bundlePath);
}

export async function teardown() {
  await server?.stop();
}
