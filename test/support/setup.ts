/** Per test worker: keep the Temporal runtime's logs to errors, so test output stays readable. */
import { DefaultLogger, Runtime } from '@temporalio/worker';

try {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
} catch {
  /* a runtime is already installed in this worker */
}
