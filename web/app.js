/* app.js: pnpkit serve's page: the router, the gallery of templates and a
 * template's page (a form built from its parameter table, a live SVG preview,
 * downloads). Everything goes through the JSON API (docs/api.md). */
'use strict';

const pnpkit = (window.pnpkit = { routes: {}, lastPreview: null });

/* ---- helpers ---- */

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
}
pnpkit.el = el;

/* A failed request without a message of the server's own, in a player's words. */
function httpWords(status) {
  if (status === 503) return 'The server is busy: try again in a moment.';
  if (status === 413) return 'This is too large for the server to take.';
  if (status === 404) return 'The server does not know this page (is it an older pnpkit serve?).';
  return `The server could not do this (it answered with error ${status}).`;
}
pnpkit.httpWords = httpWords;
const NO_SERVER = 'The server did not answer (is pnpkit serve still running?).';
pnpkit.noServer = NO_SERVER;

/* POST a JSON body; resolves {ok, status, blob|json, error} (never throws on
 * HTTP errors, nor when the server does not answer: status 0; only an
 * aborted request throws). */
async function post(path, body, signal) {
  let res;
  try {
    res = await fetch(path, {
      method: 'POST', signal,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    return { ok: false, status: 0, error: { error: NO_SERVER } };
  }
  const type = res.headers.get('Content-Type') || '';
  if (!res.ok) {
    let err = { error: httpWords(res.status) };
    try { err = await res.json(); } catch (e) { /* not JSON */ }
    return { ok: false, status: res.status, error: err };
  }
  if (type.startsWith('application/json')) return { ok: true, status: res.status, json: await res.json() };
  return { ok: true, status: res.status, blob: await res.blob(), type };
}
pnpkit.post = post;

function download(blob, name) {
  const a = el('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 2000);
}
pnpkit.download = download;

/* A message of the library or the server in the page's words: the command
 * line's option names become the names of the page's fields, and a place in
 * a text the page made itself ("<sheet>:7:26: ") is dropped (the page marks
 * the field instead). A file the player loaded keeps its name and place. */
const OPTION_WORDS = { '--pages': 'Pages', '--nup': 'N-up', '--seed': 'Seed', '--dpi': 'Resolution',
  '--paper': 'Paper', '--backend': 'Backend', '--bleed': 'Bleed', '--format': 'Format',
  '--hand': 'Hand', '--space': 'Space', '--landscape': 'Landscape' };
function words(msg) {
  let m = String(msg || '').replace(/^(<sheet>|<position>):\d+:\d+: /, '');
  /* a built-in template's place and the component's name mean nothing to a player */
  m = m.replace(/^built-in template [\w-]+:\d+:\d+: /, '').replace(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+: /, '');
  /* a setting's value may hold spaces and colons: it ends where the message
   * goes on (": "); a component's name between two mentions of the setting
   * says nothing to a player */
  m = m.replace(/--set ([A-Za-z_][\w-]*)(=.*?)?(?=: |$)/g, (x, name) => name);
  m = m.replace(/\b([A-Za-z_][\w-]*): [a-z][a-z0-9]*(?:-[a-z0-9]+)+: \1: /g, '$1: ');
  m = m.replace(/--[a-z][a-z-]*/g, (o) => OPTION_WORDS[o] || o.slice(2));
  return m;
}
pnpkit.words = words;

/* Calls fn at most once per `ms` after the last call. */
function debounce(fn, ms) {
  let t = null;
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
}
pnpkit.debounce = debounce;

let templatesCache = null;
async function templates(fresh) {
  if (!templatesCache || fresh) {
    const res = await fetch('/api/templates');
    templatesCache = await res.json();
  }
  return templatesCache;
}
pnpkit.templates = templates;

/* The current view: a fresh element per route, so a page still loading when
 * the user moves on draws into a detached element, never over the new one. */
function main() { return pnpkit.view || document.getElementById('main'); }
pnpkit.main = main;

/* ---- the gallery ---- */

async function gallery() {
  const m = main();
  m.replaceChildren(el('h1', { text: 'Templates' }), el('p', { class: 'status', text: 'Loading…' }));
  const list = await templates(true);
  const grid = el('div', { class: 'gallery', id: 'gallery' });
  const cards = [];
  for (const t of list) {
    const img = el('img', { alt: t.title || t.name });
    const card = el('a', { class: 'card' + (t.error ? ' broken' : ''), href: '#/t/' + encodeURIComponent(t.name),
      'data-template': t.name },
      img, el('strong', { text: t.title || t.name }),
      el('span', { class: 'origin', text: t.name + ' · ' + t.origin }),
      t.error ? el('span', { class: 'error', text: t.error }) : el('span', { text: t.description || '' }));
    grid.append(card);
    if (!t.error) cards.push([t, img]);
  }
  m.replaceChildren(el('h1', { text: 'Templates' }), grid);
  /* pictures one after another: the server renders a few at once */
  for (const [t, img] of cards) {
    const r = await post('/api/render', { template: t.name, format: 'svg', pages: 1 });
    if (r.ok) img.src = URL.createObjectURL(r.blob);
    else img.alt = r.error.error;
  }
}

/* ---- a template's page ---- */

const PAPERS = ['a4', 'a5', 'a3', 'letter', 'legal'];

function paramInput(p) {
  const id = 'f-' + p.name;
  let input;
  if (p.type === 'enum') {
    input = el('select', { id, name: p.name }, (p.choices || []).map((c) => el('option', { value: c, text: c })));
    input.value = p.default;
  } else if (p.type === 'bool') {
    input = el('input', { id, name: p.name, type: 'checkbox' });
    input.checked = ['true', 'yes', 'on', '1'].includes(p.default);
  } else if (p.type === 'int' || p.type === 'number') {
    input = el('input', { id, name: p.name, type: 'number', min: p.min, max: p.max,
      step: p.type === 'int' ? (p.step || 1) : 'any', value: p.default });
  } else {
    input = el('input', { id, name: p.name, type: 'text', value: p.default || '',
      placeholder: p.type === 'strlist' || p.type === 'numlist' ? 'a, b, c' : '' });
  }
  input.dataset.param = p.name;
  input.dataset.def = p.default || '';
  return input;
}

function field(label, input, help) {
  return el('div', { class: 'field', 'data-field': input.name || input.id },
    el('label', { for: input.id, text: label }), input,
    help ? el('span', { class: 'help', text: help }) : null,
    el('span', { class: 'msg', id: 'msg-' + (input.name || input.id) }));
}

function paramValue(input) {
  if (input.type === 'checkbox') return input.checked ? 'true' : 'false';
  return input.value.trim();
}

function sameDefault(input) {
  const v = paramValue(input), d = input.dataset.def;
  if (input.type === 'checkbox') return v === (['true', 'yes', 'on', '1'].includes(d) ? 'true' : 'false');
  if (input.type === 'number') return Number(v) === Number(d) && v !== '';
  return v === d;
}

async function templatePage(name) {
  const m = main();
  const list = await templates();
  const t = list.find((x) => x.name === name);
  if (!t) { m.replaceChildren(el('p', { class: 'error', text: name + ': no such template' })); return; }
  /* print settings, not work: leaving them asks nothing */
  const form = el('form', { class: 'form', id: 'params', 'data-no-unsaved': '', onsubmit: (e) => e.preventDefault() });
  const params = el('fieldset', {}, el('legend', { text: 'Parameters' }));
  for (const p of t.params || []) {
    /* a seeded template's seed is the Printing seed: one field, not two that disagree */
    if (t.seeded && p.name === 'seed') continue;
    const bounds = p.min !== undefined && p.type !== 'string' ? ` (${p.min} to ${p.max})` : '';
    params.append(field(p.name, paramInput(p), (p.help || '') + bounds));
  }
  const paper = el('select', { id: 'o-paper', name: 'paper' },
    el('option', { value: '', text: 'template (' + t.paper + ')' }), PAPERS.map((x) => el('option', { value: x, text: x })));
  const landscape = el('input', { id: 'o-landscape', name: 'landscape', type: 'checkbox' });
  landscape.checked = !!t.landscape;
  const pages = el('input', { id: 'o-pages', name: 'pages', type: 'number', min: 1, max: 100, value: 1 });
  const nup = el('select', { id: 'o-nup', name: 'nup' }, [1, 2, 4].map((n) => el('option', { value: n, text: n })));
  const mono = el('input', { id: 'o-mono', name: 'mono', type: 'checkbox' });
  const backend = el('select', { id: 'o-backend', name: 'backend' }, ['cairo', 'haru'].map((b) => el('option', { value: b, text: b })));
  const seed = el('input', { id: 'o-seed', name: 'seed', type: 'number', min: 0, max: 2147483647, value: 1 });
  const opts = el('fieldset', {}, el('legend', { text: 'Printing' }),
    field('paper', paper), field('landscape', landscape), field('pages', pages, 'sheets in the download (1 to 100)'),
    field('n-up', nup, 'sheets per paper'), field('mono', mono, 'ink-saving greyscale'),
    field('backend', backend, 'haru: compact PDF with base-14 fonts'),
    t.seeded ? field('seed', seed, 'a new board for every seed') : null);
  const general = el('div', { class: 'error', id: 'general-error' });
  const dlStatus = el('div', { class: 'status', id: 'dl-status', role: 'status' });
  const dlList = el('ul', { class: 'sheets', id: 'dl-sheets' });
  const buttons = el('div', { class: 'buttons' },
    ['pdf', 'svg', 'png'].map((f) => el('button', { type: 'button', id: 'dl-' + f, onclick: () => save(f), text: 'Download ' + f.toUpperCase() })));
  form.append(params, opts, buttons, dlStatus, dlList, general);
  const img = el('img', { id: 'preview-img', alt: 'preview of ' + t.name });
  const status = el('div', { class: 'status', id: 'preview-status' });
  const preview = el('div', { class: 'preview', id: 'preview' }, img, status);
  m.replaceChildren(el('h1', { text: t.title || t.name }), el('p', { text: t.description || '' }),
    el('div', { class: 'layout' }, form, preview));

  /* The request for the preview (one paper), or with download for every
   * sheet the Pages field asks for. */
  function request(format, download) {
    const set = {};
    for (const input of form.querySelectorAll('[data-param]')) if (!sameDefault(input)) set[input.dataset.param] = paramValue(input);
    const q = { template: t.name, format };
    if (Object.keys(set).length) q.set = set;
    if (paper.value) q.paper = paper.value;
    if (landscape.checked !== !!t.landscape) q.landscape = landscape.checked;
    if (nup.value !== '1') q.nup = Number(nup.value);
    if (mono.checked) q.mono = true;
    if (t.seeded && seed.value !== '1') q.seed = Number(seed.value);
    if (format === 'pdf') {
      if (pages.value !== '1') q.pages = Number(pages.value);
      if (backend.value !== 'cairo') q.backend = backend.value;
    } else if (format === 'png') {
      q.dpi = 150;
    }
    if (format === 'svg' && nup.value !== '1') q.pages = Number(nup.value); /* one paper */
    if (download && format !== 'pdf') {
      if (pages.value !== '1') q.pages = Number(pages.value);
      else delete q.pages;
    }
    return q;
  }

  /* The page's own checks, before any request: the sheets in a download. */
  function ownError() {
    const n = Number(pages.value);
    if (pages.value.trim() === '' || !Number.isInteger(n) || n < 1 || n > 100)
      return { field: 'pages', error: `Pages: give a number of sheets from 1 to 100${pages.value.trim() ? ` (not ${pages.value.trim()})` : ''}.` };
    return null;
  }

  function showError(err) {
    for (const e of form.querySelectorAll('.bad')) e.classList.remove('bad');
    for (const e of form.querySelectorAll('.msg')) e.textContent = '';
    general.textContent = '';
    err = err || ownError();
    if (!err) return;
    const name = err.field;
    const input = name && (form.querySelector(`[data-param="${CSS.escape(name)}"]`) || form.querySelector(`[name="${CSS.escape(name)}"]`));
    if (input) {
      input.classList.add('bad');
      document.getElementById('msg-' + input.name).textContent = words(err.error);
    } else {
      general.textContent = words(err.error);
    }
  }

  /* A download's name: the template's, and the parameters that differ from
   * its defaults (circle36-rings4-sectors12.pdf), as a file name. */
  function fileName(q, format) {
    const parts = [t.name];
    for (const [k, v] of Object.entries(q.set || {})) parts.push(k + String(v).replace(/\s+/g, ''));
    if (q.seed !== undefined) parts.push('seed' + q.seed);
    const base = parts.join('-').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
    return base + '.' + format;
  }

  let ctrl = null, seq = 0;
  async function refresh() {
    if (ctrl) ctrl.abort();
    ctrl = new AbortController();
    /* the first page, also of a template that makes several */
    const my = ++seq, q = { ...request('svg'), sheet: 1 }, t0 = performance.now();
    status.textContent = 'drawing…';
    preview.dataset.state = 'busy';
    let r;
    try { r = await post('/api/render', q, ctrl.signal); } catch (e) { return; }
    if (my !== seq) return;
    if (!r.ok) {
      showError(r.error);
      status.textContent = r.status === 503 ? 'the server is busy: trying again…' : 'not updated: see the message';
      preview.dataset.state = 'error';
      if (r.status === 503) setTimeout(refresh, 300);
      return;
    }
    showError(null);
    const svg = await r.blob.text();
    if (my !== seq) return;
    if (img.src) URL.revokeObjectURL(img.src);
    img.src = URL.createObjectURL(r.blob);
    pnpkit.lastPreview = { request: q, svg };
    status.textContent = `${Math.round(performance.now() - t0)} ms`;
    preview.dataset.state = 'ready';
    preview.dataset.request = JSON.stringify(q);
  }
  /* A download always says what became of it: the file and its size, or
   * why there is none (the message is also shown beside its field). */
  async function save(format) {
    const own = ownError();
    if (own) {
      showError(own);
      dlStatus.textContent = 'No download: ' + words(own.error);
      dlStatus.dataset.state = 'error';
      return;
    }
    const q = request(format, true);
    dlList.replaceChildren();
    const papers = Math.ceil(Number(pages.value) / Number(nup.value));
    if (format !== 'pdf' && papers > 1) { offerSheets(q, format, papers); return; }
    const name = fileName(q, format);
    dlStatus.textContent = `Making ${name}…`;
    dlStatus.dataset.state = 'busy';
    let r;
    try {
      r = await post('/api/render', q);
    } catch (e) {
      dlStatus.textContent = 'No download: the server did not answer (is pnpkit serve still running?).';
      dlStatus.dataset.state = 'error';
      return;
    }
    if (!r.ok) {
      showError(r.error);
      let why = words(r.error.error);
      /* a template that makes several sheets by itself: one file each */
      const several = /holds one page; this template makes (\d+)/.exec(r.error.error);
      if (several && format !== 'pdf') { showError(null); offerSheets(q, format, Number(several[1])); return; }
      dlStatus.textContent = 'No download: ' + why;
      dlStatus.dataset.state = 'error';
      return;
    }
    download(r.blob, name);
    dlStatus.textContent = `Downloaded ${name} (${Math.max(1, Math.round(r.blob.size / 1024))} KB).`;
    dlStatus.dataset.state = 'done';
    dlStatus.dataset.file = name;
  }
  /* An SVG or PNG file holds one page: a download of n pages is a list of
   * n files, each fetched when clicked ("sheet": k), named as pnpkit render
   * names them (circle36-rings4-2.svg; -01 ... -12 for twelve). */
  function offerSheets(q, format, n) {
    const base = fileName(q, format).replace(/\.[a-z]+$/, '');
    const width = n >= 10 ? String(n).length : 1;
    dlStatus.textContent = `${format === "svg" ? "An" : "A"} ${format.toUpperCase()} file holds one page and this download has ${n}: ` +
      'one file each, below (Download PDF gives them all in one file).';
    dlStatus.dataset.state = 'list';
    dlList.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const k = i + 1, name = `${base}-${String(k).padStart(width, '0')}.${format}`;
      const note = el('span', { class: 'status', id: 'dl-sheet-status-' + k });
      const get = async () => {
        note.textContent = 'making…';
        note.dataset.state = 'busy';
        let r;
        try { r = await post('/api/render', Object.assign({}, q, { sheet: k })); } catch (e) { r = null; }
        if (!r || !r.ok) {
          note.textContent = r ? 'no download: ' + words(r.error.error) : 'no download: the server did not answer';
          note.dataset.state = 'error';
          return;
        }
        download(r.blob, name);
        note.textContent = `downloaded (${Math.max(1, Math.round(r.blob.size / 1024))} KB)`;
        note.dataset.state = 'done';
      };
      return el('li', {}, el('button', { type: 'button', id: 'dl-sheet-' + k, onclick: get, text: name }), ' ', note);
    }));
  }
  const later = debounce(refresh, 120);
  /* a list of sheet files is for the options it was made with */
  const stale = () => { if (dlList.firstChild) { dlList.replaceChildren(); dlStatus.textContent = ''; } };
  form.addEventListener('input', stale);
  form.addEventListener('input', later);
  form.addEventListener('change', later);
  refresh();
}

