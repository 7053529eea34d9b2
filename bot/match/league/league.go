// Package league plays every pair of several entrants and ranks them: each
// pair's win rate with its 95% Wilson interval (arena.Wilson), each
// entrant's score and a Bradley-Terry rating on the Elo scale with its
// standard error, and the illegal and late moves each made. The games
// themselves are arena matches; this package only pairs and ranks.
package league

import (
	"fmt"
	"io"
	"math"
	"sort"
	"text/tabwriter"

	"github.com/lexico/lexico/bot/match/arena"
)

// Pairing is one pair of entrants, by index, A < B.
type Pairing struct{ A, B int }

// Schedule is every pair of n entrants, each once: the games of a pair
// alternate who moves first (arena.Match), so both seat orders are played.
func Schedule(n int) []Pairing {
	var ps []Pairing
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			ps = append(ps, Pairing{a, b})
		}
	}
	return ps
}

// Pair is one pair's result, from A's side.
type Pair struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Games int    `json:"games"`
	WinsA int    `json:"wins_a"`
	WinsB int    `json:"wins_b"`
	Draws int    `json:"draws"`
	// WinRateA counts a draw as half a win; Interval is its 95% Wilson
	// interval.
	WinRateA float64    `json:"win_rate_a"`
	Interval [2]float64 `json:"interval95"`
	MarginA  float64    `json:"avg_margin_a"`
	// Paired is A's win rate and margin over the twos of games played
	// from one bag (league --paired, arena.Match.Paired); nil otherwise.
	Paired *arena.PairFigures `json:"paired,omitempty"`
}

// Standing is one entrant's line of the table.
type Standing struct {
	Name  string `json:"name"`
	Spec  string `json:"spec"`
	Games int    `json:"games"`
	// Score is points per game: a win 1, a draw 1/2.
	Score float64 `json:"score"`
	// Rating is the Bradley-Terry strength on the Elo scale (a 400-point
	// gap: 10 to 1 odds), the entrants' mean at 0; RatingSE its standard
	// error, so Rating ± 1.96 RatingSE is a 95% interval.
	Rating   float64 `json:"rating"`
	RatingSE float64 `json:"rating_se"`
	Illegal  int     `json:"illegal_moves"`
	Late     int     `json:"late_moves"`
	Moves    int     `json:"moves"`
	// MoveTime is the median time per move over its games, in ms.
	MoveTimeP50 float64 `json:"move_time_p50_ms"`
}

// Table is a league's results.
type Table struct {
	Variant      string     `json:"variant"`
	GamesPerPair int        `json:"games_per_pair"`
	Seed         uint64     `json:"seed"`
	Pairs        []Pair     `json:"pairs"`
	Standings    []Standing `json:"entrants"`

	// wins[i][j] counts i's wins over j, a draw half to each.
	wins [][]float64
	p50s [][]float64
}

// New starts the table of the entrants named (names[i] plays as specs[i]).
func New(names, specs []string, variant string, gamesPerPair int, seed uint64) (*Table, error) {
	if len(names) < 2 || len(names) != len(specs) {
		return nil, fmt.Errorf("%w: %d entrants; a league wants at least 2", ErrTable, len(names))
	}
	seen := map[string]bool{}
	t := &Table{Variant: variant, GamesPerPair: gamesPerPair, Seed: seed}
	for i, n := range names {
		if seen[n] {
			return nil, fmt.Errorf("%w: two entrants named %q", ErrTable, n)
		}
		seen[n] = true
		t.Standings = append(t.Standings, Standing{Name: n, Spec: specs[i]})
		t.wins = append(t.wins, make([]float64, len(names)))
		t.p50s = append(t.p50s, nil)
	}
	return t, nil
}

// Add counts the match of pairing p; sum's seat 0 is p.A, seat 1 p.B.
func (t *Table) Add(p Pairing, sum *arena.Summary) {
	a, b := &sum.Seats[0], &sum.Seats[1]
	t.Pairs = append(t.Pairs, Pair{A: t.Standings[p.A].Name, B: t.Standings[p.B].Name, Games: sum.Games,
		WinsA: a.Wins, WinsB: b.Wins, Draws: a.Draws, WinRateA: a.WinRate, Interval: a.Interval, MarginA: a.AvgMargin, Paired: a.Pairs})
	for i, idx := range [2]int{p.A, p.B} {
		st, seat := &t.Standings[idx], &sum.Seats[i]
		st.Games += sum.Games
		st.Score += float64(seat.Wins) + float64(seat.Draws)/2
		st.Illegal += seat.Illegal
		st.Late += seat.Late
		st.Moves += seat.Moves
		t.p50s[idx] = append(t.p50s[idx], seat.MoveTime.P50)
	}
	t.wins[p.A][p.B] += float64(a.Wins) + float64(a.Draws)/2
	t.wins[p.B][p.A] += float64(b.Wins) + float64(b.Draws)/2
}

// Finish turns the counts into scores and ratings.
func (t *Table) Finish() {
	ratings, se := BradleyTerry(t.wins)
	for i := range t.Standings {
		st := &t.Standings[i]
		if st.Games > 0 {
			st.Score /= float64(st.Games)
		}
		st.Rating, st.RatingSE = ratings[i], se[i]
		// The median of the per-match medians: the matches are of one size.
		if ps := t.p50s[i]; len(ps) > 0 {
			sort.Float64s(ps)
			st.MoveTimeP50 = ps[len(ps)/2]
		}
	}
}

// eloScale turns a natural-log strength into Elo points.
const eloScale = 400 / math.Ln10

