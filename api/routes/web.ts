/**
 * The web client: static pages served by the API, no build step. A browser asking for `/`,
 * `/documents` or `/approvals` (Accept: text/html) gets the page; an API client asking for JSON at the
 * same path gets the API (GET /documents, GET /approvals). Assets live under /ui/. The pages hold no
 * secrets: each asks for an API key and keeps it in the browser.
 */
import { fileURLToPath } from 'node:url';
import express, { Router, type Response } from 'express';
import { notFound } from '../errors.js';

export const WEB_DIR = fileURLToPath(new URL('../web/', import.meta.url));
const PAGES: Record<string, string> = { '/': 'index.html', '/documents': 'documents.html', '/approvals': 'approvals.html' };

// Scripts only from here (no inline script, so injected markup cannot run); the Temporal UI is a link.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const secure = (res: Response) => {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
};

/** A request path as the page table spells it: lower case, without trailing slashes. */
export const pageKey = (p: string) => p.toLowerCase().replace(/\/+$/, '') || '/';

export function webRoutes(): Router {
  const r = Router();
  r.use('/ui', express.static(WEB_DIR, { index: false, setHeaders: (res) => secure(res as unknown as Response) }));
  r.use('/ui', (req, _res, next) => next(notFound(`/ui${req.path}`)));
  r.get(Object.keys(PAGES), (req, res, next) => {
    if (req.accepts(['json', 'html']) !== 'html') return next();
    // Express matches routes case-insensitively and with a trailing slash: the page table does not.
    const page = PAGES[pageKey(req.path)];
    if (!page) return next();
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(page, { root: WEB_DIR });
  });
  return r;
}
