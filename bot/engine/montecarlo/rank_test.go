package montecarlo

import (
	"testing"

	"github.com/lexico/lexico/bot/engine/winprob"
	"github.com/lexico/lexico/bot/game/variant"
)

// A constructed case where points and win probability disagree: the mover
// leads by 60 with 20 tiles unseen and the opponent to move at the
// horizon. The gamble scores 5 points more on average (+80 or -70, as the
// worlds fall), the safe play keeps the lead in every world. Points pick
// the gamble; win probability picks the safe play, which wins far more
// often; where both win every world, points break the tie.
func TestWinProbabilityRanksTheSafeLeadAboveMorePoints(t *testing.T) {
	v := variant.Multipliers
	tab := winprob.Shipped(&v.Distribution)
	if tab == nil {
		t.Fatal("no win probability table for the multipliers bag")
	}
	const spread, unseen = 60, 20
	outcomeOf := func(value float64) outcome {
		margin := spread + value
		return outcome{value: value, margin: margin, wp: chance(tab, margin, false, unseen, false)}
	}
	totals := make([]tally, 4)
	for i := range 100 {
		gamble := -70.0
		if i%2 == 0 {
			gamble = 80
		}
		totals[0].add(outcomeOf(gamble))
		totals[1].add(outcomeOf(0))
		// Two won games, by 30 and by 50 points.
		totals[2].add(outcome{value: 30, margin: spread + 30, ended: true, wp: chance(tab, spread+30, true, 0, false)})
		totals[3].add(outcome{value: 50, margin: spread + 50, ended: true, wp: chance(tab, spread+50, true, 0, false)})
	}
	s := &Simulator{}
	points := s.report(totals[:2], RankPoints, nil)
	byWins := s.report(totals[:2], RankWinProb, nil)
	blend := s.report(totals[:2], RankBlend, nil)
	gamble, safe := points.Results[0], points.Results[1]
	if !(gamble.Equity > safe.Equity && gamble.WinProb < safe.WinProb-0.1) {
		t.Fatalf("the case is not constructed as meant: gamble %+v, safe %+v", gamble, safe)
	}
	if points.Order[0] != 0 || byWins.Order[0] != 1 || blend.Order[0] != 1 {
		t.Fatalf("best by points %d, by win probability %d, by the blend %d: want the gamble (0), then the safe play (1) twice",
			points.Order[0], byWins.Order[0], blend.Order[0])
	}
	if byWins.Rank != RankWinProb || byWins.ByWins { // the games go on past the horizon
		t.Fatalf("report says rank %v, by wins %v", byWins.Rank, byWins.ByWins)
	}
	won := s.report(totals[2:], RankWinProb, nil)
	if won.Results[0].WinProb != 1 || won.Results[1].WinProb != 1 || won.Order[0] != 1 || !won.ByWins {
		t.Fatalf("two won games: win probabilities %v and %v, best %d: want 1, 1 and the larger win (1)",
			won.Results[0].WinProb, won.Results[1].WinProb, won.Order[0])
	}
}

func TestRankingNamesRoundTrip(t *testing.T) {
	for _, r := range []Ranking{RankPoints, RankWinProb, RankBlend} {
		if got, err := ParseRanking(r.String()); err != nil || got != r {
			t.Errorf("%v: read back %v, %v", r, got, err)
		}
	}
	if _, err := ParseRanking("wins"); err == nil {
		t.Error("an unknown ranking was read")
	}
}

// Near the end, where every world is played out and the report ranks by
// wins, the race compares alike: a side 40 behind has a play that loses
// by 10 in every world (30 points more than it trails by) and one that
// wins by 5 in a world of four and loses by 60 in the others. On points
// the race drops the gamble; by wins it keeps it and drops the other, and
// between two plays that win and lose in the same worlds the points still
// decide.
func TestTheRaceToTheEndComparesWinsFirst(t *testing.T) {
	const spread = -40
	played := func(value float64) outcome { return outcome{value: value, margin: spread + value, ended: true} }
	rounds := 4 * RaceMinRounds
	race := func(byWins bool) []bool {
		rc := &racing{n: 3, alive: []bool{true, true, true}, dropped: make([]int, 3), dSum: make([]float64, 9), dSq: make([]float64, 9), byWins: byWins}
		totals := make([]tally, 3)
		for i := range rounds {
			gamble := -20.0
			if i%4 == 0 {
				gamble = 45
			}
			// The safe loss, the gamble, and the gamble 5 points worse in
			// the worlds it loses anyway.
			worse := gamble
			if gamble < 0 {
				worse -= 5
			}
			rc.count(totals, []outcome{played(30), played(gamble), played(worse)}, RankPoints, 0)
		}
		rc.eliminate()
		return rc.alive
	}
	if alive := race(false); !alive[0] || alive[1] || alive[2] {
		t.Errorf("racing on points: alive %v, want only the safe loss (the most points)", alive)
	}
	if alive := race(true); alive[0] || !alive[1] || alive[2] {
		t.Errorf("racing wins first: alive %v, want only the gamble (it alone wins, and scores more than its twin)", alive)
	}
}
