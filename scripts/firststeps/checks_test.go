package firststeps

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// docExample is the platform documentation's example gamestate, which
// `make run`, the first step's `run` and the serve section play.
const docExample = "data/gamestates/doc-example.txt"

// isPlay reports whether text is a move in the platform's format that
// places tiles: [tiles, [[x, y], ...]] (and the blanks' letters), one
// square a tile. A pass is [[], ["Pass"]], an exchange [tiles, ["Pass"]].
func isPlay(text string) bool {
	var parts []json.RawMessage
	if json.Unmarshal([]byte(strings.TrimSpace(text)), &parts) != nil || len(parts) < 2 {
		return false
	}
	var tiles []string
	var squares [][2]int
	return json.Unmarshal(parts[0], &tiles) == nil && json.Unmarshal(parts[1], &squares) == nil &&
		len(tiles) > 0 && len(tiles) == len(squares)
}

// `make run`: "build the programs and the default index, then answer the
// example gamestate", the index "where every command looks for it".
func checkMakeRun(t *testing.T, f *fresh, s Step) {
	r := f.run(t, 30*time.Minute, s.Args...) // a clean build on a loaded 2-core machine
	if r.code != 0 {
		t.Fatalf("%s: %v\n%s", s.Line, r.err, tail(r.output(), 30))
	}
	for _, p := range []string{"bin/lexico-bot", "bin/lexico-index"} {
		if st, err := os.Stat(filepath.Join(f.dir, p)); err != nil || st.Mode()&0o111 == 0 {
			t.Errorf("%s did not build %s: %v", s.Line, p, err)
		}
	}
	st, err := os.Stat(f.index)
	if err != nil {
		t.Fatalf("%s did not build the default index where the commands read it: %v\n%s", s.Line, err, tail(r.output(), 30))
	}
	f.indexTime = st.ModTime()
	t.Logf("the default index: %s, %d MB", f.index, st.Size()>>20)
	var move string
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "[") {
			move = strings.TrimSpace(l)
		}
	}
	if !isPlay(move) {
		t.Errorf("%s answered the example with %q, not a play (a pass or an exchange means it had no time or no index)\n%s",
			s.Line, move, tail(r.output(), 30))
	}
	t.Logf("make run's move: %s", move)
}

var (
	budgetRE   = regexp.MustCompile(`\bbudget ((?:[0-9]+(?:\.[0-9]+)?(?:ns|us|µs|ms|s|m|h))+)`)
	moveTimeRE = regexp.MustCompile(`['"]MoveTime['"]\s*:\s*([0-9]+)`)
)

