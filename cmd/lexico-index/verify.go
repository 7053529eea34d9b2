package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "verify",
		Usage:     "check an index's integrity and consistency; exit 0 only when all holds",
		ArgsUsage: " ",
		Description: "Checks the bbolt page structure, the word list against its SHA-256 and counts,\n" +
			"the length/letter and anagram buckets against the word list, both Bloom filters\n" +
			"(no word or substring missing) and the GADDAG (every word present).",
		Flags:  []cli.Flag{indexFlag},
		Action: verifyAction,
	})
}

func verifyAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return exitError{2, fmt.Errorf("verify takes no arguments (got %q)", c.Args().First())}
	}
	x, err := openIndex(c)
	if err != nil {
		return err
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
			fmt.Fprintf(c.App.ErrWriter, "  %v\n", p)
		}
		return fmt.Errorf("%s: %d problems found", x.Path(), len(problems))
	}
	m := x.Meta()
	fmt.Fprintf(c.App.Writer, "%s: OK (%d words, sha256 %s)\n", x.Path(), m.WordCount, m.SHA256)
	return nil
}
