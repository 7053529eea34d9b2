package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
	"github.com/lexico/lexico/bot/platform/server"
	"github.com/lexico/lexico/index"
)

// python3 is the platform bots' language; the bridge's tests need it.
func needPython(t *testing.T) string {
	t.Helper()
	py := pythonExe()
	if py == "" {
		t.Skip("python3 is not installed: the Python bridge (scripts/platform) is not tested")
	}
	return py
}

// pythonExe is the interpreter itself, not a version manager's shim in
// front of it (pyenv's takes a second to start, several on a loaded
// machine, and the tests time what the bridge does, not the shim); found
// once per test binary, since asking the shim is such a start. "" when
// python3 is not on the PATH.
var pythonExe = sync.OnceValue(func() string {
	py, err := exec.LookPath("python3")
	if err != nil {
		return ""
	}
	out, err := exec.Command(py, "-c", "import sys; print(sys.executable)").Output()
	if exe := strings.TrimSpace(string(out)); err == nil && exe != "" {
		return exe
	}
	return py
})

// liveDocExample is the documentation's gamestate with a live deadline.
func liveDocExample(t *testing.T) []byte {
	t.Helper()
	p, err := gamestate.ParseRequest(gamestatetest.DocExampleBytes(t))
	if err != nil {
		t.Fatal(err)
	}
	p.MoveTime = 2 * time.Second
	p.Deadline = time.Now().Add(p.MoveTime)
	gs, err := gamestate.EncodeRequest(p)
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

// bridge runs calculate_move of the bridge in dir on gs in python3 with
// env, and returns the move it printed, what it said on stderr and how long
// it took.
func bridge(t *testing.T, py, dir string, gs []byte, env ...string) (mv []byte, stderr string, took time.Duration) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "gs.json")
	if err := os.WriteFile(f, gs, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", `import json, sys
sys.path.insert(0, sys.argv[2])
import lexico_bridge
print(json.dumps(lexico_bridge.calculate_move(json.load(open(sys.argv[1])))))`, f, dir)
	cmd.Env = append(os.Environ(), env...)
	var errs strings.Builder
	cmd.Stderr = &errs
	start := time.Now()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s%s", err, out, errs.String())
	}
	return []byte(strings.TrimSpace(string(out))), errs.String(), time.Since(start)
}

// ourServer serves the equity policy over the play index, for real, on a
// local port.
func ourServer(t *testing.T) (url string, x *index.Index) {
	t.Helper()
	return ourServerWithToken(t, "")
}

// ourServerWithToken is ourServer wanting token (serve --token-file).
func ourServerWithToken(t *testing.T, token string) (url string, x *index.Index) {
	t.Helper()
	setup, err := newBotSetup(botOptions{Index: playIndex(t), Policy: "equity", Strategy: "gaddag", Reserve: player.DefaultClock().Reserve,
		Margin: player.DefaultClock().Margin, MarginMax: player.DefaultClock().MaxMargin}, player.Live, "", false, 0, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(setup.close)
	s := &server.Server{Bot: setup.bot, Dict: setup.index, Token: token}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts.URL + "/move", setup.index
}

// The bridge asks the server (with LEXICO_TOKEN when it wants a token);
// with no server it runs lexico-bot once; with neither it passes, in time
// and without raising.
func TestPythonBridge(t *testing.T) {
	py := needPython(t)
	url, x := ourServer(t)
	guarded, _ := ourServerWithToken(t, "s3cret")
	self := fmt.Sprintf("env LEXICO_BOT_MAIN=1 '%s'", os.Args[0])
	noServer := "http://127.0.0.1:1/move" // nothing listens on port 1
	for _, c := range []struct {
		name, server, bot string
		pass              bool
		token, why        string
	}{
		{"server", url, "/no/such/lexico-bot", false, "", ""},
		{"server with its token", guarded, "/no/such/lexico-bot", false, "s3cret", ""},
		{"server, another token: a pass", guarded, "/no/such/lexico-bot", true, "other", "HTTP 401: unauthorized: this server wants its token"},
		{"run fallback", noServer, self, false, "", ""},
		{"neither: a pass", noServer, "/no/such/lexico-bot", true, "", ""},
	} {
		gs := liveDocExample(t)
		req, err := gamestate.ParseRequest(gs)
		if err != nil {
			t.Fatal(err)
		}
		p := req.Position
		mv, said, took := bridge(t, py, "../../scripts/platform", gs, "LEXICO_SERVER="+c.server, "LEXICO_BOT="+c.bot, "LEXICO_TOKEN="+c.token,
			"LEXICO_BOT_ARGS=--policy equity --index '"+playIndex(t)+"'")
		m, res, err := gamestate.Judge(p, mv, x)
		switch {
		case err != nil || !res.Legal:
			t.Errorf("%s: %s is not a legal move (%v %s)", c.name, mv, err, res.Reason)
		case c.pass != (m.Kind.String() == "pass"):
			t.Errorf("%s: answered %s (%s); want a pass: %v", c.name, mv, m.Kind, c.pass)
		case time.Now().After(req.Deadline):
			t.Errorf("%s: answered after the deadline (%v)", c.name, took)
		}
		// A pass says why, once, naming both ways it tried; a move says
		// nothing.
		if wantSaid := c.pass; wantSaid != (said != "") ||
			c.pass && (strings.Count(said, "\n") != 1 || !strings.Contains(said, c.server) || !strings.Contains(said, c.bot)) {
			t.Errorf("%s: stderr %q; want one line naming %s and %s: %v", c.name, said, c.server, c.bot, c.pass)
		}
		// A server's refusal is said with the reason it gives.
		if !strings.Contains(said, c.why) {
			t.Errorf("%s: stderr %q; want the server's reason, %q", c.name, said, c.why)
		}
	}
}

// Without LEXICO_BOT the bridge runs the lexico-bot that make build left in
// its own repository's bin/, found from the script's place (not the
// working directory's); with none there nor on the PATH it passes and says
// what to do.
func TestPythonBridgeFindsTheRepositorysBot(t *testing.T) {
	py := needPython(t)
	_, x := ourServer(t)
	repo := t.TempDir()
	dir := filepath.Join(repo, "scripts", "platform")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"lexico_bridge.py", "sample_bot.py"} {
		b, err := os.ReadFile(filepath.Join("../../scripts/platform", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"LEXICO_SERVER=http://127.0.0.1:1/move", "LEXICO_BOT=", "PATH=" + filepath.Dir(py),
		"LEXICO_BOT_ARGS=--policy equity --index '" + playIndex(t) + "'"}
	gs := liveDocExample(t)
	p, err := gamestate.Parse(gs)
	if err != nil {
		t.Fatal(err)
	}
	mv, said, _ := bridge(t, py, dir, gs, env...)
	if m, _, err := gamestate.Judge(p, mv, x); err != nil || m.Kind.String() != "pass" ||
		!strings.Contains(said, "make build") || strings.Count(said, "\n") != 1 {
		t.Errorf("no bot anywhere: answered %s, said %q; want a pass and one line saying to run make build", mv, said)
	}

	bin := filepath.Join(repo, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf("#!/bin/sh\nLEXICO_BOT_MAIN=1 exec '%s' \"$@\"\n", os.Args[0])
	if err := os.WriteFile(filepath.Join(bin, "lexico-bot"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	mv, said, _ = bridge(t, py, dir, gs, env...)
	if m, res, err := gamestate.Judge(p, mv, x); err != nil || !res.Legal || m.Kind.String() == "pass" || said != "" {
		t.Errorf("bin/lexico-bot in the repository: answered %s (%v), said %q; want a move from it in silence", mv, err, said)
	}
}

// The sample bot is a cmd: seat: it plays whole games against ours through
// the server, every move legal.
func TestPythonSampleBotAsCommandSeat(t *testing.T) {
	py := needPython(t)
	url, _ := ourServer(t)
	t.Setenv("LEXICO_SERVER", url)
	t.Setenv("LEXICO_BOT", "/no/such/lexico-bot")
	spec := fmt.Sprintf("cmd:%s ../../scripts/platform/sample_bot.py", py)
	code, out, errs := runBot(t, "", "play", "--index", playIndex(t), "--games", "2", "--seed", "4", "--parallel", "2",
		"--p1", "greedy", "--p2", spec, "--json", "--log-dir", t.TempDir())
	if code != 0 {
		t.Fatalf("play exited %d: %s", code, errs)
	}
	var s arena.Summary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if me := s.Seats[1]; s.Games != 2 || me.Name != spec || me.Illegal != 0 || me.Late != 0 || me.AvgScore < 100 {
		t.Errorf("the sample bot: %+v over %d games; want 2 clean games under its spec", me, s.Games)
	}
}

// A server that answers a few bytes at a time (a slow proxy or link) keeps
// each of urllib's waits on the socket short, never the whole exchange: the
// bridge gives up on it at the deadline and passes, in time.
func TestPythonBridgeLeavesATricklingServerAtTheDeadline(t *testing.T) {
	t.Parallel() // waits out a MoveTime, mostly idle: beside the other two
	py := needPython(t)
	answer := `{"move": [["F", "L", "P"], [[0, 9], [1, 9], [3, 9]]]}`
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Length", fmt.Sprint(len(answer)))
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		for i := range len(answer) { // a byte every 200 ms: 10 s in all
			if _, err := io.WriteString(w, answer[i:i+1]); err != nil || rc.Flush() != nil {
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	}))
	t.Cleanup(slow.Close)
	gs := liveDocExample(t)
	req, err := gamestate.ParseRequest(gs)
	if err != nil {
		t.Fatal(err)
	}
	mv, said, took := bridge(t, py, "../../scripts/platform", gs, "LEXICO_SERVER="+slow.URL+"/move", "LEXICO_BOT=/no/such/lexico-bot")
	if time.Now().After(req.Deadline) {
		t.Errorf("answered %s after the deadline (%v, MoveTime %v); said %q", mv, took, req.MoveTime, said)
	}
	if string(mv) != `[[], ["Pass"]]` || !strings.Contains(said, slow.URL) {
		t.Errorf("answered %s, said %q; want a pass naming the server", mv, said)
	}
}

// The engine's clock is the earlier of ResponseDeadline and arrival plus
// MoveTime; the bridge's is too: a ResponseDeadline an hour ahead (the
// platform's clock ahead of the bot's machine's) does not let a server
// that hangs hold calculate_move past the MoveTime.
func TestPythonBridgeKeepsToMoveTimeWhenTheDeadlineIsFarAhead(t *testing.T) {
	t.Parallel() // waits out a MoveTime, mostly idle: beside the other two
	py := needPython(t)
	hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // read whole, so that a client gone ends the context
		// Hangs for 10 s, then fails.
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(hung.Close)
	p, err := gamestate.ParseRequest(liveDocExample(t))
	if err != nil {
		t.Fatal(err)
	}
	p.Deadline = time.Now().Add(time.Hour)
	gs, err := gamestate.EncodeRequest(p)
	if err != nil {
		t.Fatal(err)
	}
	mv, said, took := bridge(t, py, "../../scripts/platform", gs, "LEXICO_SERVER="+hung.URL+"/move", "LEXICO_BOT=/no/such/lexico-bot")
	// took counts python's start too, which the bridge cannot see: the
	// MoveTime is the bridge's from its call, twice it the test's bound.
	if took > 2*p.MoveTime || string(mv) != `[[], ["Pass"]]` {
		t.Errorf("answered %s in %v (MoveTime %v, said %q); want a pass about the MoveTime", mv, took, p.MoveTime, said)
	}
}

// Whatever answers at the server's address may answer anything: what does
// not have the shape of a platform move is no move, and the bridge passes
// (and says so) rather than hand the platform a list it cannot read.
func TestPythonBridgePassesOnAnAnswerThatIsNoMove(t *testing.T) {
	py := needPython(t)
	for _, answer := range []string{`{"move": [1, 2]}`, `{"move": [["A"], [[99, "x"]]]}`, `[[], []]`, `{"move": [["A", "B"], [[7, 7]]]}`} {
		odd := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, answer)
		}))
		mv, said, _ := bridge(t, py, "../../scripts/platform", liveDocExample(t), "LEXICO_SERVER="+odd.URL+"/move", "LEXICO_BOT=/no/such/lexico-bot")
		odd.Close()
		if string(mv) != `[[], ["Pass"]]` || !strings.Contains(said, "not a move") {
			t.Errorf("a server answering %s: the bridge answered %s, said %q; want a pass, saying it is not a move", answer, mv, said)
		}
	}
}

// The sample bot reads a gamestate a line in the documentation's Python
// form as well as in JSON, as lexico-bot does: given the platform's own
// example on one line it plays, where it passed, the line "not JSON".
func TestPythonSampleBotReadsThePythonForm(t *testing.T) {
	py := needPython(t)
	url, x := ourServer(t)
	doc := gamestatetest.DocExampleBytes(t)
	p, err := gamestate.Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "../../scripts/platform/sample_bot.py")
	cmd.Env = append(os.Environ(), "LEXICO_SERVER="+url, "LEXICO_BOT=/no/such/lexico-bot")
	cmd.Stdin = strings.NewReader(strings.Join(strings.Fields(string(doc)), " ") + "\n")
	var errs strings.Builder
	cmd.Stderr = &errs
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sample_bot.py: %v: %s", err, errs.String())
	}
	mv := []byte(strings.TrimSpace(string(out)))
	if m, res, err := gamestate.Judge(p, mv, x); err != nil || !res.Legal || m.Kind.String() == "pass" {
		t.Errorf("the documentation's gamestate on one line: answered %s (%v), said %q; want a legal play", mv, err, errs.String())
	}
}

// A bot that passes every turn for one reason says it once; a pass for
// another reason later is said too (a first pass must not hide the next),
// and a reason said before is not said again when two alternate.
func TestPythonBridgeSaysEachReasonForPassingOnce(t *testing.T) {
	py := needPython(t)
	gs := liveDocExample(t)
	f := filepath.Join(t.TempDir(), "gs.json")
	if err := os.WriteFile(f, gs, 0o644); err != nil {
		t.Fatal(err)
	}
	noServer := "http://127.0.0.1:1/move" // nothing listens on port 1
	cmd := exec.Command(py, "-c", `import json, sys
sys.path.insert(0, sys.argv[2])
import lexico_bridge
gs = json.load(open(sys.argv[1]))
for bot in ["/no/such/lexico-bot", "/no/such/lexico-bot", "/no/other/lexico-bot", "/no/other/lexico-bot", "/no/such/lexico-bot", "/no/other/lexico-bot"]:
    print(json.dumps(lexico_bridge.calculate_move(gs, server=sys.argv[3], bot=bot)))`, f, "../../scripts/platform", noServer)
	var errs strings.Builder
	cmd.Stderr = &errs
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s%s", err, out, errs.String())
	}
	if n := strings.Count(string(out), `["Pass"]`); n != 6 {
		t.Errorf("answered %s; want six passes", out)
	}
	lines := strings.Split(strings.TrimSpace(errs.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "/no/such/") || !strings.Contains(lines[1], "/no/other/") {
		t.Errorf("stderr %q; want one line for each of the two reasons, in turn", errs.String())
	}
}

// With no ResponseDeadline the engine thinks for the MoveTime from
// arrival; the bridge waits that long too (less its margin), not a fixed
// two seconds after which it passed while the engine was still thinking.
func TestPythonBridgeWaitsTheMoveTimeWhenNoDeadlineIsGiven(t *testing.T) {
	t.Parallel() // waits out a MoveTime, mostly idle: beside the other two
	py := needPython(t)
	p, err := gamestate.ParseRequest(liveDocExample(t))
	if err != nil {
		t.Fatal(err)
	}
	p.Deadline, p.MoveTime = time.Time{}, 2500*time.Millisecond
	gs, err := gamestate.EncodeRequest(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(gs), `"ResponseDeadline":0,`) {
		t.Fatalf("the gamestate still has a deadline: %s", gs)
	}
	self := fmt.Sprintf("env LEXICO_BOT_MAIN=1 '%s'", os.Args[0])
	mv, said, took := bridge(t, py, "../../scripts/platform", gs, "LEXICO_SERVER=http://127.0.0.1:1/move", "LEXICO_BOT="+self,
		"LEXICO_BOT_ARGS=--policy sim --sim-threads 1 --index '"+playIndex(t)+"'")
	if string(mv) == `[[], ["Pass"]]` || said != "" {
		t.Errorf("answered %s in %v, said %q; want the engine's move", mv, took, said)
	}
}
