package firststeps

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/scripts/internal/host"
)

// checks maps each kind of README step to the check of what the README
// says it does. Each runs the step as printed (bar the changes its
// comment names) in the fresh clone, with the fresh HOME.
var checks = map[string]func(t *testing.T, f *fresh, s Step){
	"make run":           checkMakeRun,
	"lexico-bot run":     checkRun,
	"lexico-bot serve":   checkServe,
	"lexico-bot play":    checkPlay,
	"lexico-bot endgame": checkEndgame,
}

// notRun names the README steps the test does not run, and why.
var notRun = map[string]string{
	"make test": "the test suite itself, which CI runs before this test",
}

// The README's two commands and first steps, as printed, on a fresh clone
// of HEAD with a fresh HOME: each does what the README says (see checks).
// A clean build of the programs and of the default index, then a match of
// the sample bot: about a minute, so only with LEXICO_FIRST_STEPS=1 (make
// test-first-steps).
func TestFirstSteps(t *testing.T) {
	if os.Getenv("LEXICO_FIRST_STEPS") == "" {
		t.Skip("the README's first steps on a fresh clone and HOME take about a minute: set LEXICO_FIRST_STEPS=1 (make test-first-steps)")
	}
	f := newFresh(t)
	readme, err := os.ReadFile(filepath.Join(f.dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	steps, err := Steps(readme)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("load %s at the start", host.LoadAverage())
	built := false
	for _, s := range steps {
		k := s.Kind()
		if why, ok := notRun[k]; ok {
			t.Logf("not run: %s (%s)", s.Line, why)
			continue
		}
		check, ok := checks[k]
		if !ok {
			t.Errorf("README step %q: no check for %q; teach scripts/firststeps what it promises", s.Line, k)
			continue
		}
		if k != "make run" && !built {
			t.Fatalf("README step %q comes before `make run`, which builds what it runs", s.Line)
		}
		start := time.Now()
		ok = t.Run(s.Section+": "+s.Line, func(t *testing.T) { check(t, f, s) })
		t.Logf("%s: %s in %.1fs (load %s)", map[bool]string{true: "ok", false: "FAILED"}[ok], s.Line,
			time.Since(start).Seconds(), host.LoadAverage())
		if k == "make run" {
			if !ok {
				t.Fatal("`make run` failed: the first steps need what it builds")
			}
			built = true
		}
	}
	if !built {
		t.Fatal("the README's two commands have no `make run`")
	}
	// make run built the default index where the commands look: none of
	// them built it again.
	if st, err := os.Stat(f.index); err != nil {
		t.Errorf("the default index: %v", err)
	} else if !st.ModTime().Equal(f.indexTime) {
		t.Errorf("the default index %s was rewritten by a first step after `make run` built it", f.index)
	}
}

// fresh is a clone of the repository's HEAD with a HOME of its own.
type fresh struct {
	dir       string   // the clone
	home      string   // its user's HOME, empty at first
	env       []string // the environment of every command
	index     string   // the default index, where the README says commands read it
	indexTime time.Time
}

// newFresh clones the committed HEAD of the repository this test is in (so
// no uncommitted or ignored file, bin/ included, leaks in) into a
// temporary directory and makes the environment of a new user: HOME and
// TMPDIR empty directories, no LEXICO_* or XDG_* variable, no lexico-bot on
// the PATH, no make of ours around it. Go's build and module caches stay
// the caller's (a fresh machine would download and compile more, which
// costs only time).
func newFresh(t *testing.T) *fresh {
	t.Helper()
	tmp := t.TempDir()
	f := &fresh{dir: filepath.Join(tmp, "lexico"), home: filepath.Join(tmp, "home")}
	temp := filepath.Join(tmp, "tmp")
	for _, d := range []string{f.home, temp} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	head := strings.TrimSpace(mustOutput(t, "git", "rev-parse", "HEAD"))
	root := strings.TrimSpace(mustOutput(t, "git", "rev-parse", "--show-toplevel"))
	if dirty := strings.TrimSpace(mustOutput(t, "git", "status", "--porcelain", "--untracked-files=no")); dirty != "" {
		t.Logf("uncommitted changes are not tested: the clone is of HEAD %.12s", head)
	}
	mustOutput(t, "git", "clone", "-q", "--no-checkout", root, f.dir)
	mustOutput(t, "git", "-C", f.dir, "checkout", "-q", "--detach", head)
	t.Logf("fresh clone of %.12s in %s, HOME=%s", head, f.dir, f.home)

	goEnv := strings.Fields(mustOutput(t, "go", "env", "GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"))
	if len(goEnv) != 4 {
		t.Fatalf("go env: %q", goEnv)
	}
	for _, kv := range os.Environ() {
		name, value, _ := strings.Cut(kv, "=")
		switch {
		case name == "HOME" || name == "TMPDIR" || name == "PWD" || name == "OLDPWD",
			strings.HasPrefix(name, "LEXICO_"), strings.HasPrefix(name, "XDG_"),
			name == "MAKEFLAGS" || name == "MFLAGS" || name == "MAKELEVEL" || name == "MAKEOVERRIDES" || name == "GNUMAKEFLAGS",
			name == "GOCACHE" || name == "GOMODCACHE" || name == "GOPATH" || name == "GOENV":
		case name == "PATH":
			f.env = append(f.env, "PATH="+withoutLexico(value))
		default:
			f.env = append(f.env, kv)
		}
	}
	f.env = append(f.env, "HOME="+f.home, "TMPDIR="+temp, "GOCACHE="+goEnv[0], "GOMODCACHE="+goEnv[1],
		"GOPATH="+goEnv[2], "GOENV="+goEnv[3])
	// Where the README's Configuration says every command reads the index
	// without --index or LEXICO_INDEX on Linux.
	f.index = filepath.Join(f.home, ".cache", "lexico", "default.db")
	return f
}

// withoutLexico drops from a PATH the directories holding a lexico-bot or
// lexico-index, so that the clone's bin/ is the only one a step can find
// (the sample bot must find it on its own, as the README says).
func withoutLexico(path string) string {
	var keep []string
	for _, d := range filepath.SplitList(path) {
		if exists(filepath.Join(d, "lexico-bot")) || exists(filepath.Join(d, "lexico-index")) {
			continue
		}
		keep = append(keep, d)
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// lookPath finds a program as the fresh environment's shell would: a name
// with a slash relative to the clone, else on the fresh PATH.
func (f *fresh) lookPath(name string) (string, error) {
	if strings.Contains(name, "/") {
		if filepath.IsAbs(name) {
			return name, nil
		}
		return filepath.Join(f.dir, name), nil
	}
	for _, kv := range f.env {
		if path, ok := strings.CutPrefix(kv, "PATH="); ok {
			for _, d := range filepath.SplitList(path) {
				p := filepath.Join(d, name)
				if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
					return p, nil
				}
			}
		}
	}
	return "", fmt.Errorf("%s: not found on the PATH", name)
}

// command returns args as a process in the clone, with the fresh
// environment, stopped when ctx ends.
func (f *fresh) command(ctx context.Context, t *testing.T, args []string) *exec.Cmd {
	t.Helper()
	prog, err := f.lookPath(args[0])
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, prog, args[1:]...)
	cmd.Args[0] = args[0]
	cmd.Dir, cmd.Env = f.dir, f.env
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// result is what a finished command printed and how it ended.
type result struct {
	stdout, stderr string
	code           int // exit status, -1 if it did not exit (killed, not started)
	err            error
	took           time.Duration
}

func (r result) output() string { return r.stdout + r.stderr }

// run runs args to the end, at most for timeout, and logs how it went.
func (f *fresh) run(t *testing.T, timeout time.Duration, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := f.command(ctx, t, args)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String(), code: -1, err: err, took: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case err == nil:
		r.code = 0
	case errors.As(err, &exit) && exit.Exited():
		r.code = exit.ExitCode()
	}
	if ctx.Err() != nil {
		r.err = fmt.Errorf("not done after %v: %w", timeout, err)
	}
	t.Logf("$ %s  (exit %d, %.1fs)", shellLine(args), r.code, r.took.Seconds())
	return r
}

// shellLine writes args back as a shell line, quoting where needed.
func shellLine(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"\\|&;<>()$`*?[~#") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

// tail returns the last n lines of s, to quote in a failure.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"…"}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// mustOutput runs a helper command (git, go) in the test's own
// environment and directory and returns its standard output.
func mustOutput(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			err = fmt.Errorf("%w: %s", err, exit.Stderr)
		}
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out)
}
