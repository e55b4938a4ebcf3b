/** Where the browser tests find Chromium (Debian's package; playwright-core drives it). */
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Browser tests run when Chromium is here; in CI they must (a missing browser there is a failure). */
export const hasBrowser = fs.existsSync(CHROMIUM_PATH) || process.env.CI === 'true';
