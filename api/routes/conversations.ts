/** Conversation routes: a user's conversations and the turns in one. Others' conversations are 404. */
import { Router } from 'express';
import { z } from 'zod';
import type { ConversationStore } from '../../adapters/conversation-store.js';
import { canSee, currentUser } from '../auth.js';
import { notFound, validate } from '../errors.js';

export function conversationRoutes(conversations: ConversationStore): Router {
  const r = Router();
  r.get('/conversations', async (_req, res) => {
    const user = currentUser(res);
    res.json({ conversations: await conversations.listConversations(user.role === 'admin' ? null : user.userId) });
  });
  r.get('/conversations/:id', async (req, res) => {
    const user = currentUser(res);
    const id = validate(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'not a conversation id'), req.params.id, 'params.id');
    const conv = await conversations.getConversation(id);
    if (!conv || !canSee(user, conv.userId)) throw notFound(`conversation ${id}`);
    const turns = await conversations.listTurns(id);
    res.json({
      ...conv,
      turns: turns.map((t) => ({ turnId: t.turnId, seq: t.seq, question: t.question, status: t.status, answer: t.answer, createdAt: t.createdAt, finishedAt: t.finishedAt })),
    });
  });
  return r;
}
