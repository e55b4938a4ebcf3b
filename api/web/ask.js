// The index page of the web client (served at /).
import { $, esc, api, stream, header, notice, agentLabel, toolLabel, formatUsd, formatWhen, ApiError, approvalVerb, approvalDetailsHtml, approvalActionsHtml, approvalOutcomeText, sendDecision, receiptHtml, wireReceipts } from '/ui/common.js';

const ACTIVE = 'copilot-active-turn';
let me = null;
let conversationId = new URLSearchParams(location.search).get('c');
const streams = new Map(); // turnId → AbortController

const noticeEl = $('#notice');
const say = (text, kind) => notice(noticeEl, text, kind);

header('/', (who) => {
  me = who;
  for (const c of streams.values()) c.abort();
  streams.clear();
  $('#thread').innerHTML = '';
  if (!me) {
    $('#conversations').innerHTML = '<li class="muted">Enter an API key to see them.</li>';
    say('Enter your API key at the top right to start: the one npm start printed (it is also in DATA_DIR/api-key, .data/api-key by default), or one from COPILOT_API_KEYS. It stays in this browser.');
    return;
  }
  say('');
  $('#namespace').value = $('#namespace').value || me.defaultNamespace;
  $('#namespaces').innerHTML = (me.namespaces === '*' ? [me.defaultNamespace] : me.namespaces).map((n) => `<option value="${esc(n)}">`).join('');
  boot();
});

async function boot() {
  const turnParam = new URLSearchParams(location.search).get('turn');
  if (!conversationId && turnParam) {
    try {
      conversationId = (await api('GET', `/turns/${encodeURIComponent(turnParam)}`)).conversationId;
    } catch (e) {
      say(`Turn ${turnParam}: ${e.message}`, 'error');
    }
  }
  // A turn this browser started and may still be running: pick its conversation back up.
  const active = JSON.parse(localStorage.getItem(ACTIVE) || 'null');
  if (!conversationId && active) conversationId = active.conversationId;
  await loadConversations();
  if (conversationId) await openConversation(conversationId, false);
  $('#question').focus();
}

async function loadConversations() {
  try {
    const { conversations } = await api('GET', '/conversations');
    $('#conversations').innerHTML = conversations.length
      ? conversations
          .map((c) => `<li><a href="/?c=${encodeURIComponent(c.id)}" data-id="${esc(c.id)}"${c.id === conversationId ? ' aria-current="true"' : ''}>${esc(c.lastQuestion || '(no question yet)')}<span class="muted">${c.turns} turn${c.turns === 1 ? '' : 's'} · ${esc(formatWhen(c.updatedAt))}</span></a></li>`)
          .join('')
      : '<li class="muted">No conversations yet. Ask something.</li>';
  } catch (e) {
    say(`Could not list conversations: ${e.message}`, 'error');
  }
}

$('#conversations').addEventListener('click', (ev) => {
  const a = ev.target.closest('a[data-id]');
  if (!a) return;
  ev.preventDefault();
  openConversation(a.dataset.id, true);
});
$('#new-conv').addEventListener('click', () => {
  conversationId = null;
  history.pushState(null, '', '/');
  for (const c of streams.values()) c.abort();
  streams.clear();
  $('#thread').innerHTML = '';
  for (const a of document.querySelectorAll('#conversations a')) a.removeAttribute('aria-current');
  $('#question').focus();
});
window.addEventListener('popstate', () => location.reload());

async function openConversation(id, push) {
  conversationId = id;
  if (push) history.pushState(null, '', `/?c=${encodeURIComponent(id)}`);
  for (const a of document.querySelectorAll('#conversations a')) a.toggleAttribute('aria-current', a.dataset.id === id);
  for (const c of streams.values()) c.abort();
  streams.clear();
  $('#thread').innerHTML = '';
  let conv;
  try {
    conv = await api('GET', `/conversations/${encodeURIComponent(id)}`);
  } catch (e) {
    say(e.status === 404 ? 'That conversation was not found (or belongs to someone else).' : `Could not open the conversation: ${e.message}`, 'error');
    conversationId = null;
    return;
  }
  for (const t of conv.turns.slice(-20)) {
    const card = turnCard(t.turnId, t.question);
    if (t.status === 'running' || t.status === 'awaiting_approval') follow(t.turnId, card);
    else renderFinal(card, await api('GET', `/turns/${encodeURIComponent(t.turnId)}`).catch(() => ({ ...t, sources: [], receipts: [] })));
  }
}

