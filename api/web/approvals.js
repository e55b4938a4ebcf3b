// The approvals page of the web client (served at /approvals).
import { $, esc, api, header, notice, formatWhen, approvalVerb, approvalDetailsHtml, approvalActionsHtml, approvalOutcomeText, sendDecision } from '/ui/common.js';

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

async function load() {
  if (!me) return;
  try {
    const { approvals } = await api('GET', `/approvals?status=${$('#status').value}`);
    $('#list').innerHTML = approvals.length
      ? approvals
          .map((a) => {
            const d = a.details;
            const decided = `${a.resolvedBy ? `by ${a.resolvedBy}, ` : ''}${a.resolvedAt ? formatWhen(a.resolvedAt) : ''}`;
            return `<article class="card approval" data-turn="${esc(a.turnId)}" data-approval="${esc(a.approvalId)}">
              <h3>${esc(approvalVerb(a.action))} ${esc(a.details.roomName)} <span class="status-pill ${esc(a.status)}">${esc(a.status)}</span></h3>
              ${approvalDetailsHtml(
                a,
                `<dt>Asked by</dt><dd>${esc(a.requestedBy)}, ${esc(formatWhen(a.createdAt))}</dd>
                 <dt>${a.status === 'pending' ? 'Expires' : 'Decided'}</dt><dd>${esc(a.status === 'pending' ? formatWhen(a.expiresAt) : decided)}${a.comment ? ` · “${esc(a.comment)}”` : ''}</dd>`,
              )}
              ${a.status === 'pending' ? approvalActionsHtml(a.approvalId) : ''}
              <div class="outcome" role="status">${esc(approvalOutcomeText(a))}</div>
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
  const a = await sendDecision(card, card.dataset.turn, card.dataset.approval, b.dataset.decision);
  if (!a) return;
  $('.outcome', card).textContent = a.status === 'pending' ? 'Sent; the turn has not acted on it yet. Refresh in a moment.' : approvalOutcomeText(a);
  $('.status-pill', card).textContent = a.status;
  $('.status-pill', card).className = `status-pill ${a.status}`;
  $('.actions', card).hidden = true;
});
