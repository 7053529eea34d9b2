package external

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/internal/quote"
)

// maxCrashNotes is how many crashes a report describes (the last ones).
const maxCrashNotes = 3

// Command is a cmd: seat: a long-running program, started through
// /bin/sh -c, that reads one gamestate a line on its standard input and
// writes one move a line on its standard output. Each game holds one
// process from start to end; games played at once hold one each. A process
// that exits, or that is still silent Grace after a deadline, is stopped,
// the rest of its game is refused, and the next game starts a fresh one.
// Its standard error goes to the seat's log file.
type Command struct {
	spec, line string
	cfg        Config
	logPath    string

	mu     sync.Mutex
	log    *os.File
	idle   []*proc
	live   map[*proc]bool
	report Report
}

// checkCommand reads a cmd: spec: the command line and its words.
func checkCommand(spec string) (line string, fields []string, err error) {
	line = strings.TrimSpace(strings.TrimPrefix(spec, CmdPrefix))
	fields = strings.Fields(line)
	if len(fields) == 0 {
		return "", nil, fmt.Errorf("%w: %s names no command (cmd:COMMAND ARGS)", ErrSpec, quote.String(spec))
	}
	// The shell runs the line, so quoting and pipes work; the first word
	// is checked here so that a mistyped program is one clear line before
	// the match, not a match of refused moves. (An assignment FOO=1 first
	// is left to the shell.)
	if first := firstWord(line); !strings.Contains(first, "=") {
		if _, err := exec.LookPath(first); err != nil {
			return "", nil, fmt.Errorf("%w: %s: %v", ErrSpec, quote.String(spec), err)
		}
	}
	return line, fields, nil
}

func newCommand(spec string, cfg Config) (*Command, error) {
	line, fields, err := checkCommand(spec)
	if err != nil {
		return nil, err
	}
	dir := cfg.LogDir
	if dir == "" {
		dir, err = os.MkdirTemp("", "lexico-seats-")
	} else {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: the seats' log directory: %v", ErrSpec, err)
	}
	f, path, err := createLog(dir, fields)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: its log file: %v", ErrSpec, quote.String(spec), err)
	}
	fmt.Fprintf(f, "== lexico: standard error of %s\n", spec)
	return &Command{spec: spec, line: line, cfg: cfg, logPath: path, log: f, live: map[*proc]bool{},
		report: Report{Spec: spec, Log: path}}, nil
}

// firstWord is the first word of a shell line, its quotes removed (the
// shell's quoting in short: '...', "..." and backslash).
func firstWord(line string) string {
	var b strings.Builder
	var q rune
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			b.WriteRune(r)
			escaped = false
		case q != 0 && r == q:
			q = 0
		case q == '\'':
			b.WriteRune(r)
		case r == '\\':
			escaped = true
		case q == 0 && (r == '\'' || r == '"'):
			q = r
		case q == 0 && (r == ' ' || r == '\t'):
			return b.String()
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// createLog makes a new log file named after the command's words:
// seat-python3-bot.py.log, seat-python3-bot.py-2.log for a second seat.
func createLog(dir string, fields []string) (*os.File, string, error) {
	var b strings.Builder
	for _, f := range fields[:min(len(fields), 3)] {
		f = strings.Trim(filepath.Base(f), "-")
		for _, r := range f {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
				b.WriteRune(r)
			}
		}
		b.WriteByte('-')
	}
	base := "seat-" + strings.Trim(b.String()[:min(b.Len(), 60)], "-.")
	for n := 1; ; n++ {
		path := filepath.Join(dir, base+".log")
		if n > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d.log", base, n))
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) && n < 1000 {
			continue
		}
		return f, path, err
	}
}

// Spec implements Seat.
func (c *Command) Spec() string { return c.spec }

// Agent implements Seat: each game gets its own agent, which takes a
// process before the game starts (a new one warmed up, so that its
// start-up is not charged to a move) and hands it back when the game ends.
// A warm-up stops when ctx does (the match interrupted).
func (c *Command) Agent(ctx context.Context, _ int) arena.Agent {
	a := &gameAgent{c: c}
	a.p, a.dead = c.acquire(ctx)
	return a
}

// Report implements Seat.
func (c *Command) Report() Report {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.report
	r.CrashNotes = append([]string(nil), r.CrashNotes...)
	return r
}

// Close implements Seat: every process is told to stop (its standard
// input closed), and killed if it has not within a second.
func (c *Command) Close() error {
	c.mu.Lock()
	procs := make([]*proc, 0, len(c.live))
	for p := range c.live {
		procs = append(procs, p)
	}
	c.live, c.idle = map[*proc]bool{}, nil
	c.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.stdin.Close()
			select {
			case <-p.exited:
			case <-time.After(time.Second):
				p.kill()
			}
		}()
	}
	wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.log.Close()
}