function turnCard(turnId, question) {
  const card = document.createElement('article');
  card.className = 'card turn';
  card.dataset.turn = turnId;
  card.innerHTML = `<div class="question">${esc(question)}</div>
    <ol class="progress" aria-label="Progress"></ol>
    <div class="result"></div>`;
  $('#thread').append(card);
  return card;
}

const temporalLink = (turnId) =>
  me ? `<a href="${esc(me.temporalUiUrl)}/namespaces/${encodeURIComponent(me.temporalNamespace)}/workflows/turn-${encodeURIComponent(turnId)}" target="_blank" rel="noopener">Open in Temporal</a>` : '';

/** Streams a turn's events into its card, from the start (a reload replays the progress). */
function follow(turnId, card) {
  const ctl = new AbortController();
  streams.set(turnId, ctl);
  const progress = $('.progress', card);
  // An answer after an answer: the check sent the first back (what the reads found, a claim nothing backs).
  let answered = false;
  const step = (key, cls, html) => {
    let li = key ? progress.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
    if (!li) {
      li = document.createElement('li');
      if (key) li.dataset.key = key;
      progress.append(li);
    }
    li.className = cls;
    li.innerHTML = html;
  };
  stream(`/turns/${encodeURIComponent(turnId)}/events`, {
    signal: ctl.signal,
    onEvent: (e) => {
      const d = e.data;
      switch (e.type) {
        case 'turn.started':
          step('start', 'running', 'Thinking…');
          break;
        case 'orchestrator.decision': {
          const dec = d.decision;
          const what = dec.type === 'call_agents' ? `asks ${dec.agents.map(agentLabel).join(' and ')}` : dec.type === 'return_to_user' ? (answered ? 'wrote the answer again: the check sent the first back' : 'wrote the answer') : 'made an invalid call; asked again';
          if (dec.type === 'return_to_user') answered = true;
          step(`hop-${d.hop}`, 'ok', `<strong>Orchestrator</strong> (step ${d.hop}) ${esc(what)}`);
          progress.querySelector('[data-key="start"]')?.remove();
          break;
        }
        case 'agent.started':
          step(`${d.hop}-${d.agent}`, 'running', `<strong>${esc(agentLabel(d.agent))}</strong> is working: ${esc(d.request)}`);
          break;
        case 'agent.completed': {
          // What the agent did and found: its tool calls and the pages it retrieved. Its reply is model prose
          // no check has read, so the event does not carry it; the checked answer below is the prose on show.
          const calls = d.toolCalls ?? [];
          const tools = calls.length ? ` · ${calls.map((t) => toolLabel(t.name, t.ok)).join(', ')}` : '';
          const found = d.status === 'ok' ? (d.sources?.length ? `Sources: ${d.sources.map((s) => `${s.fileName} p.${s.page}`).join(', ')}` : '') : d.status === 'empty' ? 'returned nothing' : `failed: ${d.error ?? 'error'}`;
          const body = found ? `<div class="found">${esc(found)}</div>` : '';
          step(`${d.hop}-${d.agent}`, d.status, `<strong>${esc(agentLabel(d.agent))}</strong> ${d.status === 'ok' ? 'answered' : ''}${esc(tools)}${body}`);
          break;
        }
        case 'answer.delta':
          showDraft(card, d);
          break;
        case 'answer.reset':
          clearDraft(card);
          break;
        case 'approval.required':
          approvalCard(card, turnId, d);
          break;
        case 'approval.resolved':
          approvalResolved(card, d);
          break;
        case 'approval.ignored':
          step(null, 'error', `A decision was not accepted: ${esc(d.reason)}`);
          break;
        case 'turn.completed':
        case 'turn.failed':
          streams.delete(turnId);
          api('GET', `/turns/${encodeURIComponent(turnId)}`)
            .then((view) => renderFinal(card, view))
            .catch(() => renderFinal(card, { turnId, status: d.status, answer: d.answer, outcomes: d.outcomes ?? [], outcomeBlock: d.outcomeBlock ?? '', sources: [], receipts: d.receipts ?? [], usage: { total: d.usage }, cost: d.cost ?? null }));
          break;
      }
    },
  }).catch((e) => step(null, 'error', `The progress stream stopped: ${esc(e.message)}. Reload to resume.`));
}