/* ---- routing ---- */

/* The address of the page shown, to come back to when leaving it is called
 * off (below), and its place in the history: every entry of the app's
 * history holds its number (history.state.at), so that the back and forward
 * buttons can be undone by going as many entries the other way. */
pnpkit.shown = null;
pnpkit.shownAt = null;
/* The question before typed work not saved is left or replaced. */
pnpkit.LOSE_WORK = 'Leave this page? What you typed here is not saved (use Save to keep it).';
/* A link to another page of the app, with typed work not saved: asked before
 * the browser moves, so that staying leaves the history as it was. */
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[href^="#/"]');
  if (!a || !pnpkit.unsaved || a.getAttribute('href') === location.hash || e.defaultPrevented) return;
  if (window.confirm(pnpkit.LOSE_WORK)) pnpkit.unsaved = false;
  else e.preventDefault();
}, true);
const entryAt = () => (history.state && Number.isInteger(history.state.at) ? history.state.at : null);
async function route() {
  /* back at the page shown, after staying on it (below): nothing to build */
  if (pnpkit.shown !== null && location.hash === pnpkit.shown) { markNav(); return; }
  /* Typed work not saved: moving to another page of the app asks first, as
   * a reload does (a link asks above; here the back and forward buttons);
   * staying goes back to the page's own entry without building the page
   * again (a phone's back gesture lost a whole sheet), the history as it
   * was: the same entries, so a second Back still goes where the first
   * one went, asking again. An address typed by hand made a new entry: it
   * is left by going back from it. */
  if (pnpkit.unsaved && pnpkit.shown !== null) {
    if (!window.confirm(pnpkit.LOSE_WORK)) {
      const at = entryAt();
      if (at !== null && pnpkit.shownAt !== null && at !== pnpkit.shownAt) history.go(pnpkit.shownAt - at);
      else if (at === null) history.back();
      else history.replaceState(history.state, '', pnpkit.shown || location.pathname);
      markNav();
      return;
    }
  }
  /* this entry's place in the history: a new entry (a link, an address
   * typed) follows the page it was made from */
  let at = entryAt();
  if (at === null) {
    at = pnpkit.shownAt === null ? 0 : pnpkit.shownAt + 1;
    history.replaceState(Object.assign({}, history.state, { at }), '');
  }
  pnpkit.shownAt = at;
  pnpkit.unsaved = false;
  pnpkit.shown = location.hash;
  const h = decodeURIComponent(location.hash.replace(/^#/, '')) || '/';
  const parts = h.split('/').filter(Boolean);
  pnpkit.view = el('div', { class: 'view' });
  document.getElementById('main').replaceChildren(pnpkit.view);
  try {
    if (parts[0] === 't' && parts[1]) await templatePage(parts[1]);
    else if (parts[0] && pnpkit.routes[parts[0]]) await pnpkit.routes[parts[0]](parts.slice(1));
    else await gallery();
  } catch (e) {
    /* a page that could not be built: why, without the script's own words (TypeError: ...) */
    const why = e instanceof TypeError ? NO_SERVER : words(String((e && e.message) || e));
    main().replaceChildren(el('p', { class: 'error', id: 'page-error', text: 'This page could not be shown: ' + why }));
  }
}
window.addEventListener('hashchange', route);
window.addEventListener('DOMContentLoaded', route);

/* The skip link: the focus to the page's content (an address #main would
 * be taken for a page of the app). */
window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('skip').addEventListener('click', (e) => {
    e.preventDefault();
    const m = document.getElementById('main');
    m.setAttribute('tabindex', '-1');
    m.focus();
  });
});