// `run --top 5 --board GAMESTATE` after `make run`: the move on stdout, a
// play; on stderr the budget (a saved gamestate thinks for its MoveTime,
// less what delivery needs), the N best candidates and the board; and no
// index built, as make run built it.
func checkRun(t *testing.T, f *fresh, s Step) {
	r := f.run(t, 5*time.Minute, s.Args...)
	if r.code != 0 {
		t.Fatalf("%s: %v\n%s", s.Line, r.err, tail(r.output(), 30))
	}
	first, _, _ := strings.Cut(r.stdout, "\n")
	if !isPlay(first) {
		t.Errorf("%s answered %q, not a play\n%s", s.Line, first, tail(r.stderr, 30))
	}
	t.Logf("the move: %s", first)
	if strings.Contains(strings.ToLower(r.stderr), "building") {
		t.Errorf("%s built an index though `make run` built the default one:\n%s", s.Line, tail(r.stderr, 30))
	}

	// The budget: not a benchmark of the clock, but the property that a
	// saved gamestate thinks for about its MoveTime (set-up, such as
	// opening or building the index, is not thinking time). What delivery
	// needs grows with the machine's load, so "about" is more than half.
	gamestate := s.Args[len(s.Args)-1]
	b, err := os.ReadFile(filepath.Join(f.dir, gamestate))
	if err != nil {
		t.Fatal(err)
	}
	m := moveTimeRE.FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s has no MoveTime", gamestate)
	}
	ms, _ := strconv.Atoi(string(m[1]))
	moveTime := time.Duration(ms) * time.Millisecond
	bm := budgetRE.FindStringSubmatch(r.stderr)
	if bm == nil {
		t.Fatalf("%s printed no budget on stderr:\n%s", s.Line, tail(r.stderr, 30))
	}
	budget, err := time.ParseDuration(strings.Replace(bm[1], "us", "µs", 1))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("budget %v of MoveTime %v", budget, moveTime)
	if budget <= moveTime/2 {
		t.Errorf("%s thought for %v of its MoveTime %v: a saved gamestate thinks for about its MoveTime\n%s",
			s.Line, budget, moveTime, tail(r.stderr, 30))
	}

	// --top N: N candidates, each with its move in the platform's format.
	if n, ok := s.Flag("top"); ok {
		want, _ := strconv.Atoi(n)
		got := 0
		for i := 1; i <= want; i++ {
			if regexp.MustCompile(fmt.Sprintf(`(?m)^\s*%d\s.*\[\[.*\]\]\s*$`, i)).MatchString(r.stderr) {
				got++
			}
		}
		if got != want {
			t.Errorf("%s listed %d of its %d best candidates (numbered lines with a move):\n%s", s.Line, got, want, tail(r.stderr, 30))
		}
	}
	// --board: the board, its columns A to O.
	if contains(s.Args, "--board") {
		if !regexp.MustCompile(`(?m)^\s*A\s+B\s+C\s+D\s+E\s+F\s+G\s+H\s+I\s+J\s+K\s+L\s+M\s+N\s+O\s*$`).MatchString(r.stderr) {
			t.Errorf("%s drew no board (columns A to O) on stderr:\n%s", s.Line, tail(r.stderr, 30))
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var urlRE = regexp.MustCompile(`https?://([^/\s]+)(/\S*)?`)

// `serve  # then open http://127.0.0.1:8080/`: the server listens where the
// README's URL says by default (run here on a free port: --addr added), the
// URL gives the page (play, study, solve, a board, its scripts and styles),
// POST /move answers the example gamestate with a play; SIGTERM ends it
// with status 0, and so does Ctrl-C (SIGINT), as the first step says.
func checkServe(t *testing.T, f *fresh, s Step) {
	page := "/"
	if m := urlRE.FindStringSubmatch(s.Comment); m != nil {
		if m[2] != "" {
			page = m[2]
		}
		help := f.run(t, time.Minute, s.Args[0], "serve", "--help")
		if !strings.Contains(help.output(), m[1]) {
			t.Errorf("the README opens %s, but `serve --help` does not name %s as its address:\n%s", m[0], m[1], help.output())
		}
	}

	base, stop := startServe(t, f, s)
	client := &http.Client{Timeout: 30 * time.Second}

	resp, body := get(t, client, base+page)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET %s: %s, %s; want 200 and HTML", page, resp.Status, resp.Header.Get("Content-Type"))
	}
	html := string(body)
	for _, want := range []string{"<html", "Play", "Study", "Solve"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page (GET %s) lacks %q: the README says one plays the bot, studies a gamestate and solves a board file there", page, want)
		}
	}
	if !regexp.MustCompile(`(id|class)="[^"]*board`).MatchString(html) {
		t.Errorf("the page (GET %s) has no board element", page)
	}
	assets := regexp.MustCompile(`(?:src|href)="(/[^"#]+)"`).FindAllStringSubmatch(html, -1)
	if len(assets) == 0 {
		t.Errorf("the page (GET %s) loads no script or style of its own", page)
	}
	for _, a := range assets {
		if resp, body := get(t, client, base+a[1]); resp.StatusCode != http.StatusOK || len(body) == 0 {
			t.Errorf("the page's %s: %s, %d bytes", a[1], resp.Status, len(body))
		}
	}
	t.Logf("GET %s: %s, %d bytes, %d scripts and styles", page, resp.Status, len(body), len(assets))

	gs, err := os.ReadFile(filepath.Join(f.dir, docExample))
	if err != nil {
		t.Fatal(err)
	}
	mresp, err := client.Post(base+"/move", "application/json", strings.NewReader(string(gs)))
	if err != nil {
		t.Fatalf("POST /move: %v", err)
	}
	mbody, _ := io.ReadAll(mresp.Body)
	mresp.Body.Close()
	var answer struct {
		Move json.RawMessage `json:"move"`
	}
	if mresp.StatusCode != http.StatusOK || json.Unmarshal(mbody, &answer) != nil || !isPlay(string(answer.Move)) {
		t.Errorf("POST /move %s: %s %.300s; want 200 and {\"move\": a play}", docExample, mresp.Status, mbody)
	}
	t.Logf("POST /move %s: %s %s", docExample, mresp.Status, answer.Move)
	stop(syscall.SIGTERM)

	// Ctrl-C, as the first step says, in a server of its own.
	_, stop = startServe(t, f, s)
	stop(syscall.SIGINT)
}