/**
 * The answer as it is written: a draft that grows with each `answer.delta` (placed at its `from`), shown
 * as a draft and kept out of the live region (aria-hidden; the card is aria-busy meanwhile), so a screen
 * reader hears the final answer once, when renderFinal replaces the draft, not every token.
 */
const drafts = new WeakMap(); // card → { id, text }
function showDraft(card, d) {
  let cur = drafts.get(card);
  if (!cur || cur.id !== d.draftId) {
    if (d.from !== 0) return;
    cur = { id: d.draftId, text: '' };
    drafts.set(card, cur);
  }
  if (d.from > cur.text.length) return;
  cur.text = cur.text.slice(0, d.from) + d.text;
  let el = card.querySelector('.answer.draft');
  if (!el) {
    el = document.createElement('div');
    el.className = 'answer draft';
    el.setAttribute('aria-hidden', 'true');
    el.title = 'Draft: the checked answer replaces it';
    $('.result', card).append(el);
  }
  el.textContent = cur.text;
  card.setAttribute('aria-busy', 'true');
}
function clearDraft(card) {
  drafts.delete(card);
  card.querySelector('.answer.draft')?.remove();
}

function approvalCard(card, turnId, d) {
  const box = document.createElement('div');
  box.className = 'approval';
  box.dataset.approval = d.approvalId;
  box.innerHTML = `<h3>Approval needed: ${esc(approvalVerb(d.action))} ${esc(d.details.roomName)}</h3>
    ${approvalDetailsHtml(d, `<dt>Asked by</dt><dd>${esc(d.requestedBy)}</dd><dt class="expiry">Expires</dt><dd class="expiry">${esc(formatWhen(d.expiresAt))}</dd>`)}
    ${approvalActionsHtml(d.approvalId)}
    <div class="outcome" role="status"></div>`;
  // In the progress list, where it happened: the agent waits on it.
  const li = document.createElement('li');
  li.className = 'waiting';
  li.append(box);
  $('.progress', card).append(li);
  for (const b of box.querySelectorAll('button[data-decision]')) {
    b.addEventListener('click', async () => {
      const a = await sendDecision(box, turnId, d.approvalId, b.dataset.decision);
      // The stream may have shown the outcome already (the call waits for it).
      if (a && !box.dataset.resolved) $('.outcome', box).textContent = 'Sent. Waiting for the turn…';
    });
  }
  // Never take the keyboard focus: the next Enter or Space typed into the question box must not
  // approve a write nobody read. The live region says it arrived; approving takes a deliberate act.
  announce(`Approval needed: ${approvalVerb(d.action)} ${d.details.roomName}, ${d.details.when}. Review it in the conversation; nothing happens until you approve.`);
}

function announce(text) {
  const el = $('#announce');
  el.textContent = '';
  // A new text node in the region, so a repeated message is announced again.
  setTimeout(() => (el.textContent = text), 50);
}

/** The approval.resolved event: the box shows the decision and what the commit did. */
function approvalResolved(card, d) {
  const box = card.querySelector(`[data-approval="${CSS.escape(d.approvalId)}"]`);
  if (!box) return;
  box.dataset.resolved = d.status;
  // Decided, it no longer asks: its heading says what became of it ("Rejected: Book Room 3").
  const heading = box.querySelector('h3');
  heading.textContent = heading.textContent.replace(/^Approval needed/, `${d.status[0].toUpperCase()}${d.status.slice(1)}`);
  // Nor does it say when it expires: who decided it, or that it expired then.
  const [dt, dd] = box.querySelectorAll('.expiry');
  if (dt && dd) {
    if (d.status === 'expired') dt.textContent = 'Expired';
    else if (d.by) [dt.textContent, dd.textContent] = ['Decided by', d.by];
  }
  for (const x of box.querySelectorAll('button, input')) x.disabled = true;
  $('.outcome', box).textContent = approvalOutcomeText(d);
  box.querySelector('.actions').hidden = true;
}

