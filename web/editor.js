/* editor.js: the template editor: a template's YAML in a text area with a
 * live preview; an error is marked in the line-number gutter beside its line
 * and told under the text (the caret and the selection are never moved for
 * it: only "Show" does, when the user asks); "save" stores the text in the
 * user's template directory through POST /api/templates. */
'use strict';
(function () {
  const { el, post, debounce } = window.pnpkit;

  async function editor([start]) {
    const m = window.pnpkit.main();
    const list = await window.pnpkit.templates(true);
    const pick = el('select', { id: 'ed-start', 'data-no-unsaved': '' }, list.filter((t) => !t.error).map((t) => el('option', { value: t.name, text: `${t.name} (${t.origin})` })));
    const text = el('textarea', { class: 'yaml', id: 'ed-yaml', spellcheck: 'false', wrap: 'off',
      'aria-label': 'the template as YAML', 'aria-describedby': 'ed-pos ed-error' });
    const lines = el('pre', { class: 'ed-lines', id: 'ed-lines', 'aria-hidden': 'true' });
    const gutter = el('div', { class: 'status', id: 'ed-pos' });
    let errAt = null; /* [line, col] of the error shown */
    const show = el('button', { type: 'button', id: 'ed-show', text: 'Show', hidden: true,
      title: 'select the place of the error in the text', onclick: () => { if (errAt) mark(errAt[0], errAt[1]); } });
    const msg = el('div', { class: 'error', id: 'ed-error' });
    const name = el('input', { id: 'ed-name', type: 'text', placeholder: 'my-board' });
    const saved = el('div', { class: 'status', id: 'ed-saved' });
    const img = el('img', { id: 'ed-preview', alt: 'preview' });
    const preview = el('div', { class: 'preview', id: 'preview' }, img);

    async function loadSource(n) {
      const res = await fetch('/api/templates/' + encodeURIComponent(n));
      text.value = await res.text();
      errAt = null;
      drawLines();
      name.value = list.find((t) => t.name === n && t.origin === 'user') ? n : n + '-copy';
      refresh();
    }

    /* The line numbers beside the text, the error's line marked. */
    function drawLines() {
      const n = text.value.split('\n').length;
      const out = [];
      for (let i = 1; i <= n; i++) out.push(errAt && errAt[0] === i ? `\u25b6${i}` : String(i));
      lines.textContent = out.join('\n');
      lines.scrollTop = text.scrollTop;
      lines.dataset.error = errAt ? String(errAt[0]) : '';
    }

    /* Selects line:col in the text and scrolls to it: only on the user's
     * request ("Show"), never by itself. */
    function mark(line, col) {
      const lines = text.value.split('\n');
      let at = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
      const len = (lines[line - 1] || '').length;
      text.focus();
      text.setSelectionRange(at + Math.max(0, col - 1), at + Math.max(col, len));
      text.scrollTop = Math.max(0, (line - 5) * 17);
    }

    let seq = 0;
    async function refresh() {
      const my = ++seq;
      const r = await post('/api/render', { yaml: text.value, format: 'svg' });
      if (my !== seq) return;
      text.classList.toggle('bad', !r.ok);
      if (!r.ok) {
        msg.textContent = r.error.error.replace(/^template\.yaml:\d+:\d+: /, '');
        errAt = r.error.line ? [r.error.line, r.error.col] : null;
        gutter.textContent = errAt ? `line ${errAt[0]}, column ${errAt[1]}:` : '';
        show.hidden = !errAt;
        drawLines();
        preview.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
      gutter.textContent = '';
      errAt = null;
      show.hidden = true;
      drawLines();
      if (img.src) URL.revokeObjectURL(img.src);
      img.src = URL.createObjectURL(r.blob);
      preview.dataset.state = 'ready';
    }

    async function save() {
      const r = await post('/api/templates', { name: name.value.trim(), yaml: text.value });
      saved.textContent = r.ok ? `saved as ${r.json.saved} in your template directory` : '';
      msg.textContent = r.ok ? '' : window.pnpkit.words(r.error.error);
      if (r.ok) {
        window.pnpkit.templates(true);
        window.pnpkit.unsaved = false;
      }
    }

    /* another template to start from replaces the text: typed work not
     * saved is asked for first */
    let from = pick.value;
    pick.addEventListener('change', () => {
      if (window.pnpkit.unsaved && !window.confirm(window.pnpkit.LOSE_WORK)) {
        pick.value = from;
        return;
      }
      from = pick.value;
      window.pnpkit.unsaved = false;
      loadSource(pick.value);
    });
    text.addEventListener('input', debounce(refresh, 250));
    text.addEventListener('input', drawLines);
    text.addEventListener('scroll', () => { lines.scrollTop = text.scrollTop; });
    m.replaceChildren(el('h1', { text: 'Template editor' }),
      el('p', {}, 'Start from ', pick, ' — the text is yours to change; the preview follows. Templates are described in docs/templates.md.'),
      el('div', { class: 'layout' },
        el('div', { class: 'ed-left' }, el('div', { class: 'ed-wrap' }, lines, text),
          el('div', { class: 'ed-err' }, gutter, msg, show),
          el('div', {}, el('label', { for: 'ed-name', text: 'Save as ' }), name,
            el('button', { type: 'button', id: 'ed-save', text: 'Save', onclick: save })), saved),
        preview));
    const first = start && list.find((t) => t.name === start) ? start : 'circle36';
    pick.value = first;
    from = first;
    loadSource(first);
  }

  window.pnpkit.routes.editor = editor;
})();
