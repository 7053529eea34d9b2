package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

// variantUsage lists the rule sets every --variant flag takes.
const variantUsage = "rule set `NAME`: classic (no premiums, no blanks), multipliers (the premium squares and 2 blanks) or wwf (Words With Friends)"

// variantFlag is the --variant flag of every command that picks a rule set,
// bound to name; aliases are older spellings of the flag still accepted.
func variantFlag(name *string, value string, aliases ...string) cli.Flag {
	return &cli.StringFlag{Name: "variant", Aliases: aliases, Value: value, Usage: variantUsage, Destination: name}
}

// parseVariant finds the rule set name names; an old name is accepted with
// a note to w naming the one to use.
func parseVariant(name string, w io.Writer) (*variant.Variant, error) {
	v, err := variant.ByName(name)
	if err != nil {
		return nil, badInputf("--variant: %w", err)
	}
	if cur, old := variant.Renamed(name); old {
		fmt.Fprintf(w, "lexico-bot: note: variant %s is the old name of %s; use --variant %s\n", quote.String(strings.ToLower(name)), cur, cur)
	}
	return v, nil
}
