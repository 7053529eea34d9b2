// Command serveprobe measures whether `lexico-bot serve` holds where a
// hostile or careless neighbour pushes (issue 44): live /move answers
// beside the web page's simulations, /healthz and /move under thousands of
// idle connections against a server limited in open files, cross-site
// requests to the web API, bodies sent a byte at a time, and SIGTERM with
// web searches in flight. Every server it starts listens on loopback, and
// every phase is bounded in time:
//
//	go run ./scripts/serveprobe -bot bin/lexico-bot            # about 75 s
//	go run ./scripts/serveprobe -phases cross,slow             # some phases only
//
// A live /move is sent with MoveTime 1000 and ResponseDeadline = now +
// MoveTime; it is late when its response has not been read by then (its
// margin is the deadline minus that instant). Exit status 1 when a target
// is missed (a late or failed /move, a cross-site request served, a slow
// body held past its timeout, a shutdown slower than -term-max), 2 when the
// probe could not run.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/lexico/lexico/scripts/internal/host"
)

type options struct {
	bot, index, state string
	phases            string
	dur               time.Duration
	studies           int
	studyMS           int
	games             int
	conns             int
	dialRate          int
	nofile            int
	moveTime          time.Duration
	termMax           time.Duration
	serveArgs         []string
}

func main() { os.Exit(run()) }

func run() int {
	var o options
	var args string
	flag.StringVar(&o.bot, "bot", "bin/lexico-bot", "lexico-bot `BINARY` to probe")
	flag.StringVar(&o.index, "index", "", "index `FILE` given to serve (empty: serve's default)")
	flag.StringVar(&o.state, "state", "data/gamestates/middle-blanks.json", "gamestate `FILE` asked (bag not empty, so /move and the studies simulate)")
	flag.StringVar(&o.phases, "phases", "alone,web,idle,cross,slow,term", "`PHASES` to run, comma-separated")
	flag.DurationVar(&o.dur, "dur", 20*time.Second, "how long the web and idle phases ask live moves")
	flag.IntVar(&o.studies, "studies", 16, "concurrent web simulations `N` (POST /web/api/study, sim)")
	flag.IntVar(&o.studyMS, "study-ms", 8000, "each study's thinking time `MS`")
	flag.IntVar(&o.games, "games", 2, "concurrent web games `N` whose bot moves first (sim, 8 s a move)")
	flag.IntVar(&o.conns, "conns", 6000, "idle connections `N` held open in the idle phase")
	flag.IntVar(&o.dialRate, "dial-rate", 500, "most dials a second `N` of the idle connections once the first ones are open (each re-dials when the server closes it)")
	flag.IntVar(&o.nofile, "nofile", 4096, "open-file limit `N` of the server in the idle phase")
	flag.DurationVar(&o.moveTime, "move-time", time.Second, "live /move's MoveTime")
	flag.DurationVar(&o.termMax, "term-max", time.Second, "longest a SIGTERM may take to stop serve with web searches in flight")
	flag.StringVar(&args, "serve-args", "", "extra `FLAGS` for serve (space-separated)")
	flag.Parse()
	o.serveArgs = strings.Fields(args)
	if err := o.check(); err != nil {
		fmt.Fprintln(os.Stderr, "serveprobe:", err)
		return 2
	}
	state, err := os.ReadFile(o.state)
	if err != nil {
		fmt.Fprintln(os.Stderr, "serveprobe:", err)
		return 2
	}
	fmt.Printf("serveprobe: %s, load %s, phases %s\n", time.Now().UTC().Format(time.RFC3339), host.LoadAverage(), o.phases)
	start := time.Now()
	failed := false
	for _, ph := range strings.Split(o.phases, ",") {
		var ok bool
		var err error
		switch ph {
		case "alone":
			ok, err = phaseAlone(o, state)
		case "web":
			ok, err = phaseWeb(o, state)
		case "idle":
			ok, err = phaseIdle(o, state)
		case "cross":
			ok, err = phaseCross(o, state)
		case "slow":
			ok, err = phaseSlow(o)
		case "term":
			ok, err = phaseTerm(o, state)
		default:
			err = fmt.Errorf("unknown phase %q", ph)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "serveprobe: %s: %v\n", ph, err)
			return 2
		}
		failed = failed || !ok
	}
	fmt.Printf("serveprobe: done in %v, load %s\n", time.Since(start).Round(time.Second), host.LoadAverage())
	if failed {
		fmt.Println("serveprobe: a target was missed")
		return 1
	}
	return 0
}

