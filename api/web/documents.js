// The documents page of the web client (served at /documents).
import { $, esc, api, stream, header, notice, formatWhen } from '/ui/common.js';

let me = null;
const say = (text, kind) => notice($('#notice'), text, kind);

header('/documents', (who) => {
  me = who;
  if (!me) {
    $('#docs').innerHTML = '<tr><td colspan="6" class="muted">Enter an API key to see them.</td></tr>';
    return say('Enter your API key at the top right to upload and list documents.');
  }
  say('');
  const names = me.namespaces === '*' ? [me.defaultNamespace] : me.namespaces;
  $('#namespace').value ||= me.defaultNamespace;
  $('#namespaces').innerHTML = names.map((n) => `<option value="${esc(n)}">`).join('');
  loadDocuments();
});

async function loadDocuments() {
  try {
    const { documents } = await api('GET', '/documents');
    const filter = $('#filter').value;
    const spaces = [...new Set(documents.map((d) => d.namespace))];
    $('#filter').innerHTML = `<option value="">all knowledge bases</option>${spaces.map((n) => `<option${n === filter ? ' selected' : ''}>${esc(n)}</option>`).join('')}`;
    const shown = documents.filter((d) => !filter || d.namespace === filter);
    $('#docs').innerHTML = shown.length
      ? shown
          .map(
            (d) => `<tr data-id="${esc(d.id)}"><td>${esc(d.fileName)}${d.contentHash ? '' : ' <span class="status-pill pending">indexing</span>'}</td><td>${esc(d.namespace)}</td><td>${d.pages}</td><td class="hide-narrow">${d.chunks}</td>
              <td class="hide-narrow">${esc(formatWhen(d.updatedAt))}</td>
              <td>${me.role === 'admin' || d.createdBy === me.userId ? `<button type="button" class="secondary" data-delete="${esc(d.id)}" aria-label="Delete ${esc(d.fileName)}">Delete</button>` : ''}</td></tr>`,
          )
          .join('')
      : '<tr><td colspan="6" class="muted">No documents yet. Upload a PDF above.</td></tr>';
  } catch (e) {
    say(`Could not list documents: ${e.message}`, 'error');
  }
}
$('#filter').addEventListener('change', loadDocuments);

$('#docs').addEventListener('click', async (ev) => {
  const b = ev.target.closest('button[data-delete]');
  if (!b) return;
  const name = b.closest('tr').firstElementChild.textContent;
  if (!confirm(`Delete ${name}? Its passages stop being searchable.`)) return;
  b.disabled = true;
  try {
    await api('DELETE', `/documents/${encodeURIComponent(b.dataset.delete)}`);
    // The list first, then the notice: once it says deleted, the row is gone.
    await loadDocuments();
    say(`Deleted ${name}.`, 'ok');
  } catch (e) {
    b.disabled = false;
    say(`Could not delete ${name}: ${e.message}`, 'error');
  }
});

/** One upload: the request, then the ingestion's own events drive the bar to the end. */
async function uploadOne(file, namespace) {
  const li = document.createElement('li');
  li.innerHTML = `<div class="line"><span>${esc(file.name)}</span><span class="state" role="status">uploading…</span></div>
    <div class="bar" role="progressbar" aria-label="${esc(file.name)}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0"><span style="width:0%"></span></div>`;
  $('#uploads').prepend(li);
  const bar = $('.bar', li);
  const set = (pct, text, cls = '') => {
    bar.setAttribute('aria-valuenow', String(Math.round(pct)));
    bar.firstElementChild.style.width = `${pct}%`;
    bar.className = `bar ${cls}`;
    $('.state', li).textContent = text;
  };
  const form = new FormData();
  form.append('namespace', namespace);
  form.append('file', file, file.name);
  let started;
  try {
    started = await api('POST', '/ingestion', form);
  } catch (e) {
    return set(100, `refused: ${e.message}`, 'failed');
  }
  set(5, 'queued…');
  let pages = 0;
  let outcome = null;
  await stream(started.links.events, {
    onEvent: (e) => {
      const d = e.data;
      if (e.type === 'ingestion.parsed') {
        pages = d.pages;
        set(d.unchanged ? 95 : 15, d.unchanged ? 'unchanged: already indexed' : `parsed ${d.pages} pages into ${d.chunks} chunks; embedding…`);
      } else if (e.type === 'ingestion.progress') {
        set(15 + (80 * d.embedded) / Math.max(1, d.chunks), `embedded ${d.embedded} of ${d.chunks} chunks`);
      } else if (e.type === 'ingestion.completed') {
        outcome = d;
        set(100, d.status === 'skipped' ? 'already indexed (unchanged)' : `done: ${d.pages} pages, ${d.chunks} chunks searchable`, 'done');
      } else if (e.type === 'ingestion.failed') {
        outcome = d;
        set(100, `failed: ${d.error?.message ?? 'the document could not be indexed'}`, 'failed');
      }
    },
  }).catch((e) => set(100, `lost the progress stream: ${e.message}`, 'failed'));
  return outcome ?? { pages };
}

$('#upload').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  if (!me) return say('Enter your API key at the top right first.', 'error');
  const files = [...$('#files').files];
  if (!files.length) return;
  $('#send').disabled = true;
  try {
    await Promise.all(files.map((f) => uploadOne(f, $('#namespace').value.trim())));
  } finally {
    $('#send').disabled = false;
    $('#files').value = '';
    loadDocuments();
  }
});
