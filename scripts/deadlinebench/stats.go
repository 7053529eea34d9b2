package main

import (
	"math"
	"slices"
	"sort"
)

var nanValue = math.NaN()

// Answer is one live answer, as written to the raw JSON-lines file.
type Answer struct {
	Cond     string  `json:"cond"`
	Seq      int     `json:"seq"`
	Line     int     `json:"line"`  // corpus line of the position
	Class    string  `json:"class"` // crowded, endgame, middle
	Sent     string  `json:"sent"`  // when the deadline was set (RFC 3339)
	Deadline int64   `json:"deadline_ms"`
	LateMS   float64 `json:"late_ms"` // delivery − deadline (negative: early); absent answers: 0, see Error
	// Delivered is false when no move arrived (Error says why).
	Delivered bool   `json:"delivered"`
	Late      bool   `json:"late"`
	Error     string `json:"error,omitempty"`
	Move      string `json:"move,omitempty"`
	// From serve's answer, when present.
	Status   int     `json:"status,omitempty"`
	Policy   string  `json:"policy,omitempty"`
	Kind     string  `json:"kind,omitempty"`
	BudgetMS float64 `json:"budget_ms,omitempty"`
	Worlds   int     `json:"worlds,omitempty"`
	// Note is serve's note: why the answer was not the policy thinking
	// for its whole budget (no slot, no search turn, too little time).
	Note string `json:"note,omitempty"`
	// Unsearched is set for serve's answers given without a search (no
	// play valued: an exchange or a pass when no search turn came in time).
	Unsearched bool `json:"unsearched,omitempty"`
	// WroteMS is how long after the deadline was set the whole request
	// had been written to the connection (serve only).
	WroteMS float64 `json:"wrote_ms,omitempty"`
	// ServerLate is serve's own "late": the deadline had passed when it
	// read the request.
	ServerLate bool `json:"server_late,omitempty"`
}

// Failed reports an answer that counts as an error: no move, a move that
// does not parse, a non-200 response, a child's non-zero exit.
func (a *Answer) Failed() bool { return a.Error != "" }

// Percentile is the nearest-rank p-th percentile (0 < p <= 100) of xs,
// NaN for none. xs need not be sorted and is not changed.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	return percentileSorted(s, p)
}

func percentileSorted(s []float64, p float64) float64 {
	if len(s) == 0 {
		return math.NaN()
	}
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	return s[min(max(rank, 1), len(s))-1]
}

// Summary is a group of answers' figures.
type Summary struct {
	N, Delivered, Late, Errors int
	// P50, P99, Max are of delivery − deadline in ms over the delivered
	// answers (negative: early); NaN when none was delivered.
	P50, P99, Max float64
	// MinMargin is the smallest deadline − delivery (= −Max).
	MinMargin float64
	Policies  map[string]int
	// Unsearched counts the answers given without a search.
	Unsearched int
}

// Summarize computes a group's figures. A late answer that also failed
// (say a child that printed its move late and then exited 1) counts in both.
func Summarize(as []Answer) Summary {
	s := Summary{N: len(as), P50: math.NaN(), P99: math.NaN(), Max: math.NaN(), MinMargin: math.NaN()}
	var late []float64
	for i := range as {
		a := &as[i]
		if a.Failed() {
			s.Errors++
		}
		if a.Policy != "" {
			if s.Policies == nil {
				s.Policies = map[string]int{}
			}
			s.Policies[a.Policy]++
		}
		if a.Unsearched {
			s.Unsearched++
		}
		if !a.Delivered {
			continue
		}
		s.Delivered++
		if a.Late {
			s.Late++
		}
		late = append(late, a.LateMS)
	}
	if len(late) > 0 {
		sort.Float64s(late)
		s.P50, s.P99 = percentileSorted(late, 50), percentileSorted(late, 99)
		s.Max = late[len(late)-1]
		s.MinMargin = -s.Max
	}
	return s
}