// phases are the probe's phases, in the order of the default -phases.
var phases = []string{"alone", "web", "idle", "cross", "slow", "term"}

// check refuses, before any phase runs, what would stop the probe part-way
// or make it measure nothing: an unknown phase or a limit too low for the
// idle phase (each found only when its phase came, a minute in), a count
// or a time of zero or less (a MoveTime of 0 made every /move late).
func (o options) check() error {
	for _, ph := range strings.Split(o.phases, ",") {
		if !slices.Contains(phases, ph) {
			return fmt.Errorf("-phases: unknown phase %q (known: %s)", ph, strings.Join(phases, ", "))
		}
	}
	switch {
	case o.dur <= 0 || o.moveTime <= 0 || o.termMax <= 0:
		return fmt.Errorf("-dur %v, -move-time %v, -term-max %v: want positive times", o.dur, o.moveTime, o.termMax)
	case o.studies < 0 || o.games < 0:
		return fmt.Errorf("-studies %d, -games %d: want 0 or more", o.studies, o.games)
	case o.studyMS < 1 || o.conns < 1 || o.dialRate < 1 || o.nofile < 1:
		return fmt.Errorf("-study-ms %d, -conns %d, -dial-rate %d, -nofile %d: want 1 or more", o.studyMS, o.conns, o.dialRate, o.nofile)
	}
	if slices.Contains(strings.Split(o.phases, ","), "idle") {
		return o.checkFiles()
	}
	return nil
}

// checkFiles is the idle phase's need: this process holds -conns
// connections open at once, beside its own files.
func (o options) checkFiles() error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < uint64(o.conns+256) {
		return fmt.Errorf("this process may open %d files, fewer than -conns %d needs (ulimit -n)", lim.Cur, o.conns)
	}
	return nil
}

// server is a running `lexico-bot serve`.
type server struct {
	cmd  *exec.Cmd
	addr string
	errs atomic.Int32 // log lines at level ERROR
	done chan struct{}
	dir  string // its games file's
}

// startServer starts serve on a loopback port, limited to nofile open files
// when nofile > 0 (prlimit: Go raises its soft limit to the hard one, so
// both are set).
func startServer(o options, nofile int, extra ...string) (*server, error) {
	dir, err := os.MkdirTemp("", "serveprobe")
	if err != nil {
		return nil, err
	}
	// The web games in a file of the server's own, not the user's cache.
	args := []string{"serve", "--addr", "127.0.0.1:0", "--web-games", filepath.Join(dir, "games.db")}
	if o.index != "" {
		args = append(args, "--index", o.index)
	}
	args = append(append(args, o.serveArgs...), extra...)
	name := o.bot
	if nofile > 0 {
		args = append([]string{fmt.Sprintf("--nofile=%d:%d", nofile, nofile), "--", o.bot}, args...)
		name = "prlimit"
	}
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, done: make(chan struct{}), dir: dir}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.Contains(line, "level=ERROR") {
				s.errs.Add(1)
			}
			if i := strings.Index(line, "addr="); i >= 0 && strings.Contains(line, "listening") {
				f := strings.Fields(line[i+len("addr="):])
				select {
				case addr <- f[0]:
				default:
				}
			}
		}
		cmd.Wait()
		close(s.done)
	}()
	select {
	case s.addr = <-addr:
		return s, nil
	case <-s.done:
		return nil, fmt.Errorf("serve exited before listening")
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		return nil, fmt.Errorf("serve did not listen within 30 s")
	}
}

func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
	os.RemoveAll(s.dir)
}

// moves asks live /move answers one after another until stop, each on a
// fresh connection (as a platform's bridge does).
type moveStats struct {
	mu        sync.Mutex
	n, late   int
	errs      []string
	minMargin time.Duration
	policies  map[string]int
	notes     map[string]int // why the static move answered, by kind
}

// noteKind is a /move note without its figures.
func noteKind(note string) string {
	for _, k := range []string{"no thinking slot", "less than", "no time left", "busy", "passed", "shutting down"} {
		if strings.Contains(note, k) {
			return k
		}
	}
	return note
}

