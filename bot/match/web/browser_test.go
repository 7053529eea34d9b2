package web

// Browser tests: the page in a real headless Chromium (Debian's package,
// which .ci/run installs), driven by chromedp over the DevTools protocol,
// against the site on httptest. They skip, saying so, where no Chromium is
// found. The whole game is long and runs only with LEXICO_BROWSER_LONG=1
// (make test-web). With LEXICO_SCREENSHOTS=DIR each view is saved there as
// a PNG (make web-screenshots writes bench/web/).

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/solver"
)

// chromium finds the browser: $LEXICO_CHROMIUM, else the usual names.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("LEXICO_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	const missing = "no Chromium found (install Debian's chromium package, or set LEXICO_CHROMIUM)"
	if os.Getenv("LEXICO_SCREENSHOTS") != "" {
		// Screenshots asked for (make web-screenshots): skipping would
		// end in "ok" with none taken.
		t.Fatal(missing + ": no screenshot can be taken")
	}
	t.Skip(missing + ": the browser tests are skipped")
	return ""
}

// worldsRe reads a simulated move's figures as the study lists them: its
// win rate, simulated points with their error, and its worlds.
var worldsRe = regexp.MustCompile(`win \d+\.\d%  sim -?\d+\.\d ± \d+\.\d \((\d+) worlds\)`)

// The browser every test of the binary shares: starting Chromium costs
// about a second of CPU, a tab much less. Each test gets a tab of its own in
// a browser context of its own (storage, cookies), so no test sees another's
// page state.
var shared struct {
	once   sync.Once
	ctx    context.Context
	cancel func()
	dir    string
	err    error
}

// TestMain stops the shared browser once every test ran.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// browser starts, once per test binary, a headless Chromium with the flags
// this machine's closed network needs (no background connections, no
// sandbox as root) and a 1200x1000 window, and returns a new tab's context
// in a fresh browser context, closed when the test ends.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromium(t)
	shared.once.Do(func() {
		if shared.dir, shared.err = os.MkdirTemp("", "lexico-chromium-"); shared.err != nil {
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.UserDataDir(shared.dir), chromedp.WindowSize(1200, 1000),
		}
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelC := chromedp.NewContext(actx)
		shared.ctx, shared.cancel = ctx, func() { cancelC(); cancelA() }
		// No timeout on the browser's own context: its end would stop the
		// browser for the tests after.
		shared.err = chromedp.Do(ctx)
	})
	if shared.err != nil {
		t.Fatalf("starting Chromium: %v", shared.err)
	}
	tab, cancelTab := chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	// A loaded machine is slow: one generous bound per test.
	ctx, cancelT := context.WithTimeout(tab, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelTab() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}

