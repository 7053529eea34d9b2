package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// tAfterOdious is T placed after ODIOUS on the doc's board ([14,5]).
var tAfterOdious = move.Move{Kind: move.Play, Score: 9, Tiles: []move.Placement{{Row: 9, Col: 14, Letter: 'T'}}}

// fixedGen offers the same plays for any position, and can be held (gate)
// to stand for a search still running.
type fixedGen struct {
	moves []move.Move
	gate  chan struct{}
	calls atomic.Int32
}

func (g *fixedGen) called() bool { return g.calls.Load() > 0 }

func (g *fixedGen) Search(a movegen.Args) bool {
	return movegen.SearchByGenerating(a, func(rec movegen.PlayRecorder, _ func() bool) bool {
		g.calls.Add(1)
		for i := range g.moves {
			rec(&g.moves[i])
		}
		if g.gate != nil {
			<-g.gate
		}
		return true
	})
}

type logBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) { l.mu.Lock(); defer l.mu.Unlock(); return l.b.Write(p) }
func (l *logBuf) lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Split(strings.TrimSpace(l.b.String()), "\n")
}

func newServer(t *testing.T, gen player.Generator) (*Server, *logBuf) {
	t.Helper()
	// The hand-tuned model, pinned: with one play on offer, whether it
	// beats an exchange is a matter of leave values, not of what is tested
	// here (the shipped classic table prefers exchanging FLP on the doc's
	// rack).
	tb, err := equity.HandTable()
	if err != nil {
		t.Fatal(err)
	}
	pl, err := player.New("equity", gen, tb)
	if err != nil {
		t.Fatal(err)
	}
	logs := &logBuf{}
	clock := player.DefaultClock()
	clock.Mode = player.Live
	// The doc's deadline is in 2018: pin the server's clock just before it.
	deadline := time.UnixMilli(1544012659463)
	return &Server{
		Bot:     &answer.Bot{Policy: pl, Clock: clock, Now: func() time.Time { return deadline.Add(-2 * time.Second) }},
		MaxBody: 64 << 10,
		Log:     slog.New(slog.NewJSONHandler(logs, nil)),
	}, logs
}

