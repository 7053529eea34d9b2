package equity

import "github.com/lexico/lexico/bot/game/tile"

// RackProblem is why a rack fails the rack check of the LEXI_PI developer
// documentation (its isRackBad: no vowels, no consonants, or a Q without a
// U), or "" when it
// passes. The check is the floor of the exchange decision, not its ceiling:
// the leave table prices exactly these leaves low (the balance rows of
// all-vowel and all-consonant leaves, q_without_u), so a weak play that
// keeps such a rack loses to an exchange, while a play strong enough to be
// worth it, or one that uses the problem tiles, still wins. The player
// names the problem when it exchanges. A blank counts as a vowel, a
// consonant and a U alike, since it can be any of them; Y is a consonant.
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