func (m *moveStats) String() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	pol := []string{}
	for k, v := range m.policies {
		pol = append(pol, fmt.Sprintf("%s %d", k, v))
	}
	slices.Sort(pol)
	notes := []string{}
	for k, v := range m.notes {
		notes = append(notes, fmt.Sprintf("%q %d", k, v))
	}
	slices.Sort(notes)
	s := fmt.Sprintf("/move: %d answers, %d late, %d errors, smallest margin %v (policies: %s; notes: %s)",
		m.n, m.late, len(m.errs), m.minMargin.Round(time.Millisecond), strings.Join(pol, ", "), strings.Join(notes, ", "))
	if len(m.errs) > 0 {
		s += "; first error: " + m.errs[0]
	}
	return s
}

func (m *moveStats) ok() bool { return m.late == 0 && len(m.errs) == 0 && m.n > 0 }

func liveMoves(ctx context.Context, addr string, state []byte, mt time.Duration) *moveStats {
	st := &moveStats{minMargin: time.Hour, policies: map[string]int{}, notes: map[string]int{}}
	var raw map[string]json.RawMessage
	json.Unmarshal(state, &raw)
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: mt + 5*time.Second}
	for ctx.Err() == nil {
		now := time.Now()
		ms := now.Add(mt).UnixMilli()
		deadline := now.Add(time.UnixMilli(ms).Sub(now))
		raw["MoveTime"] = json.RawMessage(strconv.FormatInt(mt.Milliseconds(), 10))
		raw["ResponseDeadline"] = json.RawMessage(strconv.FormatInt(ms, 10))
		body, _ := json.Marshal(raw)
		resp, err := client.Post("http://"+addr+"/move", "application/json", bytes.NewReader(body))
		var out struct {
			Policy string `json:"policy"`
			Note   string `json:"note"`
		}
		if err == nil {
			data, rerr := io.ReadAll(resp.Body)
			resp.Body.Close()
			switch {
			case rerr != nil:
				err = rerr
			case resp.StatusCode != http.StatusOK:
				err = fmt.Errorf("%s: %s", resp.Status, bytes.TrimSpace(data))
			default:
				json.Unmarshal(data, &out)
			}
		}
		margin := time.Until(deadline)
		st.mu.Lock()
		st.n++
		if err != nil {
			st.errs = append(st.errs, err.Error())
		} else {
			st.policies[out.Policy]++
			if out.Note != "" {
				st.notes[noteKind(out.Note)]++
			}
			st.minMargin = min(st.minMargin, margin)
			if margin < 0 {
				st.late++
			}
		}
		st.mu.Unlock()
		if err != nil {
			time.Sleep(100 * time.Millisecond)
		}
	}
	return st
}

