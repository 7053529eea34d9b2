package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/build/buildtest"
	"github.com/lexico/lexico/internal/testsize"
)

// playIndex is an index of the embedded list's words of up to six letters:
// whole games are played with it, fast. It is built once and shared with
// later runs (buildtest's cache, keyed by the builder's source): no test
// changes it.
func playIndex(t *testing.T) string {
	t.Helper()
	return buildtest.Default(t, 0, 6)
}

func playSummary(t *testing.T, args ...string) arena.Summary {
	t.Helper()
	code, out, errs := runBot(t, "", append([]string{"play", "--index", playIndex(t), "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("play %v exited %d: %s", args, code, errs)
	}
	var s arena.Summary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("play --json printed %q: %v", out, err)
	}
	return s
}

// Both policies, in both seats and both variants, over a few real games:
// no illegal and no late move, every game counted, and the figures add up.
func TestPlaySummaryOurPoliciesPlayClean(t *testing.T) {
	for _, c := range []struct{ variant, p1, p2 string }{
		{"multipliers", "equity", "greedy"},
		{"classic", "greedy", "equity"},
	} {
		s := playSummary(t, "--games", "4", "--seed", "3", "--parallel", "2", "--variant", c.variant, "--p1", c.p1, "--p2", c.p2)
		if s.Games != 4 || s.Variant != c.variant {
			t.Fatalf("%v: %d games of %s", c, s.Games, s.Variant)
		}
		for i, st := range s.Seats {
			if st.Illegal != 0 || st.Late != 0 {
				t.Errorf("%v: %s made %d illegal and %d late moves", c, st.Name, st.Illegal, st.Late)
			}
			if st.Wins+st.Losses+st.Draws != 4 || st.Moves < 4*5 {
				t.Errorf("%v: %s: %d+%d+%d results, %d moves", c, st.Name, st.Wins, st.Losses, st.Draws, st.Moves)
			}
			if st.Wins != s.Seats[1-i].Losses || st.AvgMargin != -s.Seats[1-i].AvgMargin {
				t.Errorf("%v: the seats disagree: %+v vs %+v", c, st, s.Seats[1-i])
			}
			if st.Interval[0] > st.WinRate || st.WinRate > st.Interval[1] {
				t.Errorf("%v: win rate %v outside its interval %v", c, st.WinRate, st.Interval)
			}
			if st.AvgScore < 100 || st.MoveTime.Max <= 0 {
				t.Errorf("%v: %s averages %.1f points, slowest move %.1f ms", c, st.Name, st.AvgScore, st.MoveTime.Max)
			}
		}
		if c.p1 != "equity" && s.Seats[0].Name != c.p1 {
			t.Errorf("seat 1 is %q, want %q", s.Seats[0].Name, c.p1)
		}
	}
}

// The sim policy plays whole games through the referee: every answer legal
// and in time, in both variants; a game of each in make test (each seat
// moves first in one of two under make test-long).
func TestPlaySimPlaysClean(t *testing.T) {
	games := testsize.Pick(1, 2)
	for _, v := range []string{"multipliers", "classic"} {
		s := playSummary(t, "--games", fmt.Sprint(games), "--seed", "5", "--parallel", "1", "--variant", v,
			"--p1", "sim", "--p2", "equity", "--sim-iterations", "6", "--sim-candidates", "4", "--move-time", "1s")
		for _, st := range s.Seats {
			if st.Illegal != 0 || st.Late != 0 || st.Wins+st.Losses+st.Draws != games {
				t.Errorf("%s: %s made %d illegal and %d late moves in %d results", v, st.Name, st.Illegal, st.Late, st.Wins+st.Losses+st.Draws)
			}
		}
		if s.Seats[0].Name != "sim" || s.Seats[0].AvgScore < 100 {
			t.Errorf("%s: seat 1 %q averages %.1f points", v, s.Seats[0].Name, s.Seats[0].AvgScore)
		}
	}
}

// --p1-no-endgame seats a sim player that simulates endgames instead of
// solving them against one that solves them: the match names it so, and
// both play a clean game.
func TestPlaySimWithoutEndgame(t *testing.T) {
	// A second a move: the endgame solver of seat 2 takes most of the time
	// left unless it proves the endgame first, and at the default 5 s this
	// one game took 8.5 s.
	s := playSummary(t, "--games", "1", "--seed", "7", "--parallel", "1", "--p1", "sim", "--p2", "sim",
		"--p1-no-endgame", "--sim-iterations", "6", "--sim-candidates", "4", "--move-time", "1s")
	if s.Seats[0].Name != "sim-1"+noEndgameLabel || s.Seats[1].Name != "sim-2" {
		t.Errorf("seats %q and %q, want sim-1%s and sim-2", s.Seats[0].Name, s.Seats[1].Name, noEndgameLabel)
	}
	for _, st := range s.Seats {
		if st.Illegal != 0 || st.Late != 0 || st.Wins+st.Losses+st.Draws != 1 {
			t.Errorf("%s made %d illegal and %d late moves in %d results", st.Name, st.Illegal, st.Late, st.Wins+st.Losses+st.Draws)
		}
	}
}

// The same seed plays the same games, with one worker or two.
func TestPlayIsReproducibleFromTheSeed(t *testing.T) {
	a := playSummary(t, "--games", "3", "--seed", "99", "--parallel", "1")
	b := playSummary(t, "--games", "3", "--seed", "99", "--parallel", "2")
	for i := range a.Seats {
		x, y := a.Seats[i], b.Seats[i]
		if x.Wins != y.Wins || x.AvgScore != y.AvgScore || x.Moves != y.Moves || x.BingosPerGame != y.BingosPerGame {
			t.Errorf("seed 99 gave %+v, then %+v", x, y)
		}
	}
	c := playSummary(t, "--games", "3", "--seed", "100", "--parallel", "2")
	if c.Seats[0].AvgScore == a.Seats[0].AvgScore && c.Seats[1].AvgScore == a.Seats[1].AvgScore {
		t.Errorf("seeds 99 and 100 gave the same scores: the seed is not used")
	}
}

// --paired plays each pair of games from one bag, each seat starting one:
// two copies of the same deterministic player then play the same game
// twice with the seats swapped, so every pair is a tie, its interval has
// no width, and the records show the same seed and the starter's score
// alike in both games.
func TestPlayPairedGamesShareTheBag(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games")
	s := playSummary(t, "--games", "4", "--seed", "8", "--parallel", "2", "--p1", "equity", "--p2", "equity", "--paired", "--record", dir)
	if !s.Paired || s.Pairs != 2 || s.Games != 4 {
		t.Fatalf("summary: paired %v, %d pairs of %d games; want 2 pairs of 4", s.Paired, s.Pairs, s.Games)
	}
	for _, st := range s.Seats {
		if p := st.Pairs; p == nil || p.WinRate != 0.5 || p.Interval != [2]float64{0.5, 0.5} || p.Margin != 0 || p.MarginInterval != [2]float64{0, 0} {
			t.Errorf("%s over the pairs: %+v; want 50%% and a margin of 0, both exact", st.Name, p)
		}
	}
	read := func(game int) *arena.Record {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", game)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rec, err := arena.ReadJSONL(f)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	for k := range 2 {
		a, b := read(2*k), read(2*k+1)
		if a.Header.Seed != b.Header.Seed || a.Header.Starter == b.Header.Starter {
			t.Errorf("pair %d: seeds %d and %d, starters %d and %d; want one seed, each seat starting once", k, a.Header.Seed, b.Header.Seed, a.Header.Starter, b.Header.Starter)
		}
		sa, sb := a.End.Scores, b.End.Scores
		if sa[a.Header.Starter] != sb[b.Header.Starter] || sa[1-a.Header.Starter] != sb[1-b.Header.Starter] {
			t.Errorf("pair %d: scores %v and %v; want the same game with the seats swapped", k, sa, sb)
		}
	}
	if read(0).Header.Seed == read(2).Header.Seed {
		t.Error("two pairs played from one bag")
	}
	code, _, errs := runBot(t, "", "play", "--index", playIndex(t), "--games", "3", "--paired")
	if code != 2 || !strings.Contains(errs, "--paired --games 3") {
		t.Errorf("an odd number of paired games: exit %d, %q; want 2 and the flags named", code, errs)
	}
}

func TestPlayTextSummaryAndRecord(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games")
	code, out, errs := runBot(t, "", "play", "--index", playIndex(t), "--games", "2", "--seed", "5", "--record", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"2 game(s), multipliers, seed 5", "win rate [95% CI]", "illegal moves", "late moves", "time per move p50/p99/max", "equity", "greedy"} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out)
		}
	}
	for game, first := range []string{"equity", "greedy"} {
		base := filepath.Join(dir, fmt.Sprintf("game-%04d", game))
		gcg, err := os.ReadFile(base + ".gcg")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(gcg), "#player1 "+first+" ") || !strings.Contains(string(gcg), "\n>"+first+": ") {
			t.Errorf("game %d: GCG does not start with %s, who moved first:\n%s", game, first, gcg)
		}
		f, err := os.Open(base + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		rec, err := arena.ReadJSONL(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Turns) == 0 || len(rec.Turns[0].Gamestate) == 0 || len(rec.Turns[0].Move) == 0 {
			t.Errorf("game %d: the record lacks gamestates or moves", game)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// A second match recorded into the same directory would number its games
// from game-0000 again and replace the first match's files: it is refused
// before a game is played, and the files are left as they were.
func TestPlayRecordKeepsEarlierGames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games")
	if code, _, errs := runBot(t, "", "play", "--index", playIndex(t), "--games", "1", "--seed", "5", "--record", dir); code != 0 {
		t.Fatalf("first match: exit %d: %s", code, errs)
	}
	before, err := os.ReadFile(filepath.Join(dir, "game-0000.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runBot(t, "", "play", "--index", playIndex(t), "--games", "1", "--seed", "6", "--record", dir)
	if code != 2 || !strings.Contains(errs, "already holds recorded games (game-0000") || out != "" {
		t.Errorf("second match into the same directory: exit %d, stderr %q, stdout %q; want exit 2 naming game-0000", code, errs, out)
	}
	after, err := os.ReadFile(filepath.Join(dir, "game-0000.jsonl"))
	if err != nil || string(after) != string(before) {
		t.Errorf("the first match's game-0000.jsonl was changed (%v)", err)
	}
}

// Two people at one terminal (seed 5, classic: the first rack is AEHILRR,
// the second DIPRTVZ): a play the rack cannot make is refused with the
// rules' reason and asked again, lower case is taken for blanks, hint lists
// moves, and after two plays and quit the board holds exactly those plays.
// The racks follow from the referee's seeded bag: if the referee changes how
// it shuffles, this script must be written again.
func TestPlayTwoHumansScript(t *testing.T) {
	script := strings.Join([]string{
		"H8 across HAIRS", // no S on the rack
		"8h hair",         // lower case: four blanks
		"hint 2",
		"8H HAIR",        // GCG: row first is across
		"I5 down VIZ.RD", // through the A of HAIR
		"quit",
	}, "\n") + "\n"
	code, out, errs := runBot(t, script, "play", "--index", playIndex(t), "--p1", "human", "--p2", "human", "--seed", "5", "--variant", "classic")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{
		"Rack: A E H I L R R",
		"Illegal: the rack does not hold the tiles: playing HAIRS from rack AEHILRR. Try again",
		"lower-case letters are blanks",
		"Hints, best first:\n  1. ",
		"human-1 plays H8 across HAIR for 7 (HAIR 7).",
		"Opponent played H8 across HAIR for 7.",
		"Rack: D I P R T V Z",
		"human-2 plays I5 down VIZARD for 19 (VIZARD 19).",
		"Game 1 over: game abandoned",
		"Final score: human-1 7, human-2 19.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the session lacks %q:\n%s", want, out)
		}
	}
	final := out[strings.LastIndex(out, "Game 1 over"):]
	want := map[int]string{ // row number: the row, columns A to O
		5:  "........V......",
		6:  "........I......",
		7:  "........Z......",
		8:  ".......HAIR....",
		9:  "........R......",
		10: "........D......",
	}
	for r := 1; r <= 15; r++ {
		letters, ok := want[r]
		if !ok {
			letters = strings.Repeat(".", 15)
		}
		line := fmt.Sprintf("%3d ", r)
		for _, l := range letters {
			line += "  " + string(l) + " "
		}
		line += fmt.Sprintf("%d\n", r)
		if !strings.Contains(final, line) {
			t.Errorf("the final board lacks the row\n%s\nin\n%s", line, final)
		}
	}
}

// A person against a bot sees the bot's opening marked on the board.
func TestPlayHumanSeesTheBotsMove(t *testing.T) {
	code, out, errs := runBot(t, "quit\n", "play", "--index", playIndex(t), "--p1", "greedy", "--p2", "human", "--seed", "8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Opponent played ") || !strings.Contains(out, "[") || !strings.Contains(out, " TW") {
		t.Errorf("the human's view lacks the bot's move or the premiums:\n%s", out)
	}
	if !strings.Contains(out, "1 game(s) abandoned") {
		t.Errorf("quitting is not reported:\n%s", out)
	}
}

func TestPlayBadInput(t *testing.T) {
	idx := playIndex(t)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown policy", []string{"--p1", "smart"}, `--p1 "smart"`},
		{"no games", []string{"--games", "0"}, "--games 0"},
		{"negative parallel", []string{"--parallel", "-1"}, "--parallel -1"},
		{"unknown variant", []string{"--variant", "wordfeud"}, "wordfeud"},
		{"argument", []string{"equity"}, "no arguments"},
		{"zero move time", []string{"--move-time", "0s"}, "--move-time"},
		{"missing index", []string{"--index", filepath.Join(t.TempDir(), "nope.db")}, "nope.db"},
		{"sim flag without sim", []string{"--p1", "equity", "--p2", "greedy", "--sim-candidates", "5"}, "--sim-candidates applies to the sim policy"},
		{"no endgame without sim", []string{"--p1", "sim", "--p2", "equity", "--p2-no-endgame"}, "--p2-no-endgame applies to the sim policy"},
		// A person's board would go to stdout before the JSON, which then
		// no program could parse.
		{"json with a person", []string{"--p1", "equity", "--p2", "human", "--json"}, "--json and a human seat"},
	} {
		args := append([]string{"play", "--index", idx}, c.args...)
		code, out, errs := runBot(t, "", args...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit 2 naming %q", c.name, code, errs, out, c.want)
		}
		if strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%s: more than one line on stderr: %q", c.name, errs)
		}
	}
}

