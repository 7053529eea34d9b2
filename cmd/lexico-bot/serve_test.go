package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
	"github.com/lexico/lexico/bot/platform/server"
)

// syncBuffer is stderr shared between the server goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// startServe runs serve with args on a free port of the loopback and
// returns its address, its stderr and the channel its exit code comes on.
func startServe(t *testing.T, args ...string) (addr string, stderr *syncBuffer, exited chan int) {
	t.Helper()
	stderr = &syncBuffer{}
	exited = make(chan int, 1)
	games := filepath.Join(t.TempDir(), "games.db") // not the user's cache
	go func() {
		exited <- run(append([]string{"lexico-bot", "serve", "--index", botIndex(t), "--strategy", testStrategy,
			"--addr", "127.0.0.1:0", "--web-games", games}, args...), strings.NewReader(""), io.Discard, stderr)
	}()
	addrRE := regexp.MustCompile(`msg=listening addr=(\S+)`)
	for deadline := time.Now().Add(30 * time.Second); addr == ""; {
		if m := addrRE.FindStringSubmatch(stderr.String()); m != nil {
			addr = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("serve never said it listens:\n%s", stderr.String())
		}
		select {
		case code := <-exited:
			t.Fatalf("serve exited %d:\n%s", code, stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	return addr, stderr, exited
}

// oneCore runs the rest of the test, the server in this process included,
// on one core (GOMAXPROCS 1): a simulation then plays its worlds on one
// thread. For the tests of what serve answers, not how fast: a simulation
// that held a slot for seconds kept both cores busy all that time, a tenth
// of make test's CPU.
func oneCore(t *testing.T) {
	prev := runtime.GOMAXPROCS(1)
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
}

// liveDoc is the doc's example with its ResponseDeadline moved to in, and
// its MoveTime set to moveTime.
func liveDoc(t *testing.T, in, moveTime time.Duration) []byte {
	t.Helper()
	doc := gamestatetest.DocExampleBytes(t)
	live := regexp.MustCompile(`'ResponseDeadline': \d+`).ReplaceAll(doc,
		[]byte(fmt.Sprintf("'ResponseDeadline': %d", time.Now().Add(in).UnixMilli())))
	return regexp.MustCompile(`'MoveTime': \d+`).ReplaceAll(live, []byte(fmt.Sprintf("'MoveTime': %d", moveTime.Milliseconds())))
}

func postMove(t *testing.T, addr string, body []byte) server.MoveResponse {
	t.Helper()
	resp, err := http.Post("http://"+addr+"/move", "text/plain", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var mr server.MoveResponse
	if err := json.NewDecoder(resp.Body).Decode(&mr); err != nil || resp.StatusCode != 200 {
		t.Fatalf("/move: %d, %v", resp.StatusCode, err)
	}
	return mr
}

// The whole command: open the index, listen, answer, log, stop on SIGTERM.
// The equity policy: its search is what is checked here (the sim policy,
// the default, has its own test below).
func TestServeAnswersAndStopsOnSignal(t *testing.T) {
	addr, stderr, exited := startServe(t, "--policy", "equity")
	doc := gamestatetest.DocExampleBytes(t)
	// The doc's deadline is long past: serve answers at once, with the
	// static search cut at the clock's LateThink, and still with a move the
	// platform accepts.
	mr := postMove(t, addr, doc)
	if !mr.Late || mr.Policy != "equity" || mr.BudgetMS > 10 {
		t.Fatalf("/move on a stale deadline: %+v; want late, answered at once by the static search", mr)
	}
	legalOnDoc(t, mr.Move)

	// The same position with a live deadline gets a full search.
	mr = postMove(t, addr, liveDoc(t, time.Minute, 5*time.Second))
	if mr.Late || !mr.Complete || mr.Plays == 0 || mr.Kind != "play" || mr.Worlds != 0 {
		t.Fatalf("/move with a live deadline: %+v; want a complete search, a play and no simulation", mr)
	}
	legalOnDoc(t, mr.Move)

	stopServe(t, exited, stderr)
	logs := stderr.String()
	if !strings.Contains(logs, "path=/move") || !strings.Contains(logs, "status=200") || !strings.Contains(logs, "msg=stopped") {
		t.Fatalf("log lacks the request line or the stop:\n%s", logs)
	}
}

// The default bot simulates for its whole budget, and its answer still
// arrives before the gamestate's ResponseDeadline, the one thing the
// platform punishes.
func TestServeSimAnswersBeforeTheDeadline(t *testing.T) {
	addr, stderr, exited := startServe(t) // sim is the default
	body := liveDoc(t, 2*time.Second, time.Second)
	mr := postMove(t, addr, body)
	answered := time.Now()
	deadline := regexp.MustCompile(`'ResponseDeadline': (\d+)`).FindSubmatch(body)
	var ms int64
	fmt.Sscan(string(deadline[1]), &ms)
	if answered.After(time.UnixMilli(ms)) {
		t.Errorf("answered %v after the ResponseDeadline", answered.Sub(time.UnixMilli(ms)))
	}
	if mr.Late || mr.Worlds == 0 || mr.Plays == 0 {
		t.Errorf("/move with sim: %+v; want worlds simulated", mr)
	}
	legalOnDoc(t, mr.Move)
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := <-exited; code != 0 || !strings.Contains(stderr.String(), "worlds=") {
		t.Fatalf("serve exited %d; the log should give the worlds:\n%s", code, stderr.String())
	}
}

func TestServeBadFlags(t *testing.T) {
	for _, c := range []struct {
		args    []string
		mention string
	}{
		{[]string{"serve", "--index", "/nonexistent/lexico.db"}, "/nonexistent/lexico.db"},
		{[]string{"serve", "--index", botIndex(t), "--strategy", testStrategy, "--addr", "not-an-address"}, "--addr"},
		{[]string{"serve", "--index", botIndex(t), "--max-body", "0"}, "--max-body 0"},
		{[]string{"serve", "extra"}, "no arguments"},
		// The bad --addr keeps the test from serving when --grace is let
		// through: the message must then name --grace, not --addr.
		{[]string{"serve", "--index", botIndex(t), "--grace", "-1s", "--addr", "not-an-address"}, "--grace -1s"},
	} {
		code, _, errs := runBot(t, "", c.args...)
		if code == 0 || !strings.Contains(errs, c.mention) {
			t.Errorf("%v: exit %d, stderr %q; want a failure naming %q", c.args, code, errs, c.mention)
		}
	}
}

// A burst of live requests, more than the thinking slots: one simulates,
// the others answer at once with the static move and say why. (That every
// answer arrives in time, under load too, is scripts/deadlinebench's to
// show: a timed assertion here would fail on a busy machine for the
// machine's reasons.)
func TestServeAdmitsAsManySearchesAsSlots(t *testing.T) {
	oneCore(t)
	addr, stderr, exited := startServe(t, "--think-slots", "1")
	const n = 6
	// The sim holds its slot for most of MoveTime, and every request must
	// reach the server meanwhile: one second was once less than a loaded
	// machine (load 20) took to hand them over (they were then late, and
	// answered at once by rule), three seconds once less than a request
	// waited in a busy test binary (it then found the slot free again).
	body := liveDoc(t, 6*time.Second, 6*time.Second)
	answers := make(chan server.MoveResponse, n)
	for range n {
		go func() { answers <- postMove(t, addr, body) }()
	}
	// Once all but one have answered, the last is the simulation holding
	// the slot: SIGTERM makes it answer its best at once (as on shutdown)
	// rather than spend the rest of its six seconds.
	var got []server.MoveResponse
	for len(got) < n {
		got = append(got, <-answers)
		if len(got) == n-1 {
			if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
		}
	}
	byPolicy := map[string]int{}
	var seen []string
	for _, mr := range got {
		legalOnDoc(t, mr.Move)
		byPolicy[mr.Policy]++
		seen = append(seen, fmt.Sprintf("%s: budget %.0f ms, %d worlds, %q", mr.Policy, mr.BudgetMS, mr.Worlds, mr.Note))
		if mr.Policy == "equity" && !strings.Contains(mr.Note, "no thinking slot") {
			t.Errorf("a static answer without the reason: %+v", mr)
		}
	}
	// One slot: one simulates at a time. A request still waiting when the
	// first simulation's stop comes before its own (the first paid for
	// reading the leave table before its budget, so its stop is earlier)
	// may take the freed slot with MinThink left: two, one after the
	// other, is the rule kept; more would be searches sharing the slot.
	if sims := byPolicy["sim"]; sims < 1 || sims > 2 || byPolicy["equity"] != n-sims {
		t.Errorf("answers by policy %v; want 1 sim (one slot; 2 one after the other at most) and the rest equity:\n%s", byPolicy, strings.Join(seen, "\n"))
	}
	if code := <-exited; code != 0 {
		t.Fatalf("serve exited %d:\n%s", code, stderr.String())
	}
}

// SIGTERM with simulations in flight that have 20 s left: each answers its
// best move at once, and the server exits.
func TestServeAnswersSearchesInFlightOnSIGTERM(t *testing.T) {
	oneCore(t)
	addr, stderr, exited := startServe(t, "--think-slots", "3", "--grace", "30s")
	const n = 3
	body := liveDoc(t, 20*time.Second, 20*time.Second)
	answers := make(chan server.MoveResponse, n)
	for range n {
		go func() { answers <- postMove(t, addr, body) }()
	}
	// Give the requests time to be read and to start simulating, even on a
	// busy machine: they have 20 s.
	time.Sleep(2 * time.Second)
	signalled := time.Now()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for range n {
		select {
		case mr := <-answers:
			legalOnDoc(t, mr.Move)
			if mr.Policy != "sim" || mr.Worlds == 0 {
				t.Errorf("answer %+v; want the simulation's best so far", mr)
			}
		case <-time.After(15 * time.Second):
			t.Fatalf("no answer %v after SIGTERM: the searches were not told to stop:\n%s", time.Since(signalled), stderr.String())
		}
	}
	if code := <-exited; code != 0 {
		t.Fatalf("serve exited %d:\n%s", code, stderr.String())
	}
}

func stopServe(t *testing.T, exited chan int, stderr *syncBuffer) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != 0 {
			t.Fatalf("serve exited %d after SIGTERM:\n%s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not stop on SIGTERM")
	}
}

// An index file truncated in place under a running serve (cp or a shell
// redirect over it) would fault its next read of the map, SIGBUS: serve
// keeps answering, the same move, from its own copy of what a search
// reads (index.Index.Detach).
func TestServeSurvivesItsIndexTruncated(t *testing.T) {
	b, err := os.ReadFile(botIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "index.db")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	addr, stderr, exited := startServe(t, "--policy", "equity", "--index", path)
	doc := liveDoc(t, time.Minute, 5*time.Second)
	before := postMove(t, addr, doc)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	after := postMove(t, addr, doc)
	if !after.Complete || !reflect.DeepEqual(after.Move, before.Move) {
		t.Fatalf("after the truncation: %+v; before: %+v", after, before)
	}
	stopServe(t, exited, stderr)
}

// serve --token-file refuses a file that holds no usable secret, in one
// line and exit 2, before opening anything; a good one is its first line.
func TestServeTokenFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for name, file := range map[string]string{
		"missing":     filepath.Join(dir, "none"),
		"empty":       write("empty", ""),
		"blank line":  write("blank", "  \nsecond-line-ignored\n"),
		"inner space": write("space", "two words\n"),
		"not ASCII":   write("utf8", "sécret\n"),
		"too long":    write("long", strings.Repeat("x", 5000)),
		"a directory": dir,
	} {
		code, _, errs := runBot(t, "", "serve", "--addr", "127.0.0.1:0", "--token-file", file)
		if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "--token-file") {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line naming --token-file", name, code, errs)
		}
	}
	got, err := readToken(write("good", "  s3cret-token \r\nnot this\n"))
	if err != nil || got != "s3cret-token" {
		t.Errorf("a good file: %q, %v; want its first line, trimmed", got, err)
	}
}

// serve on a web games file cut short (a full disk): it used to die at
// start with a SIGBUS and a goroutine dump. It starts, one warning line
// says the file was damaged and set aside, and it stops cleanly.
func TestServeStartsOnATruncatedGamesFile(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.db")
	db, err := bolt.Open(games, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte("games"))
		if err == nil {
			err = b.Put([]byte("g"), bytes.Repeat([]byte("x"), 3*db.Info().PageSize))
		}
		return err
	})
	pageSize := db.Info().PageSize
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Truncate(games, int64(2*pageSize)) // its meta pages, sound, and nothing else
	}
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, exited := startServe(t, "--web-games", games)
	stopServe(t, exited, stderr)
	logs := stderr.String()
	if n := strings.Count(logs, "level=WARN"); n != 1 || !regexp.MustCompile(`level=WARN msg="the web games file is damaged[^\n]*set_aside_as=`+regexp.QuoteMeta(games)+`\.damaged-`).MatchString(logs) {
		t.Fatalf("the log:\n%s\nwant one warning saying the games file was damaged and set aside", logs)
	}
	if _, err := os.Stat(games); err != nil {
		t.Fatalf("no fresh games file: %v", err)
	}
}

// serve answers games of every bag and a learned table values only its
// own: the log says which bag a --leaves table is for, so that a table for
// another bag than the games' is not thought in use.
func TestServeSaysWhichBagItsLeavesAreFor(t *testing.T) {
	classic := filepath.Join("..", "..", "data", "leaves", "classic.leaves")
	_, stderr, exited := startServe(t, "--policy", "equity", "--leaves", classic)
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := <-exited; code != 0 || !strings.Contains(stderr.String(), `learned_for=classic other_bags="the hand-tuned model"`) {
		t.Fatalf("serve exited %d; its log should say the table is for the classic bag:\n%s", code, stderr.String())
	}
}
