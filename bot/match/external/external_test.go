package external

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/server"
	"github.com/lexico/lexico/index/gaddag"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[s] }

var testWords = []string{"AT", "CAR", "CARS", "CAT", "CATS", "RAT", "RATS", "SAT", "SCAR", "STAR", "TAR", "TARS", "ART", "ARTS",
	"TEA", "EAT", "ATE", "SEA", "TO", "ON", "NO", "IN", "IT", "IS", "TIE", "TIES", "NOTE", "TONE", "STONE", "ONE", "ONES",
	"AA", "AB", "AD", "AE", "AG", "AH", "AI", "AL", "AM", "AN", "AR", "AS", "AW", "AX", "AY", "BA", "BE", "BI", "BO", "BY",
	"DA", "DE", "DO", "ED", "EF", "EH", "EL", "EM", "EN", "ER", "ES", "EX", "FA", "FE", "GO", "HA", "HE", "HI", "HM", "HO",
	"ID", "IF", "JO", "KA", "KI", "LA", "LI", "LO", "MA", "ME", "MI", "MO", "MU", "MY", "NA", "NE", "NU", "OD", "OE", "OF",
	"OH", "OI", "OM", "OP", "OR", "OS", "OW", "OX", "OY", "PA", "PE", "PI", "QI", "RE", "SH", "SI", "SO", "TA", "TI", "UH",
	"UM", "UN", "UP", "US", "UT", "WE", "WO", "XI", "XU", "YA", "YE", "YO", "ZA",
	"AGE", "AGO", "AID", "AIL", "AIM", "AIR", "ALE", "AND", "ANT", "APE", "ARE", "BAD", "BED", "BEE", "BET", "BIG", "BIN",
	"BIT", "BOG", "BUD", "BUG", "BUT", "DEN", "DIE", "DIG", "DIN", "DOE", "DOG", "DOT", "DUE", "EEL", "EGO", "ELF", "END",
	"ERA", "FEE", "FEW", "FIG", "FIN", "FIT", "FOE", "FOG", "FUN", "GEL", "GET", "GIN", "GOT", "GUT", "HEN", "HIT", "HOE",
	"HOT", "HUG", "ICE", "ILL", "INK", "ION", "IRE", "JOT", "KEG", "KIN", "LED", "LEG", "LET", "LID", "LIE", "LIT", "LOG",
	"LOT", "MEN", "MET", "MUD", "NET", "NIL", "NIT", "NOD", "NOR", "NOT", "NUT", "ODE", "OIL", "OLD", "ORE", "OUR", "OUT",
	"OWE", "PEG", "PEN", "PET", "PIE", "PIN", "POT", "PUT", "RED", "RID", "RIG", "RIP", "ROD", "ROE", "ROT", "RUE", "RUG",
	"RUN", "RUT", "SIN", "SIR", "SIT", "SON", "SUN", "TEN", "TOE", "TON", "TOP", "TUG", "URN", "USE", "VET", "WET", "WIN",
	"WIT", "WOE", "YET", "ZEN", "ZIP", "ZOO", "LINE", "LION", "LOIN", "NOSE", "ONCE", "RIDE", "RITE", "ROTE", "TIRE", "TORE"}

func dict() words {
	d := words{}
	for _, w := range testWords {
		d[w] = true
	}
	return d
}

// equityBot answers with the greedy policy (it plays whenever it can, so games last) over testWords, through the
// pipeline and clock our own bots use.
func equityBot(t testing.TB) *answer.Bot {
	table, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	pl, err := player.New("greedy", movegen.NewGADDAG(gaddag.Build(testWords)), table)
	if err != nil {
		t.Fatal(err)
	}
	clock := player.DefaultClock()
	clock.Mode = player.Live
	return &answer.Bot{Policy: pl, Clock: clock}
}

// TestMain doubles as the external players of the tests: the test binary
// run as `external.test helper MODE` reads gamestates on stdin and answers
// with the equity policy, misbehaving as MODE says.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "helper" {
		os.Exit(helper(os.Args[2]))
	}
	os.Exit(m.Run())
}