// healthz asks GET /healthz every 200 ms until ctx ends and reports the
// slowest answer and the failures.
func healthz(ctx context.Context, addr string) func() (string, int) {
	var mu sync.Mutex
	var n, fails int
	var worst time.Duration
	done := make(chan struct{})
	go func() {
		defer close(done)
		client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
		for ctx.Err() == nil {
			t := time.Now()
			resp, err := client.Get("http://" + addr + "/healthz")
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					err = errors.New(resp.Status)
				}
			}
			mu.Lock()
			n++
			if err != nil {
				fails++
			}
			worst = max(worst, time.Since(t))
			mu.Unlock()
			select {
			case <-ctx.Done():
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()
	return func() (string, int) {
		<-done
		return fmt.Sprintf("/healthz: %d asked, %d failed, slowest %v", n, fails, worst.Round(time.Millisecond)), fails
	}
}

// postJSON posts a same-origin JSON request to the web API, as the page does.
func postJSON(ctx context.Context, client *http.Client, addr, path string, body any) (int, []byte, error) {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(ctx, "POST", "http://"+addr+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://"+addr)
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	return resp.StatusCode, out, err
}

// phaseAlone: live /move answers with nothing else asked, the control for
// the phases that add a load.
func phaseAlone(o options, state []byte) (bool, error) {
	srv, err := startServer(o, 0)
	if err != nil {
		return false, err
	}
	defer srv.stop()
	ctx, cancel := context.WithTimeout(context.Background(), o.dur/2)
	defer cancel()
	hz := healthz(ctx, srv.addr)
	mv := liveMoves(ctx, srv.addr, state, o.moveTime)
	health, _ := hz()
	fmt.Printf("alone: live /move with nothing else asked, for %v\n  %s\n  %s\n", o.dur/2, mv, health)
	return mv.ok(), nil
}

// phaseWeb: live /move answers beside o.studies concurrent web simulations
// and o.games web games whose bot moves first.
func phaseWeb(o options, state []byte) (bool, error) {
	srv, err := startServer(o, 0)
	if err != nil {
		return false, err
	}
	defer srv.stop()
	ctx, cancel := context.WithTimeout(context.Background(), o.dur)
	defer cancel()
	var wg sync.WaitGroup
	var studies, studyErrs, studyNotes, gamesMade, gameErrs atomic.Int32
	var firstErr atomic.Value
	client := &http.Client{Timeout: time.Duration(o.studyMS)*time.Millisecond + 30*time.Second}
	for range o.studies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				code, body, err := postJSON(context.Background(), client, srv.addr, "/web/api/study",
					map[string]any{"gamestate": string(state), "sim": true, "ms": o.studyMS, "top": 5})
				if ctx.Err() != nil && err == nil && code == http.StatusOK {
					studies.Add(1)
					return
				}
				switch {
				case err != nil || code != http.StatusOK:
					studyErrs.Add(1)
					firstErr.CompareAndSwap(nil, fmt.Sprintf("study: %d %v %s", code, err, bytes.TrimSpace(body)))
					time.Sleep(200 * time.Millisecond)
				default:
					studies.Add(1)
					if bytes.Contains(body, []byte(`"note"`)) {
						studyNotes.Add(1)
					}
				}
			}
		}()
	}
	for range o.games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				code, body, err := postJSON(context.Background(), client, srv.addr, "/web/api/games",
					map[string]any{"policy": "sim", "bot_first": true, "bot_ms": 8000})
				if err != nil || code != http.StatusCreated {
					gameErrs.Add(1)
					firstErr.CompareAndSwap(nil, fmt.Sprintf("game: %d %v %s", code, err, bytes.TrimSpace(body)))
					time.Sleep(200 * time.Millisecond)
					continue
				}
				gamesMade.Add(1)
			}
		}()
	}
	time.Sleep(500 * time.Millisecond) // the searches under way
	hz := healthz(ctx, srv.addr)
	mv := liveMoves(ctx, srv.addr, state, o.moveTime)
	health, _ := hz()
	wg.Wait()
	fmt.Printf("web: %d studies (sim, %d ms) and %d web games (sim, 8 s) at once for %v\n", o.studies, o.studyMS, o.games, o.dur)
	fmt.Printf("  %s\n  %s\n", mv, health)
	fmt.Printf("  studies answered %d (%d with a note), failed %d; web games made %d, failed %d; server errors logged %d\n",
		studies.Load(), studyNotes.Load(), studyErrs.Load(), gamesMade.Load(), gameErrs.Load(), srv.errs.Load())
	if e := firstErr.Load(); e != nil {
		fmt.Printf("  first web failure: %.200s\n", e)
	}
	return mv.ok() && srv.errs.Load() == 0, nil
}

// phaseIdle: o.conns connections, each asking /healthz once and then held
// idle (re-dialled when the server closes it), against a server limited to
// o.nofile files; meanwhile live /move and /healthz on fresh connections.
func phaseIdle(o options, state []byte) (bool, error) {
	if err := o.checkFiles(); err != nil {
		return false, err
	}
	srv, err := startServer(o, o.nofile)
	if err != nil {
		return false, err
	}
	defer srv.stop()
	ctx, cancel := context.WithTimeout(context.Background(), o.dur+5*time.Second)
	defer cancel()
	var open, dials, refused, served atomic.Int64
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64) // dials at once
	// Re-dials are paced at o.dialRate a second: the phase is about idle
	// connections, not a flood of new ones (which costs the machine's CPU,
	// whatever the server does).
	var first atomic.Int64
	tokens := make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Second / time.Duration(max(o.dialRate, 1)))
		defer tick.Stop()
		for ctx.Err() == nil {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
			}
			<-tick.C
		}
	}()
	req := []byte("GET /healthz HTTP/1.1\r\nHost: " + srv.addr + "\r\n\r\n")
	for range o.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if first.Add(1) > int64(o.conns) {
					select {
					case <-tokens:
					case <-ctx.Done():
						return
					}
				}
				sem <- struct{}{}
				c, err := net.DialTimeout("tcp", srv.addr, 2*time.Second)
				<-sem
				dials.Add(1)
				if err != nil {
					refused.Add(1)
					time.Sleep(200 * time.Millisecond)
					continue
				}
				stopc := context.AfterFunc(ctx, func() { c.Close() })
				c.Write(req)
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				r := bufio.NewReader(c)
				status, err := r.ReadString('\n')
				if err != nil || !strings.Contains(status, " 200 ") {
					refused.Add(1)
				} else {
					served.Add(1)
					open.Add(1)
					c.SetReadDeadline(time.Time{})
					io.Copy(io.Discard, r) // held until the server closes it
					open.Add(-1)
				}
				stopc()
				c.Close()
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}
	// Let the connections pile up before measuring.
	ramp := time.Now()
	for time.Since(ramp) < 5*time.Second && open.Load() < int64(o.conns) {
		time.Sleep(100 * time.Millisecond)
	}
	peak := open.Load()
	mctx, mcancel := context.WithTimeout(ctx, o.dur)
	defer mcancel()
	hz := healthz(mctx, srv.addr)
	mv := liveMoves(mctx, srv.addr, state, o.moveTime)
	health, hfails := hz()
	cancel()
	wg.Wait()
	fmt.Printf("idle: %d connections held idle (re-dialled when closed, at most %d a second) against serve limited to %d files, for %v\n", o.conns, o.dialRate, o.nofile, o.dur)
	fmt.Printf("  %s\n  %s\n", mv, health)
	fmt.Printf("  idle connections open when measuring began %d; dials %d, served %d, refused or failed %d; server errors logged %d\n",
		peak, dials.Load(), served.Load(), refused.Load(), srv.errs.Load())
	return mv.ok() && hfails == 0, nil
}

