package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/findup"
	"github.com/lexico/lexico/scripts/internal/host"
)

// A policy is a long-running engine process that answers one gamestate a
// line with one move a line (the cmd: protocol of play and league): ours
// through `lexico-bot run --lines`, MAGPIE's through magpie-serve. Each is
// started once and warmed up on a throw-away position, so that start-up is
// never charged to a move.
type policySpec struct {
	name string
	argv []string
	env  []string
}

// policies knows the benchmark's policies by name. Ours run with one
// thread (GOMAXPROCS=1 and --sim-threads 1), as MAGPIE's (its default).
func policies(bot, botArgs, magpie string) map[string]policySpec {
	extra := strings.Fields(botArgs)
	ours := func(policy string) []string {
		argv := []string{bot, "run", "--lines", "--policy", policy}
		if policy == "sim" {
			argv = append(argv, "--sim-threads", "1")
		}
		return append(argv, extra...)
	}
	one := []string{"GOMAXPROCS=1"}
	return map[string]policySpec{
		"equity":        {"equity", ours("equity"), one},
		"sim":           {"sim", ours("sim"), one},
		"magpie-static": {"magpie-static", []string{magpie, "--static", "--info"}, nil},
		"magpie-sim":    {"magpie-sim", []string{magpie, "--sim", "--info"}, nil},
	}
}

// choice is one answer of one policy to one position: what score rates.
type choice struct {
	Policy   string `json:"policy"`
	BudgetMS int64  `json:"budget_ms"`
	Line     int    `json:"line"`
	// Gamestate is the position's identity (gamestateID): an answer to
	// another set's line is refused (ofSet). Answers written before it
	// have none.
	Gamestate string `json:"gamestate,omitempty"`
	// Label tells apart two runs of one policy at one budget (another
	// build, a repeat): score reports them apart.
	Label string          `json:"label,omitempty"`
	Move  json.RawMessage `json:"move"`
	// ElapsedMS is the time from writing the gamestate to reading the
	// move; Load the load averages just before.
	ElapsedMS float64 `json:"elapsed_ms"`
	Load      string  `json:"load"`
	Time      string  `json:"time"`
}

func benchMain(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	in := fs.String("in", "data/quality/positions.jsonl", "the position set `FILE`")
	out := fs.String("out", "", "the answers `FILE` (JSON lines, appended; answers already there are not asked again)")
	budget := fs.Duration("budget", time.Second, "each move's MoveTime `DURATION` (the gamestate's ResponseDeadline is set to the moment it is sent plus this)")
	names := fs.String("policies", "equity,sim,magpie-static,magpie-sim", "`POLICIES` asked in turn on each position (the order rotates from one position to the next): "+
		"equity, sim (ours, bin/lexico-bot run --lines, one thread), magpie-static, magpie-sim (MAGPIE's --static and --sim, one thread)")
	bot := fs.String("bot", "bin/lexico-bot", "our bot `BINARY`")
	botArgs := fs.String("bot-args", "", "extra `FLAGS` for our bot (space-separated)")
	magpie := fs.String("magpie", "", "magpie-serve `PATH` (default: shared/magpie/magpie-serve found above the working directory)")
	logs := fs.String("logs", "", "`DIR` for each engine's stderr (default: beside -out)")
	lines := fs.String("lines", "", "only these `LINES` of the set (e.g. 1-50)")
	label := fs.String("label", "", "a `LABEL` that tells these answers apart from another run's of the same policies and budget (another build, a repeat)")
	if err := fs.Parse(args); err != nil {
		return usageErr("%v", err)
	}
	if *out == "" {
		return usageErr("-out is required: where the answers go")
	}
	if *budget < 50*time.Millisecond {
		return usageErr("-budget %v: want at least 50ms", *budget)
	}
	var err error
	if *magpie == "" && strings.Contains(*names, "magpie") {
		if *magpie, err = findup.Above("shared/magpie/magpie-serve"); err != nil {
			return usageErr("-magpie: %v", err)
		}
	}
	known := policies(*bot, *botArgs, *magpie)
	var specs []policySpec
	for _, n := range strings.Split(*names, ",") {
		s, ok := known[strings.TrimSpace(n)]
		if !ok {
			return usageErr("-policies: unknown policy %q (known: equity, sim, magpie-static, magpie-sim)", n)
		}
		specs = append(specs, s)
	}
	set, err := readSet(*in)
	if err != nil {
		return err
	}
	only, err := parseLines(*lines, len(set))
	if err != nil {
		return err
	}
	done, f, err := resume[choice](*out)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := ofSet(*out, set, done); err != nil {
		return err
	}
	asked := map[string]bool{}
	for _, c := range done {
		if c.Label == *label {
			asked[answerKey(c.Policy, c.BudgetMS, c.Line)] = true
		}
	}
	if *logs == "" {
		*logs = strings.TrimSuffix(*out, filepath.Ext(*out)) + ".logs"
	}
	if err := os.MkdirAll(*logs, 0o755); err != nil {
		return err
	}

	engines := make([]*engine, len(specs))
	for i, s := range specs {
		e, err := startEngine(s, filepath.Join(*logs, s.name+".log"))
		if err != nil {
			return err
		}
		defer e.stop()
		engines[i] = e
		// The warm-up: the first position, its answer thrown away.
		if _, _, err := e.ask(set[0].Pos, *budget); err != nil {
			return fmt.Errorf("%s: the warm-up: %w", s.name, err)
		}
	}
	fmt.Fprintf(os.Stderr, "bench: %d positions × %s at %v, started %s, load %s\n", len(set), *names, *budget, time.Now().UTC().Format(time.RFC3339), host.LoadAverage())
	ms := budget.Milliseconds()
	for n, s := range set {
		if only != nil && !only[s.Line] {
			continue
		}
		for j := range engines {
			e := engines[(j+n)%len(engines)] // A B, then B A: each engine first as often
			if asked[answerKey(e.spec.name, ms, s.Line)] {
				continue
			}
			load := host.LoadAverage()
			mv, el, err := e.ask(s.Pos, *budget)
			if err != nil {
				return fmt.Errorf("%s, line %d: %w", e.spec.name, s.Line, err)
			}
			c := choice{Policy: e.spec.name, BudgetMS: ms, Line: s.Line, Gamestate: s.ID, Label: *label, Move: mv, ElapsedMS: float64(el.Microseconds()) / 1000,
				Load: load, Time: time.Now().UTC().Format(time.RFC3339)}
			b, err := json.Marshal(c)
			if err != nil {
				return err
			}
			if _, err := f.Write(append(b, '\n')); err != nil {
				return err
			}
		}
		if (n+1)%10 == 0 {
			fmt.Fprintf(os.Stderr, "bench: %d positions done, %s, load %s\n", n+1, time.Now().UTC().Format("15:04:05"), host.LoadAverage())
		}
	}
	return nil
}

