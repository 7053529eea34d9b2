package gamestatetest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/findup"
)

// DocExampleFile is the example gamestate of the AI Gaming platform's Lexico
// documentation, in the Python-literal form it prints, relative to the
// repository root.
const DocExampleFile = "data/gamestates/doc-example.txt"

// DocExampleBytes is the doc's example gamestate as a file holds it; a
// missing file fails the test (it is part of the repository).
func DocExampleBytes(t testing.TB) []byte {
	t.Helper()
	goMod, err := findup.Above("go.mod") // the repository's root
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(goMod), DocExampleFile))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// DocExample is the doc's example gamestate read by gamestate.Parse: the
// board of ARID, EDGE, OBTAIN, HIM, REED and FOOL, hand TNFSLPI, 47 tiles
// in the bag.
func DocExample(t testing.TB) *position.Position { return DocExampleRequest(t).Position }

// DocExampleRequest is DocExample with the platform's fields around the
// position: its ResponseDeadline (in 2018), MoveTime 5 s, game id and
// status.
func DocExampleRequest(t testing.TB) *gamestate.Request {
	t.Helper()
	r, err := gamestate.ParseRequest(DocExampleBytes(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}
