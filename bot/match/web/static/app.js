// Lexico's page: plain JavaScript, no build step, no request but to the
// server that served it (its API under /web/api/).
"use strict";

const $ = (id) => document.getElementById(id);
const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PREMIUM_TEXT = { d: "DL", t: "TL", D: "DW", T: "TW" };

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.body = JSON.stringify(body);
    opts.headers["Content-Type"] = "application/json";
  }
  const resp = await fetch("/web/api/" + path, opts);
  let data = null;
  try { data = await resp.json(); } catch (e) { data = { error: "the server answered " + resp.status }; }
  return { status: resp.status, data };
}

// drawBoard draws view (BoardView) into el. marks maps "r,c" to extra
// classes; overlay maps "r,c" to a letter shown on an empty square.
function drawBoard(el, view, marks, overlay, onSquare) {
  const n = view.size;
  el.style.gridTemplateColumns = `repeat(${n + 1}, 1fr)`;
  el.innerHTML = "";
  el.appendChild(cell("", "sq lbl"));
  for (let c = 0; c < n; c++) el.appendChild(cell(COLS[c], "sq lbl"));
  for (let r = 0; r < n; r++) {
    el.appendChild(cell(String(r + 1), "sq lbl"));
    for (let c = 0; c < n; c++) {
      const key = r + "," + c;
      const letter = view.cells[r][c] || (overlay && overlay[key]) || "";
      const prem = view.premiums[r][c];
      let cls = "sq";
      if (letter) cls += " tile" + (letter === letter.toLowerCase() ? " blank" : "");
      else if (prem !== ".") cls += " p" + prem;
      if (!letter && r === view.start_row && c === view.start_col) cls += " start";
      if (marks && marks[key]) cls += " " + marks[key];
      const sq = cell("", cls);
      if (letter) sq.textContent = letter.toUpperCase();
      else if (PREMIUM_TEXT[prem]) sq.innerHTML = `<span class="pm">${PREMIUM_TEXT[prem]}</span>`;
      sq.dataset.row = r; sq.dataset.col = c;
      sq.id = el.id + "-" + r + "-" + c;
      sq.setAttribute("role", "gridcell");
      sq.setAttribute("aria-label", COLS[c] + (r + 1) + (letter ? " " + letter : ""));
      if (onSquare) {
        sq.tabIndex = -1;
        sq.addEventListener("click", () => onSquare(r, c));
      }
      el.appendChild(sq);
    }
  }
}

function cell(text, cls) {
  const d = document.createElement("div");
  d.className = cls;
  d.textContent = text;
  return d;
}

function tilesKey(tiles) {
  const m = {};
  for (const t of tiles || []) m[t.Row + "," + t.Col] = String.fromCharCode(t.Letter);
  return m;
}

function wordsText(words) {
  return (words || []).map((w) => `${w.word} ${w.score}${w.valid === false ? " (not a word)" : ""}`).join(", ");
}

// ---------- views ----------

function showView() {
  const name = (location.hash.slice(1).split("/")[0]) || "play";
  for (const v of ["play", "study", "solve"]) {
    $("view-" + v).hidden = v !== name;
    $("tab-" + v).classList.toggle("active", v === name);
  }
  if (name === "solve" && !solve.drawn) solveRender();
}
window.addEventListener("hashchange", showView);

// ---------- play ----------

const play = {
  game: null,     // GameView
  pending: [],    // {row, col, letter, blank, rackIndex}
  selected: -1,   // rack index selected for a click
  cursor: null,   // {row, col, down}
  exchanging: false,
  xsel: new Set(),
  checkSeq: 0,
};

$("new-game").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("new-game-btn").disabled = true;
  setExplain("Starting…", "");
  const { status, data } = await api("POST", "games", {
    policy: $("policy").value, variant: $("variant").value,
    bot_first: $("starter").value === "bot", bot_ms: Number($("bot-ms").value),
    // ?seed=N in the address deals the same bag again (0: a random one).
    seed: Number(new URLSearchParams(location.search).get("seed")) || 0,
  });
  $("new-game-btn").disabled = false;
  if (status !== 201) { setExplain(data.error, "bad"); $("game").hidden = false; return; }
  localStorage.setItem("lexico-game", data.id);
  history.replaceState(null, "", "#play/" + data.id);
  setGame(data);
});