// selfSpec seats this very program, in line mode, as an external player.
func selfSpec(t *testing.T, policy string) string {
	t.Helper()
	return fmt.Sprintf("cmd:env LEXICO_BOT_MAIN=1 '%s' run --lines --policy %s --index '%s'", os.Args[0], policy, playIndex(t))
}

// Our own equity bot seated as an external program (run --lines) plays
// clean games against the built-in one; the summary names the seat as
// given and says where its standard error went.
func TestPlayExternalCommandSeat(t *testing.T) {
	spec := selfSpec(t, "equity")
	logs := t.TempDir()
	code, out, errs := runBot(t, "", "play", "--index", playIndex(t), "--games", "2", "--seed", "5", "--parallel", "2",
		"--p1", "equity", "--p2", spec, "--log-dir", logs, "--json")
	if code != 0 {
		t.Fatalf("play exited %d: %s", code, errs)
	}
	var s arena.Summary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("play --json printed %q: %v", out, err)
	}
	if s.Games != 2 || s.Seats[1].Name != spec {
		t.Errorf("%d games, seat 2 named %q; want 2 and the spec as given", s.Games, s.Seats[1].Name)
	}
	for _, st := range s.Seats {
		if st.Illegal != 0 || st.Late != 0 || st.AvgScore < 100 {
			t.Errorf("%s: %d illegal, %d late, average %.1f points; want clean play", st.Name, st.Illegal, st.Late, st.AvgScore)
		}
	}
	if !strings.Contains(errs, "standard error in "+logs) || !strings.Contains(errs, "0 crash(es)") {
		t.Errorf("stderr does not say where the seat's log is, or its crashes:\n%s", errs)
	}
	entries, err := os.ReadDir(logs)
	if err != nil || len(entries) != 1 {
		t.Errorf("log dir: %v, %v; want one log file", entries, err)
	}
}