// startServe starts the serve step on a free loopback port and waits for
// GET /healthz; stop sends sig and checks that the server exits with 0.
func startServe(t *testing.T, f *fresh, s Step) (base string, stop func(os.Signal)) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	args := s.WithFlag("addr", addr)
	logf, err := os.CreateTemp(t.TempDir(), "serve-*.log")
	if err != nil {
		t.Fatal(err)
	}
	cmd := f.command(t.Context(), t, args)
	cmd.Stdout, cmd.Stderr = logf, logf
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Logf("$ %s", shellLine(args))
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	log := func() string { b, _ := os.ReadFile(logf.Name()); return tail(string(b), 20) }
	base = "http://" + addr
	client := &http.Client{Timeout: 5 * time.Second}
	for {
		resp, err := client.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("%s exited before answering /healthz: %v\n%s", shellLine(args), err, log())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Since(start) > 2*time.Minute {
			cmd.Process.Kill()
			t.Fatalf("%s: no answer to /healthz after 2 minutes\n%s", shellLine(args), log())
		}
	}
	t.Logf("serving after %.1fs", time.Since(start).Seconds())
	return base, func(sig os.Signal) {
		t.Helper()
		cmd.Process.Signal(sig)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("%s ended by %v: %v, want exit status 0\n%s", shellLine(args), sig, err, log())
			} else {
				t.Logf("%v: exit 0", sig)
			}
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			t.Errorf("%s still running a minute after %v\n%s", shellLine(args), sig, log())
		}
		if strings.Contains(log(), "panic") {
			t.Errorf("%s panicked:\n%s", shellLine(args), log())
		}
	}
}

func get(t *testing.T, c *http.Client, url string) (*http.Response, []byte) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return resp, body
}

// playGames is how many games the play step is run for at most. 2 games,
// one a worker, show what the step promises (the sample bot plays
// and scores through our engine, the summary is printed) in under a
// minute on a quiet machine.
const playGames = 2

var logRE = regexp.MustCompile(`standard error in (\S+?)[;,]?(\s|$)`)