async function resume() {
  const parts = location.hash.slice(1).split("/");
  const id = (parts[0] === "play" && parts[1]) || localStorage.getItem("lexico-game");
  if (!id) return;
  const { status, data } = await api("GET", "games/" + id);
  if (status === 200) setGame(data);
  else localStorage.removeItem("lexico-game");
}

function setGame(g) {
  play.game = g;
  play.pending = [];
  play.selected = -1;
  play.exchanging = false;
  play.xsel.clear();
  $("game").hidden = false;
  if (!play.cursor) play.cursor = { row: g.board.start_row, col: g.board.start_col, down: false };
  setExplain("", "");
  renderPlay();
}

function rackLeft() {
  // The rack's tiles with the pending ones marked used.
  const used = new Set(play.pending.map((p) => p.rackIndex));
  return [...play.game.rack].map((t, i) => ({ t, i, used: used.has(i) }));
}

function renderPlay() {
  const g = play.game;
  const last = g.events.length ? g.events[g.events.length - 1] : null;
  const marks = {};
  if (last) for (const t of last.tiles || []) marks[t.Row + "," + t.Col] = "last";
  const overlay = {};
  for (const p of play.pending) {
    const k = p.row + "," + p.col;
    marks[k] = "pending";
    overlay[k] = p.blank ? p.letter.toLowerCase() : p.letter;
  }
  if (play.cursor && !g.over) {
    const k = play.cursor.row + "," + play.cursor.col;
    marks[k] = (marks[k] ? marks[k] + " " : "") + "cursor " + (play.cursor.down ? "down" : "across");
  }
  drawBoard($("play-board"), g.board, marks, overlay, onPlaySquare);
  const rack = $("rack");
  rack.innerHTML = "";
  for (const { t, i, used } of rackLeft()) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t === "?" ? "" : t;
    b.title = t === "?" ? "blank" : t;
    b.dataset.index = i;
    b.setAttribute("aria-label", t === "?" ? "blank" : t);
    if (used) b.className = "used";
    if (i === play.selected) b.classList.add("sel");
    if (play.exchanging && play.xsel.has(i)) b.classList.add("xsel");
    b.addEventListener("click", () => onRackTile(i));
    rack.appendChild(b);
  }
  const yourTurn = !g.over;
  let status = `You ${g.scores[0]} · ${g.policy} ${g.scores[1]} · bag ${g.bag}`;
  if (g.over) status += " · game over";
  else status += " · your turn";
  $("status").textContent = status;
  for (const id of ["play-btn", "recall-btn", "pass-btn"]) $(id).disabled = !yourTurn;
  $("exchange-btn").disabled = !yourTurn || !g.can_exchange;
  $("exchange-btn").textContent = play.exchanging ? "Exchange the marked tiles" : "Exchange…";
  $("end").hidden = !g.over;
  $("end").textContent = g.end || "";
  $("gcg").hidden = !g.over;
  $("gcg").href = "/web/api/games/" + g.id + "/gcg";
  const ev = $("events");
  ev.innerHTML = "";
  for (const e of g.events) {
    const li = document.createElement("li");
    const who = e.seat === g.seat ? "You" : g.policy;
    let text = `${who}: ${e.text}`;
    if (e.kind === "play") text += ` +${e.score}` + (e.bingo ? " (bingo)" : "") + ` — ${wordsText(e.words)}`;
    if (e.refused) text += ` (refused: ${e.refused})`;
    li.textContent = text;
    ev.appendChild(li);
  }
  ev.scrollTop = ev.scrollHeight;
}

function setExplain(text, cls) {
  const el = $("explain");
  el.textContent = text || "";
  el.className = "explain " + (cls || "");
}

function onRackTile(i) {
  if (!play.game || play.game.over) return;
  if (play.exchanging) {
    if (play.xsel.has(i)) play.xsel.delete(i); else play.xsel.add(i);
    renderPlay();
    return;
  }
  if (play.pending.some((p) => p.rackIndex === i)) return;
  play.selected = play.selected === i ? -1 : i;
  renderPlay();
}

function occupied(r, c) {
  return !!play.game.board.cells[r][c] || play.pending.some((p) => p.row === r && p.col === c);
}