func run(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// get runs one action that reads something from the page.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// screenshot saves the page as DIR/name.png when LEXICO_SCREENSHOTS=DIR.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("LEXICO_SCREENSHOTS")
	if dir == "" {
		return
	}
	png := get(t, ctx, "screenshot", chromedp.FullScreenshot(100))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func square(board string, r, c int) string { return fmt.Sprintf("#%s-%d-%d", board, r, c) }

// clickPlay places m's tiles by clicking: a rack tile, then its square (a
// blank's letter typed into the page's dialog).
func clickPlay(t *testing.T, ctx context.Context, rack string, m move.Move) {
	t.Helper()
	used := make([]bool, len(rack))
	for _, p := range m.Tiles {
		want := p.Tile()
		i := slices.IndexFunc([]byte(rack), func(b byte) bool { return b == want })
		for i >= 0 && used[i] {
			j := slices.IndexFunc([]byte(rack[i+1:]), func(b byte) bool { return b == want })
			if j < 0 {
				i = -1
				break
			}
			i += 1 + j
		}
		if i < 0 {
			t.Fatalf("%c is not on the rack %s", want, rack)
		}
		used[i] = true
		run(t, ctx, "place a tile",
			chromedp.Click(chromedp.CSS(fmt.Sprintf(`#rack button[data-index="%d"]`, i))),
			chromedp.Click(chromedp.CSS(square("play-board", p.Row, p.Col))))
		if p.Blank {
			run(t, ctx, "name the blank",
				chromedp.WaitVisible(chromedp.CSS("#blank-letter")),
				chromedp.SendKeys(chromedp.CSS("#blank-letter"), string(p.Letter)),
				chromedp.Click(chromedp.CSS("#blank-dialog button")),
				chromedp.WaitNotVisible(chromedp.CSS("#blank-dialog")))
		}
	}
}

// current is the site's game as the store holds it, and the person's view.
func current(t *testing.T, site *Site, id string) (*Game, string) {
	t.Helper()
	g, err := site.Store.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return g, g.View().Rack
}

// newGameOf opens the page at url (which opens on a game) and starts a new
// one against policy with ms per move, waiting until it is shown.
func newGameOf(t *testing.T, ctx context.Context, url, policy string, ms int) {
	t.Helper()
	run(t, ctx, "open the page", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#rack button")))
	opened := gameID(t, ctx)
	run(t, ctx, "start a game against "+policy,
		chromedp.SetValue(chromedp.CSS("#policy"), policy),
		chromedp.SetValue(chromedp.CSS("#bot-ms"), fmt.Sprint(ms)),
		chromedp.Click(chromedp.CSS("#new-game-btn")))
	get(t, ctx, "wait for the new game", chromedp.Poll[bool](fmt.Sprintf(
		`location.hash !== %q && document.querySelectorAll("#rack button").length > 0`, "#play/"+opened),
		chromedp.WithPollingTimeout(time.Minute)))
}

// gameID reads the id the page keeps in its address.
func gameID(t *testing.T, ctx context.Context) string {
	t.Helper()
	hash := get(t, ctx, "read the address", chromedp.Evaluate[string](`location.hash`))
	id, ok := strings.CutPrefix(hash, "#play/")
	if !ok {
		t.Fatalf("the address's hash is %q; want #play/ID", hash)
	}
	return id
}

// choices reads the new-game form: the bot, the variant, who moves first
// and the bot's time.
func choices(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return get(t, ctx, "read the choices", chromedp.Evaluate[[]string](
		`["policy", "variant", "starter", "bot-ms"].map(id => document.getElementById(id).value)`))
}

// thinkingWatch records, from now on, what the page shows while the bot
// thinks: the countdown's texts, the status lines and the move sent.
const thinkingWatch = `window.seen = {think: [], status: [], sent: []};
new MutationObserver(() => {
  if (document.querySelector("#thinking").hidden) return;
  const last = (a, v) => { if (v && a[a.length - 1] !== v) a.push(v); };
  last(seen.think, document.querySelector("#think-text").textContent);
  last(seen.status, document.querySelector("#status").textContent);
  const sent = document.querySelector("#events li.sent");
  last(seen.sent, sent && sent.textContent);
}).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});`

// The quick tour, in make test: the page opens on a game against sim, the
// API's and the command line's default, with a board and a rack; a legal
// move by clicking tiles; while sim thinks, a countdown runs, the status
// line says whose turn it is and the move sent is listed; the bot's answer;
// an illegal move explained before it is sent; a reload resumes the game.
func TestBrowserPlayAMoveAndSeeTheBotAnswer(t *testing.T) {
	ctx := browser(t)
	cfg := testConfig(t)
	site, srv := testSite(t, cfg)
	run(t, ctx, "open the page", chromedp.Navigate(srv.URL+"/?seed=11"),
		chromedp.WaitVisible(chromedp.CSS("#rack button")))
	if got, want := choices(t, ctx), []string{"sim", "multipliers", "you", fmt.Sprint(DefaultBotTime.Milliseconds())}; !slices.Equal(got, want) {
		t.Errorf("the page opens with the choices %q; want the API's defaults %q", got, want)
	}
	squares := get(t, ctx, "count the squares", chromedp.Evaluate[int](`document.querySelectorAll("#play-board .sq:not(.lbl)").length`))
	tiles := get(t, ctx, "count the rack", chromedp.Evaluate[int](`document.querySelectorAll("#rack button").length`))
	status := get(t, ctx, "read the status", chromedp.Text(chromedp.CSS("#status")))
	if squares != 225 || tiles != 7 || !strings.Contains(status, "sim 0") || !strings.Contains(status, "your turn") {
		t.Errorf("the page opens on %d squares, %d tiles, status %q; want a board of 225, a rack of 7, your turn against sim", squares, tiles, status)
	}
	// Each letter on the rack shows its points (a blank none), and the
	// greyed Exchange says why it is greyed.
	shown := get(t, ctx, "read the rack's points", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#rack button:not(.blank)")].map(b =>
		b.firstChild.nodeValue + "=" + (b.querySelector(".val") || {}).textContent)`))
	for _, s := range shown {
		if l, pts, _ := strings.Cut(s, "="); len(l) != 1 || pts != fmt.Sprint(variant.Multipliers.Values[tile.Index(l[0])]) {
			t.Errorf("the rack tile %q: want its letter and its %d points", s, variant.Multipliers.Values[tile.Index(l[0])])
		}
	}
	if why := get(t, ctx, "read why Exchange is greyed", chromedp.Evaluate[string](`document.querySelector("#exchange-btn").title`)); !strings.Contains(why, "first move") {
		t.Errorf("the greyed Exchange says %q on the first move; want why", why)
	}
	// The page offers the cursor on the start square, typing across: a
	// first click there takes it as it is, a second turns it down.
	start := square("play-board", variant.Multipliers.StartRow, variant.Multipliers.StartCol)
	for i, want := range []string{"across", "down"} {
		run(t, ctx, "click the start square", chromedp.Click(chromedp.CSS(start)))
		if cls := get(t, ctx, "read the cursor", chromedp.AttributeValue(chromedp.CSS(start), "class")).Value; !strings.Contains(cls, "cursor "+want) {
			t.Errorf("click %d on the start square: class %q; want the cursor %s", i+1, cls, want)
		}
	}
	run(t, ctx, "click the start square", chromedp.Click(chromedp.CSS(start))) // across again, as the test goes on
	id := gameID(t, ctx)
	g, rack := current(t, site, id)
	if g.Policy != "sim" || g.Variant.Name != "multipliers" {
		t.Fatalf("the game opened is %s on %s; want sim on multipliers", g.Policy, g.Variant.Name)
	}
	screenshot(t, ctx, "play-open")
	pl, _ := cfg.Answers.Engine.Policy("greedy", nil)
	g.mu.Lock()
	ch := pl.Choose(context.Background(), g.pos)
	g.mu.Unlock()
	if ch.Move.Kind != move.Play {
		t.Fatalf("seed 11 drew a rack with no play in the test's words (%s): pick another", rack)
	}
	clickPlay(t, ctx, rack, ch.Move)
	// Each tile placed is checked; the last check names the whole play.
	want := fmt.Sprintf("%d points", ch.Move.Score)
	explain, err := chromedp.Run(ctx, chromedp.Poll[string](fmt.Sprintf(
		`(e => e.classList.contains("good") && e.textContent.startsWith(%q) && e.textContent)(document.querySelector("#explain"))`, want),
		chromedp.WithPollingTimeout(time.Minute)))
	if err != nil {
		now, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#explain")))
		t.Fatalf("before sending, the page says %q (%v); want %q", now, err, want)
	}
	screenshot(t, ctx, "play-placed")
	get(t, ctx, "watch the page while sim thinks", chromedp.Evaluate[bool](thinkingWatch+"; true"))
	run(t, ctx, "play it and wait for the bot",
		chromedp.Click(chromedp.CSS("#play-btn")),
		chromedp.WaitVisible(chromedp.CSS("#thinking")))
	screenshot(t, ctx, "play-thinking")
	run(t, ctx, "wait for the bot", chromedp.WaitVisible(chromedp.CSS("#events li:nth-child(2):not(.sent)")),
		chromedp.WaitNotVisible(chromedp.CSS("#thinking")))
	first := get(t, ctx, "read your move", chromedp.Text(chromedp.CSS("#events li:nth-child(1)")))
	second := get(t, ctx, "read the bot's", chromedp.Text(chromedp.CSS("#events li:nth-child(2)")))
	yours := "You: " + human.Format(g.Variant.NewBoard(), ch.Move)
	if !strings.HasPrefix(first, yours) || !strings.HasPrefix(second, "sim: ") {
		t.Fatalf("moves listed: %q, %q; want yours (%s) then sim's", first, second, yours)
	}
	type watched struct {
		Think  []string `json:"think"`
		Status []string `json:"status"`
		Sent   []string `json:"sent"`
	}
	seen := get(t, ctx, "read what the page showed", chromedp.Evaluate[watched](`window.seen`))
	// The countdown ticks (its text changes while sim thinks); the status
	// line is sim's turn, your move's points counted; your move is listed.
	if len(seen.Think) < 2 || !strings.HasPrefix(seen.Think[0], "sim is thinking") {
		t.Errorf("while sim thought the countdown read %q; want it to tick, saying sim is thinking", seen.Think)
	}
	wantStatus := fmt.Sprintf("You %d · sim 0 · bag 86 · sim's turn", ch.Move.Score)
	if len(seen.Status) == 0 || seen.Status[0] != wantStatus {
		t.Errorf("while sim thought the status read %q; want %q", seen.Status, wantStatus)
	}
	if len(seen.Sent) == 0 || !strings.HasPrefix(seen.Sent[0], yours) {
		t.Errorf("while sim thought the moves listed %q; want yours, %q", seen.Sent, yours)
	}
	view := g.View()
	last := view.Events[len(view.Events)-1]
	for _, p := range last.Tiles { // the bot's move is marked on the board
		cls := get(t, ctx, "read a square", chromedp.AttributeValue(chromedp.CSS(square("play-board", p.Row, p.Col)), "class")).Value
		if !strings.Contains(cls, "last") {
			t.Errorf("the bot's tile at %s has classes %q; want it marked last", board.SquareName(p.Row, p.Col), cls)
		}
	}
	screenshot(t, ctx, "play-answered")

	// An illegal move: one tile far from every other, explained in words.
	_, rack = current(t, site, id)
	far := -1
	for r := 0; r < 15 && far < 0; r++ {
		if view.Board.Cells[r][0] == "" && (r == 0 || view.Board.Cells[r-1][0] == "") && (r == 14 || view.Board.Cells[r+1][0] == "") && view.Board.Cells[r][1] == "" {
			far = r
		}
	}
	bad := move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: far, Col: 0, Letter: strings.TrimLeft(rack, "?")[0]}}}
	res, err := g.Check(view.Turn, bad)
	if err != nil || res.Legal {
		t.Fatalf("the server's verdict on a lone tile at %s: %+v %v; want illegal", board.SquareName(far, 0), res, err)
	}
	clickPlay(t, ctx, rack, bad)
	run(t, ctx, "the explanation", chromedp.WaitVisible(chromedp.CSS("#explain.bad")))
	explain = get(t, ctx, "read the explanation", chromedp.Text(chromedp.CSS("#explain")))
	if explain != res.Reason {
		t.Errorf("the page explains %q; want the rules' reason %q", explain, res.Reason)
	}
	run(t, ctx, "the server refuses it too", chromedp.Click(chromedp.CSS("#play-btn")),
		chromedp.WaitVisible(chromedp.CSS("#explain.bad")))
	if after := g.View(); after.Turn != view.Turn || len(after.Events) != len(view.Events) {
		t.Fatalf("an illegal move changed the game: turn %d, %d moves; want %d, %d", after.Turn, len(after.Events), view.Turn, len(view.Events))
	}
	run(t, ctx, "a reload resumes the game", chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS("#events li:nth-child(2)")))
	n := get(t, ctx, "count the moves", chromedp.Evaluate[int](`document.querySelectorAll("#events li").length`))
	if n != len(view.Events) {
		t.Errorf("after a reload the page lists %d moves; want %d", n, len(view.Events))
	}

	// A game with a blank on the rack, against equity on wwf, opened by
	// its address: the blank is drawn as a blank, and the form shows the
	// game loaded, after a reload too and when the address names none.
	var blank *Game
	for seed := uint64(1); blank == nil; seed++ {
		if seed > 300 {
			t.Fatal("no deal of 300 puts a blank on the person's rack")
		}
		bg, err := site.Store.New(Options{Policy: "equity", Variant: "wwf", BotTime: 300 * time.Millisecond, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(bg.View().Rack, "?") {
			blank = bg
		}
	}
	wantChoices := []string{"equity", "wwf", "you", "300"}
	for _, how := range []chromedp.Action[chromedp.Void]{chromedp.Navigate(srv.URL + "/#play/" + blank.ID), chromedp.Reload(), chromedp.Navigate(srv.URL + "/")} {
		run(t, ctx, "open the game with a blank", how, chromedp.WaitVisible(chromedp.CSS("#rack button.blank")))
		if id := gameID(t, ctx); id != blank.ID {
			t.Fatalf("the page opened game %s; want %s", id, blank.ID)
		}
		if got := choices(t, ctx); !slices.Equal(got, wantChoices) {
			t.Errorf("the form shows %q for a game of %q", got, wantChoices)
		}
		look := get(t, ctx, "read the blank", chromedp.Evaluate[[]string](`(b => [b.textContent, b.getAttribute("aria-label"),
			getComputedStyle(b).borderStyle, getComputedStyle(document.querySelector("#rack button:not(.blank)")).borderStyle])(document.querySelector("#rack button.blank"))`))
		if look[0] != "?" || look[1] != "blank" || look[2] == look[3] {
			t.Errorf("the blank on the rack reads %q, is labelled %q, bordered %s (a letter: %s); want \"?\", blank, styled apart", look[0], look[1], look[2], look[3])
		}
	}
	screenshot(t, ctx, "play-blank")
}

// A game the bot opens says what the bot played, as after each of its
// later moves: the page used to open on its tiles with no word of them.
func TestBrowserBotFirstSaysWhatItPlayed(t *testing.T) {
	ctx := browser(t)
	_, srv := testSite(t, testConfig(t))
	run(t, ctx, "open the page", chromedp.Navigate(srv.URL+"/?seed=11"), chromedp.WaitVisible(chromedp.CSS("#rack button")))
	run(t, ctx, "start a game the bot opens",
		chromedp.SetValue(chromedp.CSS("#policy"), "greedy"),
		chromedp.SetValue(chromedp.CSS("#starter"), "bot"),
		chromedp.SetValue(chromedp.CSS("#bot-ms"), "100"),
		chromedp.Click(chromedp.CSS("#new-game-btn")))
	said := get(t, ctx, "read what the page says", chromedp.Poll[string](
		`(e => e.textContent.includes("played") && e.textContent)(document.querySelector("#explain"))`,
		chromedp.WithPollingTimeout(30*time.Second)))
	if !strings.HasPrefix(said, "greedy played ") || !strings.HasSuffix(said, "Your turn.") {
		t.Errorf("a game greedy opened says %q; want what greedy played, then your turn", said)
	}
}

// On a touch screen a tap on a square opens the keyboard (the field over
// the board takes the focus), and what the on-screen keyboard sends as text
// is placed as typing on the board is; a Backspace takes a tile back.
func TestBrowserTouchScreenTypesAWord(t *testing.T) {
	ctx := browser(t)
	_, srv := testSite(t, testConfig(t))
	run(t, ctx, "a touch screen", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile),
		chromedp.Navigate(srv.URL+"/?seed=11#play"), chromedp.WaitVisible(chromedp.CSS("#rack button")))
	start := square("play-board", variant.Multipliers.StartRow, variant.Multipliers.StartCol)
	run(t, ctx, "tap the start square", chromedp.Click(chromedp.CSS(start)))
	if focus := get(t, ctx, "what has the focus", chromedp.Evaluate[string](`document.activeElement.id`)); focus != "touch-keys" {
		t.Fatalf("after a tap on a square %q has the focus; want the field that opens the keyboard", focus)
	}
	rack := get(t, ctx, "read the rack", chromedp.Evaluate[string](`[...document.querySelectorAll("#rack button")].map(b => b.firstChild.nodeValue).join("")`))
	two := strings.ToLower(strings.ReplaceAll(rack, "?", ""))[:2]
	run(t, ctx, "type two letters as an on-screen keyboard sends them", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: two})
		return err
	}))
	pending := `document.querySelectorAll("#play-board .sq.pending").length`
	if n := get(t, ctx, "count the tiles placed", chromedp.Evaluate[int](pending)); n != 2 {
		t.Errorf("after %q sent as text: %d tiles placed; want 2", two, n)
	}
	run(t, ctx, "Backspace", chromedp.SendKeys(chromedp.CSS("#touch-keys"), "\b"))
	if n := get(t, ctx, "count the tiles placed", chromedp.Evaluate[int](pending)); n != 1 {
		t.Errorf("after a Backspace: %d tiles placed; want 1", n)
	}
}

// Solve opens a board file from disk: its rows go into the text box and
// onto the board.
func TestBrowserSolveOpensABoardFile(t *testing.T) {
	ctx := browser(t)
	_, srv := testSite(t, testConfig(t))
	file, err := filepath.Abs("../../../data/wwf/midgame.wwf")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open Solve", chromedp.Navigate(srv.URL+"/#solve"), chromedp.WaitVisible(chromedp.CSS("#solve-board .sq")),
		chromedp.SetUploadFiles(`#solve-file`, []string{file}))
	text := get(t, ctx, "read the board file's box", chromedp.Poll[string](`(v => /[A-Za-z]/.test(v) && v)(document.querySelector("#solve-text").value)`,
		chromedp.WithPollingTimeout(10*time.Second)))
	tiles := get(t, ctx, "count the board's tiles", chromedp.Evaluate[int](`document.querySelectorAll("#solve-board .sq.tile").length`))
	letters := 0
	for _, c := range want {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			letters++
		}
	}
	if text != strings.TrimRight(string(want), "\n") || tiles != letters {
		t.Errorf("after opening midgame.wwf: the box holds %q and the board %d tiles; want the file and its tiles", text, tiles)
	}
}

// Study: a gamestate pasted, its best move listed first and highlighted on
// the board. Solve: the seed's empty board with xypdqab under Words With
// Friends rules, the best play first and highlighted.
func TestBrowserStudyAndSolve(t *testing.T) {
	ctx := browser(t)
	cfg := testConfig(t)
	_, srv := testSite(t, cfg)

	st, err := state.Start(variant.Multipliers, 11, 0)
	if err != nil {
		t.Fatal(err)
	}
	pos := st.View()
	gs, err := gamestate.Encode(&pos)
	if err != nil {
		t.Fatal(err)
	}
	pl, _ := cfg.Answers.Engine.Policy("equity", nil)
	want := pl.Choose(context.Background(), &pos)
	if want.Move.Kind != move.Play {
		t.Fatalf("the test's position has no play: %v", want.Move)
	}
	// Study opens on the empty board of its rules, saying what to do, and
	// loads the documentation's example on request.
	run(t, ctx, "open Study",
		chromedp.Navigate(srv.URL+"/#study"),
		chromedp.WaitVisible(chromedp.CSS("#study-board .sq")))
	squares := get(t, ctx, "count the study's squares", chromedp.Evaluate[int](`document.querySelectorAll("#study-board .sq:not(.lbl)").length`))
	prompt := get(t, ctx, "read the study's prompt", chromedp.Text(chromedp.CSS("#study-info")))
	if squares != 225 || !strings.Contains(prompt, "Paste a gamestate") {
		t.Errorf("Study opens on %d squares saying %q; want the empty board and what to do", squares, prompt)
	}
	run(t, ctx, "load the example", chromedp.Click(chromedp.CSS("#study-example")))
	example := get(t, ctx, "read the example", chromedp.Poll[string](`document.querySelector("#study-gamestate").value`,
		chromedp.WithPollingTimeout(30*time.Second)))
	if !strings.Contains(example, "'MyHand'") {
		t.Errorf("the example loaded reads %.100q; want the doc's gamestate", example)
	}
	run(t, ctx, "study a gamestate",
		chromedp.SetValue(chromedp.CSS("#study-gamestate"), string(gs)),
		chromedp.SetValue(chromedp.CSS("#study-top"), "5"),
		chromedp.Click(chromedp.CSS("#study-btn")))
	waitFor(t, ctx, "the moves", "#study-moves li", "#study-error")
	top := get(t, ctx, "read the top move", chromedp.Text(chromedp.CSS("#study-moves li")))
	if text := human.Format(pos.Board, want.Move); !strings.HasPrefix(top, text) {
		t.Errorf("the top move listed is %q; want %s first", top, text)
	}
	highlighted(t, ctx, "study-board", want.Move)
	screenshot(t, ctx, "study")

	// Simulated, each move listed shows the simulation's figures, read
	// from the report's sim of each move.
	run(t, ctx, "study it with simulation",
		chromedp.SetValue(chromedp.CSS("#study-ms"), "300"),
		chromedp.Click(chromedp.CSS("#study-sim")),
		chromedp.Click(chromedp.CSS("#study-btn")))
	simulated := get(t, ctx, "read the simulated moves", chromedp.Poll[[]string](`(() => {
		const li = [...document.querySelectorAll("#study-moves li")].map(li => li.textContent);
		return li.length && li[0].includes("worlds") ? li : null; })()`, chromedp.WithPollingTimeout(30*time.Second)))
	for _, ln := range simulated {
		if m := worldsRe.FindStringSubmatch(ln); m == nil || m[1] == "0" || strings.Contains(ln, "undefined") || strings.Contains(ln, "NaN") {
			t.Errorf("a simulated move reads %q; want its win rate, simulated points and worlds", ln)
		}
	}
	run(t, ctx, "simulate no more", chromedp.Click(chromedp.CSS("#study-sim")))

	// An error leaves nothing of the study before on screen.
	run(t, ctx, "study a gamestate that is none",
		chromedp.SetValue(chromedp.CSS("#study-gamestate"), "{'Board': 7}"),
		chromedp.Click(chromedp.CSS("#study-btn")))
	refusal := get(t, ctx, "read the refusal", chromedp.Poll[string](`document.querySelector("#study-error").textContent`,
		chromedp.WithPollingTimeout(30*time.Second)))
	left := get(t, ctx, "what is left", chromedp.Evaluate[[]int](`[document.querySelectorAll("#study-moves li").length,
		document.querySelectorAll("#study-board .sq.hl, #study-board .sq.tile").length]`))
	if left[0] != 0 || left[1] != 0 {
		t.Errorf("after the refusal %q, %d moves and %d tiles of the study before are on screen; want none", refusal, left[0], left[1])
	}

	// An endgame studied with sim: the solver decides, and the moves are
	// listed with their final margins, "at most" where only bounded.
	eg, err := os.ReadFile("../../../data/gamestates/endgame.json")
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "study an endgame",
		chromedp.Navigate(srv.URL+"/?endgame#study"), // a new page: the form as it loads
		chromedp.WaitVisible(chromedp.CSS("#study-gamestate")),
		chromedp.SetValue(chromedp.CSS("#study-gamestate"), string(eg)),
		chromedp.SetValue(chromedp.CSS("#study-top"), "3"),
		chromedp.Click(chromedp.CSS("#study-sim")),
		chromedp.Click(chromedp.CSS("#study-btn")))
	waitFor(t, ctx, "the endgame's moves", "#study-moves li:nth-child(2)", "#study-error")
	lines := get(t, ctx, "read the endgame's moves", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#study-moves li")].map(li => li.textContent)`))
	if len(lines) < 2 || !strings.Contains(lines[0], "final margin ") || strings.Contains(lines[0], "at most") ||
		!strings.Contains(lines[1], "final margin at most") || strings.Contains(strings.Join(lines, " "), "equity") {
		t.Errorf("the endgame's moves read %q; want final margins, the others at most theirs", lines)
	}

	v := variant.WWF
	hand, _ := solver.ParseHand("xypdqab", v)
	plays, err := solver.Solve(cfg.Answers.Engine.Generator(), v, v.NewBoard(), hand, 200) // as the page asks
	if err != nil || len(plays) == 0 {
		t.Fatalf("the solver on the empty board: %v %v", plays, err)
	}

	// Study takes a board file with its hand: the empty WWF board (an
	// empty text) lists moves of xypdqab, none an exchange's tiles.
	run(t, ctx, "study a board file",
		chromedp.Navigate(srv.URL+"/?board#study"), // a new page: the text box empty
		chromedp.WaitVisible(chromedp.CSS("#study-gamestate")),
		chromedp.SetValue(chromedp.CSS("#study-hand"), "xypdqab"),
		chromedp.SetValue(chromedp.CSS("#study-variant"), "wwf"),
		chromedp.Click(chromedp.CSS("#study-btn")))
	waitFor(t, ctx, "the board file's moves", "#study-moves li", "#study-error")
	if info := get(t, ctx, "read the study's rack", chromedp.Text(chromedp.CSS("#study-info"))); !strings.Contains(info, "Rack ABDPQXY") {
		t.Errorf("the board file's study says %q; want the hand ABDPQXY", info)
	}
	run(t, ctx, "solve the empty board", solveEmptyBoard(srv.URL)...)
	top = get(t, ctx, "read the best play", chromedp.Text(chromedp.CSS("#solve-plays li")))
	if text := fmt.Sprintf("#1 %s", human.Format(v.NewBoard(), plays[0].Move)); !strings.HasPrefix(top, text) ||
		!strings.Contains(top, fmt.Sprintf("%d pts", plays[0].Score)) {
		t.Errorf("the best play listed is %q; want %q with %d pts", top, text, plays[0].Score)
	}
	highlighted(t, ctx, "solve-board", plays[0].Move)
	if strings.Contains(top, "row") || strings.Contains(top, "col") {
		t.Errorf("the best play reads %q: squares are named only as the board labels them (A-O, 1-15)", top)
	}

	// The filter names a square as the board labels it: H6 is column H,
	// row 6 from the top (the engine's row 5, column 7).
	withH6 := 0
	for _, p := range plays {
		if slices.ContainsFunc(p.Move.Tiles, func(pl move.Placement) bool { return pl.Row == 5 && pl.Col == 7 }) {
			withH6++
		}
	}
	// filter types f into the filter box, as a person would, after
	// clearing it.
	filter := func(f string) {
		get(t, ctx, "clear the filter", chromedp.Evaluate[bool](`document.querySelector("#solve-filter").value = ""; true`))
		run(t, ctx, "type the filter "+f, chromedp.SendKeys(chromedp.CSS("#solve-filter"), f))
	}
	filter("H6")
	listed := get(t, ctx, "read the plays on H6", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#solve-plays li")].map(li => li.textContent)`))
	if withH6 == 0 || withH6 == len(plays) || len(listed) != withH6 {
		t.Errorf("filtered on H6 the page lists %d plays; want the %d of %d with a tile on H6", len(listed), withH6, len(plays))
	}
	screenshot(t, ctx, "solve-filter")
	filter("F=7,7")
	filterErr := get(t, ctx, "read the filter's refusal", chromedp.Text(chromedp.CSS("#solve-error")))
	if n := get(t, ctx, "count the plays", chromedp.Evaluate[int](`document.querySelectorAll("#solve-plays li").length`)); n != 0 || !strings.Contains(filterErr, "H8") {
		t.Errorf("the filter F=7,7 lists %d plays and says %q; want none and how to name a square (H8)", n, filterErr)
	}
	filter(" ")
	if n := get(t, ctx, "count the plays", chromedp.Evaluate[int](`document.querySelectorAll("#solve-plays li").length`)); n != len(plays) {
		t.Errorf("without a filter the page lists %d plays; want %d", n, len(plays))
	}
	screenshot(t, ctx, "solve")

	// The bag check's refusal is shown: more Z than the game has.
	run(t, ctx, "a hand no bag holds",
		chromedp.SetValue(chromedp.CSS("#solve-hand"), "zzzz"),
		chromedp.Click(chromedp.CSS("#solve-btn")))
	refusal = get(t, ctx, "read the refusal", chromedp.Poll[string](`document.querySelector("#solve-error").textContent`,
		chromedp.WithPollingTimeout(30*time.Second)))
	if !strings.Contains(refusal, "Z") {
		t.Errorf("the refusal of zzzz reads %q; want it to name the tile", refusal)
	}
	left = get(t, ctx, "what is left", chromedp.Evaluate[[]int](`[document.querySelectorAll("#solve-plays li").length,
		document.querySelectorAll("#solve-board .sq.hl").length]`))
	if left[0] != 0 || left[1] != 0 {
		t.Errorf("after the refusal %d plays and %d highlighted squares of the solve before are on screen; want none", left[0], left[1])
	}

	// A phone-sized screen shows the same board.
	run(t, ctx, "a phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/?seed=11#play"),
		chromedp.WaitVisible(chromedp.CSS("#rack button")))
	width := get(t, ctx, "the page's width", chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if width > 390 {
		t.Errorf("on a phone 390 pixels wide the page is %d wide: it scrolls sideways", width)
	}
	screenshot(t, ctx, "phone-play")
	// The countdown wraps under the status there; the board stays put.
	boardTop := `document.querySelector("#play-board").getBoundingClientRect().top`
	before := get(t, ctx, "the board's place", chromedp.Evaluate[float64](boardTop))
	run(t, ctx, "pass, so that the bot thinks", chromedp.Click(chromedp.CSS("#pass-btn")))
	during := get(t, ctx, "the board's place while the bot thinks", chromedp.Poll[float64](
		`!document.querySelector("#thinking").hidden && `+boardTop, chromedp.WithPollingTimeout(10*time.Second)))
	if during != before {
		t.Errorf("on a phone the board moved from %v to %v when the countdown showed", before, during)
	}
	// There the plays a solve finds lie below the board: they are brought
	// into view, the first five of them whole.
	run(t, ctx, "solve on a phone", solveEmptyBoard(srv.URL)...)
	seen := get(t, ctx, "where the plays are", chromedp.Evaluate[[]float64](`[document.querySelector("#solve-plays li").getBoundingClientRect().top,
		document.querySelector("#solve-plays li:nth-child(5)").getBoundingClientRect().bottom, innerHeight]`))
	if seen[0] < 0 || seen[1] > seen[2] {
		t.Errorf("on a phone the first five plays found lie from %v to %v, the screen %v high: not all in sight", seen[0], seen[1], seen[2])
	}
}

// solveEmptyBoard is a person solving the empty board for the hand
// xypdqab under Words With Friends' rules, until the plays are listed.
func solveEmptyBoard(url string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(url + "/#solve"),
		chromedp.WaitVisible(chromedp.CSS("#solve-hand")),
		chromedp.SetValue(chromedp.CSS("#solve-rules"), "wwf"),
		chromedp.SendKeys(chromedp.CSS("#solve-hand"), "xypdqab"),
		chromedp.Click(chromedp.CSS("#solve-btn")),
		chromedp.WaitVisible(chromedp.CSS("#solve-plays li")),
	}
}

// waitFor waits until sel is on the page, or fails with the text of the
// element errSel (the page's explanation) once it has any.
func waitFor(t *testing.T, ctx context.Context, what, sel, errSel string) {
	t.Helper()
	msg, err := chromedp.Run(ctx, chromedp.Poll[string](fmt.Sprintf(
		`document.querySelector(%q) ? "ok" : document.querySelector(%q).textContent`, sel, errSel),
		chromedp.WithPollingTimeout(time.Minute)))
	if err != nil || msg != "ok" {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 2000)`))
		t.Fatalf("waiting for %s: %q %v; the page reads:\n%s", what, msg, err, state)
	}
}

// highlighted checks that exactly m's squares are highlighted on board,
// showing its letters.
func highlighted(t *testing.T, ctx context.Context, board string, m move.Move) {
	t.Helper()
	got := get(t, ctx, "read the highlighted squares", chromedp.Evaluate[[]string](
		fmt.Sprintf(`[...document.querySelectorAll("#%s .sq.hl")].map(e => e.id + "=" + e.firstChild.nodeValue)`, board)))
	var want []string
	for _, p := range m.Tiles {
		want = append(want, fmt.Sprintf("%s=%c", square(board, p.Row, p.Col)[1:], p.Letter))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("highlighted on %s: %v; want the top move's %v", board, got, want)
	}
}

// A whole game against greedy, played in the page by a scripted person:
// each turn greedy's own choice for the person's rack, typed at its first
// square with the keyboard (or clicked when it uses a blank), a pass when
// there is no play; at the end the result and the GCG link. Long: only
// with LEXICO_BROWSER_LONG=1.
func TestBrowserWholeGameAgainstGreedy(t *testing.T) {
	if os.Getenv("LEXICO_BROWSER_LONG") == "" {
		t.Skip("a whole game in the browser: set LEXICO_BROWSER_LONG=1 (make test-web)")
	}
	ctx := browser(t)
	cfg := testConfig(t)
	site, srv := testSite(t, cfg)
	newGameOf(t, ctx, srv.URL+"/", "greedy", 50)
	id := gameID(t, ctx)
	pl, _ := cfg.Answers.Engine.Policy("greedy", nil)
	for turn := 0; ; turn++ {
		if turn > 150 {
			t.Fatal("the game did not end in 150 turns")
		}
		g, rack := current(t, site, id)
		view := g.View()
		if view.Over {
			break
		}
		g.mu.Lock()
		ch := pl.Choose(context.Background(), g.pos)
		g.mu.Unlock()
		n := len(view.Events)
		switch {
		case ch.Move.Kind != move.Play:
			run(t, ctx, "pass", chromedp.Click(chromedp.CSS("#pass-btn")))
		case slices.ContainsFunc(ch.Move.Tiles, func(p move.Placement) bool { return p.Blank }):
			clickPlay(t, ctx, rack, ch.Move)
			run(t, ctx, "play", chromedp.WaitVisible(chromedp.CSS("#explain.good")), chromedp.Click(chromedp.CSS("#play-btn")))
		default:
			typePlay(t, ctx, ch.Move)
		}
		// Wait for the person's move and the bot's answer (or the end).
		get(t, ctx, "the answer", chromedp.Poll[bool](fmt.Sprintf(
			`document.querySelectorAll("#events li").length >= %d || !document.querySelector("#end").hidden`, n+2),
			chromedp.WithPollingTimeout(time.Minute)))
		if after := g.View(); len(after.Events) <= n {
			t.Fatalf("turn %d: the move %s was not played", view.Turn, human.Format(g.pos.Board, ch.Move))
		}
	}
	run(t, ctx, "the end", chromedp.WaitVisible(chromedp.CSS("#end")))
	end := get(t, ctx, "read the end", chromedp.Text(chromedp.CSS("#end")))
	href := get(t, ctx, "read the GCG link", chromedp.AttributeValue(chromedp.CSS("#gcg"), "href")).Value
	fg, _ := current(t, site, id)
	final := fg.View()
	if end != final.End || !strings.Contains(end, "win") && !strings.Contains(end, "draw") {
		t.Errorf("the page ends with %q; want %q naming the winner", end, final.End)
	}
	if href != "/web/api/games/"+id+"/gcg" {
		t.Errorf("the GCG link is %q", href)
	}
	screenshot(t, ctx, "play-over")
}

// typePlay types m at its first tile's square: click the square (twice
// turns the direction), then the letters.
func typePlay(t *testing.T, ctx context.Context, m move.Move) {
	t.Helper()
	first := m.Tiles[0]
	down := len(m.Tiles) > 1 && m.Tiles[1].Col == first.Col
	sq := square("play-board", first.Row, first.Col)
	run(t, ctx, "click the first square", chromedp.Click(chromedp.CSS(sq)))
	cls := get(t, ctx, "read the direction", chromedp.AttributeValue(chromedp.CSS(sq), "class")).Value
	if strings.Contains(cls, "down") != down {
		run(t, ctx, "turn the direction", chromedp.SendKeys(chromedp.CSS("#play-board"), " "))
	}
	var letters []byte
	for _, p := range m.Tiles {
		letters = append(letters, p.Letter)
	}
	run(t, ctx, "type the word", chromedp.SendKeys(chromedp.CSS("#play-board"), strings.ToLower(string(letters))),
		chromedp.WaitVisible(chromedp.CSS("#explain.good")),
		chromedp.SendKeys(chromedp.CSS("#play-board"), "\r"))
}