// `play --p1 'cmd:python3 scripts/platform/sample_bot.py' --p2 sim ...`: the
// sample Python bot, asking our engine for its moves, plays legal moves and
// scores, and never passes for want of an engine; the summary has the wins,
// the win rate with its interval, scores, and illegal and late moves per
// seat.
func checkPlay(t *testing.T, f *fresh, s Step) {
	python, err := f.lookPath("python3")
	if err != nil {
		t.Skipf("python3 is not installed (%v): the sample Python bot's step is skipped", err)
	}
	// The seat's first move waits for the interpreter to start (a pyenv
	// shim takes seconds on a loaded machine): say how long, to read a
	// late first move by.
	if r := f.run(t, time.Minute, "python3", "-c", "pass"); r.code == 0 {
		t.Logf("python3 is %s; it starts in %.2fs", python, r.took.Seconds())
	}
	args := s.Args
	if g, ok := s.Flag("games"); ok {
		if n, err := strconv.Atoi(g); err == nil && n > playGames {
			args = s.WithFlag("games", strconv.Itoa(playGames))
		}
	}
	// The bridge asks a server at 127.0.0.1:8080 first: on a shared
	// machine it may be someone else's, and the step then tests that.
	if c, err := net.DialTimeout("tcp", "127.0.0.1:8080", time.Second); err == nil {
		c.Close()
		t.Logf("note: something listens on 127.0.0.1:8080; the sample bot asks it before running bin/lexico-bot")
	}
	r := f.run(t, 20*time.Minute, args...)
	if r.code != 0 {
		t.Fatalf("%s: %v\n%s", shellLine(args), r.err, tail(r.output(), 40))
	}
	t.Logf("the summary:\n%s", r.stdout)

	seats := []string{}
	for _, flag := range []string{"p1", "p2"} {
		v, _ := s.Flag(flag)
		seats = append(seats, v)
	}
	mine := -1
	for i, seat := range seats {
		if strings.HasPrefix(seat, "cmd:") && strings.Contains(seat, "sample_bot.py") {
			mine = i
		}
	}
	if mine < 0 {
		t.Fatalf("%s: no seat is the sample bot (cmd:...sample_bot.py)", s.Line)
	}
	rows := table(r.stdout, seats)
	for _, row := range []string{"wins", "win rate", "average score", "illegal moves", "late moves"} {
		if _, ok := rows[row]; !ok {
			t.Errorf("the summary has no %q row for both seats:\n%s", row, r.stdout)
		}
	}
	if score, err := strconv.ParseFloat(at(rows["average score"], mine), 64); err != nil || score <= 0 {
		t.Errorf("the sample bot scored %q a game: it played no move of our engine's", at(rows["average score"], mine))
	}
	if illegal := at(rows["illegal moves"], mine); illegal != "0" {
		t.Errorf("the sample bot made %s illegal moves (after a crash, every later move of the game is refused)", illegal)
	}
	if crashes := regexp.MustCompile(`(?m)^\s*crash:.*$`).FindAllString(r.output(), -1); len(crashes) > 0 {
		t.Errorf("the sample bot's process was stopped:\n%s", strings.Join(crashes, "\n"))
	}
	if late := at(rows["late moves"], mine); late != "0" {
		t.Logf("note: the sample bot was late %s times", late)
	}
	m := logRE.FindStringSubmatch(r.output())
	if m == nil {
		t.Errorf("%s does not say where the sample bot's standard error is", s.Line)
		return
	}
	log, err := os.ReadFile(m[1])
	if err != nil {
		t.Fatalf("the sample bot's standard error: %v", err)
	}
	for _, l := range strings.Split(string(log), "\n") {
		if strings.Contains(l, "passing") {
			t.Errorf("the sample bot passed for want of an engine: %s", l)
		}
	}
	t.Logf("the sample bot's standard error (%s):\n%s", m[1], tail(string(log), 10))
}

// table reads the play summary's rows: a label, then one cell for each
// seat, cells apart by two spaces or more, the header naming the seats.
func table(out string, seats []string) map[string][]string {
	rows := map[string][]string{}
	split := regexp.MustCompile(`\s{2,}`)
	for _, l := range strings.Split(out, "\n") {
		cells := split.Split(strings.TrimSpace(l), -1)
		if len(cells) != len(seats)+1 {
			continue
		}
		label := cells[0]
		if i := strings.Index(label, " ["); i >= 0 { // win rate [95% CI]
			label = label[:i]
		}
		rows[label] = cells[1:]
	}
	return rows
}

func at(cells []string, i int) string {
	if i < len(cells) {
		return cells[i]
	}
	return ""
}

// `endgame data/gamestates/endgame.json`: the line of best play on both
// sides, each move in the platform's format, and whether it is proven.
func checkEndgame(t *testing.T, f *fresh, s Step) {
	r := f.run(t, 5*time.Minute, s.Args...)
	if r.code != 0 {
		t.Fatalf("%s: %v\n%s", s.Line, r.err, tail(r.output(), 30))
	}
	if !regexp.MustCompile(`(?m)^\s*1\.\s.*\[\[.*\]\]`).MatchString(r.stdout) {
		t.Errorf("%s printed no line of play (numbered moves):\n%s", s.Line, r.output())
	}
	if !strings.Contains(r.stdout, "proven") {
		t.Errorf("%s does not say whether its line is proven:\n%s", s.Line, r.output())
	}
	t.Logf("%s", strings.TrimSpace(r.stdout))
}
