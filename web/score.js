/* score.js: the score pages. The player enters a game on a picture of the
 * sheet (inputs and click targets placed on the template's slots, from
 * /api/slots); every change builds the sheet in the YAML format pnpkit score
 * reads, scores it through /api/score and shows the totals, or the message
 * beside the space it is about. */
'use strict';
(function () {
  const { el, post, download, debounce, words, LOSE_WORK } = window.pnpkit;
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
    /* On a phone the sheet is shown at the width that makes its smallest
     * space (a board space, a grid square; names and the dice record have
     * their own size) 46 px
     * wide, in a box that scrolls sideways (style.css). */
    const spaces = slots.json.slots.filter((s) => /^([A-Z]\d+|Y|cell\.\d+\.\d+)$/.test(s.id));
    const least = spaces.length ? Math.min(...spaces.map((s) => Math.min(s.w, s.h))) : W;
    box.style.setProperty('--touch-width', Math.ceil((46 / least) * W) + 'px');
    /* Scrolls the sheet's box so that the point (x, y) in mm is in the middle. */
    const centre = (scroller, x) => {
      if (scroller.scrollWidth > scroller.clientWidth)
        scroller.scrollLeft = Math.max(0, (x / W) * box.offsetWidth - scroller.clientWidth / 2);
    };
    return { box, slots: byId, place, W, H, centre };
  }

  function totalsTable(rows) {
    return el('table', {}, rows.map(([k, v, id]) => el('tr', {}, el('td', { text: k }), el('td', { id, text: v }))));
  }

  /* A message beside the field it is about: under a field on the sheet
   * (moved sideways as far as needed to stay inside the part of the sheet on
   * screen: on a phone the sheet is wider than the screen), or in a row of
   * its own under a field in a table (a round's die, whose place on the
   * sheet's Dice Rolls record a phone does not show). */
  function tipAt(box, node, text) {
    for (const t of document.querySelectorAll('#main .tip, #main .tip-row')) t.remove();
    if (!text || !node) return;
    const tip = el('div', { class: 'tip', id: 'tip', role: 'alert', text });
    const row = !box.contains(node) && node.closest('tr');
    if (row) {
      row.after(el('tr', { class: 'tip-row' }, el('td', { colspan: row.children.length }, tip)));
      return;
    }
    tip.style.left = node.style.left;
    tip.style.top = `calc(${node.style.top} + ${node.style.height} + 2px)`;
    box.append(tip);
    const scroller = box.closest('.sheet-scroll');
    const seen = scroller ? scroller.getBoundingClientRect() : { left: 0, right: window.innerWidth };
    const left = Math.max(0, seen.left) + 4, right = Math.min(window.innerWidth, seen.right) - 4;
    const r = tip.getBoundingClientRect();
    let shift = r.right > right ? r.right - right : 0; /* to the left */
    if (r.left - shift < left) shift = r.left - left; /* never past the left edge */
    if (shift) tip.style.left = `calc(${node.style.left} - ${shift}px)`;
  }

  /* Save, Load and the completed sheet. Load reads the file through the
   * library's own reader (POST /api/sheet): a file pnpkit score refuses is
   * refused with the same message (the file's name in place of <sheet>),
   * and nothing on the page changes. A file of several sheets offers them
   * in a list. fill(sheet) gets one sheet as the reader understood it. */
  function fileButtons(o) {
    const picker = el('input', { type: 'file', accept: '.yaml,.yml', class: 'file-input', id: 'load-file', tabindex: '-1' });
    const status = el('div', { class: 'error', id: 'load-error', role: 'alert' });
    const pick = el('select', { id: 'load-pick', hidden: true, 'aria-label': 'which sheet of the loaded file' });
    let sheets = [];
    pick.addEventListener('change', async () => {
      const why = await o.fill(sheets[Number(pick.value)]);
      status.textContent = why ? `Sheet ${Number(pick.value) + 1} was not loaded: ${why}` : '';
      status.dataset.state = why ? 'error' : 'loaded';
      if (!why) window.pnpkit.unsaved = false; /* the page shows the file's sheet */
    });
    picker.addEventListener('change', async () => {
      const file = picker.files[0];
      picker.value = '';
      if (!file) return;
      status.textContent = `Reading ${file.name}…`;
      status.dataset.state = 'busy';
      const r = await post('/api/sheet', { game: o.game, sheet: await file.text(), ...(o.variant ? o.variant() : {}) });
      if (!r.ok) {
        status.textContent = `${file.name} was not loaded (the sheet on the page is unchanged): ` +
          r.error.error.replace(/^<sheet>/, file.name);
        status.dataset.state = 'error';
        return;
      }
      /* fill answers why it cannot show a sheet (a grid the page cannot draw), or nothing */
      const why = await o.fill(r.json[0]);
      if (why) {
        status.textContent = `${file.name} was not loaded (the sheet on the page is unchanged): ${why}`;
        status.dataset.state = 'error';
        return;
      }
      sheets = r.json;
      status.textContent = '';
      status.dataset.state = 'loaded';
      window.pnpkit.unsaved = false; /* the page shows the file's sheet */
      pick.replaceChildren(...sheets.map((s, i) => el('option', { value: i, text: `Sheet ${i + 1} of ${sheets.length}` + (o.label(s) ? ': ' + o.label(s) : '') })));
      pick.hidden = sheets.length < 2;
      pick.value = '0';
    });
    const save = () => {
      /* a file pnpkit score (and Load) will refuse: said as it is saved */
      const problem = o.problem ? o.problem() : '';
      const warn = (o.saveNote ? o.saveNote() : '') ||
        (problem ? `Saved as it stands: pnpkit score (and Load) will refuse it until this is mended: ${problem}` : '');
      status.textContent = warn;
      status.dataset.state = warn ? 'warn' : '';
      download(new Blob([o.yaml()], { type: 'text/yaml' }), o.name + '.yaml');
      window.pnpkit.unsaved = false;
    };
    return el('div', { class: 'buttons' },
      el('button', { type: 'button', id: 'dl-pdf', text: 'Completed sheet (PDF)', onclick: o.pdf }),
      el('button', { type: 'button', id: 'save-yaml', text: 'Save (YAML)', onclick: save }),
      el('button', { type: 'button', id: 'load-yaml', text: 'Load (YAML)', onclick: () => {
        /* a file loaded replaces what is on the page: typed work not saved is asked for first */
        if (window.pnpkit.unsaved && !window.confirm(LOSE_WORK)) return;
        picker.click();
      } }), picker, pick, status);
  }

  /* A scalar as YAML: numbers and ~ as they are, anything else quoted. */
  /* a value as YAML: nothing or ~ is empty, a number plain, anything else a text */
  const scalar = (v) => (v === '' || v === '~' ? '~' : /^-?\d{1,9}$/.test(v) ? v : JSON.stringify(v));

  /* A completed sheet could not be drawn: say why in the page's words. */
  function drawFailure(err) {
    const m = words(err.error);
    if (/no font/.test(m)) return 'The completed sheet cannot be drawn: ' + m + '. Take that character out of the name or the date.';
    return 'The completed sheet cannot be drawn: ' + m;
  }

  /* ---- Circle 36 ---- */

  /* Every ring a variant may have: its name in the sheet and its letter. */
  const ALL_RINGS = [['red', 'R'], ['blue', 'B'], ['green', 'G'], ['orange', 'O'], ['purple', 'P'], ['grey', 'K']];
  /* The board the page scores on: a template (the built-in or a saved
   * Circle 36 template) and its parameters; kept while the page is open. */
  const c36 = { template: 'circle36', set: {} };

  /* The variant's part of a request: {template, set} as /api/score takes them. */
  function c36Query() {
    const q = {};
    if (c36.template !== 'circle36') q.template = c36.template;
    if (Object.keys(c36.set).length) q.set = { ...c36.set };
    return q;
  }
  /* A file name for the variant: circle36, circle36-rings4-sectors12, my-board. */
  function c36Name() {
    const parts = [c36.template, ...Object.entries(c36.set).map(([k, v]) => k + v)];
    return parts.join('-').replace(/[^A-Za-z0-9._-]+/g, '_');
  }

  async function circle36(carry) {
    /* a fresh element each time the board changes: the old one's listeners go with it */
    const m = el('div');
    main().replaceChildren(m);
    m.replaceChildren(el('h1', { text: 'Score Circle 36' }), el('p', { class: 'status', text: 'Loading…' }));
    const list = await window.pnpkit.templates();
    const boards = list.filter((t) => !t.error && t.game === 'circle36');
    const tmpl = boards.find((t) => t.name === c36.template) || boards.find((t) => t.name === 'circle36');
    const param = (n) => (tmpl && tmpl.params || []).find((p) => p.name === n);
    const setting = (n) => { const p = param(n); return c36.set[n] !== undefined ? String(c36.set[n]) : p ? p.default : ''; };
    const dice = Number(setting('dice')) || 8;
    const target = Number(setting('target')) || 36;
    const q0 = c36Query();
    let pic;
    try {
      pic = await sheetPicture(c36.template, q0.set);
    } catch (e) {
      /* a board the server refuses: back to the one before, the game kept */
      if (!carry || !carry.prev) throw e;
      c36.template = carry.prev.template;
      c36.set = carry.prev.set;
      return circle36({ ...carry, prev: null, error: words(String(e.message || e)) });
    }
    const inputs = {};
    const spot = (id, cls, label) => {
      const s = pic.slots[id];
      if (!s) return null;
      const i = el('input', { class: 'spot ' + (cls || ''), id: 'space-' + id, 'data-space': id, type: 'text',
        inputmode: id.length < 4 ? 'numeric' : 'text', autocomplete: 'off', title: label || id, 'aria-label': label || id });
      inputs[id] = pic.place(i, s);
      return i;
    };
    /* the player and the date first: the Tab order of the sheet */
    spot('player', 'text', 'player');
    spot('date', 'text', 'date');
    const RINGS = ALL_RINGS.filter(([, L]) => pic.slots[L + '1']);
    let sectors = 0;
    while (pic.slots['R' + (sectors + 1)]) sectors++;
    for (const [name, L] of RINGS) for (let k = 1; k <= sectors; k++) spot(L + k, '', `${name} ring, sector ${k}`);
    spot('Y', '', 'yellow centre');
    const combos = el('input', { id: 'combos', type: 'number', min: 0, max: 99, placeholder: 'not yet', inputmode: 'numeric' });
    const msg = el('div', { class: 'error', id: 'score-error', role: 'status' });
    const drawMsg = el('div', { class: 'error', id: 'draw-error', role: 'status' });
    const note = el('div', { class: 'help', id: 'score-note' });
    const out = el('div', { id: 'totals' });
    const cellNames = [];
    for (const [, L] of RINGS) for (let k = 1; k <= sectors; k++) cellNames.push(L + k);
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
        const label = `round ${k}, die ${w === 'a' ? 1 : 2}`;
        const i = el('input', { class: 'spot roll', id: `roll-${k}-${w}`, type: 'text', inputmode: 'numeric', autocomplete: 'off',
          title: label, 'aria-label': label, tabindex: '-1' });
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
        r.a.setAttribute('aria-label', `round ${i + 1}, die 1`);
        r.b.setAttribute('aria-label', `round ${i + 1}, die 2`);
        r.cell.setAttribute('aria-label', `round ${i + 1}, space`);
        r.value.setAttribute('aria-label', `round ${i + 1}, number written`);
        r.use.setAttribute('aria-label', `round ${i + 1}, how it was made`);
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
      const num = (val) => el('input', { type: 'number', min: 1, max: dice, class: 'die', inputmode: 'numeric', value: val || '' });
      const r = { a: num(v.a), b: num(v.b) };
      r.cell = el('select', {}, el('option', { value: '', text: '–' }), cellNames.map((c) => el('option', { value: c, text: c })));
      r.cell.value = v.cell || '';
      r.value = el('input', { type: 'text', class: 'die', autocomplete: 'off', inputmode: 'numeric' });
      r.use = el('select', {}, ['', 'die', 'sum', 'diff'].map((u) => el('option', { value: u, text: u || 'auto' })));
      r.use.value = v.use || '';
      const drop = el('button', { type: 'button', class: 'drop', text: '×', title: 'remove this round', 'aria-label': 'remove this round' });
      r.row = el('tr', {}, el('td', {}), el('td', { class: 'dice' }, r.a, r.b), el('td', {}, r.cell), el('td', {}, r.value), el('td', {}, r.use), el('td', {}, drop));
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

    /* A round is complete when both dice and its space are given. */
    /* A round counts once its dice and space are written and either its use
     * is chosen or its space holds a number: a round whose space is still
     * empty and whose use is not chosen yet is being typed, not an error. */
    const complete = (r) => r.a.value.trim() !== '' && r.b.value.trim() !== '' && r.cell.value !== '' &&
      (r.use.value !== '' || (inputs[r.cell.value] && inputs[r.cell.value].value.trim() !== ''));
    /* The ComboCircles the board needs whatever the rolls: a written 0 or a
     * number above a die's largest face (only a sum or a difference makes it). */
    function forcedCombos() {
      let n = 0;
      for (const c of cellNames) {
        const v = inputs[c].value.trim();
        if (/^\d+$/.test(v) && (Number(v) === 0 || Number(v) > dice)) n++;
      }
      return n;
    }

    /* The spaces written on the board that no complete round fills yet
     * (with rounds, each written space needs its round). */
    function unfilled() {
      if (!rounds.length) return [];
      const named = new Set(rounds.filter(complete).map((r) => r.cell.value));
      return cellNames.filter((c) => inputs[c].value.trim() !== '' && !named.has(c));
    }

    /* The sheet in the format pnpkit score reads. With forScore, what is
     * not finished yet is left out, so that a half-filled sheet scores what
     * it has: a round without both dice or its space, a space written
     * before its round, and a ComboCircles count not written yet (the
     * board's least). */
    function yaml(forScore) {
      lines = [];
      const L = [];
      const add = (text, meta) => { L.push(text); lines.push(meta); };
      const skipped = new Set(forScore ? unfilled() : []);
      add('game: circle36', null);
      if (inputs.player && inputs.player.value.trim()) add('player: ' + JSON.stringify(inputs.player.value.trim()), { key: 'player' });
      if (inputs.date && inputs.date.value.trim()) add('date: ' + JSON.stringify(inputs.date.value.trim()), { key: 'date' });
      for (const [name, letter] of RINGS) {
        let text = name + ': [';
        const items = [];
        for (let k = 1; k <= sectors; k++) {
          if (k > 1) text += ', ';
          const v = skipped.has(letter + k) ? '~' : scalar(inputs[letter + k].value.trim());
          items.push({ node: inputs[letter + k], from: text.length + 1 });
          text += v;
        }
        add(text + ']', { items });
      }
      add('yellow: ' + (skipped.has('Y') ? '~' : scalar(inputs.Y.value.trim())), { key: 'Y' });
      const done = forScore ? rounds.filter(complete) : rounds;
      if (!rounds.length) {
        const c = combos.value.trim();
        add('combos: ' + (c === '' && forScore ? String(forcedCombos()) : scalar(c)), { key: 'combos' });
      } else if (done.length) {
        add('rounds:', null);
        for (const r of done) {
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
      } else {
        add('combos: 0', { key: 'combos' }); /* every written space waits for its round */
      }
      return L.join('\n') + '\n';
    }

    /* The input an error (line, col) of a sheet laid out as at (the lines
     * of the yaml() call that made it) points at. */
    function spaceAt(at, line, col) {
      const meta = at[line - 1];
      if (!meta) return null;
      if (meta.key) return meta.key === 'combos' ? combos : inputs[meta.key];
      let best = meta.items[0];
      for (const it of meta.items) if (col >= it.from) best = it;
      return best.node;
    }

    /* What the totals leave out for now, in the page's words. */
    function partialNote() {
      const open = rounds.map((r, i) => (complete(r) ? 0 : i + 1)).filter(Boolean);
      const parts = [];
      if (open.length) parts.push(`Round${open.length > 1 ? 's' : ''} ${open.join(', ')} not complete yet (dice and space): left out of the totals until ${open.length > 1 ? 'they are' : 'it is'}.`);
      const alone = unfilled();
      if (alone.length) parts.push(`${alone.join(', ')} ha${alone.length > 1 ? 've' : 's'} no round yet: left out until ${alone.length > 1 ? 'their rounds are' : 'its round is'} entered.`);
      if (!rounds.length && combos.value.trim() === '') {
        const f = forcedCombos();
        parts.push(`ComboCircles not written yet: counted as ${f}${f ? ', the least this board needs' : ''}.`);
      }
      const empty = cellNames.filter((c) => inputs[c].value.trim() === '').length;
      if (empty) parts.push(`${empty} space${empty > 1 ? 's' : ''} still empty.`);
      return parts.join(' ');
    }

    let seq = 0, lastSent = null;
    async function score() {
      const sheet = yaml(true);
      /* the layout of this very text: a later yaml() (a save, the next
       * keystroke's score) rebuilds lines while this request is out */
      const at = lines;
      note.textContent = partialNote();
      if (sheet === lastSent) return; /* nothing new to ask */
      lastSent = sheet;
      const my = ++seq;
      const r = await post('/api/score', { game: 'circle36', sheet, ...c36Query() });
      if (my !== seq) return;
      for (const i of m.querySelectorAll('.bad')) i.classList.remove('bad');
      tipAt(pic.box, null, '');
      if (!r.ok) {
        const said = words(r.error.error);
        const node = r.error.line ? spaceAt(at, r.error.line, r.error.col) : null;
        msg.textContent = said;
        if (node) {
          node.classList.add('bad');
          /* a round's die is also on the sheet's Dice Rolls record: the
           * message goes there, or (on a phone, where the record is not
           * shown) under the die in the Rounds table */
          const k = rounds.findIndex((x) => x.a === node || x.b === node);
          const spot = k >= 0 && rollSpots[k] ? rollSpots[k][rounds[k].a === node ? 'a' : 'b'] : null;
          if (spot) spot.classList.add('bad');
          const shown = spot && spot.getClientRects().length ? spot : node;
          if (k >= 0 && shown === node) roundsBox.open = true;
          if (pic.box.contains(shown) || k >= 0) tipAt(pic.box, shown, said);
        }
        /* the totals stay as they were, said to be so: the message says what to change */
        if (out.querySelector('table') && !out.querySelector('#stale'))
          out.prepend(el('p', { class: 'help', id: 'stale', text: 'The totals before the change marked in red:' }));
        out.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
      const s = r.json[0];
      if (rounds.length) combos.value = String(s.combos);
      const rows = [];
      for (const k of Object.keys(s.totals)) rows.push([/^[A-Z]$/.test(k) ? 'row ' + k : k + ' ring',
        s.totals[k] + ' → ' + s.points[k] + ' pt', 'area-' + k]);
      rows.push(['red upper half', String(s.red_upper), 'red-upper'], ['bonus', String(s.bonus), 'bonus'],
        ['ComboCircles', String(s.combos), 'combos-total'], ['penalty', String(-s.penalty), 'penalty'],
        ['empty spaces', String(s.empty), 'empty']);
      out.replaceChildren(totalsTable(rows), el('p', {}, 'Total ', el('span', { class: 'big', id: 'total', text: String(s.total) })));
      out.dataset.state = 'ready';
    }

    /* One sheet as the library read it (POST /api/sheet) onto the page. */
    function fill(s) {
      for (const [name, letter] of RINGS)
        for (let k = 1; k <= sectors; k++) {
          const v = (s[name] || [])[k - 1];
          inputs[letter + k].value = v === null || v === undefined ? '' : String(v);
        }
      inputs.Y.value = s.yellow === null || s.yellow === undefined ? '' : String(s.yellow);
      if (inputs.player) inputs.player.value = s.player || '';
      if (inputs.date) inputs.date.value = s.date || '';
      combos.value = s.combos === null || s.combos === undefined ? '' : String(s.combos);
      for (const r of rounds) r.row.remove();
      rounds.length = 0;
      for (const r of s.rounds || []) addRound({ a: String(r.dice[0]), b: String(r.dice[1]), cell: r.cell, use: r.use || '' });
      if (rounds.length) roundsBox.open = true;
      renumber();
      syncValues();
      score();
    }

    async function pdf() {
      drawMsg.textContent = 'Drawing the completed sheet…';
      const r = await post('/api/score', { game: 'circle36', sheet: yaml(true), format: 'pdf', ...c36Query() });
      if (r.ok) {
        drawMsg.textContent = '';
        download(r.blob, c36Name() + '-scored.pdf');
      } else {
        drawMsg.textContent = drawFailure(r.error);
        /* the name (or date) that holds a character no font has: marked until it changes */
        if (/no font/.test(r.error.error))
          for (const k of ['player', 'date'])
            if (inputs[k] && /[^\u0000-\u024f]/.test(inputs[k].value)) {
              inputs[k].classList.add('bad-draw');
              inputs[k].addEventListener('input', () => inputs[k].classList.remove('bad-draw'), { once: true });
            }
      }
    }

    const roundsBox = el('details', { class: 'rounds', id: 'rounds-box' },
      el('summary', { text: 'Rounds (optional): the dice and the space of each' }),
      el('div', { class: 'table-scroll' }, el('table', {}, el('thead', {}, el('tr', {}, ['#', 'dice', 'space', 'value', 'use', ''].map((h) => el('th', { text: h })))), roundBody)),
      el('button', { type: 'button', id: 'add-round', text: 'Add round',
        onclick: () => { if (rounds.length < cellNames.length) { addRound().a.focus(); later(); } } }));

    /* ---- the variant: the printed sheet's parameters, or a saved template ---- */
    const vBoard = el('select', { id: 'v-template' }, boards.map((t) => el('option', { value: t.name, text: t.name + (t.origin === 'built-in' ? '' : ` (${t.origin})`) })));
    vBoard.value = tmpl ? tmpl.name : 'circle36';
    const vFields = ['rings', 'sectors', 'dice', 'target'].filter(param).map((n) => {
      const p = param(n);
      const i = el('input', { id: 'v-' + n, type: 'number', min: p.min, max: p.max, step: p.step || 1, value: setting(n), inputmode: 'numeric' });
      i.dataset.def = p.default;
      return [n, i, p];
    });
    const vMsg = el('div', { class: 'error', id: 'v-error' });
    function useVariant() {
      const set = {};
      for (const [n, i, p] of vFields) {
        const v = i.value.trim();
        const step = p.step || 1;
        if (!/^\d+$/.test(v) || Number(v) < p.min || Number(v) > p.max || (Number(v) - p.min) % step) {
          vMsg.textContent = `${n}: give a number from ${p.min} to ${p.max}${step > 1 ? ` in steps of ${step}` : ''}.`;
          i.classList.add('bad');
          return;
        }
        i.classList.remove('bad');
        if (v !== p.default) set[n] = Number(v);
      }
      const changed = vBoard.value !== c36.template;
      const prev = { template: c36.template, set: c36.set };
      c36.template = vBoard.value;
      c36.set = changed ? {} : set;
      circle36({ ...snapshot(), prev });
    }
    /* what the player wrote, to carry over to the new board */
    function snapshot() {
      const v = {};
      for (const [k, i] of Object.entries(inputs)) v[k] = i.value;
      return { values: v, combos: combos.value, rounds: rounds.map((r) => ({ a: r.a.value, b: r.b.value, cell: r.cell.value, use: r.use.value })) };
    }
    const vSummary = `Board: ${c36.template}${Object.keys(c36.set).length ? ' with ' + Object.entries(c36.set).map(([k, v]) => `${k} ${v}`).join(', ') : ''} (${RINGS.length} ring${RINGS.length > 1 ? 's' : ''} of ${sectors}, dice 1 to ${dice}, target ${target})`;
    const variantBox = el('details', { class: 'variant', id: 'variant-box' },
      el('summary', { id: 'variant-summary', text: vSummary }),
      el('div', { class: 'field' }, el('label', { for: 'v-template', text: 'template' }), vBoard,
        el('span', { class: 'help', text: 'a saved Circle 36 template, or the built-in one' })),
      vFields.map(([n, i, p]) => el('div', { class: 'field' }, el('label', { for: 'v-' + n, text: n }), i, el('span', { class: 'help', text: `${p.help || ''} (${p.min} to ${p.max})` }))),
      el('button', { type: 'button', id: 'v-use', text: 'Use this board', onclick: useVariant }), vMsg);

    const panel = el('div', { class: 'totals' },
      el('div', { class: 'field' }, el('label', { for: 'combos', text: 'ComboCircles' }), combos, combosNote),
      roundsBox, out, note, msg, drawMsg,
      fileButtons({ game: 'circle36', name: c36Name() + '-sheet', yaml: () => yaml(false), fill, pdf, variant: c36Query,
        label: (s) => s.player,
        problem: () => msg.textContent,
        saveNote: () => {
          const open = rounds.filter((r) => !complete(r)).length;
          if (open) return `Saved with ${open} round${open > 1 ? 's' : ''} not complete: pnpkit score reads the file once ${open > 1 ? 'they are' : 'it is'} complete.`;
          if (!rounds.length && combos.value.trim() === '') return 'Saved without the ComboCircles count: pnpkit score (and Load) read the file once it is written in.';
          return '';
        } }),
      el('p', { class: 'status', text: 'Tap a space and type its number; nothing (or ~) leaves it empty.' }));
    const scroller = el('div', { class: 'sheet-scroll', id: 'sheet-scroll' }, pic.box);
    m.replaceChildren(el('h1', { text: 'Score Circle 36' }), variantBox, el('div', { class: 'layout' }, scroller, panel));
    /* a carried-over game onto the new board: what still has a place */
    if (carry) {
      for (const [k, v] of Object.entries(carry.values)) if (inputs[k]) inputs[k].value = v;
      combos.value = carry.combos;
      for (const r of carry.rounds) addRound(r.cell && !cellNames.includes(r.cell) ? { ...r, cell: '' } : r);
      if (rounds.length) roundsBox.open = true;
      renumber();
      syncValues();
      if (carry.error) {
        vMsg.textContent = `This board cannot be used: ${carry.error}`;
        variantBox.open = true;
      }
    }
    /* on a narrow screen the sheet is wider than the screen: start on the board */
    if (pic.slots.Y) pic.centre(scroller, pic.slots.Y.x + pic.slots.Y.w / 2);
    const later = debounce(score, 300);
    m.addEventListener('input', later);
    m.addEventListener('change', (e) => { if (!variantBox.contains(e.target)) later(); });
    pic.box.addEventListener('input', syncValues);
    score();
  }

  /* ---- DiCroNo ---- */

  /* The grid sizes pnpkit score dicrono reads: those the dicrono template
   * draws (its size parameter, 4 to 10). */
  async function dicronoSizes() {
    const t = (await window.pnpkit.templates()).find((x) => x.name === 'dicrono');
    const p = t && (t.params || []).find((x) => x.name === 'size');
    const lo = p ? Number(p.min) : 4, hi = p ? Number(p.max) : 10, def = p ? Number(p.default) : 6;
    return { sizes: Array.from({ length: hi - lo + 1 }, (_, i) => lo + i), def };
  }

  async function dicrono(size) {
    const m = main();
    m.replaceChildren(el('h1', { text: 'Score DiCroNo' }), el('p', { class: 'status', text: 'Loading…' }));
    const { sizes, def } = await dicronoSizes();
    let n = 0; /* the grid's rows and columns, once its sheet is drawn */
    let pic = null;
    const blank = (first) => ({ first: first || 'X', grid: Array.from({ length: n }, () => Array(n).fill('.')), pen: { X: 0, O: 0 } });
    const games = [];
    let cur = 0;
    let result = null; /* the last answer: the scored games */
    /* the players' names first: the Tab order of the sheet */
    const names = {};
    for (const p of ['X', 'O'])
      names[p] = el('input', { id: 'name-' + p, type: 'text', placeholder: p + ' player', 'aria-label': `name of player ${p}`, autocomplete: 'off' });
    let cells = {};
    const WORD = { '.': 'empty', X: 'X', O: 'O' };
    const setCell = (c, r, v) => {
      games[cur].grid[r - 1][c - 1] = v;
      window.pnpkit.unsaved = true; /* a square is no form field: said here */
      draw();
      later();
    };
    const scroller = el('div', { class: 'sheet-scroll', id: 'sheet-scroll' });
    const gridPick = el('select', { id: 'grid-size', 'data-no-unsaved': '' }, sizes.map((k) => el('option', { value: k, text: `${k} × ${k}` + (k === def ? ' (the game)' : '') })));
    /* The sheet of a k x k grid: its picture, the names on it and a square
     * for every cell; the games on the page start again on it. */
    async function useSize(k) {
      const p = await sheetPicture('dicrono', k === def ? undefined : { size: k });
      let got = 0;
      while (p.slots[`cell.${got + 1}.1`]) got++;
      pic = p;
      n = got;
      gridPick.value = String(n);
      for (const x of ['X', 'O']) if (pic.slots['player.' + x]) pic.place(names[x], pic.slots['player.' + x]).classList.add('spot', 'text');
      cells = {};
      for (let r = 1; r <= n; r++) for (let c = 1; c <= n; c++) {
        const d = el('div', { class: 'cell', id: `cell-${c}-${r}`, 'data-col': c, 'data-row': r, role: 'button',
          tabindex: r === 1 && c === 1 ? '0' : '-1' });
        const cycle = () => setCell(c, r, { '.': 'X', X: 'O', O: '.' }[games[cur].grid[r - 1][c - 1]]);
        d.addEventListener('click', () => { focusCell(c, r); cycle(); });
        /* the keyboard: Enter or Space cycles X, O, empty; X, O, Delete set;
         * the arrows move between squares (one Tab stop for the grid) */
        d.addEventListener('keydown', (e) => {
          const k = e.key;
          const move = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[k];
          if (k === 'Enter' || k === ' ') cycle();
          else if (k === 'x' || k === 'X') setCell(c, r, 'X');
          else if (k === 'o' || k === 'O' || k === '0') setCell(c, r, 'O');
          else if (k === 'Delete' || k === 'Backspace' || k === '.') setCell(c, r, '.');
          else if (move) focusCell(Math.min(n, Math.max(1, c + move[0])), Math.min(n, Math.max(1, r + move[1])));
          else if (k === 'Home') focusCell(1, r);
          else if (k === 'End') focusCell(n, r);
          else return;
          e.preventDefault();
        });
        cells[`${c}.${r}`] = pic.place(d, pic.slots[`cell.${c}.${r}`]);
      }
      scroller.replaceChildren(pic.box);
      const first = games.length ? games[0].first : 'X';
      games.length = 0;
      games.push(blank(first));
      cur = 0;
      result = null;
    }
    function focusCell(c, r) {
      for (const d of Object.values(cells)) d.tabIndex = -1;
      const d = cells[`${c}.${r}`];
      d.tabIndex = 0;
      d.focus();
    }
    await useSize(size || def);
    const first = el('select', { id: 'first' }, ['X', 'O'].map((p) => el('option', { value: p, text: p + ' rolls first' })));
    const pens = {};
    for (const p of ['X', 'O']) pens[p] = [1, 2, 3].map((k) => el('input', { type: 'checkbox', id: `pen-${p}-${k}`, title: `${p} penalty ${k}`, 'aria-label': `${p} penalty ${k}` }));
    const tabs = el('div', { class: 'games', id: 'games', role: 'group', 'aria-label': 'games of the set' });
    const msg = el('div', { class: 'error', id: 'score-error', role: 'status' });
    const note = el('div', { class: 'help', id: 'score-note' });
    const out = el('div', { id: 'totals' });

    function draw() {
      const g = games[cur];
      /* the game buttons are made again: the focus stays on the one it was on */
      const focused = tabs.contains(document.activeElement) ? document.activeElement.id : null;
      for (let r = 1; r <= n; r++) for (let c = 1; c <= n; c++) {
        const v = g.grid[r - 1][c - 1];
        const d = cells[`${c}.${r}`];
        d.textContent = v === '.' ? '' : v;
        d.setAttribute('aria-label', `game ${cur + 1}, column ${c}, row ${r}: ${WORD[v]}`);
      }
      first.value = g.first;
      for (const p of ['X', 'O']) pens[p].forEach((b, k) => { b.checked = k < g.pen[p]; });
      tabs.replaceChildren(...games.map((_, i) => el('button', { type: 'button', class: i === cur ? 'on' : '', id: 'game-tab-' + (i + 1),
        'aria-pressed': i === cur ? 'true' : 'false', text: 'Game ' + (i + 1), onclick: () => { cur = i; draw(); lastSent = null; later(); } })),
      el('button', { type: 'button', id: 'add-game', text: '+ game', onclick: addGame }),
      ...(games.length > 1 ? [el('button', { type: 'button', id: 'drop-game', text: '− this game', onclick: () => { games.splice(cur, 1); cur = Math.max(0, cur - 1); draw(); later(); } })] : []));
      const again = focused && document.getElementById(focused);
      if (again) again.focus();
    }
    /* A new game: who starts it is who the last scored game says starts next. */
    function addGame() {
      if (games.length >= 12) return;
      const last = games.length - 1;
      const known = result && result.games.length === games.length ? result.games[last].next_first : null;
      games.push(blank(known || games[last].first));
      cur = games.length - 1;
      draw();
      lastSent = null; /* the table follows the game shown */
      later();
      note.textContent = known ? `Game ${games.length}: ${known} rolls first (the loser of the last game, or the same player after a draw).`
        : `Game ${games.length}: who rolls first follows once game ${games.length - 1} is over; change it under First if needed.`;
    }
    function sync() {
      const g = games[cur];
      g.first = first.value;
      for (const p of ['X', 'O']) g.pen[p] = pens[p].filter((b) => b.checked).length;
    }
    const fresh = (g) => g.grid.every((row) => row.every((v) => v === '.')) && !g.pen.X && !g.pen.O;
    function yaml(upto) {
      const list = games.slice(0, upto === undefined ? games.length : upto);
      const L = ['game: dicrono'];
      if (names.X.value.trim() || names.O.value.trim())
        L.push(`players: {X: ${JSON.stringify(names.X.value.trim() || 'X')}, O: ${JSON.stringify(names.O.value.trim() || 'O')}}`);
      L.push('games:');
      for (const g of list) {
        L.push('  - first: ' + g.first, '    grid: |');
        for (const row of g.grid) L.push('      ' + row.join(' '));
        L.push(`    penalties: {X: ${g.pen.X}, O: ${g.pen.O}}`);
      }
      return L.join('\n') + '\n';
    }
    /* One set as the library read it (POST /api/sheet) onto the page. */
    async function fill(s) {
      /* a set on another grid: the page draws that grid's sheet first */
      const size = s.games.length ? s.games[0].grid.length : n;
      if (size !== n) {
        if (!sizes.includes(size)) return `its grid is ${size} × ${size}: this page scores grids from ${sizes[0]} × ${sizes[0]} to ${sizes[sizes.length - 1]} × ${sizes[sizes.length - 1]}.`;
        try { await resize(size); } catch (e) { return `its ${size} × ${size} grid cannot be drawn: ${words(String(e.message || e))}`; }
      }
      names.X.value = s.players.X || '';
      names.O.value = s.players.O || '';
      games.length = 0;
      for (const sg of s.games) {
        const g = blank(sg.first);
        sg.grid.forEach((row, r) => [...row].forEach((v, c) => { g.grid[r][c] = v; }));
        g.pen = { X: sg.penalties.X, O: sg.penalties.O };
        games.push(g);
      }
      if (!games.length) games.push(blank());
      cur = 0;
      draw();
      score();
    }
    /* Scores the set. The last game may still be in play (empty, or not
     * over yet): that is no error; the games before it are scored and the
     * page says so. */
    let seq = 0, lastSent = null;
    const inPlay = /the game is not over|a game ends when both have rolled equally often/;
    async function score() {
      sync();
      let upto = games.length;
      let playing = '';
      if (fresh(games[upto - 1])) { upto--; playing = `Game ${upto + 1} not started yet.`; }
      const sheet = upto ? yaml(upto) : '';
      if (sheet === lastSent && upto) return;
      lastSent = sheet;
      const my = ++seq;
      let r = upto ? await post('/api/score', { game: 'dicrono', sheet }) : { ok: true, json: [{ games: [], total: { X: 0, O: 0 } }] };
      if (my !== seq) return;
      if (!r.ok && upto === games.length) {
        const gm = /game (\d+): /.exec(r.error.error);
        if (gm && Number(gm[1]) === upto && inPlay.test(r.error.error)) {
          playing = `Game ${upto} still in play: it counts once it is over (${words(r.error.error).replace(/^game \d+: /, '')}).`;
          upto--;
          r = upto ? await post('/api/score', { game: 'dicrono', sheet: yaml(upto) }) : { ok: true, json: [{ games: [], total: { X: 0, O: 0 } }] };
          if (my !== seq) return;
        }
      }
      note.textContent = playing;
      if (!r.ok) {
        msg.textContent = words(r.error.error);
        /* the totals stay as they were, said to be so (as on Circle 36's
         * page): the message says what to change */
        if (out.querySelector('table') && !out.querySelector('#stale'))
          out.prepend(el('p', { class: 'help', id: 'stale', text: 'The totals before the change refused below:' }));
        out.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
      const s = r.json[0];
      result = s;
      const name = (p) => names[p].value.trim() || p;
      const head = el('tr', {}, ['game', 'first', `${name('X')} points`, 'pen.', `${name('O')} points`, 'pen.', 'set so far', 'next first'].map((h) => el('th', { text: h })));
      const rows = s.games.map((g, i) => el('tr', { id: 'game-' + (i + 1), class: i === cur ? 'on' : '' },
        el('td', { text: String(i + 1) }), el('td', { text: g.first }),
        el('td', { class: 'points-X', text: String(g.points.X) }),
        el('td', { text: String(g.penalties.X) + (g.penalty_deducted.X ? ` (−${g.penalty_deducted.X})` : '') }),
        el('td', { class: 'points-O', text: String(g.points.O) }),
        el('td', { text: String(g.penalties.O) + (g.penalty_deducted.O ? ` (−${g.penalty_deducted.O})` : '') }),
        el('td', { class: 'subtotal', text: `${g.subtotal.X} · ${g.subtotal.O}` }), el('td', { text: g.next_first })));
      const g = s.games[cur];
      const runs = g ? g.runs.map((x) => el('li', { text: `${x.player}: ${x.length} in a line from ${x.from.join(':')} to ${x.to.join(':')}, ${x.points} point${x.points === 1 ? '' : 's'}` })) : [];
      out.replaceChildren(...[el('div', { class: 'table-scroll' }, el('table', { id: 'dc-table' }, head, rows)),
        g ? el('p', { class: 'help', id: 'runs-title', text: `Lines of game ${cur + 1} (column:row):` }) : null,
        g ? el('ul', { id: 'runs' }, runs.length ? runs : [el('li', { text: 'none' })]) : null,
        el('p', {}, 'Set total ', el('span', { class: 'big', id: 'total', text: `X ${s.total.X} · O ${s.total.O}` }))].filter(Boolean));
      out.dataset.state = 'ready';
    }
    async function pdf() {
      const r = await post('/api/score', { game: 'dicrono', sheet: yaml(), format: 'pdf' });
      if (r.ok) download(r.blob, 'dicrono-scored.pdf');
      else msg.textContent = /no font/.test(r.error.error) ? drawFailure(r.error) : words(r.error.error);
    }
    const later = debounce(score, 250);
    /* on a narrow screen: the grid in the middle */
    function centreGrid() {
      const c1 = pic.slots['cell.1.1'], cn = pic.slots[`cell.${n}.1`];
      if (c1 && cn) pic.centre(scroller, (c1.x + cn.x + cn.w) / 2);
    }
    /* Another grid size: a new sheet, the games on the page start again
     * (asked first when something is written on them); the names stay. */
    async function resize(k) {
      await useSize(k);
      draw();
      centreGrid();
      lastSent = null;
      later();
    }
    gridPick.addEventListener('change', async (e) => {
      e.stopPropagation();
      const k = Number(gridPick.value);
      if (k === n) return;
      if (games.some((g) => !fresh(g)) &&
          !window.confirm(`Start again on a ${k} × ${k} grid? The games entered on the ${n} × ${n} grid are cleared (save them first to keep them).`)) {
        gridPick.value = String(n);
        return;
      }
      gridPick.disabled = true;
      try { await resize(k); } catch (err) { msg.textContent = `The ${k} × ${k} sheet cannot be drawn: ${words(String(err.message || err))}`; gridPick.value = String(n); }
      gridPick.disabled = false;
      gridPick.focus();
    });
    const panel = el('div', { class: 'totals' }, tabs,
      el('div', { class: 'field' }, el('label', { for: 'grid-size', text: 'Grid' }), gridPick,
        el('span', { class: 'help', text: '6 × 6 is the game; the others are played with dice of as many sides as the grid has columns' })),
      pic.slots['player.X'] ? null : el('div', { class: 'field' }, el('label', { text: 'Players' }), el('span', {}, names.X, names.O)),
      el('div', { class: 'field' }, el('label', { for: 'first', text: 'First' }), first),
      ['X', 'O'].map((p) => el('div', { class: 'field' }, el('span', { class: 'label', text: p + ' penalties' }), el('span', { class: 'checks' }, pens[p]))),
      out, note, msg, fileButtons({ game: 'dicrono', name: 'dicrono-sheet', yaml, fill, pdf,
        saveNote: () => (/still in play/.test(note.textContent)
          ? 'Saved in the middle of a game: pnpkit score (and Load) read the file once that game is over.'
          : ''),
        problem: () => msg.textContent,
        label: (s) => (s.players.X || s.players.O ? `${s.players.X || 'X'} – ${s.players.O || 'O'}, ` : '') + `${s.games.length} game${s.games.length > 1 ? 's' : ''}` }),
      el('p', { class: 'status', text: 'Tap a square for X, O, empty. Keyboard: the arrows move, Enter or Space changes, X, O or Delete set.' }));
    m.replaceChildren(el('h1', { text: 'Score DiCroNo' }), el('div', { class: 'layout' }, scroller, panel));
    centreGrid();
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

  /* An SVG element as a button for the keyboard: focusable, named, and
   * Enter or Space does what a click does. */
  function keyButton(node, label, act) {
    node.setAttribute('tabindex', '0');
    node.setAttribute('role', 'button');
    node.setAttribute('aria-label', label);
    node.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); act(); }
    });
    return node;
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
    const st = { ...cpxRead(CPX_START), cur: 0, hand: null, turns: 0, picked: null, setAt: null };
    const shade = (col) => CPX_SHADES[col] || CPX_SPARE[Math.max(0, st.colors.indexOf(col)) % CPX_SPARE.length];
    const msg = el('div', { class: 'error', id: 'score-error' });
    const out = el('div', { id: 'totals' });
    const pic = el('img', { id: 'scored-img', class: 'board-pic', alt: 'the completed boards as pnpkit draws them' });
    const playersBar = el('div', { class: 'games', id: 'cpx-players' });
    const board = el('div', { class: 'cpx-board', id: 'cpx-board' });
    const setBox = el('div', { class: 'cpx-set', id: 'cpx-set', role: 'group',
      'aria-label': 'the set of tiles, in rows: the arrow keys move between them, Enter or Space takes one; a tile on a board is unavailable' });
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
      /* the buttons are made again: a player chosen by keyboard keeps the
       * focus on its button rather than losing it to the page */
      const focused = playersBar.contains(document.activeElement);
      playersBar.replaceChildren(...st.players.map((p, i) => el('button', { type: 'button', id: 'player-' + (i + 1), class: i === st.cur ? 'on' : '',
        'aria-pressed': i === st.cur ? 'true' : 'false',
        text: `${p.name} (${p.tiles.length})`, onclick: () => { st.cur = i; st.picked = null; draw(); } })));
      if (focused && playersBar.children[st.cur]) playersBar.children[st.cur].focus();
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
      const focused = document.activeElement && board.contains(document.activeElement) ? document.activeElement.id : null;
      p.tiles.forEach((t, i) => {
        const pick = () => { st.picked = st.picked === i ? null : i; st.hand = null; draw(); };
        const g = tileSvg(t.corners, t.at[0] * Z, t.at[1] * Z, Z, shade, { id: `placed-${t.at[0]}-${t.at[1]}`, class: 'placed' +
          (st.picked === i ? ' picked' : '') + (bad && bad[0] === st.cur && bad[1] === i ? ' bad' : ''), onclick: pick });
        keyButton(g, `placed tile at column ${t.at[0]}, row ${t.at[1]}: ${t.corners.join(', ')}${st.picked === i ? ' (picked)' : ''}`, pick);
        svg.append(g);
      });
      for (const s of spots) {
        const rect = svgEl('rect', { id: `pos-${s[0]}-${s[1]}`, class: 'spot' + (st.hand ? ' ready' : ''), x: s[0] * Z + 3, y: s[1] * Z + 3, width: Z - 6, height: Z - 6,
          onclick: () => place(s) });
        /* a place is a Tab stop only while a tile is in hand; the places
         * come after the placed tiles: Shift+Tab from the set reaches them
         * first */
        if (st.hand) keyButton(rect, `place the tile at column ${s[0]}, row ${s[1]}`, () => place(s));
        svg.append(rect);
      }
      board.replaceChildren(svg);
      /* a place the tile in hand was put on is that tile now: the focus
       * goes with it (said as the tile placed), ready to pick it to turn it;
       * the set's Tab stop is on the next tile still in the box */
      if (focused) {
        const f = document.getElementById(focused) || document.getElementById(focused.replace(/^pos-/, 'placed-'));
        if (f) f.focus();
      }
    }

    /* The set is one Tab stop (a roving tabindex): the tile last moved to
     * (st.setAt), or the next one still in the box. The arrows move as the
     * tiles are laid out: Left and Right to the tile beside (on to the next
     * row at a row's end), Up and Down to the tile above or below (none
     * below: the focus stays); Home and End to the row's ends, Ctrl+Home
     * and Ctrl+End to the set's. A tile on a board is moved to like the
     * others, greyed and said to be unavailable, and cannot be taken. */
    function drawSet() {
      const u = used();
      const whose = new Map(st.players.flatMap((p) => p.tiles.map((t) => [tileKey(t.corners, st.colors), p.name])));
      const focused = document.activeElement && setBox.contains(document.activeElement) ? document.activeElement.id : null;
      const all = tileSet(st.colors).map((c) => c.join('-'));
      const free = all.filter((k) => !u.has(k));
      /* the focus on a tile keeps the Tab stop there; else it is on a tile
       * still in the box */
      if (focused && all.includes(focused.replace(/^tile-/, ''))) st.setAt = focused.replace(/^tile-/, '');
      else if (!free.includes(st.setAt)) {
        const i = Math.max(0, all.indexOf(st.setAt));
        st.setAt = free.find((k) => all.indexOf(k) >= i) || free[free.length - 1] || all[0] || null;
      }
      setBox.replaceChildren(...tileSet(st.colors).map((c) => {
        const key = c.join('-');
        const take = () => { if (u.has(key)) return; st.hand = c; st.turns = 0; st.picked = null; st.setAt = key; draw(); };
        const s = svgEl('svg', { width: 34, height: 34, viewBox: '0 0 34 34', id: 'tile-' + key, 'data-key': key,
          class: 'tile' + (u.has(key) ? ' used' : '') + (st.hand && st.hand.join('-') === key ? ' on' : ''), onclick: take },
        tileSvg(c, 1, 1, 32, shade));
        keyButton(s, `tile ${c.join(', ')}${st.hand && st.hand.join('-') === key ? ' (in hand)' : ''}${u.has(key) ? ` (on ${whose.get(key)}'s board)` : ''}`, take);
        s.setAttribute('tabindex', key === st.setAt ? '0' : '-1');
        if (u.has(key)) s.setAttribute('aria-disabled', 'true');
        return s;
      }));
      if (focused) { const f = document.getElementById(focused); if (f) f.focus(); else setFocus(); }
      const c = st.hand ? handCorners() : st.picked !== null && st.players[st.cur] ? st.players[st.cur].tiles[st.picked].corners : null;
      hand.replaceChildren(c ? svgEl('svg', { width: 66, height: 66, viewBox: '0 0 66 66', id: 'hand-tile' }, tileSvg(c, 1, 1, 64, shade))
        : el('span', { class: 'help', text: 'Pick a tile from the set, or a placed tile.' }));
    }

    function setFocus() {
      const t = st.setAt && document.getElementById('tile-' + st.setAt);
      if (t) t.focus();
    }
    setBox.addEventListener('keydown', (e) => {
      const tiles = [...setBox.querySelectorAll('.tile')];
      const i = tiles.indexOf(e.target.closest && e.target.closest('.tile'));
      if (i < 0) return;
      /* the columns as drawn: the set is a grid whose width follows the screen */
      const top = (t) => Math.round(t.getBoundingClientRect().top);
      const cols = Math.max(1, tiles.filter((t) => top(t) === top(tiles[0])).length);
      const row = i - (i % cols);
      const to = {
        ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + cols, ArrowUp: i - cols,
        Home: e.ctrlKey ? 0 : row, End: e.ctrlKey ? tiles.length - 1 : Math.min(tiles.length - 1, row + cols - 1),
      }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      if (to < 0 || to >= tiles.length) return;
      for (const t of tiles) t.setAttribute('tabindex', '-1');
      tiles[to].setAttribute('tabindex', '0');
      st.setAt = tiles[to].dataset.key;
      tiles[to].focus();
    });

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
        msg.textContent = words(r.error.error);
        bad = r.error.line ? lines[r.error.line - 1] || null : null;
        if (bad) { st.cur = bad[0]; }
        drawPlayers();
        drawBoard();
        out.dataset.state = 'error';
        return;
      }
      msg.textContent = '';
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
    /* a tile placed, turned or taken back, a player added: work to keep
     * (Load, which calls it too, ends that once the file is on the page) */
    function changed() { window.pnpkit.unsaved = true; draw(); later(); }

    /* The boards as the library read them (POST /api/sheet) onto the page. */
    function fill(s) {
      st.colors = s.colors.slice();
      st.players = s.boards.map((b) => ({ name: b.name, tiles: b.tiles.map((t) => ({ at: t.at.slice(), corners: t.corners.slice() })) }));
      st.cur = 0;
      st.hand = null;
      st.picked = null;
      changed();
    }

    async function pdf() {
      const r = await post('/api/score', { game: 'cirplexed', sheet: yaml(), format: 'pdf' });
      if (r.ok) download(r.blob, 'cirplexed-scored.pdf');
      else msg.textContent = /no font/.test(r.error.error) ? drawFailure(r.error) : words(r.error.error);
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
          el('p', { class: 'status', text: 'Pick a tile in the set, turn it (R), click a dashed place next to the board. Click a placed tile to turn or remove it. ' +
            'Keyboard: Tab to the set; the arrow keys move as the tiles are laid out (Home, End: a row\'s ends; a greyed tile is on a board and cannot be taken); ' +
            'Enter to take a tile, R to turn it, then Shift+Tab back to a place and Enter: the focus is on the tile placed, Enter picks it to turn it.' })),
        el('div', { class: 'totals' },
          el('div', { class: 'cpx-tools' }, hand,
            el('button', { type: 'button', id: 'rotate', text: 'Turn ↻', onclick: rotate }),
            el('button', { type: 'button', id: 'remove-tile', text: 'Remove tile', onclick: removePicked })),
          setBox, out, msg, fileButtons({ game: 'cirplexed', name: 'cirplexed-sheet', yaml, fill, pdf,
            label: (s) => s.boards.map((b) => b.name).join(', ') }),
          el('details', {}, el('summary', { text: 'The sheet as YAML' }), text), pic)));
    draw();
    score();
  }

  window.pnpkit.routes.score = async ([game]) => {
    /* a sheet another page hands over (the Scan page): its board, then the
     * sheet itself through Load */
    const handoff = window.pnpkit.handoff;
    window.pnpkit.handoff = null;
    if (game === 'dicrono') {
      /* a scanned sheet printed with another grid size: that sheet */
      const k = handoff && handoff.set && Number(handoff.set.size);
      await dicrono(k || undefined);
      if (handoff) handoff.load(main());
      return;
    }
    if (game === 'cirplexed') return cirplexed();
    if (handoff) Object.assign(c36, { template: handoff.template, set: handoff.set });
    await circle36();
    if (handoff) handoff.load(main());
  };
})();
