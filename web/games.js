/* games.js: Thinking In Circles (a board by seed, and who wins a position)
 * and the Circular Numbers hand calculator, through /api/render, /api/check
 * and /api/calc. */
'use strict';
(function () {
  const { el, post, debounce, words } = window.pnpkit;

  /* A win as a sentence: by colour, or by a goal (its number, reversed). */
  function winText(w) {
    const circles = (w.circles || []).map((c) => c.circle !== undefined ? c.circle : c);
    const where = circles.length ? ` on circles ${circles.join('-')}` : '';
    if (w.by === 'color') return `wins with their colour${where}`;
    const goal = w.goal !== undefined ? `goal ${w.goal}` : 'a goal';
    return `wins with ${goal}${w.reversed ? ' (read backwards)' : ''}${where}`;
  }

  const TIC_START = 'game: thinking-in-circles\nboard: {seed: 1}\ntokens: [0, 0, 0, 0, 0]\nplayers:\n' +
    '  - {name: Ann, color: black, goals: [[circle, square, pentagon]]}\n' +
    '  - {name: Bob, color: white, goals: [[triangle, triangle, square]]}\n';

  async function tic() {
    const m = window.pnpkit.main();
    const seed = el('input', { id: 'tic-seed', type: 'number', min: 0, max: 2147483647, value: 1 });
    const img = el('img', { id: 'tic-board', class: 'board-pic', alt: 'the board' });
    const text = el('textarea', { class: 'yaml', id: 'tic-position', spellcheck: 'false', style: 'height:220px', 'aria-label': 'the position' });
    text.value = TIC_START;
    const verdict = el('div', { id: 'tic-verdict' });
    const msg = el('div', { class: 'error', id: 'tic-error' });
    /* the board of a seed (and the circles, spaces and layout a position gives) */
    async function picture(q) {
      if (img.dataset.request === JSON.stringify(q)) return;
      img.dataset.request = JSON.stringify(q); /* what the board shows */
      const r = await post('/api/render', q);
      if (r.ok) img.src = URL.createObjectURL(r.blob);
      else msg.textContent = words(r.error.error);
    }
    async function board() {
      await picture({ template: 'thinking-in-circles', format: 'svg', seed: Number(seed.value || '0') });
      text.value = text.value.replace(/^board: \{seed: \d+\}$/m, `board: {seed: ${seed.value || 0}}`);
      check();
    }
    let seq = 0;
    async function check() {
      const my = ++seq;
      const r = await post('/api/check', { position: text.value });
      if (my !== seq) return; /* a later text was sent meanwhile */
      text.classList.toggle('bad', !r.ok);
      if (!r.ok) {
        const where = r.error.line ? `Line ${r.error.line}, column ${r.error.col}: ` : '';
        msg.textContent = where + words(r.error.error);
        verdict.replaceChildren();
        return;
      }
      msg.textContent = '';
      const d = r.json[0];
      if (!d) { verdict.replaceChildren(el('p', { text: 'Write a position to check.' })); return; }
      /* the picture is the board checked, however the position writes it */
      img.hidden = d.seed === undefined;
      if (d.seed !== undefined) {
        seed.value = d.seed;
        const set = {};
        if (d.circles !== 5) set.circles = d.circles;
        if (d.spaces !== 9) set.spaces = d.spaces;
        if (d.layout !== 'row') set.layout = d.layout;
        const q = { template: 'thinking-in-circles', format: 'svg', seed: d.seed };
        if (Object.keys(set).length) q.set = set;
        picture(q);
      }
      const where = (t) => (t.shape === 'start' ? 'start' : `${t.color} ${t.shape}`);
      const tokens = el('p', { id: 'tic-tokens', text: 'Tokens: ' + (d.tokens || []).map((t) => `${t.circle} ${where(t)}`).join(', ') });
      const winners = d.winners || [];
      const head = winners.length
        ? el('p', { class: 'big', id: 'tic-winner', text: (winners.length > 1 ? 'Winners: ' : 'Winner: ') + winners.join(' and ') })
        : el('p', { class: 'big', id: 'tic-winner', text: 'Nobody wins yet.' });
      const rows = (d.players || []).map((p) => el('li', {},
        el('strong', { text: `${p.name} (${p.color})` }), ': ',
        p.wins && p.wins.length ? p.wins.map(winText).join('; ') : 'no winning line'));
      verdict.replaceChildren(head, tokens, el('ul', { id: 'tic-players' }, rows),
        el('p', { class: 'help', text: `Board: ${d.circles} circles of ${d.spaces} spaces (${d.layout})${d.seed !== undefined ? `, seed ${d.seed}` : ''}.` }));
    }
    seed.addEventListener('input', debounce(board, 150));
    text.addEventListener('input', debounce(check, 200));
    m.replaceChildren(el('h1', { text: 'Thinking In Circles' }),
      el('div', { class: 'layout' },
        el('div', {}, el('div', { class: 'field' }, el('label', { for: 'tic-seed', text: 'Board seed' }), seed), img),
        el('div', { class: 'totals' }, el('p', { text: 'A position (format: pnpkit help check); who wins:' }), text, msg, verdict)));
    board();
  }

  async function calc() {
    const m = window.pnpkit.main();
    const hand = el('input', { id: 'calc-hand', type: 'text', value: 'A 5 6 K' });
    const space = el('input', { id: 'calc-space', type: 'number', min: 0, value: 0 });
    const out = el('div', { id: 'calc-out' });
    const msg = el('div', { class: 'error', id: 'calc-error' });
    let seq = 0;
    async function run() {
      const my = ++seq;
      if (!hand.value.trim()) {
        hand.classList.remove('bad');
        space.classList.remove('bad');
        msg.textContent = '';
        out.replaceChildren(el('p', { class: 'help', text: 'Type the cards in your hand.' }));
        return;
      }
      if (space.value.trim() === '' || !/^\d+$/.test(space.value.trim())) {
        out.replaceChildren();
        msg.textContent = 'Space: give the number of the space the token is on (0 is the start).';
        space.classList.add('bad');
        return;
      }
      const r = await post('/api/calc', { hand: hand.value, space: Number(space.value.trim()) });
      if (my !== seq) return;
      hand.classList.toggle('bad', !r.ok && r.error.field === 'hand');
      space.classList.toggle('bad', !r.ok && r.error.field === 'space');
      if (!r.ok) {
        /* a new error clears the results of the hand before */
        out.replaceChildren();
        msg.textContent = words(r.error.error);
        return;
      }
      msg.textContent = '';
      const d = r.json;
      const num = (v) => (typeof v === 'number' ? String(v) : '–');
      const rows = (d.sums || []).map((s) => el('tr', {}, el('td', { text: num(s.sum) }), el('td', { text: num(s.moves) }),
        el('td', { text: (s.cards || []).join(' + ') + (s.multiple ? ` + ${s.multiple}` : '') })));
      /* replaceChildren writes a null as the text "null": only elements go in */
      out.replaceChildren(...[
        rows.length ? el('table', { id: 'calc-sums' }, el('tr', {}, el('th', { text: 'sum' }), el('th', { text: 'moves' }), el('th', { text: 'cards' })), rows)
          : el('p', { text: 'No circular number: draw a card from the stock.' }),
        el('p', { id: 'calc-back', text: 'Ace-five-six move-back: ' + (d.move_back ? 'available' : 'not available') }),
        d.mark ? el('p', { id: 'calc-mark', text: `Space ${d.space} is marked ${d.mark}: any multiple of ${d.mark} may be added.` }) : null,
      ].filter(Boolean));
    }
    const later = debounce(run, 150);
    hand.addEventListener('input', later);
    space.addEventListener('input', later);
    m.replaceChildren(el('h1', { text: 'Circular Numbers: hand calculator' }),
      el('div', { class: 'totals' },
        el('div', { class: 'field' }, el('label', { for: 'calc-hand', text: 'Hand' }), hand,
          el('span', { class: 'help', text: 'A, 2-10 (or T), J, Q, K' })),
        el('div', { class: 'field' }, el('label', { for: 'calc-space', text: 'Space' }), space,
          el('span', { class: 'help', text: '0 is the start (the snake)' })),
        msg, out));
    run();
  }

  window.pnpkit.routes.tic = tic;
  window.pnpkit.routes.calc = calc;
})();
