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
  let resp;
  try {
    resp = await fetch("/web/api/" + path, opts);
  } catch (e) { // the server stopped, or the network: said, not a page frozen
    return { status: 0, data: { error: `the server did not answer (${e.message}): is lexico-bot serve still running?` } };
  }
  let data = null;
  try { data = await resp.json(); } catch (e) { data = { error: "the server answered " + resp.status }; }
  return { status: resp.status, data };
}

// drawBoard draws view (BoardView) into el. marks maps "r,c" to extra
// classes; overlay maps "r,c" to a letter shown on an empty square.
function drawBoard(el, view, marks, overlay, onSquare) {
  const n = view.size;
  // Rows as well as columns share the board evenly, so that squares stay
  // square and a row does not grow when a tile is put in it.
  el.style.gridTemplateColumns = `repeat(${n + 1}, 1fr)`;
  el.style.gridTemplateRows = `repeat(${n + 1}, 1fr)`;
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
      if (letter) {
        sq.textContent = letter.toUpperCase();
        // A letter's points in a corner; a blank scores none and shows none.
        if (letter !== letter.toLowerCase() && view.values) sq.appendChild(valueMark(view.values[letter]));
      }
      // The start square shows its star, its colour the premium.
      else if (PREMIUM_TEXT[prem] && !(r === view.start_row && c === view.start_col)) sq.innerHTML = `<span class="pm">${PREMIUM_TEXT[prem]}</span>`;
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

// valueMark is a tile's points, printed small in its corner.
function valueMark(points) {
  const v = document.createElement("span");
  v.className = "val";
  v.textContent = points;
  v.setAttribute("aria-hidden", "true");
  return v;
}

function tilesKey(tiles) {
  const m = {};
  for (const t of tiles || []) m[t.row + "," + t.col] = t.letter;
  return m;
}

// squareName names a square as the board labels it: the column's letter,
// then the row's number from 1 at the top (as GCG names squares).
function squareName(r, c) { return COLS[c] + (r + 1); }

// parseSquare reads a square named as the board labels it ("H8", or "8H"
// as GCG writes an across play's), or returns null.
function parseSquare(text, n) {
  const m = /^([A-Z])(\d{1,2})$/.exec(text) || /^(\d{1,2})([A-Z])$/.exec(text);
  if (!m) return null;
  const [letter, num] = /\d/.test(m[1]) ? [m[2], m[1]] : [m[1], m[2]];
  const col = COLS.indexOf(letter), row = Number(num) - 1;
  if (col < 0 || col >= n || row < 0 || row >= n) return null;
  return { row, col };
}

// countdown shows who is thinking for about ms in the box (a progress bar
// and a line of text), the seconds left ticking down, until the returned
// function is called. Past ms the bar turns indeterminate (it keeps moving)
// and says the answer is coming: the page never looks frozen.
function countdown(box, bar, text, who, ms) {
  const start = performance.now();
  box.hidden = false;
  const tick = () => {
    const t = performance.now() - start;
    if (ms <= 0) { // no time known: until it is done
      bar.removeAttribute("value");
      text.textContent = `${who} is thinking…`;
    } else if (t < ms) {
      bar.max = ms;
      bar.value = t;
      text.textContent = `${who} is thinking… ${((ms - t) / 1000).toFixed(1)} s left`;
    } else {
      bar.removeAttribute("value");
      text.textContent = `${who} is thinking… answering now`;
    }
  };
  tick();
  const timer = setInterval(tick, 100);
  return () => { clearInterval(timer); box.hidden = true; };
}

// wordsText lists a play's words with their points, and, given the play's
// score, the bingo's bonus it holds beyond them (50 in Lexico, 35 in WWF):
// "SIZABLE 54, bingo 50" adds up to the 104 shown beside it.
function wordsText(words, score) {
  const ws = words || [];
  let t = ws.map((w) => `${w.word} ${w.score}${w.valid === false ? " (not a word)" : ""}`).join(", ");
  const sum = ws.reduce((s, w) => s + w.score, 0);
  if (ws.length && score > sum) t += `, bingo ${score - sum}`;
  return t;
}

// ---------- views ----------

function showView() {
  const name = (location.hash.slice(1).split("/")[0]) || "play";
  for (const v of ["play", "study", "solve"]) {
    $("view-" + v).hidden = v !== name;
    $("tab-" + v).classList.toggle("active", v === name);
  }
  if (name === "solve" && !solve.drawn) solveRender();
  if (name === "study" && !study.data) studyEmpty();
  if (name === "play" && !play.opened) openGame();
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
  opened: false,  // a game was resumed or dealt when Play was first shown
  thinking: null, // while the bot thinks: {stop, text} (the person's move)
  lastCheck: null, // the server's verdict on the pending tiles
};

$("new-game").addEventListener("submit", (e) => {
  e.preventDefault();
  newGame();
});

// newGame deals a game with the form's choices (on first load, the API's
// defaults: the strongest bot, multipliers, you first).
async function newGame(note) {
  $("new-game-btn").disabled = true;
  const botFirst = $("starter").value === "bot";
  const policy = $("policy").value;
  setExplain("", "");
  clearGame();
  let stop = null;
  if (botFirst) {
    $("status").textContent = `A new game · ${policy} moves first`;
    stop = countdown($("thinking"), $("think-bar"), $("think-text"), policy, Number($("bot-ms").value));
  } else {
    $("status").textContent = "Dealing a game…";
  }
  const { status, data } = await api("POST", "games", {
    policy, variant: $("variant").value, bot_first: botFirst, bot_ms: Number($("bot-ms").value),
    // ?seed=N in the address deals the same bag again (0: a random one).
    seed: Number(new URLSearchParams(location.search).get("seed")) || 0,
  });
  if (stop) stop();
  $("new-game-btn").disabled = false;
  if (status !== 201) {
    // The game on screen, if any, is still the one being played.
    if (play.game) renderPlay(); else noGame();
    setExplain(data.error, "bad");
    return;
  }
  localStorage.setItem("lexico-game", data.id);
  history.replaceState(null, "", "#play/" + data.id);
  showChoices(data);
  setGame(data);
  const said = botMoved(data); // the bot moved first
  if (note) setExplain(note, "");
  else if (data.first_go && !data.over) setExplain("Your turn: the first play covers the ★ square.", "");
  else if (said) setExplain(`${said}. Your turn.`, "");
}

// botMoved says what the bot played last, when the last move was its own:
// "sim played H8 across CAT for 10: CAT 10", or "".
function botMoved(g) {
  const last = g.events[g.events.length - 1];
  if (!last || last.seat === g.seat) return "";
  let t = `${g.policy} played ${last.text}`;
  if (last.kind === "play") t += ` for ${last.score}: ${wordsText(last.words, last.score)}`;
  return t;
}

// openGame resumes the game in the address or the last one played here, or
// deals a new one: the page opens on a board and a rack.
async function openGame() {
  play.opened = true;
  const parts = location.hash.slice(1).split("/");
  const id = (parts[0] === "play" && parts[1]) || localStorage.getItem("lexico-game");
  clearGame();
  if (id) {
    // A game whose bot is thinking answers once it has moved: past a
    // moment (no flash when it answers at once) a bar moves meanwhile.
    $("status").textContent = "Loading the game…";
    let stop = null;
    const wait = setTimeout(() => { stop = countdown($("thinking"), $("think-bar"), $("think-text"), "the bot", 0); }, 300);
    const { status, data } = await api("GET", "games/" + id);
    clearTimeout(wait);
    if (stop) stop();
    if (status === 200) {
      localStorage.setItem("lexico-game", data.id);
      history.replaceState(null, "", location.search + "#play/" + data.id);
      showChoices(data);
      setGame(data);
      return;
    }
    localStorage.removeItem("lexico-game");
    if (status === 404) { newGame("The last game is no longer kept (games are dropped an hour after their last move, and when the server restarts): here is a new one."); return; }
    noGame();
    setExplain(data.error, "bad");
    return;
  }
  newGame();
}

// resume shows the game again as the server holds it (after a move was
// refused as stale: another tab moved first).
async function resume() {
  if (!play.game) return;
  const { status, data } = await api("GET", "games/" + play.game.id);
  if (status === 200) setGame(data);
}

// showChoices sets the form to the game loaded, so that what it shows is
// what is being played (a reload included), not the page's defaults.
function showChoices(g) {
  $("policy").value = g.policy;
  $("variant").value = g.variant;
  $("starter").value = g.seat === 1 ? "bot" : "you";
  $("bot-ms").value = g.bot_ms;
}

// emptyBoard draws the empty board of the variant chosen.
function emptyBoard() {
  const layout = LAYOUTS[$("variant").value] || Object.values(LAYOUTS)[0];
  drawBoard($("play-board"), { size: layout.size, cells: layout.cells, premiums: layout.premiums,
    start_row: layout.start_row, start_col: layout.start_col });
}

// noGame shows the empty board of the variant chosen and no rack: nothing
// of a game gone stays on screen.
function noGame() {
  play.game = null;
  play.pending = [];
  clearGame();
  $("status").textContent = "No game: choose the bot and press New game.";
}

// clearGame empties the board, the rack and the moves, and disables the
// buttons, while a game is dealt or when there is none.
function clearGame() {
  emptyBoard();
  $("rack").innerHTML = "";
  $("events").innerHTML = "";
  $("end").hidden = true;
  $("gcg").hidden = true;
  for (const id of ["play-btn", "recall-btn", "pass-btn", "exchange-btn"]) $(id).disabled = true;
}

function setGame(g) {
  play.game = g;
  play.pending = [];
  play.selected = -1;
  play.exchanging = false;
  play.xsel.clear();
  play.lastCheck = null;
  // The first cursor is the page's, on the start square: a first click
  // there takes it (typing across) rather than turning it down.
  if (!play.cursor) play.cursor = { row: g.board.start_row, col: g.board.start_col, down: false, offered: true };
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
  if (last) for (const t of last.tiles || []) marks[t.row + "," + t.col] = "last";
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
    // A blank is a tile marked "?", styled apart: it is no empty slot.
    b.textContent = t;
    if (t !== "?" && g.board.values) b.appendChild(valueMark(g.board.values[t]));
    b.title = t === "?" ? "a blank: it stands for any letter you choose, and scores 0" : `${t}: ${g.board.values ? g.board.values[t] : "?"} points`;
    b.dataset.index = i;
    b.setAttribute("aria-label", t === "?" ? "blank" : t);
    if (t === "?") b.classList.add("blank");
    if (used) b.classList.add("used");
    if (i === play.selected) b.classList.add("sel");
    if (play.exchanging && play.xsel.has(i)) b.classList.add("xsel");
    b.addEventListener("click", () => onRackTile(i));
    rack.appendChild(b);
  }
  const thinking = play.thinking;
  const yourTurn = !g.over && !thinking;
  let status = `You ${g.scores[0] + (thinking ? thinking.score : 0)} · ${g.policy} ${g.scores[1]} · bag ${g.bag}`;
  if (g.over) status += " · game over";
  else if (thinking) status += ` · ${g.policy}'s turn`;
  else status += " · your turn";
  $("status").textContent = status;
  for (const id of ["play-btn", "recall-btn", "pass-btn"]) $(id).disabled = !yourTurn;
  $("exchange-btn").disabled = !yourTurn || !g.can_exchange;
  // Why an exchange is not allowed, on hovering the greyed button.
  $("exchange-btn").title = g.can_exchange ? "Return some tiles to the bag for as many new ones, instead of playing"
    : g.first_go ? "No exchange on the first move"
    : g.bag < 7 ? `No exchange with fewer than 7 tiles in the bag (${g.bag} left)` : "";
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
    if (e.kind === "play") text += ` +${e.score} — ${wordsText(e.words, e.score)}`;
    if (e.refused) text += ` (refused: ${e.refused})`;
    li.textContent = text;
    ev.appendChild(li);
  }
  if (thinking) { // the person's move, sent: listed at once, as played
    const li = document.createElement("li");
    li.className = "sent";
    li.textContent = `You: ${thinking.text}`;
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
  if (play.cursor && play.cursor.row === r && play.cursor.col === c) {
    if (play.cursor.offered) play.cursor.offered = false;
    else play.cursor.down = !play.cursor.down;
  } else play.cursor = { row: r, col: c, down: play.cursor ? play.cursor.down : false };
  renderPlay();
  // A touch screen opens its keyboard only for a text field: the typing
  // goes through a field of no size over the board (touchKeys).
  if (TOUCH) touchKeys.focus({ preventScroll: true });
  else $("play-board").focus();
}

