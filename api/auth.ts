/**
 * Bearer-key authentication and namespace access. Keys come from COPILOT_API_KEYS
 * (`key:userId:role[:namespaces],…`) and/or COPILOT_API_KEYS_FILE; with none configured the local
 * stack makes one admin key in DATA_DIR: never an open API.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import type { ApiKey, Role } from '../adapters/config.js';
import { HttpProblem } from './errors.js';

export interface AuthUser {
  userId: string;
  role: Role;
  /** The knowledge-base namespaces this key may query and ingest into ('*': all). */
  namespaces: '*' | string[];
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

export function authenticate(keys: ApiKey[], defaultNamespace = 'default'): RequestHandler {
  const table = keys.map((k) => ({
    hash: digest(k.key),
    user: { userId: k.userId, role: k.role, namespaces: k.namespaces ?? (k.role === 'admin' ? '*' : [defaultNamespace]) } as AuthUser,
  }));
  return (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      return next(new HttpProblem(401, 'unauthorized', 'Unauthorized', 'send Authorization: Bearer <api key>', {}, { 'WWW-Authenticate': 'Bearer' }));
    }
    const h = digest(m[1]!);
    // Compare every entry in constant time so timing does not reveal which key prefix matched.
    let found: AuthUser | null = null;
    for (const entry of table) if (crypto.timingSafeEqual(entry.hash, h)) found = entry.user;
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
export function requireNamespace(user: AuthUser, namespace: string): void {
  if (!mayUseNamespace(user, namespace)) {
    throw new HttpProblem(403, 'namespace-forbidden', 'Namespace not allowed', `this API key may not use namespace "${namespace}"`, { namespace });
  }
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