// helper modes: good answers every move; late answers its second move of
// each process 150 ms after the deadline; crash exits on its third move;
// hang falls silent on its second;
// garbage answers every second move with a line that is no move;
// slowstart takes 1.5 s to start; mute never answers its warm-up. The
// warm-up gamestate each process gets first is answered and not counted.
func helper(mode string) int {
	bot := equityBot(fatalTB{})
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 1<<20)
	switch mode {
	case "slowstart":
		time.Sleep(1500 * time.Millisecond)
	case "mute":
		time.Sleep(time.Minute)
		return 0
	}
	for n := 0; in.Scan(); n++ {
		gs := in.Bytes()
		switch {
		case n == 0: // the warm-up
		case mode == "crash" && n == 3:
			fmt.Fprintln(os.Stderr, "helper: crashing on purpose at move 3")
			return 3
		case mode == "hang" && n == 2:
			fmt.Fprintln(os.Stderr, "helper: hanging on purpose at move 2")
			time.Sleep(time.Minute)
		case mode == "garbage" && n%2 == 0:
			fmt.Println("hello, referee")
			continue
		case mode == "late" && n == 2:
			p, err := gamestate.ParseRequest(gs)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			time.Sleep(time.Until(p.Deadline) + 150*time.Millisecond)
		}
		r, err := bot.Answer(context.Background(), gs, time.Now())
		if err != nil {
			fmt.Fprintln(os.Stderr, "helper:", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "helper: move %d\n", n)
		fmt.Printf("%s\n", r.Move)
	}
	return 0
}

type fatalTB struct{ testing.TB }

func (fatalTB) Fatal(args ...any) { fmt.Fprintln(os.Stderr, args...); os.Exit(2) }

func helperSpec(mode string) string { return fmt.Sprintf("cmd:'%s' helper %s", os.Args[0], mode) }

// match plays games between seat and our own equity bot through the
// referee, and returns the summary and every record.
func match(t *testing.T, seat Seat, games, parallel int, moveTime time.Duration) (*arena.Summary, []*arena.Record) {
	t.Helper()
	ours := arena.BotSeat{Bot: equityBot(t)}
	var mu sync.Mutex
	var recs []*arena.Record
	m := &arena.Match{
		Seats: [2]arena.Entrant{{Name: seat.Spec(), Agent: seat.Agent}, {Name: "equity", Agent: func(context.Context, int) arena.Agent { return ours }}},
		Games: games, Seed: 11, Parallel: parallel,
		PlayGame: arena.Referee(referee.Config{Variant: variant.Multipliers, Dictionary: dict(), MoveTime: moveTime, MaxTurns: 60}),
		Record: func(r *arena.Record) error {
			mu.Lock()
			defer mu.Unlock()
			recs = append(recs, r)
			return nil
		},
	}
	sum, err := m.Run(context.Background(), variant.Multipliers.Name)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games != games || len(recs) != games {
		t.Fatalf("%d games summarised, %d recorded; want %d of each: a game was lost track of", sum.Games, len(recs), games)
	}
	for _, r := range recs {
		if r.Header.Players[0] != seat.Spec() {
			t.Errorf("game %d names the external seat %q, want the spec %q", r.Header.Game, r.Header.Players[0], seat.Spec())
		}
	}
	return sum, recs
}

