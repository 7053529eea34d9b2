package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/index"
)

// endgameGamestate plays a seeded game with the moves index's words, each
// side making its highest-scoring play, until stop says so, and writes the
// gamestate of the seat to move then to a file. ok is false when the game
// ended first.
func endgameGamestate(t *testing.T, seed uint64, stop func(*state.State) bool) (file string, ok bool) {
	t.Helper()
	x, err := index.Open(movesIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	gen, err := strategy.New("gaddag", x)
	if err != nil {
		t.Fatal(err)
	}
	st, err := state.Start(variant.Multipliers, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	for !st.Over() && !stop(st) {
		rack, _ := st.Rack(st.Turn())
		m := move.NewPass()
		var best movegen.Best
		gen.Search(movegen.Args{Variant: st.Variant(), Board: st.Board(), Rack: rack, Keep: 1, Record: best.Record})
		if best.Found {
			m = best.Move
		}
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if st.Over() {
		return "", false
	}
	p := st.View()
	b, err := gamestate.Encode(&p)
	if err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(t.TempDir(), "endgame.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return file, true
}

// smallEndgame is the gamestate file of the first seeded game (see
// endgameGamestate) to reach an empty bag with at most tiles tiles on the
// two racks.
func smallEndgame(t *testing.T, tiles int) string {
	t.Helper()
	for seed := uint64(1); seed < 20; seed++ {
		file, ok := endgameGamestate(t, seed, func(st *state.State) bool {
			r := st.Racks()
			return st.BagLen() == 0 && r[0].N+r[1].N <= tiles
		})
		if ok {
			return file
		}
	}
	t.Fatalf("no game reached an endgame of %d tiles or fewer", tiles)
	return ""
}

// readGamestate is the position of the gamestate in file.
func readGamestate(t *testing.T, file string) *position.Position {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := gamestate.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func runEndgame(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"lexico-bot", "endgame", "--index", movesIndex(t)}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestEndgameCommand: on a late endgame of a real game (the bag empty, a
// few tiles left) the command proves its line, and the line, read back in
// the platform's format, is legal move after move and ends at the margin
// announced; the text form says the same.
func TestEndgameCommand(t *testing.T) {
	file := smallEndgame(t, 7)
	code, out, errs := runEndgame(t, "--json", "--time", "20s", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res endgameJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if res.Kind != "endgame" || !res.Proven || res.Value == nil || len(res.Line) == 0 || !bytes.Equal(res.Move, res.Line[0].Move) {
		t.Fatalf("want a proven endgame with its line: %s", out)
	}
	p := readGamestate(t, file)
	x, err := index.Open(movesIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	// Replay the line, each move judged by the rules as the platform
	// would judge it, the opponent holding the unseen tiles.
	unseen, err := p.Variant.Unseen(p.Board, p.Rack)
	if err != nil {
		t.Fatal(err)
	}
	var oppRack tile.Rack
	for k, n := range unseen {
		oppRack.Counts[k], oppRack.N = uint8(n), oppRack.N+n
	}
	racks, scores := [2]*tile.Rack{&p.Rack, &oppRack}, [2]int{p.MyScore, p.OppScore}
	var named []string // the line's moves as the page names them
	for i, l := range res.Line {
		seat := 0
		if l.Seat == "opponent" {
			seat = 1
		}
		pos := *p
		pos.Rack, pos.MyScore, pos.OppScore = *racks[seat], scores[seat], scores[1-seat]
		m, verdict, err := gamestate.Judge(&pos, l.Move, x)
		if err != nil || !verdict.Legal || m.Kind == move.Play && verdict.Score != l.Score {
			t.Fatalf("line move %d (%s) %s: %v %+v, claimed score %d", i, l.Seat, l.Move, err, verdict, l.Score)
		}
		named = append(named, human.Format(p.Board, m))
		if m.Kind == move.Play {
			rules.Apply(p.Board, m)
			*racks[seat], _ = m.Leave(*racks[seat])
			scores[seat] += verdict.Score
		}
		if scores[0]-scores[1] != l.Margin {
			t.Fatalf("line move %d: margin %+d, claimed %+d", i, scores[0]-scores[1], l.Margin)
		}
	}
	if last := res.Line[len(res.Line)-1].Margin; last != *res.Value {
		t.Errorf("the line ends at %+d, the value is %+d", last, *res.Value)
	}
	code, text, errs := runEndgame(t, "--time", "20s", file)
	if code != 0 || !strings.Contains(text, "proven") || strings.Count(text, "margin") < len(res.Line) {
		t.Errorf("text form: exit %d %s\n%s", code, errs, text)
	}
	// Each move of the line is named as the page and play name it (O1 down
	// PILI), the platform's format beside it.
	for i, n := range named {
		if !strings.Contains(text, fmt.Sprintf("%s %s", n, res.Line[i].Move)) {
			t.Errorf("the text form does not name move %d as %q before %s:\n%s", i+1, n, res.Line[i].Move, text)
		}
	}
	t.Logf("the text form:\n%s", text)
}

// TestEndgamePreEndgame: with two tiles in the bag the command ranks the
// candidates, the pass among them, by win probability then margin.
func TestEndgamePreEndgame(t *testing.T) {
	var file string
	for seed := uint64(1); file == "" && seed < 20; seed++ {
		file, _ = endgameGamestate(t, seed, func(st *state.State) bool { return st.BagLen() <= 2 })
		if data, err := os.ReadFile(file); err == nil {
			if p, err := gamestate.Parse(data); err != nil || p.BagCount == 0 {
				file = "" // the bag emptied at once
			}
		}
	}
	if file == "" {
		t.Fatal("no game had one or two tiles in its bag")
	}
	code, out, errs := runEndgame(t, "--json", "--time", "1s", "--candidates", "4", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res endgameJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if res.Kind != "pre-endgame" || len(res.Candidates) < 2 || res.Draws == 0 {
		t.Fatalf("want a pre-endgame ranking: %s", out)
	}
	pass := false
	for i, c := range res.Candidates {
		pass = pass || string(c.Move) == `[[],["Pass"]]`
		if i > 0 {
			a := res.Candidates[i-1]
			if a.Wins < c.Wins || a.Wins == c.Wins && a.Margin < c.Margin {
				t.Errorf("candidate %d ranked below %d: %+v, %+v", i-1, i, a, c)
			}
		}
	}
	if !pass {
		t.Errorf("the pass is not among the candidates: %s", out)
	}
}

// TestEndgameBadInput: one line naming the problem and exit 2.
func TestEndgameBadInput(t *testing.T) {
	doc, err := os.ReadFile(movesDocExample) // a position with a full bag
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "doc.json")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{file}, "not an endgame"},
		{[]string{"--time", "0s", file}, "--time"},
		{[]string{}, "one GAMESTATE"},
		{[]string{filepath.Join(t.TempDir(), "missing.json")}, "missing.json"},
	} {
		code, _, errs := runEndgame(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, %q; want 2 and one line with %q", c.args, code, errs, c.want)
		}
	}
}

// TestRunSimReportsTheEndgameSolver: run --json with the sim policy on a
// small endgame says the endgame solver decided, proven, with its line
// starting with the move answered.
func TestRunSimReportsTheEndgameSolver(t *testing.T) {
	file := smallEndgame(t, 7)
	var out, errb bytes.Buffer
	code := run([]string{"lexico-bot", "run", "--index", movesIndex(t), "--policy", "sim", "--budget", "2s", "--json", file},
		strings.NewReader(""), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res runJSON
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	eg := res.Endgame
	if eg == nil || eg.Kind != "endgame" || !eg.Proven || len(eg.Line) == 0 || !bytes.Equal(eg.Line[0], res.Move) {
		t.Fatalf("want the endgame solver's proven line, starting with the move: %s", out.String())
	}
	if !strings.Contains(errb.String(), "endgame solver") {
		t.Errorf("the summary does not name the endgame solver: %s", errb.String())
	}
}

// TestEndgameWin: --win says the mover can win exactly when the best line
// ends ahead (and, when not, whether a tie can be forced: the line ends
// level or better), and its winning move does win: from the opponent's side
// after it, the command's own proven best line ends behind. In the text
// form too; and a gamestate with tiles in the bag is refused.
func TestEndgameWin(t *testing.T) {
	x, err := index.Open(movesIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	seen, solvedOn := map[bool]int{}, 0
	for seed := uint64(1); seed < 30 && (seen[true] == 0 || seen[false] == 0); seed++ {
		file, ok := endgameGamestate(t, seed, func(st *state.State) bool {
			r := st.Racks()
			return st.BagLen() == 0 && r[0].N+r[1].N <= 7
		})
		if !ok {
			continue
		}
		var exact, win endgameJSON
		for _, c := range []struct {
			res  *endgameJSON
			args []string
		}{{&exact, []string{"--json", "--time", "20s", file}}, {&win, []string{"--json", "--win", "--time", "20s", file}}} {
			code, out, errs := runEndgame(t, c.args...)
			if code != 0 {
				t.Fatalf("seed %d %v: exit %d: %s", seed, c.args, code, errs)
			}
			if err := json.Unmarshal([]byte(out), c.res); err != nil {
				t.Fatalf("seed %d: not JSON: %v\n%s", seed, err, out)
			}
		}
		if !exact.Proven || exact.Value == nil {
			continue // not this test's to check
		}
		if win.Kind != "win" || !win.Proven || win.Win == nil || *win.Win != (*exact.Value >= 1) {
			t.Fatalf("seed %d: --win says %+v, the best line ends at %+d", seed, win, *exact.Value)
		}
		seen[*win.Win]++
		if !*win.Win {
			if win.Tie == nil || *win.Tie != (*exact.Value >= 0) {
				t.Fatalf("seed %d: no win, --win says tie %v, the best line ends at %+d", seed, win.Tie, *exact.Value)
			}
			code, text, errs := runEndgame(t, "--win", "--time", "20s", file)
			if code != 0 || !strings.Contains(text, "against the best defence") || !strings.Contains(text, "proven") {
				t.Errorf("seed %d: text form: exit %d %s\n%s", seed, code, errs, text)
			}
			continue
		}
		// The position after the winning move, from the opponent's side.
		p := readGamestate(t, file)
		m, verdict, err := gamestate.Judge(p, win.Move, x)
		if err != nil || !verdict.Legal {
			t.Fatalf("seed %d: the winning move %s: %v %+v", seed, win.Move, err, verdict)
		}
		m.Score = verdict.Score // what Apply adds
		unseen, err := p.Variant.Unseen(p.Board, p.Rack)
		if err != nil {
			t.Fatal(err)
		}
		var opp []byte
		for k, n := range unseen {
			for range n {
				opp = append(opp, tile.Byte(k))
			}
		}
		st, err := state.FromPosition(p)
		if err == nil {
			err = st.Deal(1, opp, nil)
		}
		if err == nil {
			err = st.Apply(m)
		}
		if err != nil {
			t.Fatal(err)
		}
		if st.Over() {
			if s := st.Scores(); s[0] <= s[1] {
				t.Fatalf("seed %d: the winning move ends the game at %d-%d", seed, s[0], s[1])
			}
			continue
		}
		after := st.View()
		b, err := gamestate.Encode(&after)
		if err != nil {
			t.Fatal(err)
		}
		next := filepath.Join(t.TempDir(), "after.json")
		if err := os.WriteFile(next, b, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runEndgame(t, "--json", "--time", "20s", next)
		var reply endgameJSON
		if code != 0 || json.Unmarshal([]byte(out), &reply) != nil || !reply.Proven || reply.Value == nil {
			t.Fatalf("seed %d: solving after the winning move: exit %d %s %s", seed, code, out, errs)
		}
		if *reply.Value >= 0 {
			t.Fatalf("seed %d: after the winning move %s the opponent's best line ends at %+d", seed, win.Move, *reply.Value)
		}
		solvedOn++
		code, text, errs := runEndgame(t, "--win", "--time", "20s", file)
		if code != 0 || !strings.HasPrefix(text, "a win: ") || !strings.Contains(text, "proven") {
			t.Errorf("seed %d: text form: exit %d %s\n%s", seed, code, errs, text)
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("wins %d, not wins %d: the test wants both", seen[true], seen[false])
	}
	t.Logf("wins %d (the game solved on after %d of them), not wins %d", seen[true], solvedOn, seen[false])

	file, _ := endgameGamestate(t, 1, func(st *state.State) bool { return st.BagLen() <= 3 })
	code, _, errs := runEndgame(t, "--win", file)
	if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "--win") {
		t.Errorf("--win with tiles in the bag: exit %d, %q", code, errs)
	}
}

// TestRunListsAnEndgamesMargins: when the sim bot hands an endgame to the
// solver, run --top lists final margins, not equities (the tiles kept are
// worth nothing with the bag empty): the move played worth the solved
// margin, the others at most theirs where the solver only showed they
// cannot beat it ("<=" in the text, "bound" in --json); and the summary
// says the margin instead of an equity.
func TestRunListsAnEndgamesMargins(t *testing.T) {
	file := smallEndgame(t, 9)
	args := []string{"run", "--index", movesIndex(t), "--policy", "sim", "--top", "4"}
	code, out, errs := runBot(t, "", append(append([]string(nil), args...), "--json", file)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got runJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("--json output %q: %v", out, err)
	}
	eg := got.Endgame
	if eg == nil || eg.Kind != "endgame" || !eg.Proven || eg.Value == nil || len(got.Top) < 2 {
		t.Fatalf("the endgame was not solved and listed: %+v, top %d", eg, len(got.Top))
	}
	first := got.Top[0]
	if first.Bound || int(first.Equity) != *eg.Value || int(got.Equity) != *eg.Value {
		t.Fatalf("the move played is listed worth %v (bound %v) and reported worth %v; the solved margin is %+d", first.Equity, first.Bound, got.Equity, *eg.Value)
	}
	bounds := 0
	for _, c := range got.Top[1:] {
		if c.Equity > first.Equity {
			t.Errorf("%s listed above the move played: %v > %v", c.Move, c.Equity, first.Equity)
		}
		if c.Bound {
			bounds++
		}
	}
	if bounds == 0 {
		t.Fatal("no move listed as a bound: the test checks too little of the table")
	}
	code, _, errs = runBot(t, "", append(args, file)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(errs, "\n")
	header := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "#") })
	if header < 0 || !strings.Contains(lines[header], "margin") || strings.Contains(lines[header], "equity") {
		t.Fatalf("the --top table's header is not of margins:\n%s", errs)
	}
	if strings.Count(errs, "<=") != bounds {
		t.Errorf("%d rows marked \"<=\" for %d bounds:\n%s", strings.Count(errs, "<="), bounds, errs)
	}
	if strings.Contains(errs, "equity") || !strings.Contains(errs, fmt.Sprintf("final margin %+d proven", *eg.Value)) {
		t.Errorf("the summary speaks of equity, or not of the margin %+d:\n%s", *eg.Value, errs)
	}
}