/** The outcome block: its heading, then one line per attempted write, marked by what became of it. */
function outcomesHtml(block, outcomes) {
  const [heading, ...lines] = block.split('\n');
  return `<section class="outcomes" aria-label="Outcome of the writes">
    <h3>${esc(heading)}</h3>
    <ul>${lines.map((l, i) => `<li class="outcome-${esc(outcomes[i]?.kind ?? 'other')}">${esc(l.replace(/^- /, ''))}</li>`).join('')}</ul>
  </section>`;
}

function renderFinal(card, view) {
  for (const b of card.querySelectorAll('.approval button, .approval input')) b.disabled = true;
  // A step still shown as under way when the turn ended (an agent the hop bound or a failure cut short)
  // did not finish: it says so rather than keep reading as in progress under a finished turn.
  for (const li of card.querySelectorAll('.progress li.running')) {
    li.className = 'error';
    li.insertAdjacentHTML('beforeend', ' <span class="ended">(stopped when the turn ended)</span>');
  }
  drafts.delete(card);
  card.removeAttribute('aria-busy');
  const usage = view.usage?.total;
  const c = view.cost;
  const cost = c
    ? `${c.estimatedCalls ? '≈ ' : ''}${formatUsd(c.usd)}${c.unpriced?.length ? ` (not priced: ${c.unpriced.join(', ')})` : ''}${c.estimatedCalls ? ` (tokens estimated for ${c.estimatedCalls} call${c.estimatedCalls === 1 ? '' : 's'}: no usage reported)` : ''}`
    : '—';
  // The outcome block is the system's statement of what the writes came to: shown apart from the prose.
  const block = view.outcomeBlock ?? '';
  const answer = view.answer ?? '';
  const prose = block && answer.endsWith(block) ? answer.slice(0, answer.length - block.length).trimEnd() : answer;
  $('.result', card).innerHTML = `
    ${prose ? `<div class="answer ${view.status === 'failed' ? 'failed' : ''}">${esc(prose)}</div>` : ''}
    ${block ? outcomesHtml(block, view.outcomes ?? []) : ''}
    ${(view.receipts ?? []).map((r) => receiptHtml(r, view.turnId ?? card.dataset.turn, me?.undoWindowMs)).join('')}
    ${view.sources?.length ? `<ol class="sources" aria-label="Sources">${view.sources.map((s) => `<li><strong>${esc(s.fileName)}</strong>, page ${s.page}${s.snippet ? ` <span class="snippet">— ${esc(s.snippet.slice(0, 160))}${s.snippet.length > 160 ? '…' : ''}</span>` : ''}</li>`).join('')}</ol>` : ''}
    <div class="meta">
      <span>${esc(view.status)}${view.stopReason ? ` (stopped: ${esc(view.stopReason)})` : ''}</span>
      ${usage ? `<span>${usage.totalTokens} tokens</span>` : ''}
      <span class="cost">cost ${esc(cost)}</span>
      ${view.hops ? `<span>${view.hops} step${view.hops === 1 ? '' : 's'}</span>` : ''}
      <span>${temporalLink(view.turnId ?? card.dataset.turn)}</span>
    </div>`;
  wireReceipts($('.result', card));
  const active = JSON.parse(localStorage.getItem(ACTIVE) || 'null');
  if (active?.turnId === card.dataset.turn) localStorage.removeItem(ACTIVE);
  $('#send').disabled = false;
}

$('#question').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) {
    ev.preventDefault();
    $('#ask').requestSubmit();
  }
});

$('#ask').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  if (!me) return say('Enter your API key at the top right first.', 'error');
  const question = $('#question').value.trim();
  if (!question) return;
  $('#send').disabled = true;
  try {
    const ns = $('#namespace').value.trim();
    const started = await api('POST', '/turns', { question, ...(conversationId ? { conversationId } : {}), ...(ns ? { namespace: ns } : {}) });
    localStorage.setItem(ACTIVE, JSON.stringify({ turnId: started.turnId, conversationId: started.conversationId }));
    if (conversationId !== started.conversationId) {
      conversationId = started.conversationId;
      history.pushState(null, '', `/?c=${encodeURIComponent(conversationId)}`);
    }
    $('#question').value = '';
    $('#send').disabled = false;
    say('');
    follow(started.turnId, turnCard(started.turnId, question));
    loadConversations();
  } catch (e) {
    $('#send').disabled = false;
    say(e instanceof ApiError && e.status === 409 ? 'This conversation is still working on the last question. Wait for it, or start a new conversation.' : e.message, 'error');
  }
});
