package firststeps

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"strings"
)

// The README sections whose sh code blocks are the commands a newcomer
// runs: the two commands, then the first steps.
const (
	TwoCommands = "Two commands"
	FirstSteps  = "First steps"
)

// A Step is one command of a README code block, as printed.
type Step struct {
	Section string   // the README section it is in (TwoCommands or FirstSteps)
	Line    string   // the command as printed, continuation lines joined, without its comment
	Comment string   // the text after an unquoted #, if any (e.g. "then open http://...")
	Args    []string // the command's words, as a POSIX shell splits them
}

// Kind names what the step runs: the program's base name and its
// subcommand ("make run", "lexico-bot serve"), which is what the test
// dispatches on.
func (s Step) Kind() string {
	if len(s.Args) == 0 {
		return ""
	}
	k := path.Base(s.Args[0])
	if len(s.Args) > 1 && !strings.HasPrefix(s.Args[1], "-") {
		k += " " + s.Args[1]
	}
	return k
}

// Flag returns the value the step gives a flag written `--name value` or
// `--name=value`, and whether it gives one.
func (s Step) Flag(name string) (string, bool) {
	for i, a := range s.Args {
		if a == "--"+name && i+1 < len(s.Args) {
			return s.Args[i+1], true
		}
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// WithFlag returns the step's arguments with the flag set to value: the
// value replaced where the step gives the flag, else the flag appended
// (every first step takes its flags before its arguments or has none).
func (s Step) WithFlag(name, value string) []string {
	args := append([]string(nil), s.Args...)
	for i, a := range args {
		if a == "--"+name && i+1 < len(args) {
			args[i+1] = value
			return args
		}
		if strings.HasPrefix(a, "--"+name+"=") {
			args[i] = "--" + name + "=" + value
			return args
		}
	}
	return append(args, "--"+name, value)
}

// Steps reads the commands of the sh code blocks of the README's "Two
// commands" and "First steps" sections, in the order printed. Each section
// must hold at least one command; a command in shell syntax beyond words
// and quotes is an error (ErrShellSyntax), as the test would not run it as
// a shell does.
func Steps(readme []byte) ([]Step, error) {
	var steps []Step
	for _, section := range []string{TwoCommands, FirstSteps} {
		blocks, found := codeBlocks(readme, section)
		n := 0
		for _, b := range blocks {
			for _, l := range b {
				line, comment := stripComment(l)
				if line == "" {
					continue
				}
				args, err := Split(line)
				if err != nil {
					return nil, fmt.Errorf("README section %q: %w", section, err)
				}
				steps = append(steps, Step{Section: section, Line: line, Comment: comment, Args: args})
				n++
			}
		}
		if !found || n == 0 {
			return nil, fmt.Errorf("%w: %q", ErrNoSection, "## "+section)
		}
	}
	return steps, nil
}

// codeBlocks returns the lines of each sh (or bash, or bare) fenced code
// block under the level-2 heading named section, continuation lines (a
// trailing backslash) joined, and whether the heading was found.
func codeBlocks(readme []byte, section string) (blocks [][]string, found bool) {
	sc := bufio.NewScanner(bytes.NewReader(readme))
	sc.Buffer(nil, 1<<20)
	in, fence, shell := false, false, false
	var block []string
	pending := ""
	for sc.Scan() {
		l := sc.Text()
		if !fence && strings.HasPrefix(l, "## ") {
			in = strings.TrimSpace(strings.TrimPrefix(l, "## ")) == section
			found = found || in
			continue
		}
		if !in {
			continue
		}
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "```") {
			if fence && shell {
				blocks = append(blocks, block)
				block = nil
			}
			if fence = !fence; fence {
				lang := strings.TrimSpace(strings.TrimPrefix(t, "```"))
				shell = lang == "" || lang == "sh" || lang == "shell" || lang == "bash"
			}
			continue
		}
		if !fence || !shell {
			continue
		}
		if s, ok := strings.CutSuffix(l, `\`); ok && !strings.HasSuffix(s, `\`) {
			pending += s
			continue
		}
		block = append(block, pending+l)
		pending = ""
	}
	return blocks, found
}

// stripComment splits a shell line at its first unquoted # that begins a
// word: the command (trimmed) and the comment's text.
func stripComment(l string) (line, comment string) {
	quote := byte(0)
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			i++
		case c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return strings.TrimSpace(l[:i]), strings.TrimSpace(l[i+1:])
		}
	}
	return strings.TrimSpace(l), ""
}

// Split splits a command line into words as a POSIX shell does for words
// and quotes ('…' literal, "…" with \ escaping " and \, \ outside quotes
// escaping the next character). Anything a shell would expand or redirect
// (unquoted | & ; < > ( ) $ ` * ? [ ~, or $ and ` inside double quotes) is
// ErrShellSyntax.
func Split(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("%w: unclosed ' in %q", ErrShellSyntax, line)
			}
			w.WriteString(line[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				switch line[i] {
				case '$', '`':
					return nil, fmt.Errorf("%w: %q inside double quotes in %q", ErrShellSyntax, line[i], line)
				case '\\':
					if i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\') {
						i++
					}
				}
				w.WriteByte(line[i])
			}
			if i == len(line) {
				return nil, fmt.Errorf("%w: unclosed \" in %q", ErrShellSyntax, line)
			}
			inWord = true
		case c == '\\':
			if i+1 == len(line) {
				return nil, fmt.Errorf("%w: a trailing \\ in %q", ErrShellSyntax, line)
			}
			i++
			w.WriteByte(line[i])
			inWord = true
		case strings.IndexByte("|&;<>()$`*?[", c) >= 0 || c == '~' && !inWord:
			return nil, fmt.Errorf("%w: %q in %q", ErrShellSyntax, c, line)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}