func post(t *testing.T, url, body string) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func TestMoveAnswersConcurrentRequests(t *testing.T) {
	s, logs := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	doc := string(gamestatetest.DocExampleBytes(t))
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Post(ts.URL+"/move", "text/plain", strings.NewReader(doc))
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var mr MoveResponse
			if err := json.NewDecoder(resp.Body).Decode(&mr); err != nil || resp.StatusCode != 200 {
				errs <- fmt.Errorf("status %d, decode %v", resp.StatusCode, err)
				return
			}
			m, err := gamestate.ParseMove(mr.Move, 15)
			if err != nil {
				errs <- fmt.Errorf("answer %s is not a platform move: %v", mr.Move, err)
				return
			}
			if m.Key() != tAfterOdious.Key() || mr.Kind != "play" || !mr.Complete {
				errs <- fmt.Errorf("answer %s (%s, complete %v), want T at [14,5]", mr.Move, mr.Kind, mr.Complete)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// The answer is flushed before the request's log line is written:
	// Close waits for the handlers to return.
	ts.Close()
	if got := len(logs.lines()); got != n {
		t.Errorf("%d log lines for %d requests", got, n)
	}
}

// A deadline already passed is answered at once with the static search's
// best play: the search gets the clock's LateThink and no more, so an
// answer comes even from a search that would never end (the gated
// generator reports its play, then blocks).
func TestMoveAnswersAtOnceWhenDeadlinePassed(t *testing.T) {
	gen := &fixedGen{moves: []move.Move{tAfterOdious}, gate: make(chan struct{})}
	defer close(gen.gate)
	s, _ := newServer(t, gen)
	s.Bot.Now = nil // the doc's deadline is years ago
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	code, body := post(t, ts.URL+"/move", string(gamestatetest.DocExampleBytes(t)))
	var mr MoveResponse
	if err := json.Unmarshal(body, &mr); err != nil || code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	m, err := gamestate.ParseMove(mr.Move, 15)
	if err != nil || m.Key() != tAfterOdious.Key() {
		t.Fatalf("late request answered %s (%v); want the search's play T at [14,5]", mr.Move, err)
	}
	if !mr.Late || mr.Policy != "equity" || mr.BudgetMS != ms(s.Bot.Clock.LateThink) || !strings.Contains(mr.Note, "passed") {
		t.Fatalf("late request answered %+v; want late, the static policy, a budget of %v and a note", mr, s.Bot.Clock.LateThink)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func TestBadRequests(t *testing.T) {
	s, logs := newServer(t, &fixedGen{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	doc := string(gamestatetest.DocExampleBytes(t))
	cases := []struct {
		name, path, body string
		status           int
		mention          string
	}{
		{"empty", "/move", "", 400, "empty body"},
		{"garbage", "/move", "\x00\x01not a gamestate", 400, "bad request: invalid gamestate: "},
		{"hand of 8", "/move", strings.Replace(doc, "'MyHand': ['T',", "'MyHand': ['T', 'A',", 1), 400, "MyHand"},
		{"huge", "/move", strings.Repeat(" ", 65<<10) + doc, 413, "too large"},
		{"check not JSON", "/check", doc, 400, "gamestate"},
		{"check without move", "/check", `{"gamestate": {}}`, 400, "move"},
		{"check with null fields", "/check", `{"gamestate": null, "move": null}`, 400, `want both "gamestate" and "move"`},
		{"check not an object", "/check", `[1, 2]`, 400, `want {"gamestate": ..., "move": ...}: found a JSON array`},
		{"check bad move", "/check", `{"gamestate": ` + jsonString(doc) + `, "move": [["T"], [[1]]]}`, 400, "move"},
		// Gamestates no game can reach, refused alike by every front end.
		{"blank in a classic hand", "/move", strings.Replace(doc, "'MyHand': ['T',", "'MyHand': ['Blank',", 1), 400, "invalid gamestate: MyHand: a blank"},
		{"MoveTime a string", "/move", strings.Replace(doc, "'MoveTime': 5000", "'MoveTime': '5000'", 1), 400, `invalid gamestate: MoveTime: "5000" is a string`},
		{"check IsMover false", "/check", `{"gamestate": ` + jsonString(strings.Replace(doc, "'IsMover': True", "'IsMover': False", 1)) +
			`, "move": [[],["Pass"]]}`, 400, "invalid gamestate: IsMover: false"},
	}
	for _, c := range cases {
		code, body := post(t, ts.URL+c.path, c.body)
		var e struct{ Error string }
		if err := json.Unmarshal(body, &e); err != nil {
			t.Errorf("%s: body %q is not a JSON error", c.name, body)
			continue
		}
		if code != c.status || !strings.Contains(e.Error, c.mention) {
			t.Errorf("%s: %d %q, want %d mentioning %q", c.name, code, e.Error, c.status, c.mention)
		}
		if strings.Count(e.Error, "gamestate:") > 1 {
			t.Errorf("%s: %q says gamestate twice", c.name, e.Error)
		}
	}
	if got := len(logs.lines()); got != len(cases) {
		t.Errorf("%d log lines for %d requests", got, len(cases))
	}
}

// Unknown paths and wrong methods are refused in the same JSON as every
// other refusal, naming the path, and a wrong method is told the right one.
func TestUnknownPathsAndMethods(t *testing.T) {
	s, _ := newServer(t, &fixedGen{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, c := range []struct {
		method, path string
		status       int
		mention      string
		allow        string
	}{
		{"GET", "/move", 405, "GET /move (it takes POST)", "POST"},
		{"PUT", "/check", 405, "PUT /check (it takes POST)", "POST"},
		{"POST", "/healthz", 405, "POST /healthz (it takes GET, HEAD)", "GET, HEAD"},
		{"GET", "/", 404, `no such endpoint: "/"`, ""},
		{"POST", "/moves", 404, `no such endpoint: "/moves" (served: POST /move, POST /check, GET /healthz)`, ""},
	} {
		req, err := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e struct{ Error string }
		if err := json.Unmarshal(body, &e); err != nil || resp.StatusCode != c.status || !strings.Contains(e.Error, c.mention) {
			t.Errorf("%s %s: %d %q, want %d with a JSON error mentioning %q", c.method, c.path, resp.StatusCode, body, c.status, c.mention)
		}
		if got := resp.Header.Get("Allow"); got != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, got, c.allow)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s: X-Content-Type-Options %q; want nosniff, so that no browser runs the JSON as a script", c.method, c.path, got)
		}
		if strings.Contains(e.Error, "web page") {
			t.Errorf("%s %s: %q lists the page, which is not served here", c.method, c.path, e.Error)
		}
	}
}

// Every JSON answer of the bot's endpoints says nosniff (set in one place
// for them and the page: TestPageGetsTheRootAndWebOnly).
func TestJSONRepliesSayNoSniff(t *testing.T) {
	s, _ := newServer(t, &fixedGen{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	doc := string(gamestatetest.DocExampleBytes(t))
	for _, c := range []struct{ path, body string }{
		{"/move", doc},
		{"/check", `{"gamestate": ` + jsonString(doc) + `, "move": [[], ["Pass"]]}`},
		{"/healthz", ""},
	} {
		method := "POST"
		if c.body == "" {
			method = "GET"
		}
		req, _ := http.NewRequest(method, ts.URL+c.path, strings.NewReader(c.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" ||
			resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: %d, %v; want 200, JSON, nosniff", method, c.path, resp.StatusCode, resp.Header)
		}
	}
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

func TestCheckMatchesRules(t *testing.T) {
	s, _ := newServer(t, &fixedGen{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	doc := gamestatetest.DocExampleBytes(t)
	p, err := gamestate.Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{`[["T"], [[14, 5]]]`, `[["Z"], [[14, 5]]]`, `[["T", "N"], [[0, 0], [5, 5]]]`} {
		code, body := post(t, ts.URL+"/check", `{"gamestate": `+jsonString(string(doc))+`, "move": `+mv+`}`)
		if code != 200 {
			t.Fatalf("%s: status %d: %s", mv, code, body)
		}
		var got rules.Result
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		m, err := gamestate.ParseMove([]byte(mv), 15)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(body), `"words":[`) {
			t.Errorf("%s: words is not a list: %s", mv, body)
		}
		want := rules.Check(p, m, nil)
		want.Reason = gamestate.Reason(want, 15) // the platform's [x, y], as the move named the square
		want.Err = nil
		if want.Words == nil {
			want.Words = []rules.Word{}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: /check says %+v, rules.Check %+v", mv, got, want)
		}
	}
}

// A page mounted on the server gets GET / and /web/, nothing else: the
// JSON endpoints and the JSON 404 of unknown paths stay as they were.
func TestPageGetsTheRootAndWebOnly(t *testing.T) {
	s, _ := newServer(t, &fixedGen{})
	s.Page = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page "+r.URL.Path) })
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, c := range []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/", 200, "page /"},
		{"GET", "/web/static/app.js", 200, "page /web/static/app.js"},
		{"POST", "/web/api/games", 200, "page /web/api/games"},
		{"GET", "/healthz", 200, `{"status":"ok"}`},
		{"POST", "/", 200, "page /"}, // the page answers its own 405
		{"GET", "/move", 405, "it takes POST"},
		{"GET", "/index.html", 404, "no such endpoint"},
		// The 404 lists everything served, the page included.
		{"GET", "/index.html", 404, "POST /move, POST /check, GET /healthz, GET / (the web page"},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json") // the page's API takes no other
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(body), c.body) {
			t.Errorf("%s %s: %d %q; want %d with %q", c.method, c.path, resp.StatusCode, body, c.status, c.body)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" { // the page's replies too
			t.Errorf("%s %s: no X-Content-Type-Options: nosniff", c.method, c.path)
		}
	}
}

func TestHealthz(t *testing.T) {
	s, _ := newServer(t, &fixedGen{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	resp, err := http.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("healthz %d", resp.StatusCode)
	}
}

// A shutdown lets the request in flight finish with its answer, then Serve
// returns and the port is closed.
func TestGracefulShutdown(t *testing.T) {
	gen := &fixedGen{moves: []move.Move{tAfterOdious}, gate: make(chan struct{})}
	s, _ := newServer(t, gen)
	s.Bot.Clock.Override = 300 * time.Millisecond // the search is held; the budget ends it
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln, 5*time.Second) }()
	url := "http://" + ln.Addr().String()

	answered := make(chan MoveResponse, 1)
	go func() {
		resp, err := http.Post(url+"/move", "text/plain", bytes.NewReader(gamestatetest.DocExampleBytes(t)))
		if err != nil {
			t.Error(err)
			close(answered)
			return
		}
		defer resp.Body.Close()
		var mr MoveResponse
		json.NewDecoder(resp.Body).Decode(&mr)
		answered <- mr
	}()
	// Wait until the request is being served (the generator has been called).
	for deadline := time.Now().Add(5 * time.Second); ; {
		if gen.called() || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	stop()
	mr, ok := <-answered
	close(gen.gate)
	if !ok || mr.Kind != "play" {
		t.Fatalf("request in flight during shutdown got %+v", mr)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve returned %v", err)
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Fatalf("server still answers after shutdown")
	}
}