// acquire hands out an idle process, or starts one and warms it up until
// ctx ends.
func (c *Command) acquire(ctx context.Context) (*proc, error) {
	c.mu.Lock()
	for len(c.idle) > 0 {
		p := c.idle[len(c.idle)-1]
		c.idle = c.idle[:len(c.idle)-1]
		if !p.done() {
			c.mu.Unlock()
			return p, nil
		}
		c.crashedLocked(p, "exited between games")
	}
	c.report.Started++
	id := c.report.Started
	c.mu.Unlock()
	p, err := c.start(id)
	if err != nil {
		return nil, fmt.Errorf("%w: starting %s: %v", ErrCrashed, quote.String(c.line), err)
	}
	c.mu.Lock()
	c.live[p] = true
	c.mu.Unlock()
	if err := c.warm(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// warm hands a new process a throw-away gamestate (an opening, its
// deadline WarmUp away) and waits for its answer, which is discarded: by
// then the program has loaded what it loads at start-up. When ctx ends
// first, p is left live for Close to stop, not counted as a crash.
func (c *Command) warm(ctx context.Context, p *proc) error {
	limit := c.cfg.warmUp()
	start := time.Now()
	gs, err := warmUpGamestate(start, limit)
	var line []byte
	if err == nil {
		line, err = oneLine(gs)
	}
	if err != nil {
		return c.crash(p, fmt.Sprintf("could not be handed its warm-up gamestate (%v)", err))
	}
	p.stdin.SetWriteDeadline(start.Add(limit))
	if _, err := p.stdin.Write(line); err != nil {
		return c.crash(p, fmt.Sprintf("did not take its warm-up gamestate (%v)", err))
	}
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case _, ok := <-p.lines:
		if !ok {
			return c.crash(p, "exited before answering its warm-up gamestate")
		}
	case <-t.C:
		return c.crash(p, fmt.Sprintf("gave no answer to its warm-up gamestate in %v: stopped", limit))
	case <-ctx.Done():
		return fmt.Errorf("warming up process %d: %w", p.id, ctx.Err())
	}
	c.mu.Lock()
	fmt.Fprintf(c.log, "== lexico: process %d warmed up in %v (its answer to the throw-away opening discarded)\n", p.id, time.Since(start).Round(time.Millisecond))
	c.mu.Unlock()
	return nil
}

// release takes a process back at the end of a game.
func (c *Command) release(p *proc) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.live[p] { // closed meanwhile
		return
	}
	if p.done() {
		c.crashedLocked(p, "exited at the end of a game")
		return
	}
	c.idle = append(c.idle, p)
}

// crash stops p, which failed in a game, and reports it.
func (c *Command) crash(p *proc, why string) error {
	p.kill()
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Errorf("%w: %s", ErrCrashed, c.crashedLocked(p, why))
}

// crashedLocked counts p's crash, logs it and forgets p; it returns the
// note, with the exit status and the tail of p's standard error.
func (c *Command) crashedLocked(p *proc, why string) string {
	note := fmt.Sprintf("process %d (pid %d) %s", p.id, p.cmd.Process.Pid, why)
	if p.done() && p.exitErr != nil {
		note += " (" + p.exitErr.Error() + ")"
	} else if p.done() {
		note += " (exit status 0)"
	}
	if t := p.tail.String(); t != "" {
		note += "; its standard error ends: " + t
	}
	fmt.Fprintf(c.log, "== lexico: %s\n", note)
	c.report.Crashes++
	c.report.CrashNotes = append(c.report.CrashNotes, note)
	if n := len(c.report.CrashNotes); n > maxCrashNotes {
		c.report.CrashNotes = c.report.CrashNotes[n-maxCrashNotes:]
	}
	delete(c.live, p)
	p.stdin.Close()
	return note
}

// drain discards the lines p wrote since its last answer: an answer
// always belongs to the gamestate just sent.
func (c *Command) drain(p *proc) {
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return
			}
			c.mu.Lock()
			c.report.Stray++
			fmt.Fprintf(c.log, "== lexico: process %d wrote a line outside any answer, discarded: %s\n", p.id, quote.Text(string(l.b)))
			c.mu.Unlock()
		default:
			return
		}
	}
}

// gameAgent is a Command's player in one game.
type gameAgent struct {
	c  *Command
	mu sync.Mutex
	p  *proc
	// dead is the answer to every move after the process crashed.
	dead error
}