func answerKey(policy string, budgetMS int64, line int) string {
	return fmt.Sprintf("%s/%d/%d", policy, budgetMS, line)
}

// engine is a running policy process.
type engine struct {
	spec policySpec
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	log  *os.File
}

func startEngine(s policySpec, logPath string) (*engine, error) {
	log, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(s.argv[0], s.argv[1:]...)
	cmd.Env = append(os.Environ(), s.env...)
	cmd.Stderr = log
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, fmt.Errorf("%s: %w", s.name, err)
	}
	return &engine{spec: s, cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16), log: log}, nil
}

// ask sends p with MoveTime budget and a ResponseDeadline of now plus
// budget, and reads the move: the answer and the time it took.
func (e *engine) ask(p *position.Position, budget time.Duration) (json.RawMessage, time.Duration, error) {
	start := time.Now()
	gs, err := gamestate.EncodeRequest(&gamestate.Request{Position: p, MoveTime: budget, Deadline: start.Add(budget)})
	if err != nil {
		return nil, 0, err
	}
	if _, err := e.in.Write(append(gs, '\n')); err != nil {
		return nil, 0, fmt.Errorf("writing the gamestate: %w", err)
	}
	line, err := e.out.ReadBytes('\n')
	el := time.Since(start)
	if err != nil {
		return nil, 0, fmt.Errorf("reading the move: %w (its log: %s)", err, e.log.Name())
	}
	mv := json.RawMessage(strings.TrimSpace(string(line)))
	if !json.Valid(mv) {
		return nil, 0, errors.New("the answer is not JSON: " + string(mv))
	}
	return mv, el, nil
}

// stop closes the engine's input, which ends it, and waits for it.
func (e *engine) stop() {
	e.in.Close()
	done := make(chan error, 1)
	go func() { done <- e.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
	e.log.Close()
}

// ofSet refuses answers that are not to set's positions: a line past its
// end, or one whose position has another identity (the set regenerated
// since they were asked). Answers that carry no identity are taken by line.
func ofSet(path string, set []setLine, cs []choice) error {
	for _, c := range cs {
		if c.Line < 1 || c.Line > len(set) {
			return usageErr("%s: %s's answer to line %d: the set has %d lines", path, c.Policy, c.Line, len(set))
		}
		if c.Gamestate != "" && c.Gamestate != set[c.Line-1].ID {
			return usageErr("%s: %s's answer to line %d is to another position (the set changed since: ask again)", path, c.Policy, c.Line)
		}
	}
	return nil
}
