package firststeps

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A command splits into the words a POSIX shell gives its program; what a
// shell would expand or redirect is refused, not run differently.
func TestSplit(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"make run", []string{"make", "run"}},
		{"  bin/lexico-bot   run --top 5 x.txt ", []string{"bin/lexico-bot", "run", "--top", "5", "x.txt"}},
		{"play --p1 'cmd:python3 scripts/platform/sample_bot.py' --p2 sim",
			[]string{"play", "--p1", "cmd:python3 scripts/platform/sample_bot.py", "--p2", "sim"}},
		{`a "b \"c\" d" e\ f 'it'"s"`, []string{"a", `b "c" d`, "e f", "its"}},
		{"lookup 'RETAIN?'", []string{"lookup", "RETAIN?"}},
		{"x ''", []string{"x", ""}},
	} {
		got, err := Split(c.line)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Split(%q) = %q, %v; want %q", c.line, got, err, c.want)
		}
	}
	for _, bad := range []string{"a | b", "a > f", "a; b", "a && b", "echo $HOME", `echo "$HOME"`, "ls *.db",
		"cd ~", "a 'open", `a "open`, "(a)", "a `b`"} {
		if got, err := Split(bad); !errors.Is(err, ErrShellSyntax) {
			t.Errorf("Split(%q) = %q, %v; want ErrShellSyntax", bad, got, err)
		}
	}
}

const sampleREADME = "# X\n\n## Install\n\n```sh\nmake build\n```\n\n## Two commands\n\n" +
	"```sh\nmake run     # build, then answer\nmake test    # the suite\n```\n\n" +
	"## First steps\n\nAfter `make run`:\n\n```sh\nbin/x run --top 5 a.txt\n```\n\ntext\n\n" +
	"```go\nnot a command\n```\n\n" +
	"```sh\nbin/x serve       # then open http://127.0.0.1:8080/\n\n" +
	"bin/x play --p1 'cmd:python3 s.py' \\\n    --games 10\n```\n\n## The programs\n\n```sh\nbin/x other\n```\n"

// The steps are the sh blocks' commands of the two sections, in order,
// each with its comment; continuation lines are one command; blocks in
// other languages and other sections are not steps.
func TestStepsReadsTheTwoSections(t *testing.T) {
	steps, err := Steps([]byte(sampleREADME))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range steps {
		got = append(got, s.Section+": "+s.Kind()+" | "+s.Line+" | "+s.Comment)
	}
	want := []string{
		"Two commands: make run | make run | build, then answer",
		"Two commands: make test | make test | the suite",
		"First steps: x run | bin/x run --top 5 a.txt | ",
		"First steps: x serve | bin/x serve | then open http://127.0.0.1:8080/",
		"First steps: x play | bin/x play --p1 'cmd:python3 s.py'     --games 10 | ",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	play := steps[4]
	if g, ok := play.Flag("games"); !ok || g != "10" {
		t.Errorf("play's --games = %q, %v; want 10", g, ok)
	}
	if a := play.WithFlag("games", "2"); strings.Join(a, " ") != "bin/x play --p1 cmd:python3 s.py --games 2" {
		t.Errorf("WithFlag(games, 2) = %q", a)
	}
	if a := steps[3].WithFlag("addr", "127.0.0.1:1"); strings.Join(a, " ") != "bin/x serve --addr 127.0.0.1:1" {
		t.Errorf("WithFlag(addr) = %q", a)
	}
	for _, cut := range []string{"## First steps", "## Two commands"} {
		if _, err := Steps([]byte(strings.Replace(sampleREADME, cut, "## Else", 1))); !errors.Is(err, ErrNoSection) {
			t.Errorf("without %q: %v; want ErrNoSection", cut, err)
		}
	}
}

// The repository's README, read as make test-first-steps reads it: make
// run comes before the first steps, every step is a command the long test
// runs and checks (or says why it does not), and every repository file a
// step names exists. This is the cheap half of the check, run by make
// test: a README edit that adds a step the test cannot check, or renames
// a file, fails here in a second rather than in the long run.
func TestREADMEStepsAreKnown(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	steps, err := Steps(readme)
	if err != nil {
		t.Fatal(err)
	}
	sawMakeRun := false
	for _, s := range steps {
		k := s.Kind()
		t.Logf("%s: %s (%s)", s.Section, s.Line, k)
		_, checked := checks[k]
		_, skipped := notRun[k]
		switch {
		case k == "make run":
			sawMakeRun = true
		case s.Section == FirstSteps && !sawMakeRun:
			t.Errorf("first step %q comes before `make run`, which builds what it runs", s.Line)
		case !checked && !skipped:
			t.Errorf("README step %q (%s): the first-steps test has no check for %q; teach scripts/firststeps what it promises", s.Line, s.Section, k)
		}
		for _, f := range repoFiles(s) {
			if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				t.Errorf("README step %q names %s, which the repository lacks", s.Line, f)
			}
		}
	}
	if !sawMakeRun {
		t.Errorf("the README's %q section has no `make run`", TwoCommands)
	}
}

// repoFiles returns the repository files a step names: its arguments, and
// the words of a cmd: seat, that look like relative paths, except under
// bin/ (which make builds).
func repoFiles(s Step) []string {
	var words []string
	for _, a := range s.Args[1:] {
		if spec, ok := strings.CutPrefix(a, "cmd:"); ok {
			w, _ := Split(spec)
			words = append(words, w...)
			continue
		}
		words = append(words, a)
	}
	var files []string
	for _, w := range words {
		if strings.Contains(w, "/") && !strings.Contains(w, "://") && !strings.HasPrefix(w, "-") &&
			!strings.HasPrefix(w, "bin/") && !filepath.IsAbs(w) {
			files = append(files, w)
		}
	}
	return files
}