async function onPlaySquare(r, c) {
  const g = play.game;
  if (!g || g.over) return;
  const at = play.pending.findIndex((p) => p.row === r && p.col === c);
  if (at >= 0) { // a pending tile goes back to the rack
    play.pending.splice(at, 1);
    renderPlay();
    checkPending();
    return;
  }
  if (play.selected >= 0 && !occupied(r, c)) {
    const t = g.rack[play.selected];
    let letter = t, blank = false;
    if (t === "?") {
      letter = await askBlank();
      if (!letter) return;
      blank = true;
    }
    play.pending.push({ row: r, col: c, letter, blank, rackIndex: play.selected });
    play.selected = -1;
    renderPlay();
    checkPending();
    return;
  }
  if (play.cursor && play.cursor.row === r && play.cursor.col === c) play.cursor.down = !play.cursor.down;
  else play.cursor = { row: r, col: c, down: play.cursor ? play.cursor.down : false };
  renderPlay();
  $("play-board").focus();
}

// askBlank asks which letter a blank stands for.
function askBlank() {
  return new Promise((resolve) => {
    const dlg = $("blank-dialog"), input = $("blank-letter");
    input.value = "";
    const done = () => {
      dlg.removeEventListener("close", done);
      const v = input.value.toUpperCase();
      resolve(/^[A-Z]$/.test(v) ? v : "");
      $("play-board").focus();
    };
    dlg.addEventListener("close", done);
    dlg.showModal();
    input.focus();
  });
}

// Typing at the cursor: a letter takes that tile from the rack (or the
// blank, when the rack has no such tile) and moves on past the tiles
// already on the board.
$("play-board").tabIndex = 0;
$("play-board").addEventListener("keydown", (e) => {
  const g = play.game;
  if (!g || g.over || !play.cursor || e.ctrlKey || e.metaKey || e.altKey) return;
  const cur = play.cursor, n = g.board.size;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    cur.row = Math.min(n - 1, Math.max(0, cur.row + dr));
    cur.col = Math.min(n - 1, Math.max(0, cur.col + dc));
  } else if (e.key === " " || e.key === "/") {
    cur.down = !cur.down;
  } else if (e.key === "Backspace") {
    const p = play.pending.pop();
    if (p) { cur.row = p.row; cur.col = p.col; checkPending(); }
  } else if (e.key === "Enter") {
    submitPlay();
  } else if (e.key === "Escape") {
    recall();
  } else if (/^[a-zA-Z]$/.test(e.key)) {
    placeTyped(e.key.toUpperCase());
  } else {
    return;
  }
  e.preventDefault();
  renderPlay();
});

function placeTyped(letter) {
  const g = play.game, cur = play.cursor, n = g.board.size;
  while (cur.row < n && cur.col < n && occupied(cur.row, cur.col)) step(cur);
  if (cur.row >= n || cur.col >= n) { back(cur); return; }
  const free = rackLeft().filter((x) => !x.used);
  let pick = free.find((x) => x.t === letter), blank = false;
  if (!pick) { pick = free.find((x) => x.t === "?"); blank = true; }
  if (!pick) { setExplain(`No ${letter} on your rack.`, "bad"); return; }
  play.pending.push({ row: cur.row, col: cur.col, letter, blank, rackIndex: pick.i });
  step(cur);
  while (cur.row < n && cur.col < n && occupied(cur.row, cur.col)) step(cur);
  if (cur.row >= n || cur.col >= n) back(cur);
  checkPending();
}

function step(cur) { if (cur.down) cur.row++; else cur.col++; }
function back(cur) { if (cur.down) cur.row--; else cur.col--; }

function pendingMove() {
  return {
    turn: play.game.turn, kind: "play",
    tiles: play.pending.map((p) => ({ row: p.row, col: p.col, letter: p.letter, blank: p.blank })),
  };
}

// checkPending asks the server whether the tiles placed make a legal play,
// and says why not before anything is sent.
async function checkPending() {
  const seq = ++play.checkSeq;
  if (!play.pending.length) { setExplain("", ""); return; }
  const { status, data } = await api("POST", `games/${play.game.id}/check`, pendingMove());
  if (seq !== play.checkSeq) return;
  if (status !== 200) { setExplain(data.error, "bad"); return; }
  if (data.legal) setExplain(`${data.score} points: ${wordsText(data.words)}${data.bingo ? " (bingo)" : ""}`, "good");
  else setExplain(data.reason, "bad");
}

async function send(body) {
  setExplain(`${play.game.policy} is thinking…`, "");
  for (const id of ["play-btn", "recall-btn", "pass-btn", "exchange-btn"]) $(id).disabled = true;
  const { status, data } = await api("POST", `games/${play.game.id}/move`, body);
  if (status === 200) {
    setGame(data.game);
    const g = data.game, last = g.events[g.events.length - 1];
    if (last && last.seat !== g.seat) {
      let t = `${g.policy} played ${last.text}`;
      if (last.kind === "play") t += ` for ${last.score}: ${wordsText(last.words)}`;
      setExplain(t, "");
    }
    return;
  }
  renderPlay();
  if (status === 422) setExplain(data.reason, "bad");
  else if (status === 409) { setExplain(data.error, "bad"); resume(); }
  else setExplain(data.error, "bad");
}

