package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/lexico/lexico/build"
	"github.com/urfave/cli/v2"
)

// verifyOptions are verify's flags and arguments (none are taken).
type verifyOptions struct {
	Index string
	Args  []string
}

func verifyCommand() *cli.Command {
	var o verifyOptions
	return &cli.Command{
		Name:      "verify",
		Usage:     "check an index's integrity and consistency; exit 0 only when all holds",
		ArgsUsage: " ",
		Description: "Checks the bbolt page structure, the word list against its SHA-256 and counts,\n" +
			"the length/letter and anagram buckets against the word list, both Bloom filters\n" +
			"(no word or substring missing) and the GADDAG (every word present).",
		Flags: []cli.Flag{indexFlag(&o.Index)},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			return runVerify(o, streamsOf(c))
		},
	}
}

func runVerify(o verifyOptions, s streams) error {
	if len(o.Args) > 0 {
		return exitError{2, fmt.Errorf("verify takes no arguments (got %q)", o.Args[0])}
	}
	x, err := build.OpenIndex(o.Index, s.err)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission):
		return exitError{2, err} // nothing to verify
	case err != nil:
		return err // verify's answer, as for damage Open lets through: exit 1
	}
	defer x.Close()
	if err := x.Verify(); err != nil {
		var joined interface{ Unwrap() []error }
		problems := []error{err}
		if errors.As(err, &joined) {
			problems = joined.Unwrap()
		}
		if len(problems) == 1 {
			// One problem is the one line every error gets.
			return fmt.Errorf("%s: %w", x.Path(), problems[0])
		}
		for _, p := range problems {
			fmt.Fprintf(s.err, "  %v\n", p)
		}
		return fmt.Errorf("%s: %d problems found", x.Path(), len(problems))
	}
	m := x.Meta()
	fmt.Fprintf(s.out, "%s: OK (%d words, sha256 %s)\n", x.Path(), m.WordCount, m.SHA256)
	return nil
}
