// Shared by the web client's pages: the API key (kept in this browser only), JSON calls, server-sent
// events over fetch (EventSource cannot send an Authorization header), and the page header.
/* eslint-env browser */
const KEY_STORE = 'copilot-key'; // the eval page uses the same entry

export const $ = (sel, root = document) => root.querySelector(sel);
export const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
export const getKey = () => localStorage.getItem(KEY_STORE) || '';
export const setKey = (k) => (k ? localStorage.setItem(KEY_STORE, k) : localStorage.removeItem(KEY_STORE));

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail || body?.title || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** A JSON call with the key; problem+json errors become ApiError with the server's detail. */
export async function api(method, path, body) {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${getKey()}` };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, body: payload });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { detail: text.slice(0, 200) };
  }
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

/**
 * Reads a server-sent event stream (GET `path`), calling onEvent({ id, type, data }) per event.
 * Reconnects with Last-Event-ID when the connection drops before the server ends the stream. Resolves
 * once the server ends it; `signal` aborts it.
 */
export async function stream(path, { onEvent, signal, after = -1 } = {}) {
  let lastId = after;
  for (let attempt = 0; ; attempt++) {
    const headers = { Accept: 'text/event-stream', Authorization: `Bearer ${getKey()}` };
    if (lastId >= 0) headers['Last-Event-ID'] = String(lastId);
    let res;
    try {
      res = await fetch(path, { headers, signal });
    } catch (e) {
      if (signal?.aborted) return;
      if (attempt >= 20) throw e;
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    if (!res.ok) {
      const text = await res.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      throw new ApiError(res.status, json);
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    let ended = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          break;
        }
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const msg = JSON.parse(data);
          if (id !== undefined) lastId = Number(id);
          onEvent({ id: id === undefined ? null : Number(id), type: msg.type, data: msg.data ?? msg });
        }
      }
    } catch (e) {
      if (signal?.aborted) return;
      // Dropped mid-stream: reconnect below from the last event seen.
    }
    if (ended) return lastId;
    if (attempt >= 20) throw new Error('the event stream keeps dropping');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export const agentLabel = (a) => ({ knowledge_base_agent: 'Knowledge base', booking_agent: 'Bookings' })[a] || a;
/**
 * What an agent's tool call did, as a person would say it. A write not done says it was tried, not proposed: a conflict or
 * a bad time found before any approval was asked leaves nothing proposed (the outcomes block says which it was).
 */
const TRIED = { create_booking: 'tried to book', update_booking: 'tried a change', cancel_booking: 'tried a cancellation' };
const DONE = {
  search_knowledge_base: 'searched the documents',
  list_rooms: 'listed the rooms',
  check_availability: 'checked availability',
  list_bookings: 'listed bookings',
  create_booking: 'proposed a booking',
  update_booking: 'proposed a change',
  cancel_booking: 'proposed a cancellation',
};
export const toolLabel = (t, ok = true) => (ok ? DONE[t] || t : `${TRIED[t] || DONE[t] || t} (not done)`);
export const formatUsd = (usd) => (usd <= 0 ? '$0' : usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(Math.min(10, Math.max(2, 1 - Math.floor(Math.log10(usd)))))}`);
export const formatWhen = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who the key belongs to, and where the Temporal Web UI is; null when no key or a wrong one. */
export async function whoami() {
  if (!getKey()) return null;
  try {
    return await api('GET', '/me');
  } catch (e) {
    if (e.status === 401) return null;
    throw e;
  }
}