// BradleyTerry fits strengths to wins[i][j] (i's wins over j; a draw half
// to each) by Hunter's MM algorithm ("MM algorithms for generalized
// Bradley-Terry models", Annals of Statistics 2004), and returns them on the
// Elo scale with their mean at 0, and their standard errors from the Fisher
// information (the inverse of the log-likelihood's curvature, taken with
// the mean fixed). Each pair that met also gets one virtual drawn game, a
// weak prior that keeps a clean sweep finite.
func BradleyTerry(wins [][]float64) (ratings, se []float64) {
	n := len(wins)
	w := make([][]float64, n)
	games := make([][]float64, n)
	for i := range w {
		w[i] = make([]float64, n)
		games[i] = make([]float64, n)
	}
	for i := range n {
		for j := range n {
			if g := wins[i][j] + wins[j][i]; i != j && g > 0 {
				w[i][j] = wins[i][j] + 0.5
				games[i][j] = g + 1
			}
		}
	}
	p := make([]float64, n)
	for i := range p {
		p[i] = 1
	}
	for range 10000 {
		next := make([]float64, n)
		change := 0.0
		for i := range n {
			var won, den float64
			for j := range n {
				won += w[i][j]
				if games[i][j] > 0 {
					den += games[i][j] / (p[i] + p[j])
				}
			}
			next[i] = p[i]
			if den > 0 {
				next[i] = won / den
			}
		}
		// Scale to a geometric mean of 1 so the fit does not drift.
		logMean := 0.0
		for _, v := range next {
			logMean += math.Log(v)
		}
		g := math.Exp(logMean / float64(n))
		for i := range next {
			next[i] /= g
			change = math.Max(change, math.Abs(math.Log(next[i]/p[i])))
		}
		p = next
		if change < 1e-10 {
			break
		}
	}
	// The information matrix of the log strengths: a weighted graph
	// Laplacian, singular along (1, ..., 1); its pseudo-inverse is the
	// covariance of the strengths with their mean fixed.
	info := make([][]float64, n)
	for i := range info {
		info[i] = make([]float64, n)
	}
	for i := range n {
		for j := range n {
			if i == j || games[i][j] == 0 {
				continue
			}
			q := p[i] / (p[i] + p[j])
			v := games[i][j] * q * (1 - q)
			info[i][j] -= v
			info[i][i] += v
		}
	}
	cov := pseudoInverseLaplacian(info)
	ratings, se = make([]float64, n), make([]float64, n)
	for i := range n {
		ratings[i] = eloScale * math.Log(p[i])
		se[i] = eloScale * math.Sqrt(math.Max(cov[i][i], 0))
	}
	return ratings, se
}

// pseudoInverseLaplacian is L's Moore-Penrose inverse for a connected
// graph Laplacian L: (L + J/n)^-1 - J/n, J the all-ones matrix. A
// disconnected league (cannot happen with every pair played) gives +Inf.
func pseudoInverseLaplacian(l [][]float64) [][]float64 {
	n := len(l)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, 2*n)
		for j := range n {
			a[i][j] = l[i][j] + 1/float64(n)
		}
		a[i][n+i] = 1
	}
	// Gauss-Jordan with partial pivoting.
	for c := range n {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		a[c], a[piv] = a[piv], a[c]
		d := a[c][c]
		if math.Abs(d) < 1e-12 {
			out := make([][]float64, n)
			for i := range out {
				out[i] = make([]float64, n)
				for j := range out[i] {
					out[i][j] = math.Inf(1)
				}
			}
			return out
		}
		for j := range a[c] {
			a[c][j] /= d
		}
		for r := range n {
			if r != c && a[r][c] != 0 {
				f := a[r][c]
				for j := range a[r] {
					a[r][j] -= f * a[c][j]
				}
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
		for j := range n {
			out[i][j] = a[i][n+j] - 1/float64(n)
		}
	}
	return out
}

// WriteText prints the pairs, then the standings, best rating first.
func (t *Table) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "league: %d entrants, %d game(s) a pair, %s, seed %d\n\n", len(t.Standings), t.GamesPerPair, t.Variant, t.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "pair\tgames\twins\tdraws\twin rate of the first [95% CI]\tmargin of the first\t")
	for _, p := range t.Pairs {
		fmt.Fprintf(tw, "%s vs %s\t%d\t%d-%d\t%d\t%.1f%% [%.1f%%, %.1f%%]\t%+.1f\t\n", p.A, p.B, p.Games, p.WinsA, p.WinsB, p.Draws,
			100*p.WinRateA, 100*p.Interval[0], 100*p.Interval[1], p.MarginA)
		if f := p.Paired; f != nil {
			fmt.Fprintf(tw, "  over the twos from one bag\t\t\t\t%.1f%% [%.1f%%, %.1f%%]\t%+.1f [%+.1f, %+.1f]\t\n", 100*f.WinRate,
				100*f.Interval[0], 100*f.Interval[1], f.Margin, f.MarginInterval[0], f.MarginInterval[1])
		}
	}
	tw.Flush()
	fmt.Fprintln(w)
	order := make([]int, len(t.Standings))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return t.Standings[order[a]].Rating > t.Standings[order[b]].Rating })
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "entrant\tgames\tscore\trating ± 95%\tillegal\tlate\tmoves\tmove p50\tspec\t")
	for _, i := range order {
		s := t.Standings[i]
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%+.0f ± %.0f\t%d\t%d\t%d\t%.1f ms\t%s\t\n", s.Name, s.Games, 100*s.Score, s.Rating,
			arena.Z95*s.RatingSE, s.Illegal, s.Late, s.Moves, s.MoveTimeP50, s.Spec)
	}
	return tw.Flush()
}