// phaseCross: requests another site's page could make the browser send.
// Each is counted served when it answered 2xx. Then the page's own requests,
// which must still be served.
func phaseCross(o options, state []byte) (bool, error) {
	srv, err := startServer(o, 0)
	if err != nil {
		return false, err
	}
	defer srv.stop()
	client := &http.Client{Timeout: 20 * time.Second}
	game := `{"policy":"greedy"}`
	study := `{"gamestate":` + strconv.Quote(string(state)) + `,"ms":100}`
	check := `{"gamestate":` + string(state) + `,"move":[[],["Pass"]]}`
	type probe struct {
		name, method, path, ctype, host, origin, body string
	}
	evil, evilOrigin := "evil.example.com", "https://evil.example.com"
	cross := []probe{
		{"game, Host evil", "POST", "/web/api/games", "application/json", evil, "", game},
		{"game, Origin evil", "POST", "/web/api/games", "application/json", "", evilOrigin, game},
		{"game, Host and Origin evil", "POST", "/web/api/games", "application/json", evil, evilOrigin, game},
		{"game, text/plain", "POST", "/web/api/games", "text/plain", "", "", game},
		{"game, text/plain, Origin evil", "POST", "/web/api/games", "text/plain", "", evilOrigin, game},
		{"game, form", "POST", "/web/api/games", "application/x-www-form-urlencoded", "", evilOrigin, game},
		{"game, Origin null", "POST", "/web/api/games", "application/json", "", "null", game},
		{"game, another port", "POST", "/web/api/games", "application/json", "", "http://127.0.0.1:1", game},
		{"study, Host evil", "POST", "/web/api/study", "application/json", evil, "", study},
		{"study, text/plain, Origin evil", "POST", "/web/api/study", "text/plain", "", evilOrigin, study},
		{"study, form", "POST", "/web/api/study", "application/x-www-form-urlencoded", "", "", study},
		{"solve, Origin evil", "POST", "/web/api/solve", "application/json", "", evilOrigin, `{"board":"","hand":"CAT"}`},
		{"move, text/plain, Origin evil", "POST", "/move", "text/plain", "", evilOrigin, string(state)},
		{"check, Origin evil", "POST", "/check", "application/json", "", evilOrigin, check},
	}
	own := []probe{
		{"game", "POST", "/web/api/games", "application/json", "", "http://" + srv.addr, game},
		{"game, Host localhost", "POST", "/web/api/games", "application/json", "localhost:" + port(srv.addr), "http://localhost:" + port(srv.addr), game},
		{"study, charset", "POST", "/web/api/study", "application/json; charset=utf-8", "", "http://" + srv.addr, study},
		{"move, no Origin (the platform's bridge)", "POST", "/move", "application/json", "", "", string(state)},
	}
	do := func(p probe) (int, string) {
		req, _ := http.NewRequest(p.method, "http://"+srv.addr+p.path, strings.NewReader(p.body))
		req.Header.Set("Content-Type", p.ctype)
		if p.host != "" {
			req.Host = p.host
		}
		if p.origin != "" {
			req.Header.Set("Origin", p.origin)
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(bytes.TrimSpace(data))
	}
	servedCross, servedOwn := 0, 0
	fmt.Printf("cross: %d cross-site requests, %d of the page's own\n", len(cross), len(own))
	for _, p := range cross {
		code, body := do(p)
		if code >= 200 && code < 300 {
			servedCross++
			fmt.Printf("  SERVED  %-32s %d\n", p.name, code)
		} else {
			fmt.Printf("  refused %-32s %d %.100s\n", p.name, code, body)
		}
	}
	for _, p := range own {
		code, body := do(p)
		if code >= 200 && code < 300 {
			servedOwn++
		} else {
			fmt.Printf("  own request refused: %s: %d %.200s\n", p.name, code, body)
		}
	}
	fmt.Printf("  cross-site served %d of %d (target 0); the page's own served %d of %d\n", servedCross, len(cross), servedOwn, len(own))
	return servedCross == 0 && servedOwn == len(own), nil
}

func port(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}

// phaseSlow: a body sent a byte a second to each endpoint that takes one;
// the server should cut it at its body timeout (2 s by default).
func phaseSlow(o options) (bool, error) {
	srv, err := startServer(o, 0)
	if err != nil {
		return false, err
	}
	defer srv.stop()
	paths := []string{"/move", "/check", "/web/api/games", "/web/api/study", "/web/api/solve"}
	var wg sync.WaitGroup
	held := make([]time.Duration, len(paths))
	const cap = 12 * time.Second
	for i, path := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", srv.addr)
			if err != nil {
				held[i] = -1
				return
			}
			defer c.Close()
			t := time.Now()
			fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n", path, srv.addr)
			closed := make(chan struct{})
			go func() {
				c.SetReadDeadline(t.Add(cap))
				io.Copy(io.Discard, c)
				close(closed)
			}()
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for time.Since(t) < cap {
				select {
				case <-closed:
					held[i] = time.Since(t)
					return
				case <-tick.C:
					c.Write([]byte(" "))
				}
			}
			held[i] = cap
		}()
	}
	wg.Wait()
	ok := true
	fmt.Printf("slow: a body a byte a second\n")
	for i, p := range paths {
		fmt.Printf("  %-16s held %v\n", p, held[i].Round(100*time.Millisecond))
		if held[i] < 0 || held[i] > 4*time.Second {
			ok = false
		}
	}
	return ok, nil
}

