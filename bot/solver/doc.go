// Package solver is a board-file solver after the README of scrabblizer, a
// Words With Friends solver in Scala (us.zuercher.scrabblizer; "the seed" in
// this package's comments): it reads a board drawn as text and a hand, lists
// the best plays under a rule set (Lexico or Words With Friends), and writes
// a chosen play back into the board file.
//
// The solver holds no rules of its own: the board, bag and premiums come from
// a variant.Variant, scoring from package rules, plays from a
// movegen.Generator. It adds what a person at a keyboard needs: the file
// format, the tile-bag sanity checks, a ranked and described list of plays,
// and an interactive loop.
package solver

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

// RuleSets maps the names --rules accepts to their variants. "lexico" is the
// platform's multipliers game (premiums and blanks), the one a board file
// with premiums is most likely drawn from.
var RuleSets = map[string]*variant.Variant{
	"lexico": variant.Multipliers,
	"wwf":    variant.WWF,
}

// RuleSet finds a rule set by name (case-insensitive). Registered variant
// names ("multipliers", "classic") are accepted too.
func RuleSet(name string) (*variant.Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if v, ok := RuleSets[n]; ok {
		return v, nil
	}
	if v, err := variant.ByName(n); err == nil {
		return v, nil
	}
	known := []string{"lexico", "wwf"}
	for _, vn := range variant.Names() {
		if RuleSets[vn] == nil {
			known = append(known, vn)
		}
	}
	return nil, fmt.Errorf("%w %s (known: %s)", ErrUnknownRules, quote.String(name), strings.Join(known, ", "))
}

// ruleSetName is how messages name v: the --rules name a person typed
// ("lexico"), not the variant's registered name ("multipliers"), which the
// solver never asked them for.
func ruleSetName(v *variant.Variant) string {
	for name, rs := range RuleSets {
		if rs == v {
			return name
		}
	}
	return v.Name
}