func newSeat(t *testing.T, spec string) Seat {
	t.Helper()
	s, err := New(spec, Config{LogDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// turns returns the external seat's (seat 0) turns of a record.
func turns(r *arena.Record) []arena.Turn {
	var ts []arena.Turn
	for _, t := range r.Turns {
		if t.Seat == 0 {
			ts = append(ts, t)
		}
	}
	return ts
}

// A well-behaved program plays whole games, two at once, with a process
// per game in flight, every answer legal and in time.
func TestCommandSeatPlaysWell(t *testing.T) {
	s := newSeat(t, helperSpec("good"))
	sum, recs := match(t, s, 3, 2, 5*time.Second)
	me := sum.Seats[0]
	if me.Illegal != 0 || me.Late != 0 {
		t.Errorf("good program: %d illegal, %d late moves; want none", me.Illegal, me.Late)
	}
	scored := 0
	for _, r := range recs {
		for _, tn := range turns(r) {
			scored += tn.Score
		}
	}
	if scored == 0 {
		t.Error("the program's moves scored nothing over 3 games: its answers were not played")
	}
	rep := s.Report()
	if rep.Crashes != 0 || rep.Started < 1 || rep.Started > 2 {
		t.Errorf("report %+v: want no crash and one or two processes (two games at once, reused)", rep)
	}
	log, err := os.ReadFile(rep.Log)
	if err != nil || !strings.Contains(string(log), "helper: move 1") {
		t.Errorf("the log %s does not hold the program's standard error (%v):\n%s", rep.Log, err, log)
	}
}

// An answer after the deadline is counted late, and the next gamestate
// still gets its own answer (legal): the late line is not taken for it.
func TestCommandSeatLateAnswerIsCountedAndStaysInStep(t *testing.T) {
	s := newSeat(t, helperSpec("late"))
	sum, recs := match(t, s, 2, 1, 2*time.Second)
	me := sum.Seats[0]
	if me.Late != 1 || me.Illegal != 0 {
		t.Errorf("late program (one process, late once): %d late, %d illegal; want 1 and 0", me.Late, me.Illegal)
	}
	ts := turns(recs[0])
	if len(ts) < 3 || !ts[1].Late || !ts[2].Legal {
		t.Fatalf("game 0's turns of the program: %+v; want the second late and the third legal", ts)
	}
	if s.Report().Crashes != 0 {
		t.Errorf("a late answer within the grace is not a crash: %+v", s.Report())
	}
}

// A program that dies mid-game has the rest of that game refused, is
// started again for the next game, and the crash is reported with the
// end of its standard error.
func TestCommandSeatCrashIsRefusedRestartedAndReported(t *testing.T) {
	s := newSeat(t, helperSpec("crash"))
	sum, recs := match(t, s, 3, 1, 5*time.Second)
	rep := s.Report()
	crashed := 0 // games in which the program was asked a third move
	for _, r := range recs {
		ts := turns(r)
		if len(ts) < 3 {
			continue
		}
		crashed++
		if !ts[0].Legal || !ts[1].Legal || ts[2].Legal || !strings.Contains(ts[2].Reason, "crashed") {
			t.Errorf("game %d: turns %+v; want two legal moves then the crash refused", r.Header.Game, ts)
		}
		for _, tn := range ts[3:] {
			if tn.Legal || !strings.Contains(tn.Reason, "earlier in this game") {
				t.Errorf("game %d: after the crash, turn %d legal %v (%q); want refused at once", r.Header.Game, tn.Turn, tn.Legal, tn.Reason)
			}
		}
	}
	if crashed < 2 {
		t.Fatalf("only %d of 3 games reached the program's third move: the test proves little", crashed)
	}
	if rep.Crashes != crashed || rep.Started != 3 {
		t.Fatalf("report %+v: want %d crashes and 3 processes (one a game)", rep, crashed)
	}
	if !strings.Contains(rep.CrashNotes[0], "crashing on purpose") || !strings.Contains(rep.CrashNotes[0], "exit status 3") {
		t.Errorf("crash note %q: want the exit status and the stderr's tail", rep.CrashNotes[0])
	}
	if sum.Seats[0].Illegal < crashed {
		t.Errorf("%d illegal moves counted; want at least the %d crashes", sum.Seats[0].Illegal, crashed)
	}
}

// A program silent past the deadline and the grace is stopped: its turn
// is late, the rest of its game refused, and a fresh process plays the
// next game.
func TestCommandSeatHungProcessIsStopped(t *testing.T) {
	s := newSeat(t, helperSpec("hang"))
	_, recs := match(t, s, 2, 1, time.Second)
	rep := s.Report()
	if rep.Crashes < 1 || rep.Started != 2 || !strings.Contains(rep.CrashNotes[0], "gave no answer") ||
		!strings.Contains(rep.CrashNotes[0], "hanging on purpose") {
		t.Fatalf("report %+v: want the hang reported with its stderr, and a process a game", rep)
	}
	ts := turns(recs[0])
	if len(ts) < 2 || !ts[0].Legal || !ts[1].Late {
		t.Fatalf("game 0's turns of the program: %+v; want the first legal, the second late", ts)
	}
	for _, tn := range ts[2:] {
		if tn.Legal || !strings.Contains(tn.Reason, "earlier in this game") {
			t.Errorf("after the hang, turn %d: legal %v (%q); want refused at once", tn.Turn, tn.Legal, tn.Reason)
		}
	}
}

// Garbage is refused as an unusable answer, and the program's next
// answers still play.
func TestCommandSeatGarbageIsRefused(t *testing.T) {
	s := newSeat(t, helperSpec("garbage"))
	_, recs := match(t, s, 1, 1, 5*time.Second)
	ts := turns(recs[0])
	if len(ts) < 3 {
		t.Fatalf("only %d turns", len(ts))
	}
	for i, tn := range ts {
		garbage := i%2 == 1
		if tn.Legal == garbage || (garbage && !strings.Contains(tn.Reason, "unusable answer")) {
			t.Errorf("turn %d: legal %v, reason %q; want garbage refused every second move, the others legal", i+1, tn.Legal, tn.Reason)
		}
	}
}

// Our own server behind HTTP plays as an external seat, and a bare move
// list is taken as well as serve's {"move": ...}.
func TestHTTPSeat(t *testing.T) {
	srv := &server.Server{Bot: equityBot(t), Dict: dict()}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	s := newSeat(t, ts.URL+"/move")
	sum, _ := match(t, s, 2, 2, 5*time.Second)
	if me := sum.Seats[0]; me.Illegal != 0 || me.Late != 0 || me.AvgScore == 0 {
		t.Errorf("our server over HTTP: %d illegal, %d late, average score %.1f; want clean play that scores", me.Illegal, me.Late, me.AvgScore)
	}

	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, `[[], ["Pass"]]`)
	}))
	defer bare.Close()
	b, err := newSeat(t, bare.URL).Agent(context.Background(), 0).Move(context.Background(), []byte(`{}`))
	if err != nil || string(b) != `[[], ["Pass"]]` {
		t.Errorf("bare list: %q, %v", b, err)
	}
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no bot here", http.StatusServiceUnavailable)
	}))
	defer failing.Close()
	fs := newSeat(t, failing.URL)
	if _, err := fs.Agent(context.Background(), 0).Move(context.Background(), []byte(`{}`)); !errors.Is(err, ErrAnswer) || !strings.Contains(err.Error(), "503") {
		t.Errorf("HTTP 503: error %v, want ErrAnswer naming the status", err)
	}
	if fs.Report().Failures != 1 {
		t.Errorf("failures %d, want 1", fs.Report().Failures)
	}
}

