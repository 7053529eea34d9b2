// Package gamestatetest gives tests the shared real-game records
// (shared/realgames beside the repository) as engine positions and moves,
// converted by package gamestate like any platform input, so no test flips
// the y axis by hand; and the doc's example gamestate, found from the
// repository root whatever the test's package.
package gamestatetest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/findup"
)

// RealGamesFile is the records' path relative to the directory that holds
// the repository (CI clones the repository with shared/ beside it).
const RealGamesFile = "shared/realgames/quackle-selfplay.jsonl"

// Record is one recorded move: the position before it, the move, and the
// score the game record gives it.
type Record struct {
	ID       string
	GCG      string
	Position *position.Position
	Move     move.Move
	Score    int
}

// line is the file's JSON: the move names blanks by their [x, y] positions.
type line struct {
	ID        string          `json:"id"`
	Gamestate json.RawMessage `json:"gamestate"`
	Move      struct {
		Tiles     []string `json:"tiles"`
		Positions [][2]int `json:"positions"`
		Blanks    [][2]int `json:"blanks"`
		Score     int      `json:"score"`
	} `json:"move"`
	GCG string `json:"gcg_line"`
}

// RealGames reads every record. Where the file is not beside the repository
// the test is skipped, except under CI (CI=true), where the file is promised
// and its absence fails the test rather than passing it unseen.
func RealGames(t testing.TB) []Record {
	t.Helper()
	path, err := findShared()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("real games: %v", err)
		}
		t.Skipf("real games not available: %v", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Record
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		r, err := parseLine(sc.Bytes())
		if err != nil {
			t.Fatalf("%s line %d: %v", path, n, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func parseLine(b []byte) (Record, error) {
	var l line
	if err := json.Unmarshal(b, &l); err != nil {
		return Record{}, err
	}
	p, err := gamestate.Parse(l.Gamestate)
	if err != nil {
		return Record{}, fmt.Errorf("%s: %w", l.ID, err)
	}
	// Rewrite the move in the platform's own format ("Blank" tiles, their
	// letters third) and let gamestate convert it, as it converts any move.
	tiles := make([]string, len(l.Move.Tiles))
	letters := []string{}
	for i, tl := range l.Move.Tiles {
		tiles[i] = tl
		for _, bl := range l.Move.Blanks {
			if bl == l.Move.Positions[i] {
				tiles[i] = "Blank"
				letters = append(letters, tl)
			}
		}
	}
	platform, err := json.Marshal([]any{tiles, l.Move.Positions, letters})
	if err != nil {
		return Record{}, err
	}
	m, err := gamestate.ParseMove(platform, p.Board.Size)
	if err != nil {
		return Record{}, fmt.Errorf("%s: move %s: %w", l.ID, platform, err)
	}
	return Record{ID: l.ID, GCG: l.GCG, Position: p, Move: m, Score: l.Move.Score}, nil
}

// findShared looks for the records beside the repository.
func findShared() (string, error) {
	goMod, err := findup.Above("go.mod") // the repository's root
	if err != nil {
		return "", err
	}
	path := filepath.Join(filepath.Dir(goMod), "..", RealGamesFile)
	if _, err := os.Stat(path); err != nil {
		return "", err
	}
	return path, nil
}
