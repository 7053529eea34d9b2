// Package reference holds the move generators that check the one that
// plays (movegen's GADDAG generator) by other means: the exhaustive
// generator, which tries every ordered choice of rack tiles on every line
// and asks the rules whether the result is legal and what it scores, and
// the anagram generator, which looks words up by their letters the way a
// person with an anagram dictionary would. They are written independently
// of the GADDAG generator (they share with it only the board reading of
// movegen/internal/line and the entry point movegen.SearchByGenerating),
// plainly correct and slow: their tests compare them with it play for play
// and score for score. Do not play with them.
package reference
