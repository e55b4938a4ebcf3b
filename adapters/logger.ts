/** Structured logs (pino). Secrets are redacted by path; callers never log keys or full prompts. */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };
/** JSON lines on stdout (or `destination`), one logger per process part (`name`: api, worker, temporal…). */
export function createLogger(level = 'info', name = 'copilot', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: ['*.apiKey', '*.authorization', 'req.headers.authorization', '*.key'], censor: '[redacted]' },
    },
    destination,
  );
}