func TestPlayExternalSeatBadSpec(t *testing.T) {
	for _, spec := range []string{"cmd:/no/such/bot", "cmd:", "http://"} {
		code, out, errs := runBot(t, "", "play", "--index", playIndex(t), "--p2", spec)
		if code != 2 || out != "" || !strings.Contains(errs, "seat 2") || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("--p2 %q: exit %d, stdout %q, stderr %q; want exit 2 and one line naming seat 2", spec, code, out, errs)
		}
	}
}

// Every duration flag takes a bare number as milliseconds and keeps its
// default when not given (the one conversion lives in internal/cliapp).
func TestDurationFlagsTakeMilliseconds(t *testing.T) {
	for _, c := range []struct {
		args []string
		want float64
	}{{nil, 5000}, {[]string{"--move-time", "700"}, 700}, {[]string{"--move-time", "2s"}, 2000}} {
		s := playSummary(t, append([]string{"--games", "1", "--seed", "3", "--p1", "greedy", "--p2", "greedy"}, c.args...)...)
		if s.MoveTime != c.want {
			t.Errorf("play %v: move_time_ms %v, want %v", c.args, s.MoveTime, c.want)
		}
	}
	code, out, errs := runBot(t, "", "run", "--index", botIndex(t), "--policy", "equity", "--budget", "5", docExample)
	if code != 0 || out == "" {
		t.Errorf("run --budget 5: exit %d, stderr %q; want a move", code, errs)
	}
}