func TestBadSpecs(t *testing.T) {
	// A port nothing listens on: a match against it would be played out
	// with every move a failed request.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/move"
	ln.Close()
	for _, spec := range []string{"cmd:", "cmd:  ", "cmd:/no/such/program --x", "http://", "chess", closed} {
		if _, err := New(spec, Config{LogDir: t.TempDir()}); !errors.Is(err, ErrSpec) {
			t.Errorf("New(%q): %v, want ErrSpec", spec, err)
		}
	}
	if !IsSpec("cmd:x") || !IsSpec("http://h:1/") || IsSpec("equity") {
		t.Error("IsSpec tells cmd: and http:// specs from policy names")
	}
}

// A program's start-up is not charged to its first move: a process that
// takes 1.5 s to start plays whole games at 1 s a move with no late move,
// since it answers a throw-away gamestate before its first game's clock
// runs.
func TestCommandSeatIsWarmedUpBeforeTheClock(t *testing.T) {
	s := newSeat(t, helperSpec("slowstart"))
	sum, _ := match(t, s, 2, 2, time.Second)
	if me := sum.Seats[0]; me.Illegal != 0 || me.Late != 0 || me.AvgScore == 0 {
		t.Errorf("slow starter: %d illegal, %d late, %.1f points a game; want clean games that score", me.Illegal, me.Late, me.AvgScore)
	}
	if rep := s.Report(); rep.Started != 2 || rep.Crashes != 0 {
		t.Errorf("report %+v; want 2 processes started, none crashed", rep)
	}
}

// A process that never answers its warm-up is stopped after WarmUp, and its
// game is refused, as a crash.
func TestCommandSeatSilentAtWarmUpIsStopped(t *testing.T) {
	s, err := New(helperSpec("mute"), Config{LogDir: t.TempDir(), WarmUp: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	start := time.Now()
	sum, _ := match(t, s, 1, 1, time.Second)
	rep := s.Report()
	if rep.Crashes != 1 || len(rep.CrashNotes) != 1 || !strings.Contains(rep.CrashNotes[0], "warm-up") {
		t.Errorf("report %+v; want one crash naming the warm-up", rep)
	}
	if me := sum.Seats[0]; me.Wins != 0 {
		t.Errorf("the mute seat won %d games", me.Wins)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the match took %v: the mute process held it", took)
	}
}

// An interrupted match does not wait out a warm-up: the seat's readying
// stops with the match's context (play's Ctrl-C once waited the whole 30 s
// of WarmUp), the process is not counted as a crash, and Close stops it.
func TestCommandSeatWarmUpStopsWithTheMatch(t *testing.T) {
	s, err := New(helperSpec("mute"), Config{LogDir: t.TempDir(), WarmUp: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	a := s.Agent(ctx, 0)
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("Agent returned %v after it was asked, its context ending at 300 ms: it waited out the warm-up", took)
	}
	if _, err := a.Move(context.Background(), []byte(`{}`)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a move of the interrupted seat: %v; want the context's end", err)
	}
	if rep := s.Report(); rep.Started != 1 || rep.Crashes != 0 {
		t.Errorf("report %+v; want 1 process started, no crash (it was interrupted, not broken)", rep)
	}
	start = time.Now()
	if err := s.Close(); err != nil {
		t.Error(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Close took %v to stop the warming process", took)
	}
}