// TOUCH: a screen that is touched, whose keyboard opens only for a field.
const TOUCH = navigator.maxTouchPoints > 0 || window.matchMedia("(pointer: coarse)").matches;

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
$("play-board").addEventListener("keydown", onBoardKey);

// onBoardKey is the typing on the board: letters, arrows, Space (the
// direction), Backspace, Enter (play) and Esc (recall).
function onBoardKey(e) {
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
}

// touchKeys is the field a touch screen types into. Keys that come as keys
// (a tablet's keyboard, iOS) go to onBoardKey, which keeps them from the
// field; an on-screen keyboard that sends text only (Android) is read from
// the field's input: the letters placed, a deletion taken as Backspace. The
// field holds one space, so that a Backspace always has something to
// delete and is seen.
const touchKeys = $("touch-keys");
touchKeys.value = " ";
touchKeys.addEventListener("keydown", onBoardKey);
touchKeys.addEventListener("input", (e) => {
  const g = play.game;
  if (g && !g.over && play.cursor) {
    if (e.inputType === "deleteContentBackward") {
      const p = play.pending.pop();
      if (p) { play.cursor.row = p.row; play.cursor.col = p.col; checkPending(); }
    } else {
      for (const ch of touchKeys.value) if (/^[a-zA-Z]$/.test(ch)) placeTyped(ch.toUpperCase());
    }
    renderPlay();
  }
  touchKeys.value = " ";
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
  play.lastCheck = { seq, data };
  if (data.legal) setExplain(`${data.score} points: ${wordsText(data.words, data.score)}`, "good");
  else setExplain(data.reason, "bad");
}

// send plays the person's move and waits for the bot's answer, the
// countdown running and the move listed meanwhile.
async function send(body) {
  const g = play.game;
  // The verdict on the tiles as they lie (not one on fewer tiles, when
  // Enter beat the last check's answer).
  const check = play.lastCheck && play.lastCheck.seq === play.checkSeq ? play.lastCheck.data : null;
  let text = body.kind === "pass" ? "pass" : `exchange ${body.exchange}`, score = 0;
  if (body.kind === "play" && check && check.legal && check.text) {
    text = `${check.text} +${check.score} — ${wordsText(check.words, check.score)}`;
    score = check.score;
  } else if (body.kind === "play") {
    text = "a play";
  }
  setExplain("", "");
  play.thinking = { text, score, stop: countdown($("thinking"), $("think-bar"), $("think-text"), g.policy, g.bot_ms) };
  renderPlay();
  const { status, data } = await api("POST", `games/${g.id}/move`, body);
  play.thinking.stop();
  play.thinking = null;
  if (status === 200) {
    setGame(data.game);
    const said = botMoved(data.game);
    if (said) setExplain(said, "");
    return;
  }
  if (status === 404) { // the game expired: nothing of it stays
    localStorage.removeItem("lexico-game");
    noGame();
    setExplain(data.error + ". Press New game for another.", "bad");
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
const STUDY_PROMPT = "Paste a gamestate above (or load the example), then Find the best moves: they are listed here and shown on the board.";

// studyEmpty shows the study with nothing studied: the empty board of the
// rules chosen and what to do.
function studyEmpty(prompt) {
  study.data = null;
  const layout = LAYOUTS[$("study-variant").value];
  drawBoard($("study-board"), { size: layout.size, cells: layout.cells, premiums: layout.premiums,
    start_row: layout.start_row, start_col: layout.start_col });
  $("study-moves").innerHTML = "";
  $("study-info").textContent = prompt === undefined ? STUDY_PROMPT : prompt;
}

$("study-variant").addEventListener("change", () => { if (!study.data) studyEmpty(); });
$("study-example").addEventListener("click", async () => {
  const resp = await fetch("/web/static/example.txt");
  if (!resp.ok) { $("study-error").textContent = `the example could not be loaded (${resp.status})`; return; }
  $("study-gamestate").value = await resp.text();
  $("study-hand").value = "";
  $("study-error").textContent = "";
  if (!study.data) $("study-info").textContent = "The documentation's example gamestate: press Find the best moves.";
});

$("study-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("study-error").textContent = "";
  $("study-btn").disabled = true;
  const ms = Number($("study-ms").value), sim = $("study-sim").checked;
  const stop = countdown($("study-thinking"), $("study-bar"), $("study-think-text"), sim ? "sim" : "equity", sim ? ms : 0);
  const { status, data } = await api("POST", "study", {
    gamestate: $("study-gamestate").value, top: Number($("study-top").value),
    sim, ms, hand: $("study-hand").value.trim(), variant: $("study-variant").value,
  });
  stop();
  $("study-btn").disabled = false;
  // An error leaves nothing of the last study on screen.
  if (status !== 200) { studyEmpty(""); $("study-error").textContent = data.error; return; }
  study.data = data;
  const note = studyNote(data, sim);
  $("study-info").textContent = `Rack ${data.rack} · you ${data.scores[0]}, opponent ${data.scores[1]} · bag ${data.bag}` + (note ? ` · ${note}` : "");
  $("study-moves").title = "pts: the move's score; equity: score plus the value of the tiles kept; " +
    "win: the chance of winning in the simulated games; sim: the simulated points, ± their standard error, over the worlds played";
  // The report's moves (top), each with how the page shows it (shown).
  const moves = (data.top || []).map((m, i) => Object.assign({}, m, data.shown[i]));
  const endgame = data.endgame && data.endgame.kind;
  listMoves($("study-moves"), moves, (m) => {
    let t = `${m.text}  ${m.kind === "play" ? m.score + " pts" : ""}  ${valueText(endgame, m)}`;
    if (m.sim) t += `  · win ${(100 * m.sim.win_rate).toFixed(1)}%  sim ${m.sim.equity.toFixed(1)} ± ${m.sim.stderr.toFixed(1)} (${m.sim.worlds} worlds)`;
    if (m.words.length) t += `  — ${wordsText(m.words, m.score)}`;
    return t;
  }, (m) => drawBoard($("study-board"), data.board, hlMarks(m), tilesKey(m && m.tiles)));
});

// studyNote is what the page says of how a study's report was reached:
// why a simulation asked for did not run (the static policy answered:
// policy "equity"), the clock's note, or that the search was cut short.
function studyNote(data, sim) {
  if (data.simulation && data.simulation.error) return `not simulated: ${data.simulation.error}`;
  if (sim && data.policy !== "sim" && data.note) return `not simulated: ${data.note}`;
  if (data.note) return data.note;
  if (!data.complete) return "the search ran out of time: these are the best of the moves it saw";
  return "";
}

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
  for (const t of (m && m.tiles) || []) marks[t.row + "," + t.col] = "hl";
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
  // On a narrow screen the list sits below the board, out of sight: the
  // answer is brought into view, or nothing would seem to happen.
  if (window.matchMedia("(max-width: 640px)").matches) ol.scrollIntoView({ block: "nearest" });
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
  const view = { size: n, cells: [], premiums: layout.premiums, start_row: layout.start_row, start_col: layout.start_col, values: layout.values };
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
// A board file from disk goes into the text box, shown, and onto the board.
$("solve-file").addEventListener("change", async () => {
  const f = $("solve-file").files[0];
  if (!f) return;
  if (f.size > 64 << 10) { $("solve-error").textContent = `${f.name}: ${f.size} bytes; a board file is a few hundred`; return; }
  $("solve-error").textContent = "";
  $("solve-text").value = (await f.text()).trimEnd();
  $("solve-details").open = true;
  solveRender();
});

$("solve-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("solve-error").textContent = "";
  $("solve-btn").disabled = true;
  const { status, data } = await api("POST", "solve", {
    rules: $("solve-rules").value, board: $("solve-text").value, hand: $("solve-hand").value, top: 200,
  });
  $("solve-btn").disabled = false;
  if (status !== 200) { // nothing of the last solve stays on screen
    solve.plays = [];
    $("solve-plays").innerHTML = "";
    solveRender();
    $("solve-error").textContent = data.error;
    return;
  }
  solve.plays = data.plays.map((p, i) => Object.assign(p, { start: data.starts[i] }));
  showPlays();
});

// The filter is a square named as the board labels it (H8: column H, row
// 8 from the top): only the plays with a tile on it are listed.
function showPlays() {
  const f = $("solve-filter").value.replace(/\s+/g, "").toUpperCase().replace(/^F=/, "");
  let plays = solve.plays;
  $("solve-error").textContent = "";
  if (f) {
    const sq = parseSquare(f, solve.size);
    if (!sq) {
      $("solve-plays").innerHTML = "";
      solveRender();
      $("solve-error").textContent = `filter "${f}": name a square as the board does, column A-${COLS[solve.size - 1]} then row 1-${solve.size}, e.g. H8`;
      return;
    }
    plays = plays.filter((p) => p.tiles.some((t) => t.row === sq.row && t.col === sq.col));
  }
  listMoves($("solve-plays"), plays, (p) =>
    `#${p.rank} ${p.text}  ${p.score} pts  leave ${p.leave || "-"}  — ${wordsText(p.words, p.score)}`,
  (p) => solveRender(p));
}
$("solve-filter").addEventListener("input", () => { if (solve.plays.length) showPlays(); });

// ---------- start ----------

$("solve-text").value = emptyRows(15).join("\n");
showView();
