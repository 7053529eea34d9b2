package arena

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"
)

// Result is what the statistics need from one game; the record itself is
// not kept, so a thousand games cost no memory.
type Result struct {
	Game    int
	Starter int
	Scores  [2]int
	Bingos  [2]int
	Illegal [2]int
	Late    [2]int
	Times   [2][]time.Duration
	Turns   int
}

// ResultOf reads a Result from a record.
func ResultOf(r *Record) Result {
	res := Result{Game: r.Header.Game, Starter: r.Header.Starter, Scores: r.End.Scores, Turns: len(r.Turns)}
	for _, t := range r.Turns {
		s := t.Seat
		res.Times[s] = append(res.Times[s], time.Duration(t.ElapsedMS*float64(time.Millisecond)))
		switch {
		case t.Late:
			res.Late[s]++
		case !t.Legal:
			res.Illegal[s]++
		}
		if t.Bingo {
			res.Bingos[s]++
		}
	}
	return res
}

// Millis are durations in milliseconds, for people and JSON.
type Millis struct {
	P50 float64 `json:"p50_ms"`
	P99 float64 `json:"p99_ms"`
	Max float64 `json:"max_ms"`
}

// SeatSummary is one side's figures over all games (a seat itself is a
// referee.Seat).
type SeatSummary struct {
	Name   string `json:"name"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Draws  int    `json:"draws"`
	// WinRate counts a draw as half a win; Interval is its 95% Wilson
	// score interval.
	WinRate   float64    `json:"win_rate"`
	Interval  [2]float64 `json:"interval95"`
	AvgScore  float64    `json:"avg_score"`
	AvgMargin float64    `json:"avg_margin"`
	// MarginInterval is AvgMargin's 95% interval (normal approximation
	// over the games' margins). Margins separate close policies in fewer
	// games than wins do: a game lost by 2 and one lost by 80 are one loss
	// each, but not the same play. Nil after one game: one margin has no
	// spread (and JSON has no infinity to say "unbounded").
	MarginInterval *[2]float64 `json:"margin_interval95,omitempty"`
	BingosPerGame  float64     `json:"bingos_per_game"`
	Illegal        int         `json:"illegal_moves"`
	Late           int         `json:"late_moves"`
	Moves          int         `json:"moves"`
	MoveTime       Millis      `json:"move_time"`
	// WinRateFirst is the win rate in the GamesFirst games this seat
	// started; 0 when it started none (a one-game match), which
	// GamesFirst tells apart from losing every one.
	WinRateFirst float64 `json:"win_rate_moving_first"`
	GamesFirst   int     `json:"games_moving_first"`
	// Pairs is the seat's figures over the pairs both of whose games
	// finished, in a paired match (nil otherwise, or before two pairs).
	Pairs *PairFigures `json:"pairs,omitempty"`

	times    []time.Duration
	starts   int
	firstW   float64
	marginSq float64 // the sum of the squared margins
}

// Summary is the figures of a match.
type Summary struct {
	Variant   string         `json:"variant"`
	Games     int            `json:"games"`
	Abandoned int            `json:"abandoned,omitempty"`
	Seed      uint64         `json:"seed"`
	Parallel  int            `json:"parallel"`
	MoveTime  float64        `json:"move_time_ms"`
	Seconds   float64        `json:"seconds"`
	AvgTurns  float64        `json:"avg_turns"`
	Seats     [2]SeatSummary `json:"seats"`
	// Paired says the games were played in pairs with one bag
	// (Match.Paired); Pairs is then how many pairs both finished, and
	// each seat's Pairs holds its figures over them.
	Paired bool `json:"paired,omitempty"`
	Pairs  int  `json:"pairs,omitempty"`
	turns  int
	pairs  pairing
}

// Add counts one finished game.
func (s *Summary) Add(r Result) {
	if s.Paired {
		s.pairs.add(r)
	}
	s.Games++
	s.turns += r.Turns
	for i := range 2 {
		me, opp := r.Scores[i], r.Scores[1-i]
		st := &s.Seats[i]
		w := WinShare(me, opp)
		switch w {
		case 1:
			st.Wins++
		case 0:
			st.Losses++
		default:
			st.Draws++
		}
		if r.Starter == i {
			st.starts++
			st.firstW += w
		}
		st.AvgScore += float64(me)
		st.AvgMargin += float64(me - opp)
		st.marginSq += float64(me-opp) * float64(me-opp)
		st.BingosPerGame += float64(r.Bingos[i])
		st.Illegal += r.Illegal[i]
		st.Late += r.Late[i]
		st.Moves += len(r.Times[i])
		st.times = append(st.times, r.Times[i]...)
	}
}

// Finish turns the sums into rates and averages.
func (s *Summary) Finish(elapsed time.Duration) {
	s.Seconds = elapsed.Seconds()
	if s.Games == 0 {
		return
	}
	n := float64(s.Games)
	s.AvgTurns = float64(s.turns) / n
	for i := range s.Seats {
		st := &s.Seats[i]
		won := float64(st.Wins) + float64(st.Draws)/2
		st.WinRate = won / n
		st.Interval[0], st.Interval[1] = Wilson(won, s.Games, Z95)
		st.AvgScore /= n
		st.AvgMargin /= n
		st.MarginInterval = nil
		if s.Games > 1 {
			variance := (st.marginSq - n*st.AvgMargin*st.AvgMargin) / (n - 1)
			half := Z95 * math.Sqrt(max(variance, 0)/n)
			st.MarginInterval = &[2]float64{st.AvgMargin - half, st.AvgMargin + half}
		}
		st.BingosPerGame /= n
		st.GamesFirst = st.starts
		if st.starts > 0 {
			st.WinRateFirst = st.firstW / float64(st.starts)
		}
		q := Quantiles(st.times)
		st.MoveTime = Millis{P50: ms(q.P50), P99: ms(q.P99), Max: ms(q.Max)}
	}
	if s.Paired {
		s.Pairs = s.pairs.n
		s.Seats[0].Pairs, s.Seats[1].Pairs = s.pairs.figures()
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// WriteText prints the summary as a table, one column per seat.
func (s *Summary) WriteText(w io.Writer) error {
	clock := "people untimed"
	if s.MoveTime > 0 {
		clock = fmt.Sprintf("MoveTime %v", time.Duration(s.MoveTime*float64(time.Millisecond)))
	}
	fmt.Fprintf(w, "%d game(s), %s, seed %d, %d worker(s), %s, %.1f s, %.1f turns a game\n",
		s.Games, s.Variant, s.Seed, s.Parallel, clock, s.Seconds, s.AvgTurns)
	if s.Abandoned > 0 {
		fmt.Fprintf(w, "%d game(s) abandoned (a player quit or their input ended), not counted\n", s.Abandoned)
	}
	if s.Games == 0 {
		_, err := fmt.Fprintln(w, "No game finished: nothing to compare.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	a, b := &s.Seats[0], &s.Seats[1]
	row := func(label string, f func(st *SeatSummary) string) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", label, f(a), f(b))
	}
	row("", func(st *SeatSummary) string { return st.Name })
	row("wins", func(st *SeatSummary) string { return fmt.Sprint(st.Wins) })
	row("losses", func(st *SeatSummary) string { return fmt.Sprint(st.Losses) })
	row("draws", func(st *SeatSummary) string { return fmt.Sprint(st.Draws) })
	row("win rate [95% CI]", func(st *SeatSummary) string {
		return fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*st.WinRate, 100*st.Interval[0], 100*st.Interval[1])
	})
	row("win rate moving first", func(st *SeatSummary) string {
		if st.GamesFirst == 0 {
			return "none started"
		}
		return fmt.Sprintf("%.1f%%", 100*st.WinRateFirst)
	})
	row("average score", func(st *SeatSummary) string { return fmt.Sprintf("%.1f", st.AvgScore) })
	row("average margin [95% CI]", func(st *SeatSummary) string {
		if st.MarginInterval == nil {
			return fmt.Sprintf("%+.1f (one game: no interval)", st.AvgMargin)
		}
		return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", st.AvgMargin, st.MarginInterval[0], st.MarginInterval[1])
	})
	if a.Pairs != nil {
		row(fmt.Sprintf("over %d pairs: win rate [95%% CI]", s.Pairs), func(st *SeatSummary) string {
			p := st.Pairs
			return fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*p.WinRate, 100*p.Interval[0], 100*p.Interval[1])
		})
		row("over pairs: margin [95% CI]", func(st *SeatSummary) string {
			p := st.Pairs
			return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", p.Margin, p.MarginInterval[0], p.MarginInterval[1])
		})
	}
	row("bingos per game", func(st *SeatSummary) string { return fmt.Sprintf("%.2f", st.BingosPerGame) })
	row("illegal moves", func(st *SeatSummary) string { return fmt.Sprint(st.Illegal) })
	row("late moves", func(st *SeatSummary) string { return fmt.Sprint(st.Late) })
	row("moves", func(st *SeatSummary) string { return fmt.Sprint(st.Moves) })
	row("time per move p50/p99/max", func(st *SeatSummary) string {
		return fmt.Sprintf("%.1f / %.1f / %.1f ms", st.MoveTime.P50, st.MoveTime.P99, st.MoveTime.Max)
	})
	return tw.Flush()
}
