package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/lexico/lexico/bot/platform/gamestate"
)

// errInterrupted marks an answer the harness's own interruption cut short.
const errInterrupted = "interrupted"

// env is what every condition shares.
type env struct {
	bot, index string
	botArgs    []string
	sel        Selection
	seed       uint64
	burners    int
	raw        *rawWriter
}

// condResult is a finished condition.
type condResult struct {
	Cond    Condition
	Answers []Answer
	Wall    time.Duration
	// Busy is the share of all the machine's cores busy during the
	// condition (from /proc/stat: the bot, our burners and anyone else).
	Busy float64
	// BurnCores is the CPU our burners got, in cores; BurnEarly counts
	// burners that had exited before the condition ended.
	BurnCores float64
	BurnEarly int
	// BotCores, SelfCores and OtherCores split the busy CPU, in cores: the
	// bot's processes, the harness itself, and everyone else on the
	// machine (busy less ours: other users' work on a shared machine).
	BotCores, SelfCores, OtherCores float64
	Mem                             *memStats // serve only
	Notes                           []string
	// Interrupted: the harness was stopped before the condition ended.
	Interrupted bool

	botCPU time.Duration
}

// memStats is serve's resident memory during a condition, in kB.
type memStats struct {
	HWM     int64 // VmHWM at the end: the peak resident set of the server's life
	PeakRSS int64 // the largest VmRSS sampled every 100 ms
	EndRSS  int64 // VmRSS at the end
}

func (e *env) runCondition(ctx context.Context, c Condition) condResult {
	res := condResult{Cond: c, Busy: nanValue}
	order := e.sel.Order(e.seed, c.Name(), c.N)
	tmpls := map[*Position]Template{}
	for _, p := range order {
		if _, ok := tmpls[p]; !ok {
			t, err := p.Template(c.MoveTime)
			if err != nil { // checked for every position at start: cannot happen
				panic(err)
			}
			tmpls[p] = t
		}
	}
	start := time.Now()
	cpu0, self0 := readCPUTimes(), selfCPU()
	var b *burners
	if c.Load == loadBurn {
		var err error
		b, err = startBurners(e.burners, burnLife(c))
		if err != nil {
			res.Notes = append(res.Notes, err.Error())
		}
		time.Sleep(300 * time.Millisecond) // let them spin up before the first answer
	}
	switch c.Path {
	case pathRun:
		for i, p := range order {
			if ctx.Err() != nil {
				res.Interrupted = true
				break
			}
			a := e.newAnswer(c, i, p)
			res.botCPU += e.runOnce(ctx, c, tmpls[p], p, &a)
			res.Answers = append(res.Answers, a)
			e.raw.write(&a)
		}
	case pathServe:
		e.serveCondition(ctx, c, order, tmpls, &res)
	}
	if ctx.Err() != nil {
		res.Interrupted = true
		// Answers cut short by the interruption say nothing of the bot.
		res.Answers = slices.DeleteFunc(res.Answers, func(a Answer) bool { return a.Error == errInterrupted })
	}
	var burnCPU time.Duration
	if b != nil {
		burnCPU = b.cpuTime()
		b.stop()
		res.BurnEarly = b.early
		if b.early > 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("%d burner(s) had exited before the condition ended", b.early))
		}
	}
	cpu1, self1 := readCPUTimes(), selfCPU()
	res.Busy = busyFraction(cpu0, cpu1)
	res.Wall = time.Since(start)
	wall := res.Wall.Seconds()
	res.BurnCores = burnCPU.Seconds() / wall
	res.BotCores = res.botCPU.Seconds() / wall
	res.SelfCores = (self1 - self0).Seconds() / wall
	busy := float64(cpu1.busy-cpu0.busy) / clockTicks / wall
	res.OtherCores = max(0, busy-res.BurnCores-res.BotCores-res.SelfCores)
	e.raw.flush()
	return res
}

func (e *env) newAnswer(c Condition, seq int, p *Position) Answer {
	return Answer{Cond: c.Name(), Seq: seq, Line: p.Line, Class: p.Class}
}

// deliver records a complete answer's timing and checks its move.
func deliver(a *Answer, p *Position, deadline, at time.Time, move []byte) {
	a.Delivered = true
	a.LateMS = float64(at.Sub(deadline)) / float64(time.Millisecond)
	a.Late = a.LateMS > 0
	a.Move = string(move)
	if _, err := gamestate.ParseMove(move, p.Size); err != nil && a.Error == "" {
		a.Error = fmt.Sprintf("unparsable move %.80q: %v", move, err)
	}
}

func stamp(a *Answer, now, deadline time.Time) {
	a.Sent = now.UTC().Format(time.RFC3339Nano)
	a.Deadline = deadline.UnixMilli()
}

