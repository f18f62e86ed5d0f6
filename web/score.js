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
    const cellNames = [];
    for (const [, L] of RINGS) for (let k = 1; k <= 8; k++) cellNames.push(L + k);
    cellNames.push('Y');
    let lines = [];

    /* ---- the rounds: the dice rolled and the space written, in order ---- */
    const rounds = []; /* {a, b, cell, use, value, row} */
    const roundBody = el('tbody', { id: 'rounds' });
    const combosNote = el('span', { class: 'help', id: 'combos-note' });
    /* The sheet's Dice Rolls record: the two dice of round k on the picture,
     * the same numbers as the round's row (a die typed there makes the
     * rounds up to k). */
    const rollSpots = [];
    for (let k = 1; pic.slots[`roll${k}.a`] && pic.slots[`roll${k}.b`]; k++) {
      const pair = {};
      for (const w of ['a', 'b']) {
        const i = el('input', { class: 'spot roll', id: `roll-${k}-${w}`, type: 'text', inputmode: 'numeric', autocomplete: 'off',
          title: `round ${k}, die ${w === 'a' ? 1 : 2}` });
        i.addEventListener('input', () => {
          if (!i.value.trim() && rounds.length < k) return;
          while (rounds.length < k) addRound();
          rounds[k - 1][w].value = i.value.trim();
          rounds[k - 1][w].dispatchEvent(new Event('input'));
          roundsBox.open = true;
        });
        pair[w] = pic.place(i, pic.slots[`roll${k}.${w}`]);
      }
      rollSpots.push(pair);
    }
    function syncDice() {
      rollSpots.forEach((p, k) => {
        for (const w of ['a', 'b'])
          if (document.activeElement !== p[w]) p[w].value = rounds[k] ? rounds[k][w].value : '';
      });
    }

    function renumber() {
      rounds.forEach((r, i) => {
        r.row.firstChild.textContent = String(i + 1);
        r.row.id = 'round-' + (i + 1);
        for (const k of ['a', 'b', 'cell', 'value', 'use']) r[k].id = `round-${i + 1}-${k}`;
      });
      syncDice();
      const any = rounds.length > 0;
      combos.disabled = any;
      combosNote.textContent = any ? 'counted from the rounds' : '';
    }

    /* The value column shows and writes the board's space. */
    function syncValues() {
      for (const r of rounds) {
        const i = inputs[r.cell.value];
        if (document.activeElement !== r.value) r.value.value = i ? i.value : '';
      }
    }

    function addRound(init) {
      const v = init || {};
      const num = (val) => el('input', { type: 'number', min: 1, max: 20, class: 'die', value: val || '' });
      const r = { a: num(v.a), b: num(v.b) };
      r.cell = el('select', {}, el('option', { value: '', text: '–' }), cellNames.map((c) => el('option', { value: c, text: c })));
      r.cell.value = v.cell || '';
      r.value = el('input', { type: 'text', class: 'die', autocomplete: 'off' });
      r.use = el('select', {}, ['', 'die', 'sum', 'diff'].map((u) => el('option', { value: u, text: u || 'auto' })));
      r.use.value = v.use || '';
      const drop = el('button', { type: 'button', class: 'drop', text: '×', title: 'remove this round' });
      r.row = el('tr', {}, el('td', {}), el('td', {}, r.a, r.b), el('td', {}, r.cell), el('td', {}, r.value), el('td', {}, r.use), el('td', {}, drop));
      drop.addEventListener('click', () => {
        rounds.splice(rounds.indexOf(r), 1);
        r.row.remove();
        renumber();
        later();
      });
      r.value.addEventListener('input', () => {
        const i = inputs[r.cell.value];
        if (i) i.value = r.value.value;
      });
      /* a sum or a difference writes itself */
      const fill = () => {
        const a = parseInt(r.a.value, 10), b = parseInt(r.b.value, 10);
        const i = inputs[r.cell.value];
        if (i && !isNaN(a) && !isNaN(b) && (r.use.value === 'sum' || r.use.value === 'diff'))
          i.value = String(r.use.value === 'sum' ? a + b : Math.abs(a - b));
        syncValues();
        syncDice();
      };
      for (const k of ['a', 'b', 'cell', 'use']) r[k].addEventListener(k === 'cell' || k === 'use' ? 'change' : 'input', fill);
      rounds.push(r);
      roundBody.append(r.row);
      renumber();
      syncValues();
      return r;
    }

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
          items.push({ node: inputs[letter + k], from: text.length + 1 });
          text += v;
        }
        add(text + ']', { items });
      }
      add('yellow: ' + scalar(inputs.Y.value.trim()), { key: 'Y' });
      if (!rounds.length) {
        add('combos: ' + scalar(combos.value.trim()), { key: 'combos' });
      } else {
        add('rounds:', null);
        for (const r of rounds) {
          const items = [];
          let text = '  - {dice: [';
          const part = (node, v) => { items.push({ node, from: text.length + 1 }); text += v; };
          part(r.a, scalar(r.a.value.trim()));
          text += ', ';
          part(r.b, scalar(r.b.value.trim()));
          text += '], cell: ';
          part(r.cell, r.cell.value || '~');
          if (r.use.value) {
            text += ', use: ';
            part(r.use, r.use.value);
          }
          add(text + '}', { items });
        }
      }
      return L.join('\n') + '\n';
    }

    /* The input an error (line, col) points at. */
    function spaceAt(line, col) {
      const meta = lines[line - 1];
      if (!meta) return null;
      if (meta.key) return meta.key === 'combos' ? combos : inputs[meta.key];
      let best = meta.items[0];
      for (const it of meta.items) if (col >= it.from) best = it;
      return best.node;
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
          /* a round's die is also on the sheet's Dice Rolls record */
          const k = rounds.findIndex((x) => x.a === node || x.b === node);
          const shown = k >= 0 && rollSpots[k] ? rollSpots[k][rounds[k].a === node ? 'a' : 'b'] : node;
          shown.classList.add('bad');
          if (pic.box.contains(shown)) tipAt(pic.box, shown, r.error.error.replace(/^[^:]*:\d+:\d+: /, ''));
        }
        out.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
      const s = r.json[0];
      if (rounds.length) combos.value = String(s.combos);
      const rows = [];
      for (const k of Object.keys(s.totals)) rows.push([k === 'red' || k === 'blue' || k === 'green' ? k + ' ring' : 'row ' + k,
        s.totals[k] + ' → ' + s.points[k] + ' pt', 'area-' + k]);
      rows.push(['red upper half', String(s.red_upper), 'red-upper'], ['bonus', String(s.bonus), 'bonus'],
        ['ComboCircles', String(s.combos), 'combos-total'], ['penalty', String(-s.penalty), 'penalty'],
        ['empty spaces', String(s.empty), 'empty']);
      out.replaceChildren(totalsTable(rows), el('p', {}, 'Total ', el('span', { class: 'big', id: 'total', text: String(s.total) })));
      out.dataset.state = 'ready';
    }

    /* The rounds of a sheet: each "- ..." item under "rounds:", in flow
     * ({dice: [5, 2], cell: R1}) or block style. */
    function readRounds(t) {
      const at = t.search(/^rounds:/m);
      if (at < 0) return [];
      const body = t.slice(at).split('\n').slice(1);
      const items = [];
      for (const line of body) {
        if (/^\S/.test(line)) break;
        if (/^\s*-/.test(line)) items.push(line);
        else if (items.length) items[items.length - 1] += ' ' + line;
      }
      return items.map((x) => {
        const d = x.match(/dice:\s*\[\s*([^,\]]*)\s*,\s*([^\]]*?)\s*\]/);
        const c = x.match(/cell:\s*"?([A-Za-z]\d*)/);
        const u = x.match(/use:\s*"?(die|sum|diff)/);
        return { a: d ? d[1].trim() : '', b: d ? d[2].trim() : '', cell: c ? c[1].toUpperCase() : '', use: u ? u[1] : '' };
      });
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
      for (const r of rounds) r.row.remove();
      rounds.length = 0;
      for (const r of readRounds(t)) addRound(r);
      if (rounds.length) roundsBox.open = true;
      renumber();
      syncValues();
      score();
    }

    async function pdf() {
      const r = await post('/api/score', { game: 'circle36', sheet: yaml(), format: 'pdf' });
      if (r.ok) download(r.blob, 'circle36-scored.pdf');
      else msg.textContent = r.error.error;
    }

    const roundsBox = el('details', { class: 'rounds', id: 'rounds-box' },
      el('summary', { text: 'Rounds (optional): the dice and the space of each' }),
      el('table', {}, el('thead', {}, el('tr', {}, ['#', 'dice', 'space', 'value', 'use', ''].map((h) => el('th', { text: h })))), roundBody),
      el('button', { type: 'button', id: 'add-round', text: 'Add round',
        onclick: () => { if (rounds.length < cellNames.length) { addRound().a.focus(); later(); } } }));
    const panel = el('div', { class: 'totals' },
      el('div', { class: 'field' }, el('label', { for: 'combos', text: 'ComboCircles' }), combos, combosNote),
      roundsBox, out, msg, fileButtons('circle36-sheet', yaml, load, pdf),
      el('p', { class: 'status', text: 'Click a space and type its number; ~ or nothing leaves it empty.' }));
    m.replaceChildren(el('h1', { text: 'Score Circle 36' }), el('div', { class: 'layout' }, pic.box, panel));
    const later = debounce(score, 100);
    m.addEventListener('input', later);
    m.addEventListener('change', later);
    pic.box.addEventListener('input', syncValues);
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

  /* ---- Cirplexed: tiles placed on a picture of each player's board ---- */

  const CPX_COLORS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];
  const CPX_SHADES = { red: '#d8343f', orange: '#f08a24', yellow: '#f2cf1d', green: '#3a9a48', blue: '#2f6fcf', purple: '#8447a8' };
  const CPX_SPARE = ['#8c564b', '#e377c2', '#7f7f7f', '#17becf', '#bcbd22', '#1f3f5f'];
  const CPX_START = 'game: cirplexed\nboards:\n  Ann:\n    - {at: [0, 0], corners: [blue, green, red, yellow]}\n    - {at: [1, 0], corners: [orange, purple, blue, red]}\n  Ben:\n    - {at: [0, 0], corners: [red, blue, yellow, purple]}\n';
  const SVGNS = 'http://www.w3.org/2000/svg';

  function svgEl(tag, attrs, ...kids) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const k of kids.flat()) if (k) e.append(k);
    return e;
  }

  /* A tile turned a quarter clockwise: the top-left corner goes top-right. */
  const turn = (c) => [c[3], c[0], c[1], c[2]];
  /* The same tile in any turn has one key: its colours from the least-named
   * corner of the colour list, clockwise. */
  function tileKey(c, colors) {
    let best = null;
    let t = c;
    for (let i = 0; i < 4; i++, t = turn(t)) {
      const k = t.map((x) => String(colors.indexOf(x)).padStart(2, '0')).join('');
      if (best === null || k < best[0]) best = [k, t];
    }
    return best[1].join('-');
  }

  /* Every tile of a colour list: four different colours, turned tiles the
   * same (90 for six colours). */
  function tileSet(colors) {
    const out = [];
    const n = colors.length;
    const perms = (xs) => (xs.length < 2 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) for (let k = j + 1; k < n; k++) for (let l = k + 1; l < n; l++)
      for (const p of perms([colors[j], colors[k], colors[l]])) out.push([colors[i], ...p]);
    return out;
  }

  /* One tile as SVG at (x, y), size z: a square with a quarter circle of its
   * colour in each corner. */
  function tileSvg(c, x, y, z, shade, attrs) {
    const r = z / 2;
    const q = (cx, cy, a0, col) => {
      const p = (a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)];
      const [x0, y0] = p(a0), [x1, y1] = p(a0 + Math.PI / 2);
      return svgEl('path', { d: `M${cx},${cy} L${x0},${y0} A${r},${r} 0 0 1 ${x1},${y1} Z`, fill: shade(col) });
    };
    return svgEl('g', attrs || {},
      svgEl('rect', { x, y, width: z, height: z, fill: '#fbfaf6', stroke: '#555', 'stroke-width': 1 }),
      q(x, y, 0, c[0]), q(x + z, y, Math.PI / 2, c[1]), q(x + z, y + z, Math.PI, c[2]), q(x, y + z, 1.5 * Math.PI, c[3]));
  }

  /* Reads a sheet: colors and every player's tiles (flow or block items). */
  function cpxRead(text) {
    const t = text.replace(/#.*$/gm, '');
    const cm = t.match(/^colors:\s*\[([^\]]*)\]/m);
    const colors = cm ? cm[1].split(',').map((x) => x.trim().replace(/^"(.*)"$/, '$1')).filter(Boolean) : CPX_COLORS.slice();
    const players = [];
    const at = t.search(/^boards:/m);
    if (at >= 0) {
      let item = null;
      const flush = () => {
        if (!item) return;
        const a = item.match(/at:\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]/);
        const c = item.match(/corners:\s*\[([^\]]*)\]/);
        if (a && c && players.length)
          players[players.length - 1].tiles.push({ at: [+a[1], +a[2]], corners: c[1].split(',').map((x) => x.trim().replace(/^"(.*)"$/, '$1')) });
        item = null;
      };
      for (const line of t.slice(at).split('\n').slice(1)) {
        if (/^\S/.test(line)) break;
        const pm = line.match(/^ {1,3}("?)([^:"]+)\1:\s*(\[\s*\])?\s*$/);
        if (pm) { flush(); players.push({ name: pm[2].trim(), tiles: [] }); continue; }
        if (/^\s*-/.test(line)) { flush(); item = line; } else if (item) item += ' ' + line;
      }
      flush();
    }
    return { colors, players };
  }

  async function cirplexed() {
    const m = main();
    const st = { ...cpxRead(CPX_START), cur: 0, hand: null, turns: 0, picked: null };
    const shade = (col) => CPX_SHADES[col] || CPX_SPARE[Math.max(0, st.colors.indexOf(col)) % CPX_SPARE.length];
    const msg = el('div', { class: 'error', id: 'score-error' });
    const out = el('div', { id: 'totals' });
    const pic = el('img', { id: 'scored-img', alt: 'the completed boards as pnpkit draws them', style: 'width:420px;border:1px solid #ccc;background:#fff' });
    const playersBar = el('div', { class: 'games', id: 'cpx-players' });
    const board = el('div', { class: 'cpx-board', id: 'cpx-board' });
    const setBox = el('div', { class: 'cpx-set', id: 'cpx-set' });
    const hand = el('div', { class: 'cpx-hand', id: 'cpx-hand' });
    const nameIn = el('input', { id: 'cpx-name', type: 'text', maxlength: 60 });
    const text = el('textarea', { class: 'yaml', id: 'sheet-yaml', spellcheck: 'false', readonly: true, style: 'height:160px' });
    let lines = [];
    let bad = null; /* the tile an error points at: [player, index] */

    function yaml() {
      const L = ['game: cirplexed'];
      lines = [null];
      const same = st.colors.length === CPX_COLORS.length && st.colors.every((c, i) => c === CPX_COLORS[i]);
      if (!same) { L.push('colors: [' + st.colors.join(', ') + ']'); lines.push(null); }
      L.push('boards:'); lines.push(null);
      st.players.forEach((p, pi) => {
        if (!p.tiles.length) return; /* a board holds at least one tile */
        L.push('  ' + JSON.stringify(p.name) + ':');
        lines.push(null);
        p.tiles.forEach((t, ti) => {
          L.push(`    - {at: [${t.at[0]}, ${t.at[1]}], corners: [${t.corners.join(', ')}]}`);
          lines.push([pi, ti]);
        });
      });
      return L.join('\n') + '\n';
    }

    const used = () => new Set(st.players.flatMap((p) => p.tiles.map((t) => tileKey(t.corners, st.colors))));
    const handCorners = () => { let c = st.hand; for (let i = 0; i < st.turns; i++) c = turn(c); return c; };

    function drawPlayers() {
      playersBar.replaceChildren(...st.players.map((p, i) => el('button', { type: 'button', id: 'player-' + (i + 1), class: i === st.cur ? 'on' : '',
        text: `${p.name} (${p.tiles.length})`, onclick: () => { st.cur = i; st.picked = null; draw(); } })));
      nameIn.value = st.players[st.cur] ? st.players[st.cur].name : '';
    }

    function drawBoard() {
      const p = st.players[st.cur];
      if (!p) { board.replaceChildren(el('p', { text: 'Add a player.' })); return; }
      const Z = 64;
      const taken = new Map(p.tiles.map((t, i) => [t.at.join(','), i]));
      const spots = [];
      if (!p.tiles.length) spots.push([0, 0]);
      for (const t of p.tiles)
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const q = [t.at[0] + dx, t.at[1] + dy];
          if (!taken.has(q.join(',')) && !spots.some((s) => s[0] === q[0] && s[1] === q[1])) spots.push(q);
        }
      const all = [...p.tiles.map((t) => t.at), ...spots];
      const x0 = Math.min(...all.map((a) => a[0])), y0 = Math.min(...all.map((a) => a[1]));
      const x1 = Math.max(...all.map((a) => a[0])), y1 = Math.max(...all.map((a) => a[1]));
      const svg = svgEl('svg', { width: (x1 - x0 + 1) * Z + 8, height: (y1 - y0 + 1) * Z + 8, viewBox: `${x0 * Z - 4} ${y0 * Z - 4} ${(x1 - x0 + 1) * Z + 8} ${(y1 - y0 + 1) * Z + 8}` });
      for (const s of spots)
        svg.append(svgEl('rect', { id: `pos-${s[0]}-${s[1]}`, class: 'spot' + (st.hand ? ' ready' : ''), x: s[0] * Z + 3, y: s[1] * Z + 3, width: Z - 6, height: Z - 6,
          onclick: () => place(s) }));
      p.tiles.forEach((t, i) => {
        const g = tileSvg(t.corners, t.at[0] * Z, t.at[1] * Z, Z, shade, { id: `placed-${t.at[0]}-${t.at[1]}`, class: 'placed' +
          (st.picked === i ? ' picked' : '') + (bad && bad[0] === st.cur && bad[1] === i ? ' bad' : ''),
        onclick: () => { st.picked = st.picked === i ? null : i; st.hand = null; draw(); } });
        svg.append(g);
      });
      board.replaceChildren(svg);
    }

    function drawSet() {
      const u = used();
      setBox.replaceChildren(...tileSet(st.colors).map((c) => {
        const key = c.join('-');
        const s = svgEl('svg', { width: 34, height: 34, viewBox: '0 0 34 34', id: 'tile-' + key,
          class: 'tile' + (u.has(key) ? ' used' : '') + (st.hand && st.hand.join('-') === key ? ' on' : ''),
          onclick: () => { if (u.has(key)) return; st.hand = c; st.turns = 0; st.picked = null; draw(); } },
        tileSvg(c, 1, 1, 32, shade));
        return s;
      }));
      const c = st.hand ? handCorners() : st.picked !== null && st.players[st.cur] ? st.players[st.cur].tiles[st.picked].corners : null;
      hand.replaceChildren(c ? svgEl('svg', { width: 66, height: 66, viewBox: '0 0 66 66', id: 'hand-tile' }, tileSvg(c, 1, 1, 64, shade))
        : el('span', { class: 'help', text: 'Pick a tile from the set, or a placed tile.' }));
    }

    function draw() {
      drawPlayers();
      drawBoard();
      drawSet();
      text.value = yaml();
    }

    function place(s) {
      const p = st.players[st.cur];
      if (!st.hand || !p) return;
      p.tiles.push({ at: s, corners: handCorners() });
      st.hand = null;
      changed();
    }

    function rotate() {
      const p = st.players[st.cur];
      if (st.hand) st.turns = (st.turns + 1) % 4;
      else if (p && st.picked !== null) p.tiles[st.picked].corners = turn(p.tiles[st.picked].corners);
      else return;
      changed();
    }

    function removePicked() {
      const p = st.players[st.cur];
      if (!p || st.picked === null) return;
      p.tiles.splice(st.picked, 1);
      st.picked = null;
      changed();
    }

    let seq = 0;
    async function score() {
      const my = ++seq;
      const sheet = yaml();
      if (!st.players.some((p) => p.tiles.length)) {
        msg.textContent = '';
        out.replaceChildren(el('p', { class: 'status', text: 'Place a first tile.' }));
        out.dataset.state = 'empty';
        return;
      }
      const r = await post('/api/score', { game: 'cirplexed', sheet });
      if (my !== seq) return;
      bad = null;
      if (!r.ok) {
        msg.textContent = r.error.error;
        bad = r.error.line ? lines[r.error.line - 1] || null : null;
        if (bad) { st.cur = bad[0]; }
        drawPlayers();
        drawBoard();
        out.style.opacity = 0.35;
        out.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
      out.style.opacity = 1;
      drawBoard();
      const s = r.json[0];
      out.replaceChildren(el('table', { id: 'cpx-table' },
        el('tr', {}, ['player', 'circles', '¾', '½', 'tiles', 'rank'].map((h) => el('th', { text: h }))),
        st.players.map((q, i) => {
          const p = s.players.find((x) => x.name === q.name);
          const cells = p ? [p.circles, p.three_quarter, p.half, p.tiles, p.rank] : ['–', '–', '–', 0, '–'];
          return el('tr', { id: 'result-' + (i + 1) }, el('td', { text: q.name }),
            cells.map((v, k) => el('td', { class: ['circles', 'three-quarter', 'half', 'tiles', 'rank'][k], text: String(v) })));
        })));
      out.dataset.state = 'ready';
      const svg = await post('/api/score', { game: 'cirplexed', sheet, format: 'svg' });
      if (my === seq && svg.ok) pic.src = URL.createObjectURL(svg.blob);
    }
    const later = debounce(score, 120);
    function changed() { draw(); later(); }

    function load(t) {
      const r = cpxRead(t);
      st.colors = r.colors;
      st.players = r.players;
      st.cur = 0;
      st.hand = null;
      st.picked = null;
      changed();
    }

    async function pdf() {
      const r = await post('/api/score', { game: 'cirplexed', sheet: yaml(), format: 'pdf' });
      if (r.ok) download(r.blob, 'cirplexed-scored.pdf');
      else msg.textContent = r.error.error;
    }

    nameIn.addEventListener('input', () => {
      const p = st.players[st.cur];
      if (p && nameIn.value.trim()) { p.name = nameIn.value.trim(); drawPlayers(); text.value = yaml(); later(); }
    });
    const addPlayer = () => {
      if (st.players.length >= 12) return;
      const used = new Set(st.players.map((p) => p.name));
      let n = st.players.length + 1;
      while (used.has('Player ' + n)) n++;
      st.players.push({ name: 'Player ' + n, tiles: [] });
      st.cur = st.players.length - 1;
      changed();
    };
    const dropPlayer = () => {
      if (!st.players.length) return;
      st.players.splice(st.cur, 1);
      st.cur = Math.max(0, st.cur - 1);
      st.picked = null;
      changed();
    };
    m.addEventListener('keydown', (e) => { if (e.key === 'r' && e.target.tagName !== 'INPUT') rotate(); });
    m.replaceChildren(el('h1', { text: 'Score Cirplexed' }),
      el('div', { class: 'layout' },
        el('div', { class: 'cpx-left' },
          playersBar,
          el('div', { class: 'field' }, el('label', { for: 'cpx-name', text: 'Name' }), nameIn),
          el('div', {}, el('button', { type: 'button', id: 'add-player', text: 'Add player', onclick: addPlayer }),
            el('button', { type: 'button', id: 'drop-player', text: 'Remove player', onclick: dropPlayer })),
          board,
          el('p', { class: 'status', text: 'Pick a tile in the set, turn it (R), click a dashed place next to the board. Click a placed tile to turn or remove it.' })),
        el('div', { class: 'totals' },
          el('div', { class: 'cpx-tools' }, hand,
            el('button', { type: 'button', id: 'rotate', text: 'Turn ↻', onclick: rotate }),
            el('button', { type: 'button', id: 'remove-tile', text: 'Remove tile', onclick: removePicked })),
          setBox, out, msg, fileButtons('cirplexed-sheet', yaml, load, pdf),
          el('details', {}, el('summary', { text: 'The sheet as YAML' }), text), pic)));
    draw();
    score();
  }

  window.pnpkit.routes.score = async ([game]) => {
    if (game === 'dicrono') return dicrono();
    if (game === 'cirplexed') return cirplexed();
    return circle36();
  };
})();