// A person's input that ends before the game does interrupts the game, as
// in lingo --human: one line saying so and a non-zero exit, where play
// used to exit 0 as if they had typed quit. The game so far is still
// recorded whole.
func TestPlayHumanInputEndsMidGame(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runBot(t, "pass\n", "play", "--index", playIndex(t), "--p1", "human", "--p2", "greedy",
		"--seed", "8", "--record", dir)
	if code == 0 || code == 2 {
		t.Errorf("exit %d, want 1 (an interrupted game is no usage mistake)", code)
	}
	var last string
	for _, l := range strings.Split(strings.TrimSpace(errs), "\n") {
		if strings.HasPrefix(l, "lexico-bot: ") && !strings.HasPrefix(l, "lexico-bot: play") {
			last = l
		}
	}
	if !strings.Contains(last, "the input ended before the game did") || strings.Count(errs, "input ended") != 1 {
		t.Errorf("stderr does not say once that the input ended:\n%s", errs)
	}
	if !strings.Contains(out, "human passes.") || !strings.Contains(out, "Game 1 over: game interrupted") {
		t.Errorf("the session lacks the pass or the interruption:\n%s", out)
	}
	f, err := os.Open(filepath.Join(dir, "game-0000.jsonl"))
	if err != nil {
		t.Fatalf("the interrupted game is not recorded: %v", err)
	}
	defer f.Close()
	rec, err := arena.ReadJSONL(f)
	if err != nil {
		t.Fatalf("the recorded game does not read back: %v", err)
	}
	if rec.End.Reason != "game interrupted" || len(rec.Turns) == 0 {
		t.Errorf("recorded end %q after %d turns, want the interruption after the pass", rec.End.Reason, len(rec.Turns))
	}

	// Typing quit is a choice, not an interruption: exit 0.
	if code, _, errs := runBot(t, "pass\nquit\n", "play", "--index", playIndex(t), "--p1", "human", "--p2", "greedy", "--seed", "8"); code != 0 {
		t.Errorf("quit: exit %d, want 0: %s", code, errs)
	}
}

// An http:// seat whose requests fail is told why, once: a bot author's
// server refusing every move (a token it wants, a route it lacks) showed
// only "N failed request(s)".
func TestPlayHTTPSeatSaysWhyItsRequestsFail(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":"unauthorized: this server wants its token"}`)
	}))
	defer refusing.Close()
	code, out, _ := runBot(t, "", "play", "--index", playIndex(t), "--games", "1", "--seed", "5", "--p1", "greedy", "--p2", refusing.URL+"/move", "--move-time", "1s")
	if code != 0 || !strings.Contains(out, "failed request(s)") ||
		!strings.Contains(out, "first failed request: ") || !strings.Contains(out, "HTTP 401") || !strings.Contains(out, "wants its token") {
		t.Errorf("exit %d, stdout:\n%s\nwant the first failure's status and reason", code, out)
	}
}