// runOnce is one answer from a fresh `lexico-bot run` process: the
// deadline is set just before the exec, and the answer is delivered when
// the whole move line has been read from the child's stdout.
func (e *env) runOnce(ctx context.Context, c Condition, t Template, p *Position, a *Answer) (cpu time.Duration) {
	args := append([]string{"run", "--index", e.index}, e.botArgs...)
	cmd := exec.Command(e.bot, append(args, "-")...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		a.Error = err.Error()
		return 0
	}
	stderr := &stderrLog{}
	cmd.Stderr = stderr
	now := time.Now()
	deadline, body := t.Render(now)
	cmd.Stdin = bytes.NewReader(body)
	stamp(a, now, deadline)
	if err := cmd.Start(); err != nil {
		a.Error = "exec: " + err.Error()
		return 0
	}
	var timedOut, interrupted atomic.Bool
	timer := time.AfterFunc(time.Until(now.Add(answerCap(c.MoveTime))), func() {
		timedOut.Store(true)
		cmd.Process.Kill()
	})
	stop := context.AfterFunc(ctx, func() {
		interrupted.Store(true)
		cmd.Process.Kill()
	})
	br := bufio.NewReader(stdout)
	line, rerr := br.ReadBytes('\n')
	at := time.Now()
	io.Copy(io.Discard, br)
	werr := cmd.Wait()
	timer.Stop()
	stop()
	killed := timedOut.Load() || interrupted.Load()
	line = bytes.TrimSpace(line)
	complete := rerr == nil || (errors.Is(rerr, io.EOF) && len(line) > 0 && !killed)
	switch {
	case interrupted.Load():
		a.Error = errInterrupted
	case timedOut.Load() && rerr == nil:
		a.Error = fmt.Sprintf("answered, then still running after %v: killed", answerCap(c.MoveTime))
	case timedOut.Load():
		a.Error = fmt.Sprintf("no answer within %v: killed", answerCap(c.MoveTime))
	case werr != nil:
		a.Error = fmt.Sprintf("%v: %s", werr, stderr.String())
	case !complete || len(line) == 0:
		a.Error = "no move line on stdout: " + stderr.String()
	}
	if complete && len(line) > 0 {
		deliver(a, p, deadline, at, line)
	}
	if ps := cmd.ProcessState; ps != nil {
		cpu = ps.UserTime() + ps.SystemTime()
	}
	return cpu
}

// server is a running `lexico-bot serve`.
type server struct {
	cmd    *exec.Cmd
	addr   string
	stderr *stderrLog
	done   chan struct{} // closed when its stderr ends (it exited)
}

// startServer starts serve on a free port and waits for its
// `listening addr=` line and a healthy /healthz.
func (e *env) startServer(ctx context.Context) (*server, error) {
	// The page's games kept in memory: the benchmark leaves no games file behind.
	args := append([]string{"serve", "--index", e.index, "--addr", "127.0.0.1:0", "--web-games", ""}, e.botArgs...)
	cmd := exec.Command(e.bot, args...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting serve: %w", err)
	}
	s := &server{cmd: cmd, stderr: &stderrLog{}, done: make(chan struct{})}
	addrc := make(chan string, 1)
	go func() {
		defer close(s.done)
		sc := bufio.NewScanner(pipe)
		sc.Buffer(nil, 1<<20)
		found := false
		for sc.Scan() {
			line := sc.Text()
			s.stderr.Write([]byte(line + "\n"))
			if !found && strings.Contains(line, "listening") {
				for _, f := range strings.Fields(line) {
					if v, ok := strings.CutPrefix(f, "addr="); ok {
						found = true
						addrc <- v
					}
				}
			}
		}
		io.Copy(io.Discard, pipe)
	}()
	fail := func(err error) (*server, error) {
		s.stop()
		return nil, fmt.Errorf("%w: %s", err, s.stderr.String())
	}
	select {
	case s.addr = <-addrc:
	case <-s.done:
		return fail(errors.New("serve exited before listening"))
	case <-time.After(30 * time.Second):
		return fail(errors.New("serve did not log `listening addr=` within 30s"))
	case <-ctx.Done():
		return fail(ctx.Err())
	}
	resp, err := http.Get("http://" + s.addr + "/healthz")
	if err != nil {
		return fail(fmt.Errorf("GET /healthz: %w", err))
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fail(fmt.Errorf("GET /healthz: HTTP %d", resp.StatusCode))
	}
	return s, nil
}

// stop asks serve to stop (SIGTERM), and kills it by PID if it has not
// stopped within 15 s.
func (s *server) stop() error {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
	}
	return s.cmd.Wait()
}

// moveResponse is the part of serve's /move answer the harness reads.
type moveResponse struct {
	Move     json.RawMessage `json:"move"`
	Kind     string          `json:"kind"`
	BudgetMS float64         `json:"budget_ms"`
	Worlds   int             `json:"worlds"`
	Late     bool            `json:"late"`
	Policy   string          `json:"policy"`
	Note     string          `json:"note"`
	Plays    int             `json:"plays"`
	Complete bool            `json:"complete"`
}

