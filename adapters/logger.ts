/** Structured logs (pino). Secrets are redacted by path; callers never log keys or full prompts. */
import { pino, type Logger } from 'pino';

export type { Logger };
export function createLogger(level = 'info', name = 'copilot'): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['*.apiKey', '*.authorization', 'req.headers.authorization', '*.key'], censor: '[redacted]' },
  });
}