function submitPlay() {
  if (!play.pending.length) { setExplain("Place some tiles first.", "bad"); return; }
  send(pendingMove());
}

function recall() {
  play.pending = [];
  play.selected = -1;
  play.checkSeq++;
  setExplain("", "");
  renderPlay();
}

$("play-btn").addEventListener("click", submitPlay);
$("recall-btn").addEventListener("click", recall);
$("pass-btn").addEventListener("click", () => send({ turn: play.game.turn, kind: "pass" }));
$("exchange-btn").addEventListener("click", () => {
  if (!play.exchanging) {
    recall();
    play.exchanging = true;
    setExplain("Click the tiles to return to the bag, then Exchange again.", "");
    renderPlay();
    return;
  }
  const tiles = [...play.xsel].map((i) => play.game.rack[i]).join("");
  play.exchanging = false;
  if (!tiles) { setExplain("", ""); renderPlay(); return; }
  send({ turn: play.game.turn, kind: "exchange", exchange: tiles });
});

// ---------- study ----------

const study = { data: null };

$("study-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("study-error").textContent = "";
  $("study-btn").disabled = true;
  $("study-info").textContent = "Thinking…";
  const { status, data } = await api("POST", "study", {
    gamestate: $("study-gamestate").value, top: Number($("study-top").value),
    sim: $("study-sim").checked, ms: Number($("study-ms").value),
    hand: $("study-hand").value.trim(), variant: $("study-variant").value,
  });
  $("study-btn").disabled = false;
  if (status !== 200) { $("study-error").textContent = data.error; $("study-info").textContent = ""; return; }
  study.data = data;
  $("study-info").textContent = `Rack ${data.rack} · scores ${data.scores[0]} to ${data.scores[1]} · bag ${data.bag}` + (data.note ? ` · ${data.note}` : "");
  listMoves($("study-moves"), data.moves, (m) => {
    let t = `${m.text}  ${m.kind === "play" ? m.score + " pts" : ""}  ${valueText(data.endgame, m)}`;
    if (m.sim) t += `  · win ${(100 * m.sim.win_rate).toFixed(1)}%  sim ${m.sim.points.toFixed(1)} ± ${m.sim.stderr.toFixed(1)} (${m.sim.iterations} worlds)`;
    if (m.words.length) t += `  — ${wordsText(m.words)}`;
    return t;
  }, (m) => drawBoard($("study-board"), data.board, hlMarks(m), tilesKey(m && m.tiles)));
});

// valueText is a studied move's value: its equity and leave, or, when the
// endgame solver chose, its final margin with best play ("at most" where
// the solver only showed it cannot beat its choice) or a proven win.
function valueText(endgame, m) {
  if (endgame === "endgame") return `final margin ${m.bound ? "at most " : ""}${m.equity > 0 ? "+" : ""}${m.equity}`;
  if (endgame) return "a proven win";
  return `equity ${m.equity.toFixed(1)}  leave ${m.leave || "-"}`;
}

function hlMarks(m) {
  const marks = {};
  for (const t of (m && m.tiles) || []) marks[t.Row + "," + t.Col] = "hl";
  return marks;
}

// listMoves lists moves in ol; pointing at one (hover or focus) shows it
// on the board; the first is shown at once.
function listMoves(ol, moves, text, show) {
  ol.innerHTML = "";
  moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.tabIndex = 0;
    li.textContent = text(m);
    li.dataset.rank = i + 1;
    const pick = () => {
      for (const o of ol.children) o.classList.remove("hl");
      li.classList.add("hl");
      show(m);
    };
    li.addEventListener("mouseenter", pick);
    li.addEventListener("focus", pick);
    li.addEventListener("keydown", (e) => {
      if (e.key === "ArrowDown" && li.nextSibling) { li.nextSibling.focus(); e.preventDefault(); }
      if (e.key === "ArrowUp" && li.previousSibling) { li.previousSibling.focus(); e.preventDefault(); }
    });
    ol.appendChild(li);
  });
  if (moves.length) { ol.firstChild.classList.add("hl"); show(moves[0]); }
  else { ol.innerHTML = "<li>No move.</li>"; show(null); }
}

