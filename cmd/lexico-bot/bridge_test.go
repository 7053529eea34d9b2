package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/server"
	"github.com/lexico/lexico/index"
)

// python3 is the platform bots' language; the bridge's tests need it.
func needPython(t *testing.T) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python bridge (scripts/platform) is not tested")
	}
	// The interpreter itself, not a version manager's shim in front of it
	// (pyenv's takes a second to start, several on a loaded machine, and the
	// tests time what the bridge does, not the shim).
	out, err := exec.Command(py, "-c", "import sys; print(sys.executable)").Output()
	if exe := strings.TrimSpace(string(out)); err == nil && exe != "" {
		return exe
	}
	return py
}

// liveDocExample is the documentation's gamestate with a live deadline.
func liveDocExample(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../data/gamestates/doc-example.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := gamestate.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	p.MoveTime = 3 * time.Second
	p.Deadline = time.Now().Add(p.MoveTime)
	gs, err := gamestate.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

// bridge runs calculate_move on gs in python3 with env, and returns the
// move it printed and how long it took.
func bridge(t *testing.T, py string, gs []byte, env ...string) ([]byte, time.Duration) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "gs.json")
	if err := os.WriteFile(f, gs, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", `import json, sys
sys.path.insert(0, "../../scripts/platform")
import lexico_bridge
print(json.dumps(lexico_bridge.calculate_move(json.load(open(sys.argv[1])))))`, f)
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	return []byte(strings.TrimSpace(string(out))), time.Since(start)
}

// ourServer serves the equity policy over the play index, for real, on a
// local port.
func ourServer(t *testing.T) (url string, x *index.Index) {
	t.Helper()
	setup, err := newBotSetup(botOptions{Index: playIndex(t), Policy: "equity", Strategy: "gaddag", Reserve: player.DefaultClock.Reserve,
		Margin: player.DefaultClock.Margin, MarginMax: player.DefaultClock.MaxMargin}, player.Live, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(setup.close)
	s := &server.Server{Bot: &answer.Bot{Player: setup.player, Clock: setup.clock}, Dict: setup.index}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts.URL + "/move", setup.index
}

// The bridge asks the server; with no server it runs lexico-bot once; with
// neither it passes, in time and without raising.
func TestPythonBridge(t *testing.T) {
	py := needPython(t)
	url, x := ourServer(t)
	self := fmt.Sprintf("env LEXICO_BOT_MAIN=1 '%s'", os.Args[0])
	noServer := "http://127.0.0.1:1/move" // nothing listens on port 1
	for _, c := range []struct {
		name, server, bot string
		pass              bool
	}{
		{"server", url, "/no/such/lexico-bot", false},
		{"run fallback", noServer, self, false},
		{"neither: a pass", noServer, "/no/such/lexico-bot", true},
	} {
		gs := liveDocExample(t)
		p, err := gamestate.Parse(gs)
		if err != nil {
			t.Fatal(err)
		}
		mv, took := bridge(t, py, gs, "LEXICO_SERVER="+c.server, "LEXICO_BOT="+c.bot,
			"LEXICO_BOT_ARGS=--policy equity --index '"+playIndex(t)+"'")
		m, res, err := gamestate.Judge(p, mv, x)
		switch {
		case err != nil || !res.Legal:
			t.Errorf("%s: %s is not a legal move (%v %s)", c.name, mv, err, res.Reason)
		case c.pass != (m.Kind.String() == "pass"):
			t.Errorf("%s: answered %s (%s); want a pass: %v", c.name, mv, m.Kind, c.pass)
		case time.Now().After(p.Deadline):
			t.Errorf("%s: answered after the deadline (%v)", c.name, took)
		}
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
