// The sandtable page: plain JavaScript over the JSON API (docs/web.md). The server draws the
// board; cells and pieces carry data-cell, and each legal action names the cell it points
// at, so a click on the board picks the action.
'use strict';

const $ = (id) => document.getElementById(id);
let game = null;    // the last state from the server
let armed = null;   // the cell clicked once: its actions wait for the second click
const oddsCache = new Map();

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.body = JSON.stringify(body);
    options.headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function setStatus(text, error) {
  $('status').textContent = text;
  $('status').className = error ? 'status error' : 'status';
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

async function loadRulesets() {
  const data = await api('GET', '/api/rulesets');
  for (const r of data.rulesets) {
    const option = el('option', r.name);
    option.value = r.name;
    option.title = r.description;
    $('ruleset').append(option);
  }
}

async function newGame(event) {
  event.preventDefault();
  const body = { ruleset: $('ruleset').value, side: Number($('side').value), dice: $('dice').value };
  const value = Number($('budget-value').value);
  if ($('budget').value === 'it') body.botIterations = value; else body.botTimeMs = value;
  try {
    const file = $('scenario-file').files[0];
    if (file) body.scenario = await file.text();
    show(await api('POST', '/api/games', body));
  } catch (e) { setStatus(e.message, true); }
}

const turnText = {
  person: 'Your move', bot: 'The bot is thinking…', dice: 'Enter the dice you rolled',
  roll: 'Rolling…', over: 'Game over',
};

function show(state) {
  game = state;
  armed = null;
  oddsCache.clear();
  $('board').innerHTML = state.board.svg;  // drawn and escaped by the server
  let text = turnText[state.turn] || state.turn;
  if (state.turn === 'person' && state.simultaneous) text = 'The bot has chosen secretly; your secret choice';
  if (state.turn === 'over') text = 'Game over: ' + state.result;
  setStatus(text + `   (you ${state.score.you}, bot ${state.score.bot})`);
  $('hidden').textContent = state.hidden ? 'Your hidden: ' + state.hidden : '';
  const log = $('log');
  log.replaceChildren(...state.log.map((entry) => el('li', entry.text, entry.who)));
  log.scrollTop = log.scrollHeight;
  $('undo').disabled = !state.canUndo || state.turn === 'bot';
  $('hint').disabled = state.turn !== 'person';
  $('save').disabled = !state.canSave;
  $('load').disabled = false;
  $('chosen').replaceChildren();
  renderActions();
  if (state.turn === 'bot') botMove();
}

function actionsAt(cell) {
  return game.actions.filter((a) => a.cell === cell);
}

function renderActions() {
  const box = $('actions');
  box.replaceChildren(...game.actions.map((action) => {
    const b = el('button', action.probability !== undefined
      ? `${action.text} (${action.fraction})` : action.text);
    b.dataset.action = action.text;
    b.onclick = () => act(action.text);
    b.onmouseenter = () => showOdds(action.text, b);
    return b;
  }));
  for (const node of $('board').querySelectorAll('[data-cell]')) {
    const cell = Number(node.dataset.cell);
    node.classList.toggle('lit', actionsAt(cell).length > 0);
  }
}

async function showOdds(text, target) {
  if (!game || !game.oddsAvailable || game.turn !== 'person' || game.simultaneous) return;
  let odds = oddsCache.get(text);
  if (!odds) {
    try { odds = await api('POST', `/api/games/${game.id}/odds`, { action: text }); } catch (e) { return; }
    oddsCache.set(text, odds);
  }
  if (odds.lines.length <= 1) { target.title = 'no dice'; return; }
  const lines = odds.lines.map((line) =>
    `${line.fraction.padEnd(10)} ${Object.entries(line.values).filter(([, v]) => v).map(([k, v]) => `${k} ${v}`).join(', ') || 'nothing'}`);
  target.title = `${text}\n` + lines.join('\n');
  const panel = $('chosen').querySelector('.odds');
  if (panel && panel.dataset.action === text) panel.textContent = target.title;
}

function onBoardClick(event) {
  if (!game || game.turn !== 'person') return;
  const node = event.target.closest('[data-cell]');
  if (!node) return;
  const cell = Number(node.dataset.cell);
  const here = actionsAt(cell);
  if (here.length === 0) return;
  if (armed === cell && here.length === 1) { act(here[0].text); return; }
  armed = cell;
  for (const n of $('board').querySelectorAll('[data-cell]')) n.classList.toggle('armed', Number(n.dataset.cell) === cell);
  const chosen = $('chosen');
  chosen.replaceChildren(el('div', here.length === 1 ? 'Click again to play:' : 'Choose:'));
  for (const action of here) {
    const b = el('button', action.text);
    b.dataset.action = action.text;
    b.onclick = () => act(action.text);
    const odds = el('pre', '', 'odds');
    odds.dataset.action = action.text;
    chosen.append(b, odds);
    showOdds(action.text, b).then(() => { odds.textContent = b.title || ''; });
  }
}

async function act(text) {
  try {
    show(await api('POST', `/api/games/${game.id}/act`, { action: text }));
  } catch (e) { setStatus(e.message, true); }
}

async function botMove() {
  const id = game.id;
  try {
    await api('POST', `/api/games/${id}/bot`, {});
  } catch (e) { setStatus(e.message, true); return; }
  const progress = $('progress');
  progress.hidden = false;
  const source = new EventSource(`/api/games/${id}/bot/stream`);
  source.onmessage = (message) => {
    const p = JSON.parse(message.data);
    if (p.thinking) {
      let line = `bot thinking: ${p.seconds.toFixed(1)} s, ${p.iterations} iterations`;
      if (p.best !== undefined) line += `, best ${p.best} (${(100 * p.winProbability).toFixed(1)}%)`;
      progress.textContent = line;
      return;
    }
    source.close();
    progress.hidden = true;
    if (p.error) setStatus(p.error, true);
    if (p.state) show(p.state);
  };
  source.onerror = () => { source.close(); progress.hidden = true; };
}

async function simple(verb, method = 'POST') {
  try {
    return await api(method, `/api/games/${game.id}/${verb}`, method === 'POST' ? {} : undefined);
  } catch (e) { setStatus(e.message, true); return null; }
}

async function undo() { const s = await simple('undo'); if (s) show(s); }
async function hint() {
  const h = await simple('hint');
  if (h) setStatus('Hint: ' + h.top.map((t) => `${t.move} ${(100 * t.winProbability).toFixed(0)}%`).join(', '));
}
async function save() {
  const saved = await simple('save', 'GET');
  if (!saved) return;
  $('saved').hidden = false;
  $('saved').value = JSON.stringify(saved);
}
async function load() {
  const box = $('saved');
  if (box.hidden || !box.value) { box.hidden = false; setStatus('Paste a saved game, then Load again'); return; }
  try {
    show(await api('POST', `/api/games/${game.id}/load`, JSON.parse(box.value)));
  } catch (e) { setStatus(e.message, true); }
}

// --- Analysis.
function analyseRequest(extraMoves = []) {
  const moves = $('a-moves').value.split(';').map((m) => m.trim()).filter((m) => m);
  return { ruleset: $('a-ruleset').value, state: $('a-state').value, moves: moves.concat(extraMoves) };
}

async function analyse(event) {
  event.preventDefault();
  const status = $('a-status');
  status.textContent = 'Analysing…';
  status.className = 'status';
  try {
    const body = analyseRequest();
    body.iterations = Number($('a-iterations').value);
    const result = await api('POST', '/api/analyse', body);
    $('a-board').innerHTML = result.board.svg;
    status.textContent = result.node;
    renderAnalysis(result);
  } catch (e) { status.textContent = e.message; status.className = 'status error'; }
}

function renderAnalysis(result) {
  const box = $('a-result');
  box.replaceChildren();
  const table = el('table');
  if (result.analysis) {
    const a = result.analysis;
    table.append(row(['move', 'win%', 'lower%', 'visits', 'pv'], 'th'));
    for (const m of a.moveInfos.slice(0, 10)) {
      const tr = row([m.move, (100 * m.winrate).toFixed(1), (100 * m.lowerBound).toFixed(1), m.visits, '']);
      const pv = tr.lastChild;
      pv.className = 'pv';
      m.pv.forEach((step, i) => {
        const s = el('span', step);
        s.onclick = () => stepTo(m.pv.slice(0, i + 1));
        pv.append(s);
      });
      table.append(tr);
    }
    box.append(el('div', `best ${a.bestMove}, ${a.rootInfo.visits} iterations`), table);
  } else if (result.chance) {
    table.append(row(['outcomes', 'probability', 'fraction', 'value'], 'th'));
    for (const b of result.chance.branches) {
      table.append(row([b.outcomes.join(', '), b.probability.toFixed(4), b.fraction, b.value.toFixed(3)]));
    }
    box.append(el('div', `expected value for player ${result.chance.player}: ${result.chance.value.toFixed(3)}`), table);
  }
}

function row(cells, tag = 'td') {
  const tr = el('tr');
  for (const c of cells) tr.append(el(tag, String(c)));
  return tr;
}

async function stepTo(pv) {
  try {
    const result = await api('POST', '/api/board', analyseRequest(pv));
    $('a-board').innerHTML = result.board.svg;
    $('a-status').textContent = `after ${pv.join(', ')}: ${result.node}`;
  } catch (e) { $('a-status').textContent = e.message; }
}

async function fromGame() {
  if (!game) return;
  const saved = await simple('save', 'GET');
  if (!saved) return;
  $('a-ruleset').value = saved.ruleset;
  $('a-state').value = saved.start;
  $('a-moves').value = saved.moves.join('; ');
}

function tab(name) {
  $('play').hidden = name !== 'play';
  $('analyse').hidden = name !== 'analyse';
  $('tab-play').classList.toggle('on', name === 'play');
  $('tab-analyse').classList.toggle('on', name === 'analyse');
}

$('new-game').addEventListener('submit', newGame);
$('board').addEventListener('click', onBoardClick);
$('undo').onclick = undo;
$('hint').onclick = hint;
$('save').onclick = save;
$('load').onclick = load;
$('analyse-form').addEventListener('submit', analyse);
$('a-from-game').onclick = () => { fromGame(); };
$('tab-play').onclick = () => tab('play');
$('tab-analyse').onclick = () => tab('analyse');
loadRulesets().catch((e) => setStatus(e.message, true));
