package main

import (
	"encoding/json"
	"net"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/match/league"
)

// Three entrants, one of them our equity bot as an external program: every
// pair is played, the table adds up, and the external copy plays clean.
func TestLeagueRanksEveryPair(t *testing.T) {
	spec := selfSpec(t, "equity")
	code, out, errs := runBot(t, "", "league", "--index", playIndex(t), "--games", "2", "--seed", "9", "--parallel", "2", "--json",
		"--entrant", "g=greedy", "--entrant", "e=equity", "--entrant", "x="+spec, "--log-dir", t.TempDir())
	if code != 0 {
		t.Fatalf("league exited %d: %s", code, errs)
	}
	var tb league.Table
	if err := json.Unmarshal([]byte(out), &tb); err != nil {
		t.Fatalf("league --json printed %q: %v", out, err)
	}
	if len(tb.Pairs) != 3 || len(tb.Standings) != 3 {
		t.Fatalf("%d pairs, %d entrants; want 3 and 3", len(tb.Pairs), len(tb.Standings))
	}
	for _, p := range tb.Pairs {
		if p.Games != 2 || p.WinsA+p.WinsB+p.Draws != 2 {
			t.Errorf("pair %+v: want 2 games, all counted", p)
		}
	}
	total := 0.0
	for _, s := range tb.Standings {
		if s.Games != 4 || s.Illegal != 0 || s.Late != 0 || !(s.RatingSE > 0) {
			t.Errorf("%+v: want 4 games, clean play and a rating with an error", s)
		}
		total += s.Score * float64(s.Games)
	}
	if total != 6 {
		t.Errorf("points shared %v; want 6, one a game", total)
	}
	if tb.Standings[2].Spec != spec || !strings.Contains(errs, "0 crash(es)") {
		t.Errorf("entrant x: spec %q; stderr:\n%s", tb.Standings[2].Spec, errs)
	}
}

// The sim flags reach a league's sim entrant, and pairs without one play
// on (the flag is no mistake for them). Half a second a move: the sim
// entrant still simulates (its budget is above the static answer's) and
// nothing here depends on how long it thinks, where a second a move spent
// as much again solving its endgames.
func TestLeagueTakesSimFlags(t *testing.T) {
	code, out, errs := runBot(t, "", "league", "--index", playIndex(t), "--games", "1", "--seed", "3", "--parallel", "1", "--json",
		"--entrant", "g=greedy", "--entrant", "e=equity", "--entrant", "s=sim", "--sim-threads", "1", "--sim-iterations", "4",
		"--sim-rank", "points", "--sim-alloc", "race", "--move-time", "500ms")
	if code != 0 {
		t.Fatalf("league exited %d: %s", code, errs)
	}
	var tb league.Table
	if err := json.Unmarshal([]byte(out), &tb); err != nil || len(tb.Pairs) != 3 {
		t.Fatalf("league --json printed %q (%v); want 3 pairs", out, err)
	}
}

// --paired plays each pair's games two from a bag: two equity entrants
// then play every bag once each way, the same game with the seats
// swapped, so every two is a tie and the figures over them have no spread.
func TestLeaguePaired(t *testing.T) {
	code, out, errs := runBot(t, "", "league", "--index", playIndex(t), "--games", "4", "--seed", "5", "--parallel", "2", "--json",
		"--paired", "--entrant", "a=equity", "--entrant", "b=equity")
	if code != 0 {
		t.Fatalf("league exited %d: %s", code, errs)
	}
	var tb league.Table
	if err := json.Unmarshal([]byte(out), &tb); err != nil || len(tb.Pairs) != 1 {
		t.Fatalf("league --json printed %q (%v); want 1 pair", out, err)
	}
	f := tb.Pairs[0].Paired
	if f == nil || f.WinRate != 0.5 || f.Interval != [2]float64{0.5, 0.5} || f.Margin != 0 {
		t.Errorf("a against b over the twos: %+v; want 50%% [50%%, 50%%] and margin 0", f)
	}
	code, out, errs = runBot(t, "", "league", "--index", playIndex(t), "--games", "4", "--seed", "5", "--parallel", "2",
		"--paired", "--entrant", "a=equity", "--entrant", "b=greedy")
	if code != 0 || !strings.Contains(out, "over the twos from one bag") {
		t.Errorf("league --paired's table: exit %d, %q %q", code, out, errs)
	}
}

func TestLeagueBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--entrant", "a=greedy"}, "at least 2"},
		{[]string{"--entrant", "a=greedy", "--entrant", "equity"}, "NAME=SPEC"},
		{[]string{"--entrant", "a=greedy", "--entrant", "a=equity"}, "two entrants"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=human"}, "no human"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=chess"}, `"b=chess"`},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=equity", "--games", "0"}, "--games 0"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=equity", "--games", "3", "--paired"}, "--paired --games 3"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=equity", "--sim-threads", "1"}, "--sim-threads applies to the sim policy"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=sim", "--sim-threads", "-1"}, "--sim-threads -1"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=equity", "--sim-rank", "points"}, "--sim-rank applies to the sim policy"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=sim", "--sim-alloc", "halving"}, "want equal or race"},
		// Your bot checked before the first game, not when its pair comes
		// up: here the third entrant, whose pairs come last.
		{[]string{"--entrant", "a=greedy", "--entrant", "b=equity", "--entrant", "c=cmd:/no/such/bot"}, "--entrant c: bad external seat"},
		{[]string{"--entrant", "a=greedy", "--entrant", "b=equity", "--entrant", "c=http://" + closedAddr(t) + "/move"}, "--entrant c: bad external seat"},
	} {
		code, out, errs := runBot(t, "", append([]string{"league", "--index", playIndex(t)}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", c.args, code, out, errs, c.want)
		}
	}
}

// closedAddr is a local address nothing listens on.
func closedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// The help offers only what --entrant takes: a person cannot sit in a
// league, so the help does not list human among the specs.
func TestLeagueHelpListsTheSpecsItTakes(t *testing.T) {
	code, out, errs := runBot(t, "", "league", "--help")
	if code != 0 {
		t.Fatalf("league --help: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "SPEC: equity, greedy, sim, cmd:") || strings.Contains(out, "human") {
		t.Errorf("league --help offers specs --entrant refuses:\n%s", out)
	}
}