// ---------- solve ----------

const solve = { size: 15, cursor: { row: 7, col: 7 }, plays: [], drawn: false };

function emptyRows(n) { return Array.from({ length: n }, () => "_".repeat(n)); }

function solveRows() {
  const text = $("solve-text").value.trim();
  if (!text) return emptyRows(solve.size);
  return text.split(/\r?\n/);
}

function solveRender(hlPlay) {
  solve.drawn = true;
  const rows = solveRows();
  const n = solve.size;
  const layout = LAYOUTS[$("solve-rules").value];
  const view = { size: n, cells: [], premiums: layout.premiums, start_row: layout.start_row, start_col: layout.start_col };
  for (let r = 0; r < n; r++) {
    const line = rows[r] || "";
    view.cells.push([...Array(n)].map((_, c) => (/[A-Za-z]/.test(line[c] || "") ? line[c] : "")));
  }
  const marks = hlMarks(hlPlay);
  const k = solve.cursor.row + "," + solve.cursor.col;
  marks[k] = (marks[k] ? marks[k] + " " : "") + "cursor";
  drawBoard($("solve-board"), view, marks, tilesKey(hlPlay && hlPlay.tiles), (r, c) => {
    solve.cursor = { row: r, col: c };
    solveRender();
    $("solve-board").focus();
  });
}

function solveSet(r, c, ch) {
  const rows = solveRows().map((l) => l.padEnd(solve.size, "_"));
  while (rows.length < solve.size) rows.push("_".repeat(solve.size));
  rows[r] = rows[r].slice(0, c) + ch + rows[r].slice(c + 1);
  $("solve-text").value = rows.join("\n");
}

$("solve-board").tabIndex = 0;
$("solve-board").addEventListener("keydown", (e) => {
  const cur = solve.cursor, n = solve.size;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    cur.row = Math.min(n - 1, Math.max(0, cur.row + moves[e.key][0]));
    cur.col = Math.min(n - 1, Math.max(0, cur.col + moves[e.key][1]));
  } else if (/^[a-zA-Z]$/.test(e.key) && !e.ctrlKey && !e.metaKey) {
    solveSet(cur.row, cur.col, e.key); // lower case: a blank, as in the file
    if (cur.col < n - 1) cur.col++;
  } else if (e.key === " " || e.key === "Backspace" || e.key === "Delete") {
    solveSet(cur.row, cur.col, "_");
  } else {
    return;
  }
  e.preventDefault();
  solveRender();
});
$("solve-text").addEventListener("input", () => solveRender());
$("solve-rules").addEventListener("change", () => solveRender());
$("solve-clear").addEventListener("click", () => { $("solve-text").value = ""; solveRender(); });

$("solve-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("solve-error").textContent = "";
  $("solve-btn").disabled = true;
  const { status, data } = await api("POST", "solve", {
    rules: $("solve-rules").value, board: $("solve-text").value, hand: $("solve-hand").value, top: 200,
  });
  $("solve-btn").disabled = false;
  if (status !== 200) { $("solve-error").textContent = data.error; $("solve-plays").innerHTML = ""; return; }
  solve.plays = data.plays.map((p, i) => Object.assign(p, { start: data.starts[i] }));
  showPlays();
});

// The filter is the solver's F=r,c: only plays with a tile on row r,
// column c (0-based, as the board file counts).
function showPlays() {
  const f = $("solve-filter").value.replace(/\s+/g, "").toUpperCase();
  let plays = solve.plays;
  $("solve-error").textContent = "";
  if (f && f !== "F" && f !== "F=") {
    const m = /^(?:F=)?(\d+),(\d+)$/.exec(f);
    if (!m) { $("solve-error").textContent = `bad filter "${f}": write F=row,column, e.g. F=7,7`; return; }
    const r = Number(m[1]), c = Number(m[2]);
    plays = plays.filter((p) => p.tiles.some((t) => t.Row === r && t.Col === c));
  }
  listMoves($("solve-plays"), plays, (p) =>
    `#${p.rank} ${p.text}  (row ${p.start.row}, col ${p.start.col}, ${p.start.dir})  ${p.score} pts  leave ${p.leave || "-"}  — ${wordsText(p.words)}`,
  (p) => solveRender(p));
}
$("solve-filter").addEventListener("input", () => { if (solve.plays.length) showPlays(); });

// ---------- start ----------

$("solve-text").value = emptyRows(15).join("\n");
showView();
resume();