// Move implements arena.Agent: it writes the gamestate as one line and
// waits for one line back, until Grace after ctx's deadline.
func (a *gameAgent) Move(ctx context.Context, gs []byte) ([]byte, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.dead != nil {
		return nil, fmt.Errorf("earlier in this game: %w", a.dead)
	}
	if a.p == nil {
		p, err := a.c.acquire(ctx)
		if err != nil {
			a.dead = err
			return nil, err
		}
		a.p = p
	}
	p, c := a.p, a.c
	c.drain(p)
	line, err := oneLine(gs)
	if err != nil {
		return nil, err
	}
	grace := c.cfg.grace()
	if dl, ok := ctx.Deadline(); ok {
		p.stdin.SetWriteDeadline(dl.Add(grace))
	}
	if _, err := p.stdin.Write(line); err != nil {
		return nil, a.fail(fmt.Sprintf("did not take the gamestate (%v)", err))
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			return nil, a.fail("exited while thinking")
		}
		return MoveOf(l.b), l.err
	case <-ctx.Done():
	}
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		// The match is stopping: nothing to report.
		p.kill()
		a.p, a.dead = nil, ctx.Err()
		return nil, ctx.Err()
	}
	// Past the deadline: a late answer is still read, so that it is
	// counted late and the next gamestate gets its own answer.
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case l, ok := <-p.lines:
		if !ok {
			return nil, a.fail("exited while thinking")
		}
		return MoveOf(l.b), l.err
	case <-t.C:
		return nil, a.fail(fmt.Sprintf("gave no answer %v after the deadline: stopped", grace))
	}
}

// fail stops the game's process; the rest of the game is refused.
func (a *gameAgent) fail(why string) error {
	a.dead = a.c.crash(a.p, why)
	a.p = nil
	return a.dead
}

// EndGame implements arena.GameEnder.
func (a *gameAgent) EndGame() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.p != nil {
		a.c.release(a.p)
		a.p = nil
	}
}

// oneLine is the gamestate as one line of compact JSON, as the platform
// sends it.
func oneLine(gs []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, gs); err != nil {
		return nil, fmt.Errorf("the gamestate is not JSON: %w", err)
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// proc is one running process of a Command.
type proc struct {
	id    int
	cmd   *exec.Cmd
	stdin *os.File
	lines chan answerLine
	// exited is closed once the process has exited; exitErr is then set.
	exited  chan struct{}
	exitErr error
	tail    *tailBuffer
}

type answerLine struct {
	b   []byte
	err error
}

func (p *proc) done() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

func (c *Command) start(id int) (*proc, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &proc{id: id, stdin: inW, lines: make(chan answerLine), exited: make(chan struct{}), tail: &tailBuffer{}}
	cmd := exec.Command("/bin/sh", "-c", "exec "+c.line)
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = &seatStderr{c: c, tail: p.tail}
	cmd.WaitDelay = time.Second // a child left holding stderr does not hold Wait
	ownGroup(cmd)
	p.cmd = cmd
	c.mu.Lock()
	fmt.Fprintf(c.log, "== lexico: process %d started: %s\n", id, c.line)
	c.mu.Unlock()
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go p.read(outR)
	go func() {
		p.exitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// read sends each line of the process's standard output to p.lines, and
// closes it at the end of the output.
func (p *proc) read(r *os.File) {
	defer close(p.lines)
	defer r.Close()
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		var line []byte
		long := false
		for {
			frag, err := br.ReadSlice('\n')
			if !long {
				line = append(line, frag...)
				if len(line) > MaxAnswer {
					long, line = true, nil
				}
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil { // the end of the output: a last line without its newline still counts
				if len(bytes.TrimSpace(line)) > 0 {
					p.lines <- answerLine{b: bytes.TrimSpace(line)}
				}
				return
			}
			break
		}
		if long {
			p.lines <- answerLine{err: fmt.Errorf("%w: a line over %d bytes", ErrAnswer, MaxAnswer)}
			continue
		}
		p.lines <- answerLine{b: bytes.TrimRight(line, "\r\n")}
	}
}

// seatStderr copies a process's standard error into the seat's log and
// the process's tail.
type seatStderr struct {
	c    *Command
	tail *tailBuffer
}

func (w *seatStderr) Write(b []byte) (int, error) {
	w.tail.Write(b)
	w.c.mu.Lock()
	defer w.c.mu.Unlock()
	return w.c.log.Write(b)
}

// tailBuffer keeps the last tailBytes bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailBytes = 600

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > tailBytes {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailBytes:]...)
	}
	return len(b), nil
}

// String is the tail as one line, its lines joined by " | ".
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.Join(strings.Fields(strings.ReplaceAll(strings.TrimSpace(string(t.buf)), "\n", " | ")), " ")
	if len(s) > tailShown {
		s = "..." + strings.ToValidUTF8(s[len(s)-tailShown:], "")
	}
	return s
}

// tailShown is how much of the tail a crash note shows: its end, where the
// reason of a crash is written.
const tailShown = 300

var _ io.Writer = (*tailBuffer)(nil)