func (e *env) serveCondition(ctx context.Context, c Condition, order []*Position, tmpls map[*Position]Template, res *condResult) {
	t0 := time.Now()
	srv, err := e.startServer(ctx)
	if d := time.Since(t0); d > 2*time.Second {
		res.Notes = append(res.Notes, fmt.Sprintf("serve took %.1fs to start", d.Seconds()))
	}
	if err != nil {
		res.Notes = append(res.Notes, err.Error())
		for i, p := range order { // every answer of the condition failed
			a := e.newAnswer(c, i, p)
			a.Error = "no server: " + err.Error()
			res.Answers = append(res.Answers, a)
			e.raw.write(&a)
		}
		return
	}
	pid := srv.cmd.Process.Pid
	mem := &memStats{}
	sampled := make(chan struct{})
	stopSampling := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			if m, err := procStatusKB(pid, "VmRSS"); err == nil {
				mem.PeakRSS = max(mem.PeakRSS, m["VmRSS"])
			}
			select {
			case <-tick.C:
			case <-stopSampling:
				return
			}
		}
	}()

	client := &http.Client{Transport: &http.Transport{
		Proxy:               nil,
		MaxIdleConns:        2 * c.Conc,
		MaxIdleConnsPerHost: c.Conc,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
	}}
	defer client.CloseIdleConnections()
	url := "http://" + srv.addr + "/move"
	answers := make([]Answer, len(order))
	attempted := make([]bool, len(order))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range c.Conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				p := order[i]
				answers[i] = e.newAnswer(c, i, p)
				e.serveOnce(ctx, client, url, c, tmpls[p], p, &answers[i])
				attempted[i] = true
				e.raw.write(&answers[i])
			}
		}()
	}
feed:
	for i := range order {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	for i := range answers {
		if attempted[i] {
			res.Answers = append(res.Answers, answers[i])
		}
	}

	close(stopSampling)
	<-sampled
	res.botCPU += time.Duration(procTicks(pid)) * time.Second / clockTicks
	// Connections the client dialled and never used look new to the
	// server, whose shutdown waits 5 s for them: close them first.
	client.CloseIdleConnections()
	if m, err := procStatusKB(pid, "VmHWM", "VmRSS"); err == nil {
		mem.HWM, mem.EndRSS = m["VmHWM"], m["VmRSS"]
		res.Mem = mem
	} else {
		res.Notes = append(res.Notes, "serve had exited before the end of the condition: "+srv.stderr.String())
	}
	t1 := time.Now()
	if err := srv.stop(); err != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("serve's exit: %v: %s", err, srv.stderr.String()))
	}
	if d := time.Since(t1); d > 2*time.Second {
		res.Notes = append(res.Notes, fmt.Sprintf("serve took %.1fs to stop", d.Seconds()))
	}
}

// serveOnce is one request: the deadline is set just before it is sent,
// and the answer is delivered when the whole response body has been read.
func (e *env) serveOnce(ctx context.Context, client *http.Client, url string, c Condition, t Template, p *Position, a *Answer) {
	now := time.Now()
	deadline, body := t.Render(now)
	rctx, cancel := context.WithDeadline(ctx, now.Add(answerCap(c.MoveTime)))
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		a.Error = err.Error()
		return
	}
	req.Header.Set("Content-Type", "application/json")
	stamp(a, now, deadline)
	// When the request was on the wire: a late answer whose request was
	// written late was held up on the harness's side (or the server's
	// accepting it), not by the bot's thinking.
	var wrote time.Time
	req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
		WroteRequest: func(httptrace.WroteRequestInfo) { wrote = time.Now() },
	}))
	resp, err := client.Do(req)
	if !wrote.IsZero() {
		a.WroteMS = float64(wrote.Sub(now)) / float64(time.Millisecond)
	}
	var data []byte
	if err == nil {
		data, err = io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
	}
	at := time.Now()
	switch {
	case err != nil && ctx.Err() != nil:
		a.Error = errInterrupted
		return
	case err != nil && rctx.Err() != nil:
		a.Error = fmt.Sprintf("no answer within %v: request cancelled", answerCap(c.MoveTime))
		return
	case err != nil:
		a.Error = err.Error()
		return
	}
	a.Status = resp.StatusCode
	if resp.StatusCode != http.StatusOK {
		a.Error = fmt.Sprintf("HTTP %d: %s", resp.StatusCode, lastLine(string(data)))
		return
	}
	var mr moveResponse
	if err := json.Unmarshal(data, &mr); err != nil {
		a.Error = fmt.Sprintf("unparsable response: %v", err)
	}
	a.Policy, a.Kind, a.BudgetMS, a.Worlds, a.ServerLate, a.Note = mr.Policy, mr.Kind, mr.BudgetMS, mr.Worlds, mr.Late, mr.Note
	// No play valued and the search not complete: the answer given
	// without a search (an exchange or a pass) when no turn came in time.
	a.Unsearched = mr.Plays == 0 && !mr.Complete
	deliver(a, p, deadline, at, bytes.TrimSpace(mr.Move))
}

// rawWriter appends answers as JSON lines (nil: nowhere).
type rawWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
	c  io.Closer
}

func (r *rawWriter) write(a *Answer) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	data, _ := json.Marshal(a)
	r.w.Write(append(data, '\n'))
}

func (r *rawWriter) flush() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.w.Flush()
}

func (r *rawWriter) close() error {
	if r == nil {
		return nil
	}
	r.flush()
	return r.c.Close()
}