/** The header with navigation and the key form; calls onKey(me) once a key is accepted. */
export function header(active, onKey) {
  const el = document.createElement('header');
  el.className = 'top';
  const links = [
    ['/', 'Ask'],
    ['/documents', 'Documents'],
    ['/approvals', 'Approvals'],
    ['/eval/', 'Evals'],
  ];
  el.innerHTML = `
    <a class="brand" href="/">Workspace Copilot</a>
    <nav aria-label="Pages">${links.map(([href, label]) => `<a href="${href}"${href === active ? ' aria-current="page"' : ''}>${label}</a>`).join('')}</nav>
    <form class="key" id="key-form" autocomplete="off">
      <span id="whoami" class="muted"></span>
      <label class="sr-only" for="key-input">API key</label>
      <input id="key-input" type="password" placeholder="API key" size="18">
      <button type="submit" class="secondary" id="key-save">Use key</button>
      <button type="button" class="link" id="key-forget" hidden>Forget key</button>
    </form>`;
  document.body.prepend(el);
  const form = $('#key-form', el);
  const show = (me) => {
    $('#whoami', el).textContent = me ? `${me.userId} · ${me.role}` : '';
    $('#key-input', el).hidden = Boolean(me);
    $('#key-save', el).hidden = Boolean(me);
    $('#key-forget', el).hidden = !me;
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const k = $('#key-input', el).value.trim();
    if (!k) return;
    setKey(k);
    const me = await whoami().catch(() => null);
    if (!me) {
      setKey('');
      $('#whoami', el).textContent = 'That key was not accepted.';
      $('#key-input', el).focus();
      return;
    }
    $('#key-input', el).value = '';
    show(me);
    onKey(me);
  });
  $('#key-forget', el).addEventListener('click', () => {
    setKey('');
    show(null);
    onKey(null);
    $('#key-input', el).focus();
  });
  whoami()
    .then((me) => {
      show(me);
      onKey(me);
    })
    .catch((e) => {
      $('#whoami', el).textContent = `The API did not answer: ${e.message}`;
      onKey(null);
    });
}

/** A status line for errors and notices (read out by screen readers). */
export function notice(el, text, kind = '') {
  el.textContent = text;
  el.className = `notice ${kind}`;
  el.hidden = !text;
}

// ------------------------------------------------------------------ approvals (the Ask and Approvals pages)

export const approvalVerb = (action) => ({ create: 'Book', update: 'Change', cancel: 'Cancel' })[action] ?? action;

