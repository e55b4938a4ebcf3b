/** The local stack's Temporal dev server: the Web UI that `npm start` prints is really served. */
import { afterEach, expect, it } from 'vitest';
import { freePort, startDevServer, type DevServer } from '../../worker/dev-server.js';

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
