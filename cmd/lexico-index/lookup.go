package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/urfave/cli/v2"
)

// lookupOptions are lookup's flags and its RACK.
type lookupOptions struct {
	Index string
	JSON  bool
	Args  []string
}

func lookupCommand() *cli.Command {
	var o lookupOptions
	return &cli.Command{
		Name:      "lookup",
		Usage:     "list the words formable from a rack (? is a blank), best-scoring first",
		ArgsUsage: "RACK",
		Description: "Words formable from some of the RACK's tiles (as short as the index allows), scored with\n" +
			"Lexico's tile values (a blank scores 0; blank letters are shown in lower case).",
		Flags: []cli.Flag{indexFlag(&o.Index), jsonFlag(&o.JSON)},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			return runLookup(o, streamsOf(c))
		},
	}
}

// lookupWord is one line of lookup's answer.
type lookupWord struct {
	Word string `json:"word"`
	// Blanks lists the letters played by blanks.
	Blanks string `json:"blanks,omitempty"`
	Score  int    `json:"score"`
}

func runLookup(o lookupOptions, s streams) error {
	if len(o.Args) != 1 {
		return exitError{2, fmt.Errorf("lookup needs exactly one RACK argument, e.g. lookup RETAIN?")}
	}
	rack := o.Args[0]
	if _, err := tile.ParseRack(rack); err != nil || rack == "" {
		return exitError{2, fmt.Errorf("rack %q: use letters A-Z and ? for a blank", rack)}
	}
	x, err := openIndex(o.Index, s)
	if err != nil {
		return err
	}
	defer x.Close()
	matches, err := x.SubAnagrams(rack, x.Meta().MinLen, 0)
	if err != nil {
		return queryError(x, err) // the word buckets are checked at this first query
	}
	words := make([]lookupWord, len(matches))
	for i, m := range matches {
		words[i] = lookupWord{Word: m.Word, Blanks: m.Blanks, Score: score(m.Word, m.Blanks)}
	}
	sort.Slice(words, func(i, j int) bool {
		a, b := words[i], words[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if len(a.Word) != len(b.Word) {
			return len(a.Word) > len(b.Word)
		}
		return a.Word < b.Word
	})
	if o.JSON {
		if words == nil {
			words = []lookupWord{}
		}
		return json.NewEncoder(s.out).Encode(words)
	}
	if len(words) == 0 {
		fmt.Fprintf(s.err, "no word can be made from %s\n", strings.ToUpper(rack))
		return nil
	}
	for _, w := range words {
		fmt.Fprintf(s.out, "%3d %s\n", w.Score, showBlanks(w.Word, w.Blanks))
	}
	return nil
}

// score is the word's face value: its tiles' values, blanks counting 0.
func score(word, blanks string) int {
	s := 0
	for i := 0; i < len(word); i++ {
		s += variant.EnglishValues[tile.Index(word[i])]
	}
	for i := 0; i < len(blanks); i++ {
		s -= variant.EnglishValues[tile.Index(blanks[i])]
	}
	return s
}

// showBlanks writes the letters played by blanks in lower case, the usual
// notation; which of two equal letters is the blank does not change the score,
// so the last ones are marked.
func showBlanks(word, blanks string) string {
	b := []byte(word)
	for i := 0; i < len(blanks); i++ {
		for j := len(b) - 1; j >= 0; j-- {
			if b[j] == blanks[i] {
				b[j] += 'a' - 'A'
				break
			}
		}
	}
	return string(b)
}