/** The proposed write as a definition list: what a person checks before deciding. */
export function approvalDetailsHtml(a, extraRows = '') {
  const d = a.details;
  return `<dl>
    <dt>Room</dt><dd>${esc(d.roomName)}</dd>
    <dt>When</dt><dd>${esc(d.when)}</dd>
    ${d.bookedFor ? `<dt>For</dt><dd>${esc(d.bookedFor)}</dd>` : ''}
    ${d.title ? `<dt>Title</dt><dd>${esc(d.title)}</dd>` : ''}
    ${d.current ? `<dt>Now</dt><dd>${esc(d.current.roomName)}, ${esc(d.current.when)}</dd>` : ''}
    ${d.owner && !d.owner.requesterOwns ? `<dt>Whose</dt><dd>${esc(d.owner.bookedFor)}'s booking (asked for by ${esc(d.owner.requestedBy ?? 'someone else')})</dd>` : ''}
    ${d.approvers ? `<dt>Who approves</dt><dd>${esc(d.approvers.note)}</dd>` : ''}
    ${extraRows}
  </dl>`;
}

/** The comment box and the two buttons. */
export const approvalActionsHtml = (approvalId) => `<div class="actions">
    <label class="sr-only" for="c-${esc(approvalId)}">Comment</label>
    <input id="c-${esc(approvalId)}" placeholder="Comment (optional)" maxlength="1000">
    <button type="button" class="approve" data-decision="approve">Approve</button>
    <button type="button" class="danger" data-decision="reject">Reject</button>
  </div>`;

/** What happened to a decided approval, in a sentence: "Approved by bob. Committed: …". */
export function approvalOutcomeText(a) {
  if (a.status === 'pending') return '';
  const o = a.outcome;
  const by = a.resolvedBy ?? a.by;
  let text = `${a.status[0].toUpperCase()}${a.status.slice(1)}${by ? ` by ${by}` : ''}.`;
  if (o?.outcome === 'committed') text += ` Committed: ${o.receipt.summary} (booking ${o.receipt.bookingId}).`;
  else if (o?.outcome === 'conflict') text += ` Not booked: ${o.message}`;
  else if (o?.outcome === 'failed' || o?.outcome === 'refused') text += ` Not written: ${o.message}`;
  else if (a.status !== 'approved') text += ' Nothing was written.';
  return text;
}

/**
 * Sends a decision from an approval box (its comment included) and returns the approval the API answered
 * with, or null when it was refused (the reason is shown in the box; the buttons come back unless the
 * approval is already decided).
 */
export async function sendDecision(box, turnId, approvalId, decision) {
  const buttons = box.querySelectorAll('button');
  for (const x of buttons) x.disabled = true;
  $('.outcome', box).textContent = 'Sending…';
  try {
    const comment = $('input', box).value.trim();
    const r = await api('POST', `/turns/${encodeURIComponent(turnId)}/approvals/${encodeURIComponent(approvalId)}`, { decision, ...(comment ? { comment } : {}) });
    return r.approval;
  } catch (e) {
    $('.outcome', box).textContent = e.message;
    if (e.status !== 409) for (const x of buttons) x.disabled = false;
    return null;
  }
}

// ------------------------------------------------------------------ receipts: history and undo

/** A booking's audit trail as a list: who proposed, approved, committed, undid what, and when. */
export function historyHtml(entries) {
  if (!entries.length) return '<p class="muted">No history recorded.</p>';
  return `<ol class="history">${entries
    .map((e) => `<li><time datetime="${esc(e.at)}">${esc(formatWhen(e.at))}</time> · <strong>${esc(e.event)}</strong> ${esc(e.action)}${e.actor ? ` by ${esc(e.actor)}` : ''}${e.details?.comment ? ` (“${esc(e.details.comment)}”)` : ''}${e.details?.message ? ` — ${esc(e.details.message)}` : ''}</li>`)
    .join('')}</ol>`;
}

/**
 * A receipt with its booking's history (loaded when opened) and, within the undo window, an Undo
 * button: one click undoes the write as a compensating write, or says plainly why it could not.
 */
export function receiptHtml(r, turnId, undoWindowMs) {
  const undoable = turnId && undoWindowMs && Date.parse(r.at) + undoWindowMs > Date.now();
  return `<div class="receipt" data-booking="${esc(r.bookingId)}" data-approval="${esc(r.approvalId)}" data-turn="${esc(turnId ?? '')}">
    <strong>Receipt</strong> · ${esc(r.summary)} · booking <code>${esc(r.bookingId)}</code>
    ${undoable ? '<button type="button" class="secondary undo">Undo</button>' : ''}
    <details class="booking-history"><summary>History</summary><div class="history-body muted">Loading…</div></details>
    <div class="undo-outcome" role="status"></div>
  </div>`;
}

/** Wires the receipts rendered by receiptHtml inside `root`. */
export function wireReceipts(root) {
  for (const box of root.querySelectorAll('.receipt[data-booking]')) {
    const details = $('details.booking-history', box);
    const load = async () => {
      try {
        $('.history-body', box).innerHTML = historyHtml((await api('GET', `/bookings/${encodeURIComponent(box.dataset.booking)}/history`)).history);
      } catch (e) {
        $('.history-body', box).textContent = e.message;
      }
    };
    details?.addEventListener('toggle', () => details.open && load());
    const undo = $('button.undo', box);
    undo?.addEventListener('click', async () => {
      undo.disabled = true;
      $('.undo-outcome', box).textContent = 'Undoing…';
      try {
        const r = await api('POST', `/turns/${encodeURIComponent(box.dataset.turn)}/approvals/${encodeURIComponent(box.dataset.approval)}/undo`);
        const said = r.undo.receipt.summary;
        $('.undo-outcome', box).textContent = `${said[0].toUpperCase()}${said.slice(1)}`;
        undo.hidden = true;
      } catch (e) {
        $('.undo-outcome', box).textContent = `Not undone: ${e.message}`;
        undo.disabled = e.status === 409 || e.status === 403;
      }
      if (details?.open) load();
    });
  }
}
