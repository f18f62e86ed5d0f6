/* score.js: the score pages. The player enters a game on a picture of the
 * sheet (inputs and click targets placed on the template's slots, from
 * /api/slots); every change builds the sheet in the YAML format pnpkit score
 * reads, scores it through /api/score and shows the totals, or the message
 * beside the space it is about. */
'use strict';
(function () {
  const { el, post, download, debounce } = window.pnpkit;
  const main = () => window.pnpkit.main();

  /* The sheet picture with absolutely placed children, positioned in % of the page. */
  async function sheetPicture(template, set) {
    const q = { template, format: 'svg' };
    if (set) q.set = set;
    const [pic, slots] = await Promise.all([post('/api/render', q), post('/api/slots', q)]);
    if (!pic.ok) throw new Error(pic.error.error);
    if (!slots.ok) throw new Error(slots.error.error);
    const box = el('div', { class: 'sheet', id: 'sheet' }, el('img', { src: URL.createObjectURL(pic.blob), alt: template + ' sheet' }));
    const W = slots.json.width, H = slots.json.height;
    const place = (node, s, grow) => {
      const g = grow || 0;
      node.style.left = ((s.x - g) / W) * 100 + '%';
      node.style.top = ((s.y - g) / H) * 100 + '%';
      node.style.width = ((s.w + 2 * g) / W) * 100 + '%';
      node.style.height = ((s.h + 2 * g) / H) * 100 + '%';
      box.append(node);
      return node;
    };
    const byId = {};
    for (const s of slots.json.slots) byId[s.id] = s;
    return { box, slots: byId, place };
  }

  function totalsTable(rows) {
    return el('table', {}, rows.map(([k, v, id]) => el('tr', {}, el('td', { text: k }), el('td', { id, text: v }))));
  }

  function tipAt(box, node, text) {
    for (const t of box.querySelectorAll('.tip')) t.remove();
    if (!text) return;
    const tip = el('div', { class: 'tip', id: 'tip', role: 'alert', text });
    tip.style.left = node.style.left;
    tip.style.top = `calc(${node.style.top} + ${node.style.height} + 2px)`;
    box.append(tip);
  }

  function fileButtons(name, yaml, load, pdf) {
    const picker = el('input', { type: 'file', accept: '.yaml,.yml', style: 'display:none', id: 'load-file' });
    picker.addEventListener('change', async () => {
      if (picker.files[0]) load(await picker.files[0].text());
      picker.value = '';
    });
    return el('div', {},
      el('button', { type: 'button', id: 'dl-pdf', text: 'Completed sheet (PDF)', onclick: pdf }),
      el('button', { type: 'button', id: 'save-yaml', text: 'Save (YAML)',
        onclick: () => download(new Blob([yaml()], { type: 'text/yaml' }), name + '.yaml') }),
      el('button', { type: 'button', id: 'load-yaml', text: 'Load (YAML)', onclick: () => picker.click() }), picker);
  }

  /* A scalar as YAML: numbers and ~ as they are, anything else quoted. */
  const scalar = (v) => (v === '' ? '~' : /^-?\d{1,9}$/.test(v) ? v : JSON.stringify(v));

  /* ---- Circle 36 ---- */

  const RINGS = [['red', 'R'], ['blue', 'B'], ['green', 'G']];

  async function circle36() {
    const m = main();
    m.replaceChildren(el('h1', { text: 'Score Circle 36' }), el('p', { class: 'status', text: 'Loading…' }));
    const pic = await sheetPicture('circle36');
    const inputs = {};
    const spot = (id, cls) => {
      const s = pic.slots[id];
      if (!s) return null;
      const i = el('input', { class: 'spot ' + (cls || ''), id: 'space-' + id, 'data-space': id, type: 'text',
        inputmode: id.length < 4 ? 'numeric' : 'text', autocomplete: 'off', title: id });
      inputs[id] = pic.place(i, s);
      return i;
    };
    for (const [, L] of RINGS) for (let k = 1; k <= 8; k++) spot(L + k);
    spot('Y');
    spot('player');
    spot('date');
    const combos = el('input', { id: 'combos', type: 'number', min: 0, max: 25, value: 0 });
    const msg = el('div', { class: 'error', id: 'score-error' });
    const out = el('div', { id: 'totals' });
    let lines = [];

    function yaml() {
      lines = [];
      const L = [];
      const add = (text, meta) => { L.push(text); lines.push(meta); };
      add('game: circle36', null);
      if (inputs.player.value.trim()) add('player: ' + JSON.stringify(inputs.player.value.trim()), { key: 'player' });
      if (inputs.date.value.trim()) add('date: ' + JSON.stringify(inputs.date.value.trim()), { key: 'date' });
      for (const [name, letter] of RINGS) {
        let text = name + ': [';
        const items = [];
        for (let k = 1; k <= 8; k++) {
          if (k > 1) text += ', ';
          const v = scalar(inputs[letter + k].value.trim());
          items.push({ id: letter + k, from: text.length + 1, to: text.length + v.length });
          text += v;
        }
        add(text + ']', { items });
      }
      add('yellow: ' + scalar(inputs.Y.value.trim()), { key: 'Y' });
      add('combos: ' + scalar(combos.value.trim()), { key: 'combos' });
      return L.join('\n') + '\n';
    }

    /* The space an error (line, col) points at. */
    function spaceAt(line, col) {
      const meta = lines[line - 1];
      if (!meta) return null;
      if (meta.key) return meta.key === 'combos' ? combos : inputs[meta.key];
      let best = meta.items[0];
      for (const it of meta.items) if (col >= it.from) best = it;
      return inputs[best.id];
    }

    let seq = 0;
    async function score() {
      const my = ++seq;
      const r = await post('/api/score', { game: 'circle36', sheet: yaml() });
      if (my !== seq) return;
      for (const i of m.querySelectorAll('.bad')) i.classList.remove('bad');
      tipAt(pic.box, null, '');
      out.style.opacity = r.ok ? 1 : 0.35;
      if (!r.ok) {
        msg.textContent = r.error.error;
        const node = r.error.line ? spaceAt(r.error.line, r.error.col) : null;
        if (node) {
          node.classList.add('bad');
          if (node !== combos) tipAt(pic.box, node, r.error.error.replace(/^[^:]*:\d+:\d+: /, ''));
        }
        out.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
      const s = r.json[0];
      const rows = [];
      for (const k of Object.keys(s.totals)) rows.push([k === 'red' || k === 'blue' || k === 'green' ? k + ' ring' : 'row ' + k,
        s.totals[k] + ' → ' + s.points[k] + ' pt', 'area-' + k]);
      rows.push(['red upper half', String(s.red_upper), 'red-upper'], ['bonus', String(s.bonus), 'bonus'],
        ['penalty', String(-s.penalty), 'penalty'], ['empty spaces', String(s.empty), 'empty']);
      out.replaceChildren(totalsTable(rows), el('p', {}, 'Total ', el('span', { class: 'big', id: 'total', text: String(s.total) })));
      out.dataset.state = 'ready';
    }

    function load(text) {
      const t = text.replace(/#.*$/gm, '');
      for (const [name, letter] of RINGS) {
        const mm = t.match(new RegExp('^' + name + ':\\s*\\[([^\\]]*)\\]', 'm'));
        const vals = mm ? mm[1].split(',').map((x) => x.trim()) : [];
        for (let k = 1; k <= 8; k++) inputs[letter + k].value = vals[k - 1] && vals[k - 1] !== '~' ? vals[k - 1] : '';
      }
      const one = (key) => { const mm = t.match(new RegExp('^' + key + ':\\s*(.*?)\\s*$', 'm')); return mm ? mm[1].replace(/^"(.*)"$/, '$1') : ''; };
      inputs.Y.value = one('yellow') === '~' ? '' : one('yellow');
      inputs.player.value = one('player');
      inputs.date.value = one('date');
      combos.value = one('combos') || '0';
      score();
    }

    async function pdf() {
      const r = await post('/api/score', { game: 'circle36', sheet: yaml(), format: 'pdf' });
      if (r.ok) download(r.blob, 'circle36-scored.pdf');
      else msg.textContent = r.error.error;
    }

    const panel = el('div', { class: 'totals' },
      el('div', { class: 'field' }, el('label', { for: 'combos', text: 'ComboCircles' }), combos),
      out, msg, fileButtons('circle36-sheet', yaml, load, pdf),
      el('p', { class: 'status', text: 'Click a space and type its number; ~ or nothing leaves it empty.' }));
    m.replaceChildren(el('h1', { text: 'Score Circle 36' }), el('div', { class: 'layout' }, pic.box, panel));
    const later = debounce(score, 100);
    m.addEventListener('input', later);
    score();
  }

  /* ---- DiCroNo ---- */

  async function dicrono() {
    const m = main();
    m.replaceChildren(el('h1', { text: 'Score DiCroNo' }), el('p', { class: 'status', text: 'Loading…' }));
    const pic = await sheetPicture('dicrono');
    let n = 0;
    while (pic.slots[`cell.${n + 1}.1`]) n++;
    const blank = () => ({ first: 'X', grid: Array.from({ length: n }, () => Array(n).fill('.')), pen: { X: 0, O: 0 } });
    const games = [blank()];
    let cur = 0;
    const cells = {};
    for (let r = 1; r <= n; r++) for (let c = 1; c <= n; c++) {
      const d = el('div', { class: 'cell', id: `cell-${c}-${r}`, 'data-col': c, 'data-row': r });
      d.addEventListener('click', () => {
        const g = games[cur].grid;
        g[r - 1][c - 1] = { '.': 'X', X: 'O', O: '.' }[g[r - 1][c - 1]];
        draw();
        later();
      });
      cells[`${c}.${r}`] = pic.place(d, pic.slots[`cell.${c}.${r}`]);
    }
    const names = { X: el('input', { id: 'name-X', type: 'text', placeholder: 'X player' }), O: el('input', { id: 'name-O', type: 'text', placeholder: 'O player' }) };
    const first = el('select', { id: 'first' }, ['X', 'O'].map((p) => el('option', { value: p, text: p + ' rolls first' })));
    const pens = {};
    for (const p of ['X', 'O']) pens[p] = [1, 2, 3].map((k) => el('input', { type: 'checkbox', id: `pen-${p}-${k}`, title: `${p} penalty ${k}` }));
    const tabs = el('div', { class: 'games', id: 'games' });
    const msg = el('div', { class: 'error', id: 'score-error' });
    const out = el('div', { id: 'totals' });

    function draw() {
      const g = games[cur];
      for (let r = 1; r <= n; r++) for (let c = 1; c <= n; c++) cells[`${c}.${r}`].textContent = g.grid[r - 1][c - 1] === '.' ? '' : g.grid[r - 1][c - 1];
      first.value = g.first;
      for (const p of ['X', 'O']) pens[p].forEach((b, k) => { b.checked = k < g.pen[p]; });
      tabs.replaceChildren(...games.map((_, i) => el('button', { type: 'button', class: i === cur ? 'on' : '', text: 'Game ' + (i + 1),
        onclick: () => { cur = i; draw(); } })),
      el('button', { type: 'button', id: 'add-game', text: '+ game', onclick: () => { if (games.length < 12) { games.push(blank()); cur = games.length - 1; draw(); later(); } } }),
      ...(games.length > 1 ? [el('button', { type: 'button', text: '− this game', onclick: () => { games.splice(cur, 1); cur = Math.max(0, cur - 1); draw(); later(); } })] : []));
    }
    function sync() {
      const g = games[cur];
      g.first = first.value;
      for (const p of ['X', 'O']) g.pen[p] = pens[p].filter((b) => b.checked).length;
    }
    function yaml() {
      const L = ['game: dicrono'];
      if (names.X.value.trim() || names.O.value.trim())
        L.push(`players: {X: ${JSON.stringify(names.X.value.trim() || 'X')}, O: ${JSON.stringify(names.O.value.trim() || 'O')}}`);
      L.push('games:');
      for (const g of games) {
        L.push('  - first: ' + g.first, '    grid: |');
        for (const row of g.grid) L.push('      ' + row.join(' '));
        L.push(`    penalties: {X: ${g.pen.X}, O: ${g.pen.O}}`);
      }
      return L.join('\n') + '\n';
    }
    function load(text) {
      const t = text.replace(/#.*$/gm, '');
      const pl = t.match(/^players:\s*\{\s*X:\s*"?([^,"]*)"?\s*,\s*O:\s*"?([^}"]*)"?\s*\}/m);
      names.X.value = pl ? pl[1].trim() : '';
      names.O.value = pl ? pl[2].trim() : '';
      games.length = 0;
      for (const part of t.split(/^\s*-\s+first:/m).slice(1)) {
        const g = blank();
        g.first = /^\s*O/.test(part) ? 'O' : 'X';
        const rows = part.split('\n').map((x) => x.trim()).filter((x) => /^[.XO](\s+[.XO])+$/.test(x));
        rows.slice(0, n).forEach((row, r) => row.split(/\s+/).slice(0, n).forEach((v, c) => { g.grid[r][c] = v; }));
        const pm = part.match(/penalties:\s*\{\s*X:\s*(\d)\s*,\s*O:\s*(\d)\s*\}/);
        if (pm) g.pen = { X: Number(pm[1]), O: Number(pm[2]) };
        games.push(g);
      }
      if (!games.length) games.push(blank());
      cur = 0;
      draw();
      score();
    }
    let seq = 0;
    async function score() {
      sync();
      const my = ++seq;
      const r = await post('/api/score', { game: 'dicrono', sheet: yaml() });
      if (my !== seq) return;
      out.style.opacity = r.ok ? 1 : 0.35;
      if (!r.ok) { msg.textContent = r.error.error; out.dataset.state = 'error'; return; }
      msg.textContent = '';
      const s = r.json[0];
      const rows = s.games.map((g, i) => [`game ${i + 1}`, `X ${g.subtotal.X} · O ${g.subtotal.O}`, 'game-' + (i + 1)]);
      out.replaceChildren(totalsTable(rows), el('p', {}, 'Total ', el('span', { class: 'big', id: 'total', text: `X ${s.total.X} · O ${s.total.O}` })));
      out.dataset.state = 'ready';
    }
    async function pdf() {
      const r = await post('/api/score', { game: 'dicrono', sheet: yaml(), format: 'pdf' });
      if (r.ok) download(r.blob, 'dicrono-scored.pdf');
      else msg.textContent = r.error.error;
    }
    const later = debounce(score, 100);
    const panel = el('div', { class: 'totals' }, tabs,
      el('div', { class: 'field' }, el('label', { text: 'Players' }), el('span', {}, names.X, names.O)),
      el('div', { class: 'field' }, el('label', { for: 'first', text: 'First' }), first),
      ['X', 'O'].map((p) => el('div', { class: 'field' }, el('label', { text: p + ' penalties' }), el('span', {}, pens[p]))),
      out, msg, fileButtons('dicrono-sheet', yaml, load, pdf),
      el('p', { class: 'status', text: 'Click a square: X, O, empty.' }));
    m.replaceChildren(el('h1', { text: 'Score DiCroNo' }), el('div', { class: 'layout' }, pic.box, panel));
    m.addEventListener('input', later);
    m.addEventListener('change', later);
    draw();
    score();
  }

  /* ---- Cirplexed: the sheet as YAML text, scored as it is typed ---- */

  const CPX_START = 'game: cirplexed\nboards:\n  Ann:\n    - {at: [0, 0], corners: [blue, green, red, yellow]}\n    - {at: [1, 0], corners: [orange, purple, blue, red]}\n  Ben:\n    - {at: [0, 0], corners: [red, blue, yellow, purple]}\n';

  async function cirplexed() {
    const m = main();
    const text = el('textarea', { class: 'yaml', id: 'sheet-yaml', spellcheck: 'false' });
    text.value = CPX_START;
    const msg = el('div', { class: 'error', id: 'score-error' });
    const out = el('div', { id: 'totals' });
    const pic = el('img', { id: 'scored-img', alt: 'the completed boards', style: 'width:520px;border:1px solid #ccc;background:#fff' });
    let seq = 0;
    async function score() {
      const my = ++seq;
      const r = await post('/api/score', { game: 'cirplexed', sheet: text.value });
      if (my !== seq) return;
      text.classList.toggle('bad', !r.ok);
      if (!r.ok) {
        msg.textContent = r.error.error;
        if (r.error.line) {
          const lines = text.value.split('\n');
          let at = 0;
          for (let i = 0; i < r.error.line - 1 && i < lines.length; i++) at += lines[i].length + 1;
          text.setSelectionRange(at + r.error.col - 1, at + (lines[r.error.line - 1] || '').length);
        }
        return;
      }
      msg.textContent = '';
      const s = r.json[0];
      out.replaceChildren(el('pre', { text: JSON.stringify(s, null, 1) }));
      const svg = await post('/api/score', { game: 'cirplexed', sheet: text.value, format: 'svg' });
      if (my === seq && svg.ok) pic.src = URL.createObjectURL(svg.blob);
    }
    async function pdf() {
      const r = await post('/api/score', { game: 'cirplexed', sheet: text.value, format: 'pdf' });
      if (r.ok) download(r.blob, 'cirplexed-scored.pdf');
      else msg.textContent = r.error.error;
    }
    m.replaceChildren(el('h1', { text: 'Score Cirplexed' }),
      el('p', { text: 'Each player\'s placed tiles: tile number and grid position (format: pnpkit help score).' }),
      el('div', { class: 'layout' }, el('div', {}, text, msg, fileButtons('cirplexed-sheet', () => text.value, (t) => { text.value = t; score(); }, pdf)),
        el('div', { class: 'totals' }, out, pic)));
    text.addEventListener('input', debounce(score, 200));
    score();
  }

  window.pnpkit.routes.score = async ([game]) => {
    if (game === 'dicrono') return dicrono();
    if (game === 'cirplexed') return cirplexed();
    return circle36();
  };
})();
