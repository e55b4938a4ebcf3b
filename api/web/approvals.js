// The approvals page of the web client (served at /approvals).
import { $, esc, api, header, notice, formatWhen } from '/ui/common.js';

let me = null;
const say = (text, kind) => notice($('#notice'), text, kind);

header('/approvals', (who) => {
  me = who;
  if (!me) {
    $('#list').innerHTML = '';
    return say('Enter your API key at the top right to see approvals.');
  }
  say('');
  load();
});
$('#status').addEventListener('change', load);
$('#refresh').addEventListener('click', load);

const verb = (a) => ({ create: 'Book', update: 'Change', cancel: 'Cancel' })[a] ?? a;
function outcomeText(a) {
  const o = a.outcome;
  if (o?.outcome === 'committed') return `Committed: ${o.receipt.summary} (booking ${o.receipt.bookingId})`;
  if (o?.outcome === 'conflict') return `Not booked: ${o.message}`;
  if (o?.outcome === 'failed') return `Not written: ${o.message}`;
  return a.status === 'pending' ? '' : 'Nothing was written.';
}

async function load() {
  if (!me) return;
  try {
    const { approvals } = await api('GET', `/approvals?status=${$('#status').value}`);
    $('#list').innerHTML = approvals.length
      ? approvals
          .map((a) => {
            const d = a.details;
            return `<article class="card approval" data-turn="${esc(a.turnId)}" data-approval="${esc(a.approvalId)}">
              <h3>${esc(verb(a.action))} ${esc(d.roomName)} <span class="status-pill ${esc(a.status)}">${esc(a.status)}</span></h3>
              <dl>
                <dt>When</dt><dd>${esc(d.when)}</dd>
                ${d.bookedFor ? `<dt>For</dt><dd>${esc(d.bookedFor)}</dd>` : ''}
                ${d.title ? `<dt>Title</dt><dd>${esc(d.title)}</dd>` : ''}
                ${d.current ? `<dt>Now</dt><dd>${esc(d.current.roomName)}, ${esc(d.current.when)}</dd>` : ''}
                <dt>Asked by</dt><dd>${esc(a.requestedBy)}, ${esc(formatWhen(a.createdAt))}</dd>
                <dt>${a.status === 'pending' ? 'Expires' : 'Decided'}</dt><dd>${esc(a.status === 'pending' ? formatWhen(a.expiresAt) : `${a.resolvedBy ? `by ${a.resolvedBy}, ` : ''}${a.resolvedAt ? formatWhen(a.resolvedAt) : ''}`)}${a.comment ? ` · “${esc(a.comment)}”` : ''}</dd>
              </dl>
              ${a.status === 'pending'
                ? `<div class="actions">
                    <label class="sr-only" for="c-${esc(a.approvalId)}">Comment</label>
                    <input id="c-${esc(a.approvalId)}" placeholder="Comment (optional)" maxlength="1000">
                    <button type="button" class="approve" data-decision="approve">Approve</button>
                    <button type="button" class="danger" data-decision="reject">Reject</button>
                  </div>`
                : ''}
              <div class="outcome" role="status">${esc(outcomeText(a))}</div>
              <div class="meta"><a href="/?turn=${encodeURIComponent(a.turnId)}">Open the conversation</a></div>
            </article>`;
          })
          .join('')
      : `<p class="card muted">Nothing ${$('#status').value === 'pending' ? 'waiting for a decision' : 'here'}.</p>`;
  } catch (e) {
    say(`Could not list approvals: ${e.message}`, 'error');
  }
}

$('#list').addEventListener('click', async (ev) => {
  const b = ev.target.closest('button[data-decision]');
  if (!b) return;
  const card = b.closest('[data-approval]');
  for (const x of card.querySelectorAll('button')) x.disabled = true;
  $('.outcome', card).textContent = 'Sending…';
  try {
    const comment = $('input', card).value.trim();
    const r = await api('POST', `/turns/${encodeURIComponent(card.dataset.turn)}/approvals/${encodeURIComponent(card.dataset.approval)}`, { decision: b.dataset.decision, ...(comment ? { comment } : {}) });
    const a = r.approval;
    $('.outcome', card).textContent = a.status === 'pending' ? 'Sent; the turn has not acted on it yet. Refresh in a moment.' : `${a.status[0].toUpperCase()}${a.status.slice(1)}. ${outcomeText(a)}`;
    $('.status-pill', card).textContent = a.status;
    $('.status-pill', card).className = `status-pill ${a.status}`;
    $('.actions', card).hidden = true;
  } catch (e) {
    $('.outcome', card).textContent = e.message;
    if (e.status !== 409) for (const x of card.querySelectorAll('button')) x.disabled = false;
  }
});
