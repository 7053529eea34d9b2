package equity

import "github.com/lexico/lexico/bot/tile"

// RackProblem is why a rack fails the rack check of seed 003 (LEXI_PI's
// isRackBad), or "" when it passes. A bad rack is the floor of the exchange
// decision: the equity player never keeps one when an exchange is allowed and
// worth as much (see package player). A blank counts as a vowel, a consonant
// and a U alike, since it can be any of them; Y is a consonant.
func RackProblem(r tile.Rack) string {
	if r.N == 0 {
		return ""
	}
	blanks := r.Counts[tile.BlankIndex] > 0
	vowels, consonants := 0, 0
	for i, n := range r.Counts[:tile.BlankIndex] {
		if vowel[i] {
			vowels += int(n)
		} else {
			consonants += int(n)
		}
	}
	switch {
	case vowels == 0 && !blanks:
		return "no vowels"
	case consonants == 0 && !blanks:
		return "no consonants"
	case r.Counts['Q'-'A'] > 0 && r.Counts['U'-'A'] == 0 && !blanks:
		return "Q without U"
	}
	return ""
}
