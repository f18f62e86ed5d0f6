/* editor.js: the template editor: a template's YAML in a text area with a
 * live preview; an error marks its line and column; "save" stores the text
 * in the user's template directory through POST /api/templates. */
'use strict';
(function () {
  const { el, post, debounce } = window.pnpkit;

  async function editor([start]) {
    const m = window.pnpkit.main();
    const list = await window.pnpkit.templates(true);
    const pick = el('select', { id: 'ed-start' }, list.filter((t) => !t.error).map((t) => el('option', { value: t.name, text: `${t.name} (${t.origin})` })));
    const text = el('textarea', { class: 'yaml', id: 'ed-yaml', spellcheck: 'false' });
    const gutter = el('div', { class: 'status', id: 'ed-pos' });
    const msg = el('div', { class: 'error', id: 'ed-error' });
    const name = el('input', { id: 'ed-name', type: 'text', placeholder: 'my-board' });
    const saved = el('div', { class: 'status', id: 'ed-saved' });
    const img = el('img', { id: 'ed-preview', alt: 'preview' });
    const preview = el('div', { class: 'preview', id: 'preview' }, img);

    async function loadSource(n) {
      const res = await fetch('/api/templates/' + encodeURIComponent(n));
      text.value = await res.text();
      name.value = list.find((t) => t.name === n && t.origin === 'user') ? n : n + '-copy';
      refresh();
    }

    /* Selects line:col in the text and scrolls to it. */
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
        msg.textContent = r.error.error;
        gutter.textContent = r.error.line ? `line ${r.error.line}, column ${r.error.col}` : '';
        if (r.error.line) mark(r.error.line, r.error.col);
        preview.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
      gutter.textContent = '';
      if (img.src) URL.revokeObjectURL(img.src);
      img.src = URL.createObjectURL(r.blob);
      preview.dataset.state = 'ready';
    }

    async function save() {
      const r = await post('/api/templates', { name: name.value.trim(), yaml: text.value });
      saved.textContent = r.ok ? `saved as ${r.json.saved} in your template directory` : '';
      msg.textContent = r.ok ? '' : r.error.error;
      if (r.ok) window.pnpkit.templates(true);
    }

    pick.addEventListener('change', () => loadSource(pick.value));
    text.addEventListener('input', debounce(refresh, 250));
    m.replaceChildren(el('h1', { text: 'Template editor' }),
      el('p', {}, 'Start from ', pick, ' — the text is yours to change; the preview follows. Templates are described in docs/templates.md.'),
      el('div', { class: 'layout' },
        el('div', {}, text, gutter, msg,
          el('div', {}, el('label', { for: 'ed-name', text: 'Save as ' }), name,
            el('button', { type: 'button', id: 'ed-save', text: 'Save', onclick: save })), saved),
        preview));
    const first = start && list.find((t) => t.name === start) ? start : 'circle36';
    pick.value = first;
    loadSource(first);
  }

  window.pnpkit.routes.editor = editor;
})();
