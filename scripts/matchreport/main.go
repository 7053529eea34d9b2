// Command matchreport pools the games that `lexico-bot play --record DIR`
// wrote, in one or more directories, and prints what a strength run is
// judged by: the match summary as `play` prints it (win rate, margin,
// the pairs' figures of a paired match), then each seat's points a game by
// the bag at the move, and its think time where the clock matters most.
//
//	go run ./scripts/matchreport -paired runs/m1 runs/m2
//	go run ./scripts/matchreport -paired -against runs/base runs/m1
//
// The bands of the bag are 14 or more (the middle game), 8 to 13 (the
// simulation plays every world to the end from 10), 1 to 7 (the
// pre-endgame) and 0 (the endgame solver): points won in each say where a
// difference between two engines comes from, which a win rate alone does
// not. Runs are pooled as if one match: a pair is two games of one
// directory (game 2k and 2k+1), so directories of different seeds pool
// without mixing their bags. The seats are read by position (--p1 first);
// directories whose seats' names differ are refused, since pooling them
// would count one engine's games for another.
//
// With -against, the first seat of one paired run is compared pair by
// pair with that of another run on the same bags against the same second
// seat (against.go).
//
// Exit status: 0 on success, 1 when a record cannot be read, 2 on bad
// usage.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"text/tabwriter"
	"time"

	"github.com/lexico/lexico/bot/match/arena"
)

// bands are the bag's bands at the move, each from its lower bound up to
// the next band's.
var bands = [...]struct {
	name string
	min  int
}{{"14+", 14}, {"8-13", 8}, {"1-7", 1}, {"0", 0}}

// report is what the directories hold, pooled.
type report struct {
	sum    arena.Summary
	dirs   int
	names  [2]string
	points [2][len(bands)]float64
	// middle holds each seat's think times with 14 or more in the bag,
	// where the simulation runs to its clock.
	middle [2][]time.Duration
}

func main() {
	paired := flag.Bool("paired", false, "the games were played with --paired: add the win rate and margin over the pairs (game 2k and 2k+1 of each directory)")
	against := flag.String("against", "", "a paired run `BASE` on the same bags (the same --seed) with the same second seat: compare the first seats pair by pair (one DIR, played with --paired)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: matchreport [-paired] DIR...\n       matchreport -paired -against BASE DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *against != "" && (flag.NArg() != 1 || !*paired) {
		fmt.Fprintln(os.Stderr, "matchreport: -against compares one paired run: give -paired and one DIR")
		os.Exit(2)
	}
	r := &report{sum: arena.Summary{Paired: *paired}}
	r.dirs = flag.NArg()
	for i, dir := range flag.Args() {
		if err := r.addDir(dir, i); err != nil {
			fmt.Fprintln(os.Stderr, "matchreport:", err)
			if errors.Is(err, errMismatch) {
				os.Exit(2)
			}
			os.Exit(1)
		}
	}
	if r.sum.Games == 0 {
		fmt.Fprintln(os.Stderr, "matchreport: no game-*.jsonl record in", flag.Args())
		os.Exit(2)
	}
	r.sum.Finish(0)
	if err := r.write(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "matchreport:", err)
		os.Exit(1)
	}
	if *against != "" {
		if err := writeAgainst(os.Stdout, flag.Arg(0), *against); err != nil {
			fmt.Fprintln(os.Stderr, "matchreport:", err)
			if errors.Is(err, errMismatch) || errors.Is(err, errNotSameBags) {
				os.Exit(2)
			}
			os.Exit(1)
		}
	}
}

// writeAgainst compares the first seat of dir's pairs with base's.
func writeAgainst(w io.Writer, dir, base string) error {
	run, names, err := pairsOf(dir)
	if err != nil {
		return err
	}
	bp, baseNames, err := pairsOf(base)
	if err != nil {
		return err
	}
	c, err := compare(run, bp, names, baseNames)
	if err != nil {
		return fmt.Errorf("%s against %s: %w", dir, base, err)
	}
	c.write(w)
	return nil
}

var errMismatch = errors.New("the directories' seats differ")

// gameOffset keeps the games of different directories apart, so that the
// pairing (by game number) never joins two directories' games.
const gameOffset = 1_000_000

// addDir pools the records of dir, the i-th directory.
func (r *report) addDir(dir string, i int) error {
	files, err := filepath.Glob(filepath.Join(dir, "game-*.jsonl"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, name := range files {
		rec, err := readRecord(name)
		if err != nil {
			return err
		}
		switch {
		case r.names == [2]string{}:
			r.names = rec.Header.Players
			r.sum.Variant = rec.Header.Variant
		case r.names != rec.Header.Players:
			return fmt.Errorf("%w: %s has %q against %q, the first had %q against %q", errMismatch, name, rec.Header.Players[0], rec.Header.Players[1], r.names[0], r.names[1])
		}
		rec.Header.Game += i * gameOffset
		r.sum.Add(arena.ResultOf(rec))
		for _, t := range rec.Turns {
			var gs struct{ NumberOfTilesInBag int }
			if err := json.Unmarshal(t.Gamestate, &gs); err != nil {
				return fmt.Errorf("%s: turn %d: %v", name, t.Turn, err)
			}
			b := band(gs.NumberOfTilesInBag)
			r.points[t.Seat][b] += float64(t.Score) // a refused answer scored 0
			if b == 0 {
				r.middle[t.Seat] = append(r.middle[t.Seat], time.Duration(t.ElapsedMS*float64(time.Millisecond)))
			}
		}
	}
	return nil
}

func readRecord(name string) (*arena.Record, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := arena.ReadJSONL(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rec, nil
}

// band is the index in bands of a bag of n tiles.
func band(n int) int {
	for i, b := range bands {
		if n >= b.min {
			return i
		}
	}
	return len(bands) - 1
}

func (r *report) write(w io.Writer) error {
	r.sum.Seats[0].Name, r.sum.Seats[1].Name = r.names[0], r.names[1]
	// The summary's first line speaks of one match's seed, workers and
	// duration, which pooled records do not have: it is replaced.
	var buf bytes.Buffer
	if err := r.sum.WriteText(&buf); err != nil {
		return err
	}
	table := buf.Bytes()
	if i := bytes.IndexByte(table, '\n'); i >= 0 {
		table = table[i+1:]
	}
	dirs := "directories"
	if r.dirs == 1 {
		dirs = "directory"
	}
	fmt.Fprintf(w, "%d game(s) from %d %s, %s, %.1f turns a game\n", r.sum.Games, r.dirs, dirs, r.sum.Variant, r.sum.AvgTurns)
	if _, err := w.Write(table); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\npoints a game by the bag at the move\t")
	for _, b := range bands {
		fmt.Fprintf(tw, "%s\t", b.name)
	}
	fmt.Fprintf(tw, "think, median ms (bag 14+)\t\n")
	n := float64(r.sum.Games)
	for s := range 2 {
		fmt.Fprintf(tw, "%s\t", r.names[s])
		for b := range bands {
			fmt.Fprintf(tw, "%.1f\t", r.points[s][b]/n)
		}
		q := arena.Quantiles(r.middle[s])
		fmt.Fprintf(tw, "%.0f\t\n", float64(q.P50)/float64(time.Millisecond))
	}
	return tw.Flush()
}