// phaseTerm: SIGTERM with web studies (sim, o.studyMS), a web game's bot
// and a /move thinking: how long until serve exits, and whether each
// request got its answer.
func phaseTerm(o options, state []byte) (bool, error) {
	srv, err := startServer(o, 0)
	if err != nil {
		return false, err
	}
	defer srv.stop()
	client := &http.Client{Timeout: 30 * time.Second}
	var wg sync.WaitGroup
	var answered, failed atomic.Int32
	post := func(path string, body any) {
		defer wg.Done()
		code, _, err := postJSON(context.Background(), client, srv.addr, path, body)
		if err == nil && code/100 == 2 {
			answered.Add(1)
		} else {
			failed.Add(1)
		}
	}
	for range 2 {
		wg.Add(1)
		go post("/web/api/study", map[string]any{"gamestate": string(state), "sim": true, "ms": o.studyMS})
	}
	wg.Add(1)
	go post("/web/api/games", map[string]any{"policy": "sim", "bot_first": true, "bot_ms": 8000})
	var raw map[string]json.RawMessage
	json.Unmarshal(state, &raw)
	raw["MoveTime"] = json.RawMessage("8000")
	mv, _ := json.Marshal(raw)
	wg.Add(1)
	go func() {
		defer wg.Done()
		resp, err := client.Post("http://"+srv.addr+"/move", "application/json", bytes.NewReader(mv))
		if err == nil && resp.StatusCode == 200 {
			answered.Add(1)
			resp.Body.Close()
		} else {
			failed.Add(1)
		}
	}()
	time.Sleep(time.Second)
	t := time.Now()
	srv.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-srv.done:
	case <-time.After(15 * time.Second):
	}
	took := time.Since(t)
	wg.Wait()
	fmt.Printf("term: SIGTERM with 2 studies, a web game's bot and a /move thinking (8 s each): serve exited in %v; %d answered, %d failed\n",
		took.Round(time.Millisecond), answered.Load(), failed.Load())
	return took <= o.termMax && failed.Load() == 0, nil
}
