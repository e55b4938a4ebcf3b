/**
 * Bearer-key authentication and namespace access. Keys come from COPILOT_API_KEYS
 * (`key:userId:role[:namespaces],…`) and/or COPILOT_API_KEYS_FILE; with none configured the local
 * stack makes one admin key in DATA_DIR: never an open API.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import type { ApiKey, Role } from '../adapters/config.js';
import { bearerToken, secretLookup } from '../adapters/secrets.js';
import { HttpProblem } from './errors.js';

export interface AuthUser {
  userId: string;
  /** How bookings name this user ("for Alice"): the key's `name`, else the user id. */
  displayName: string;
  role: Role;
  /** The knowledge-base namespaces this key may query and ingest into ('*': all). */
  namespaces: '*' | string[];
}

export { bearerToken, secretLookup };

/** Who each key is: the user a token belongs to, or null. */
function keyTable(keys: ApiKey[], defaultNamespace: string): (token: string) => AuthUser | null {
  return secretLookup(
    keys.map((k): [string, AuthUser] => [k.key, { userId: k.userId, displayName: k.name ?? k.userId, role: k.role, namespaces: k.namespaces ?? (k.role === 'admin' ? '*' : [defaultNamespace]) }]),
  );
}

/** The user a request's bearer key belongs to, or null (no key, or not a valid one). */
export function keyLookup(keys: ApiKey[], defaultNamespace = 'default'): (req: Request) => AuthUser | null {
  const lookup = keyTable(keys, defaultNamespace);
  return (req) => {
    const token = bearerToken(req.get('authorization'));
    return token === null ? null : lookup(token);
  };
}

export function authenticate(keys: ApiKey[], defaultNamespace = 'default'): RequestHandler {
  const lookup = keyTable(keys, defaultNamespace);
  return (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (token === null) {
      return next(new HttpProblem(401, 'unauthorized', 'Unauthorized', 'send Authorization: Bearer <api key>', {}, { 'WWW-Authenticate': 'Bearer' }));
    }
    const found = lookup(token);
    if (!found) return next(new HttpProblem(401, 'unauthorized', 'Unauthorized', 'the API key is not valid', {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }));
    res.locals.user = found;
    next();
  };
}

export const currentUser = (res: Response): AuthUser => res.locals.user as AuthUser;

/** Whether `user` may see something owned by `ownerId` (admins see all). */
export const canSee = (user: AuthUser, ownerId: string) => user.role === 'admin' || user.userId === ownerId;

export const mayUseNamespace = (user: AuthUser, namespace: string) => user.namespaces === '*' || user.namespaces.includes(namespace);

/** 403 unless the key may use `namespace` (query it or ingest into it). */
export const namespaceForbidden = (namespace: string) =>
  new HttpProblem(403, 'namespace-forbidden', 'Namespace not allowed', `this API key may not use namespace "${namespace}"`, { namespace });

export function requireNamespace(user: AuthUser, namespace: string): void {
  if (!mayUseNamespace(user, namespace)) throw namespaceForbidden(namespace);
}

/** The key the local stack uses when none is configured: made once, kept in DATA_DIR with mode 0600. */
export function ensureLocalAdminKey(dataDir: string): { key: ApiKey; file: string; created: boolean } {
  const file = path.join(dataDir, 'api-key');
  fs.mkdirSync(dataDir, { recursive: true });
  let created = false;
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, `${crypto.randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
    created = true;
  }
  return { key: { key: fs.readFileSync(file, 'utf8').trim(), userId: 'local-admin', role: 'admin' }, file, created };
}
