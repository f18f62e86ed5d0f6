/* scan.js: the Scan page (#/scan). The player photographs a played Circle 36
 * or DiCroNo sheet (on a phone the camera opens), the photo goes to POST
 * /api/scan, and every reading is drawn over a picture of that same sheet
 * (the template and parameters the sheet's QR code named) at its box;
 * doubtful readings are marked. A click, a tap or Enter on a reading opens
 * its editor. "Score" then opens the game's score page (on that board for
 * Circle 36) and loads the corrected sheet through the page's own Load (POST
 * /api/sheet), where the totals and the completed PDF are. */
'use strict';
(function () {
  const { el, post } = window.pnpkit;
  const main = () => window.pnpkit.main();

  const RING_NAMES = { R: 'red', B: 'blue', G: 'green', O: 'orange', P: 'purple', K: 'grey' };
  const SPACE = /^([RBGOPK])(\d+)$/;
  const ROLL = /^roll(\d+)\.([ab])$/;
  const CELL = /^cell\.(\d+)\.(\d+)$/; /* DiCroNo: a square, column then row */
  const PEN = /^g(\d+)\.([XO])\.pen(\d)$/; /* DiCroNo: a penalty box of one player */
  const MARKS = ['·', 'X', 'O']; /* a square's value: 0 empty, 1 X, 2 O */

  /* A field's name in the player's words. */
  function label(slot) {
    let m = SPACE.exec(slot);
    if (m) return `${RING_NAMES[m[1]]} ${m[2]}`;
    if (slot === 'Y') return 'yellow centre';
    if (slot === 'combos') return 'ComboCircles';
    m = ROLL.exec(slot);
    if (m) return `round ${m[1]}, die ${m[2] === 'a' ? 1 : 2}`;
    m = CELL.exec(slot);
    if (m) return `row ${m[2]}, column ${m[1]}`;
    m = PEN.exec(slot);
    if (m) return `${m[2]}'s penalty box ${m[3]}`;
    return slot;
  }

  /* What a reading shows: a square's X or O, a penalty box's tick, a number. */
  function shown(f) {
    if (CELL.test(f.slot)) return MARKS[f.value] || '·';
    if (PEN.test(f.slot)) return f.value === 1 ? '✓' : '·';
    return f.value < 0 ? '·' : String(f.value);
  }

  /* A DiCroNo game as pnpkit score reads it, from the squares and the
   * penalty boxes; who rolled first is not on the sheet: the server's
   * guess (in its sheet) is kept, and the score page can change it. */
  function dicronoYaml(result, fields) {
    const first = (/first: ([XO])/.exec(result.sheet || '') || [null, 'X'])[1];
    const grid = [];
    const pen = { X: 0, O: 0 };
    for (const f of fields) {
      let m = CELL.exec(f.slot);
      if (m) (grid[Number(m[2]) - 1] = grid[Number(m[2]) - 1] || [])[Number(m[1]) - 1] = MARKS[f.value] === '·' ? '.' : MARKS[f.value];
      m = PEN.exec(f.slot);
      if (m && f.value === 1) pen[m[2]]++;
    }
    const rows = Array.from(grid, (r) => '      ' + Array.from(r || [], (v) => v || '.').join(' '));
    return `game: dicrono\ngames:\n  - first: ${first}\n    grid: |\n${rows.join('\n')}\n` +
      `    penalties: {X: ${pen.X}, O: ${pen.O}}\n`;
  }

  /* The sheet (YAML, as pnpkit score reads it) from the fields. Nothing
   * changed (a doubtful reading confirmed as it was read is no change): the
   * library's own sheet, rounds included. After a change the rounds (which
   * round made which space, found by matching the dice with the board) may
   * no longer hold, so they are left out and the sheet is the board and its
   * ComboCircles. */
  function sheetYaml(result, fields, corrected) {
    if (!corrected) return result.sheet;
    if (result.template === 'dicrono') return dicronoYaml(result, fields);
    const rings = {};
    let yellow = null, combos = null;
    for (const f of fields) {
      const m = SPACE.exec(f.slot);
      const v = f.value < 0 ? '~' : String(f.value);
      if (m) (rings[m[1]] = rings[m[1]] || [])[Number(m[2]) - 1] = v;
      else if (f.slot === 'Y') yellow = v;
      else if (f.slot === 'combos' && f.value >= 0) combos = String(f.value);
    }
    if (combos === null) {
      /* not written: the rounds with both dice circled */
      const both = {};
      for (const f of fields) {
        const m = ROLL.exec(f.slot);
        if (m && f.circled) both[m[1]] = (both[m[1]] || 0) + 1;
      }
      combos = String(Object.values(both).filter((n) => n === 2).length);
    }
    const lines = [`game: ${result.game || 'circle36'}`];
    for (const [letter, name] of Object.entries(RING_NAMES))
      if (rings[letter]) lines.push(`${name}: [${Array.from(rings[letter], (v) => v === undefined ? '~' : v).join(', ')}]`);
    if (yellow !== null) lines.push(`yellow: ${yellow}`);
    lines.push(`combos: ${combos}`);
    return lines.join('\n') + '\n';
  }

  /* The picture of the scanned sheet: the template rendered with the
   * parameters the QR code named, and the page's size in mm. */
  async function sheetPicture(result) {
    const q = { template: result.template, format: 'svg' };
    if (result.params && Object.keys(result.params).length) q.set = result.params;
    const [pic, slots] = await Promise.all([post('/api/render', q), post('/api/slots', q)]);
    if (!pic.ok || !slots.ok) return null;
    return { src: URL.createObjectURL(pic.blob), W: slots.json.width, H: slots.json.height };
  }

  async function scanPage() {
    const m = el('div');
    main().replaceChildren(m);
    const picker = el('input', { type: 'file', accept: 'image/*', capture: 'environment', id: 'scan-file', class: 'file-input' });
    const pick = el('label', { for: 'scan-file', class: 'pick-photo', id: 'scan-pick', role: 'button', tabindex: '0' }, 'Take or choose a photo');
    pick.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); picker.click(); } });
    const status = el('div', { class: 'status', id: 'scan-status', role: 'status' });
    const out = el('div', { id: 'scan-result' });
    m.append(el('h1', { text: 'Scan a sheet' }),
      el('p', { class: 'help', text: 'Photograph a whole Circle 36 or DiCroNo sheet printed by pnpkit (its four corner marks and its QR code in the picture), flat and evenly lit. ' +
        'The page reads it and marks every reading it is not sure of: tap a reading to correct it, then Score.' }),
      el('div', { class: 'buttons' }, pick, picker), status, out);
    picker.addEventListener('change', async () => {
      const file = picker.files[0];
      picker.value = '';
      if (!file) return;
      status.textContent = `Reading ${file.name}…`;
      status.dataset.state = 'busy';
      out.replaceChildren();
      let res;
      try {
        res = await fetch('/api/scan', { method: 'POST', headers: { 'Content-Type': file.type || 'application/octet-stream' }, body: file });
      } catch (e) {
        status.textContent = 'The server did not answer (is pnpkit serve still running?).';
        status.dataset.state = 'error';
        return;
      }
      let body = null;
      try { body = await res.json(); } catch (e) { /* not JSON */ }
      if (!res.ok || !body) {
        const why = body && body.error ? body.error.replace(/^photo\b/, file.name) : window.pnpkit.httpWords(res.status);
        status.textContent = `${file.name} could not be read: ${why}`;
        status.dataset.state = 'error';
        return;
      }
      if (body.template !== 'circle36' && body.template !== 'dicrono') {
        status.textContent = `${file.name} is a ${body.template} sheet: this page reads Circle 36 and DiCroNo sheets.`;
        status.dataset.state = 'error';
        return;
      }
      status.textContent = '';
      status.dataset.state = 'read';
      await showResult(out, body, file.name);
    });
  }

  async function showResult(out, result, name) {
    /* value -1: nothing written (null in the answer) */
    const fields = result.fields.map((f) => {
      const value = typeof f.value === 'number' ? f.value : -1;
      return { ...f, value, corrected: false, read: value, readCircled: f.circled };
    });
    const pic = await sheetPicture(result);
    const W = pic ? pic.W : Math.max(...fields.map((f) => f.box_mm[0] + f.box_mm[2])) + 10;
    const H = pic ? pic.H : Math.max(...fields.map((f) => f.box_mm[1] + f.box_mm[3])) + 10;
    const box = el('div', { class: 'sheet scan-sheet', id: 'scan-sheet' },
      pic ? el('img', { src: pic.src, alt: `${result.template} sheet` }) : el('div', { class: 'scan-blank', style: `aspect-ratio: ${W} / ${H}` }));
    /* On a phone the sheet is as wide as it must be for two neighbouring
     * readings to be a finger (44 px) apart; it scrolls sideways. */
    let pitch = Infinity;
    for (let i = 0; i < fields.length; i++)
      for (let j = i + 1; j < fields.length; j++) {
        const a = fields[i].box_mm, b = fields[j].box_mm;
        const d = Math.max(Math.abs(a[0] + a[2] / 2 - b[0] - b[2] / 2), Math.abs(a[1] + a[3] / 2 - b[1] - b[3] / 2));
        if (d > 0.5) pitch = Math.min(pitch, d);
      }
    if (pitch < Infinity) box.style.setProperty('--touch-width', Math.ceil((46 / pitch) * W) + 'px');

    const marks = {};
    const summary = el('p', { id: 'scan-summary' });
    const doubts = el('div', { class: 'buttons', id: 'scan-doubts' });
    const yamlText = el('pre', { class: 'scan-yaml', id: 'scan-yaml' });
    const note = el('div', { class: 'help', id: 'scan-note' });
    /* some reading was given another value (or circling) than was read */
    const changed = () => fields.some((f) => f.value !== f.read || f.circled !== f.readCircled);

    function draw(f) {
      const b = marks[f.slot];
      b.textContent = shown(f);
      b.classList.toggle('doubt', !f.sure && !f.corrected);
      b.classList.toggle('fixed', f.corrected);
      b.classList.toggle('circled', f.circled === true);
      b.setAttribute('aria-label', `${label(f.slot)}: ${shown(f) === '·' ? 'empty' : shown(f)}` +
        (f.circled === true ? ', circled' : '') + (f.corrected ? ' (corrected)' : f.sure ? '' : ' (doubtful)'));
    }
    function refresh() {
      const open = fields.filter((f) => !f.sure && !f.corrected);
      summary.textContent = `${name}: ${fields.length} fields read, ` +
        (open.length ? `${open.length} doubtful (marked): check ${open.length > 1 ? 'them' : 'it'}.` : 'none left doubtful.');
      doubts.replaceChildren(...open.map((f) => el('button', { type: 'button', class: 'doubt-go', 'data-slot': f.slot,
        text: label(f.slot), onclick: () => edit(f) })));
      yamlText.textContent = sheetYaml(result, fields, changed());
      note.textContent = !changed() ? '' : result.template === 'dicrono'
        ? 'Corrected: the game is scored from the squares and penalty boxes as they are now.'
        : 'Corrected: the sheet is scored from its board and ComboCircles (the rounds read from the dice are left out).';
    }

    /* ---- the editor of one reading ---- */
    const eTitle = el('strong', { id: 'scan-edit-title' });
    const eValue = el('input', { id: 'scan-value', type: 'text', inputmode: 'numeric', autocomplete: 'off', 'aria-label': 'the number written' });
    const eCircled = el('input', { id: 'scan-circled', type: 'checkbox' });
    const eCircledText = document.createTextNode(' circled');
    const eCircledRow = el('label', { class: 'scan-check' }, eCircled, eCircledText);
    const eMsg = el('div', { class: 'error', id: 'scan-edit-error' });
    const editor = el('div', { class: 'scan-edit', id: 'scan-edit', hidden: true, role: 'dialog', 'aria-label': 'correct a reading' },
      eTitle, el('div', { class: 'buttons' }, eValue, eCircledRow,
        el('button', { type: 'button', id: 'scan-ok', text: 'OK', onclick: () => apply() }),
        el('button', { type: 'button', id: 'scan-clear', text: 'Empty', onclick: () => { eValue.value = ''; if (PEN.test(current.slot)) eCircled.checked = false; apply(); } }),
        el('button', { type: 'button', id: 'scan-cancel', text: 'Cancel', onclick: () => close() })), eMsg);
    let current = null;
    function edit(f) {
      current = f;
      const pen = PEN.test(f.slot), cell = CELL.test(f.slot);
      eTitle.textContent = `${label(f.slot)}: read ${shown(f) === '·' ? 'empty' : shown(f)}` +
        (f.sure ? '' : `, doubtful (${Math.round(f.confidence * 100)}%)`);
      /* a square takes X, O or nothing; a penalty box is ticked or not */
      eValue.hidden = pen;
      eValue.inputMode = cell ? 'text' : 'numeric';
      eValue.setAttribute('aria-label', cell ? 'X, O or nothing' : 'the number written');
      eValue.value = cell ? (f.value ? MARKS[f.value] : '') : f.value < 0 ? '' : String(f.value);
      eCircledRow.hidden = f.circled === undefined && !pen;
      eCircledText.textContent = pen ? ' ticked' : ' circled';
      eCircled.checked = pen ? f.value === 1 : f.circled === true;
      eMsg.textContent = '';
      editor.hidden = false;
      const focus = pen ? eCircled : eValue;
      focus.focus();
      if (!pen) eValue.select();
    }
    function close() {
      editor.hidden = true;
      const back = current && marks[current.slot];
      current = null;
      if (back) back.focus();
    }
    function apply() {
      const f = current;
      const v = eValue.value.trim();
      if (PEN.test(f.slot)) {
        f.value = eCircled.checked ? 1 : 0;
      } else if (CELL.test(f.slot)) {
        const k = MARKS.indexOf(v.toUpperCase());
        if (v !== '' && k < 1) {
          eMsg.textContent = 'Give X or O, or nothing for an empty square.';
          eValue.classList.add('bad');
          return;
        }
        f.value = v === '' ? 0 : k;
      } else {
        if (v !== '' && !/^\d{1,2}$/.test(v)) {
          eMsg.textContent = 'Give a whole number (0 to 99), or nothing for an empty field.';
          eValue.classList.add('bad');
          return;
        }
        f.value = v === '' ? -1 : Number(v);
      }
      eValue.classList.remove('bad');
      if (f.circled !== undefined) f.circled = eCircled.checked;
      f.corrected = true;
      draw(f);
      refresh();
      close();
    }
    eValue.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); apply(); }
      if (e.key === 'Escape') { e.preventDefault(); close(); }
    });
    eCircled.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') close();
      if (e.key === 'Enter') { e.preventDefault(); apply(); }
    });

    for (const f of fields) {
      const [x, y, w, h] = f.box_mm;
      const b = el('button', { type: 'button', class: 'reading', id: 'read-' + f.slot.replace('.', '-'), 'data-slot': f.slot,
        onclick: () => edit(f) });
      b.style.left = ((x + w / 2) / W) * 100 + '%';
      b.style.top = ((y + h / 2) / H) * 100 + '%';
      b.style.width = (w / W) * 100 + '%';
      b.style.height = (h / H) * 100 + '%';
      marks[f.slot] = b;
      box.append(b);
      draw(f);
    }

    const score = el('button', { type: 'button', id: 'scan-score', class: 'primary', text: 'Score', onclick: () => {
      const yaml = sheetYaml(result, fields, changed());
      window.pnpkit.handoff = {
        template: result.template,
        set: { ...(result.params || {}) },
        /* the score page is drawn: its Load takes the sheet */
        load(view) {
          const input = view.querySelector('#load-file');
          if (!input) return;
          const dt = new DataTransfer();
          dt.items.add(new File([yaml], name.replace(/\.[^.]*$/, '') + '-scanned.yaml', { type: 'text/yaml' }));
          input.files = dt.files;
          input.dispatchEvent(new Event('change'));
        },
      };
      window.pnpkit.unsaved = false; /* the corrections go with the sheet */
      location.hash = '#/score/' + (result.template === 'dicrono' ? 'dicrono' : 'circle36');
    } });
    const problems = (result.problems || []).filter((p) => !/doubtful reading$/.test(p));
    const scroller = el('div', { class: 'sheet-scroll', id: 'scan-scroll' }, box);
    const panel = el('div', { class: 'totals scan-panel' }, summary, doubts, editor,
      problems.length ? el('ul', { class: 'error', id: 'scan-problems' }, problems.map((p) => el('li', { text: p }))) : null,
      el('div', { class: 'buttons' }, score), note,
      el('details', {}, el('summary', { text: 'The sheet as YAML' }), yamlText));
    out.replaceChildren(el('div', { class: 'layout' }, scroller, panel));
    refresh();
    const first = fields.find((f) => !f.sure);
    if (first) {
      const b = marks[first.slot];
      if (scroller.scrollWidth > scroller.clientWidth)
        scroller.scrollLeft = Math.max(0, b.offsetLeft - scroller.clientWidth / 2);
    }
    out.dataset.state = 'ready';
  }

  window.pnpkit.routes.scan = scanPage;
})();
