/**
 * Bearer tokens and constant-time lookups of secrets (API keys, the metrics token, the codec token),
 * shared by the API's authentication and the worker's metrics endpoint.
 */
import crypto from 'node:crypto';
import type { ApiKey } from './config.js';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;
}

/**
 * Looks a token up among secrets (API keys, the metrics token): every entry is compared, in constant
 * time over fixed-length digests, so timing reveals neither which one matched nor a matching prefix.
 */
export function secretLookup<T>(entries: [secret: string, value: T][]): (token: string) => T | null {
  const table = entries.map(([secret, value]) => ({ hash: digest(secret), value }));
  return (token) => {
    const h = digest(token);
    let found: T | null = null;
    for (const entry of table) if (crypto.timingSafeEqual(entry.hash, h)) found = entry.value;
    return found;
  };
}

/** Whether a bearer token is the metrics token or an admin's key (compared in constant time). */
export function metricsAuthorizer(opts: { apiKeys: ApiKey[]; token?: string }): (authorization: string | undefined) => boolean {
  const lookup = secretLookup([...(opts.token ? [opts.token] : []), ...opts.apiKeys.filter((k) => k.role === 'admin').map((k) => k.key)].map((k): [string, true] => [k, true]));
  return (authorization) => {
    const token = bearerToken(authorization);
    return token !== null && lookup(token) === true;
  };
}