/* The navigation: the link of the page shown is marked (aria-current) and,
 * on a phone, where the links are one line that scrolls sideways, scrolled
 * into sight; its ends fade where more links are hidden. */
function navEdges() {
  const nav = document.querySelector('header nav');
  nav.classList.toggle('more-left', nav.scrollLeft > 2);
  nav.classList.toggle('more-right', nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 2);
}
function markNav() {
  const nav = document.querySelector('header nav');
  const h = location.hash.startsWith('#/t/') ? '#/' : location.hash || '#/';
  let cur = null;
  for (const a of nav.querySelectorAll('a')) {
    const to = a.getAttribute('href');
    if ((to === '#/' ? h === '#/' : h === to || h.startsWith(to + '/')) && !cur) cur = a;
    if (a === cur) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (cur && nav.scrollWidth > nav.clientWidth) {
    const n = nav.getBoundingClientRect(), c = cur.getBoundingClientRect();
    if (c.left < n.left || c.right > n.right) nav.scrollLeft += c.left - n.left - (n.width - c.width) / 2;
  }
  navEdges();
}
window.addEventListener('hashchange', markNav);
window.addEventListener('DOMContentLoaded', () => {
  document.querySelector('header nav').addEventListener('scroll', navEdges, { passive: true });
  markNav();
});
window.addEventListener('resize', navEdges);

/* Work typed into a page and not saved: reloading or closing the page asks
 * first (a phone's accidental reload lost a whole sheet), and so does moving
 * to another page of the app (route). Saving the sheet's file, or leaving
 * the page, ends it. */
pnpkit.unsaved = false;
document.addEventListener('input', (e) => {
  if (e.target.closest && e.target.closest('#main') && !e.target.closest('[data-no-unsaved]')) pnpkit.unsaved = true;
});
window.addEventListener('beforeunload', (e) => {
  if (!pnpkit.unsaved) return;
  e.preventDefault();
  e.returnValue = '';
});
