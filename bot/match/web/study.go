package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/solver"
)

// StudyRequest asks for the best moves of a gamestate, in either of its
// forms (the platform's JSON or the documentation's Python literal).
type StudyRequest struct {
	// Gamestate is a gamestate (JSON or the documentation's Python
	// literal), or, when Hand is given, a board file of Variant's rules
	// (the solver's: a row a line, '_' empty, a lower-case letter a blank)
	// to play Hand on.
	Gamestate string `json:"gamestate"`
	Hand      string `json:"hand"`
	Variant   string `json:"variant"`
	// Top is how many moves to list (1..50; 0: 10).
	Top int `json:"top"`
	// Sim ranks them again by simulation for MS milliseconds (the sim
	// policy's win rate, simulated points and their error).
	Sim bool  `json:"sim"`
	MS  int64 `json:"ms"`
}

// Line is one play of Solve's listing.
type Line struct {
	Rank  int          `json:"rank"`
	Text  string       `json:"text"`
	Kind  string       `json:"kind"`
	Score int          `json:"score"`
	Leave string       `json:"leave"`
	Words []rules.Word `json:"words"`
	Tiles Tiles        `json:"tiles"`
}

// StudyResponse is a study's answer: the report every front end writes
// (answer.Report, as run --json and /move write it; its Top lists the
// moves studied, best first, with their simulation's figures when they
// were simulated), and beside it what the page draws.
type StudyResponse struct {
	answer.Report
	Board  BoardView `json:"board"`
	Rack   string    `json:"rack"`
	Scores [2]int    `json:"scores"`
	Bag    int       `json:"bag"`
	// Shown is how the page shows each move of Top, in Top's order.
	Shown []Shown `json:"shown"`
}

// Shown is a move as the page shows it: in the board's own notation
// (human.Format), and the squares it places tiles on, row 0 the top.
type Shown struct {
	Text  string `json:"text"`
	Tiles Tiles  `json:"tiles"`
}

func (s *Site) study(w http.ResponseWriter, r *http.Request) {
	var req StudyRequest
	if err := decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	if req.Top == 0 {
		req.Top = 10
	}
	if req.MS == 0 {
		req.MS = 1000
	}
	if req.Top < 1 || req.Top > 50 {
		fail(w, fmt.Errorf("%w: top %d: want 1 to 50 moves", ErrBadRequest, req.Top))
		return
	}
	think, err := millis("ms", req.MS, MinBotTime, s.Store.cfg.MaxThink)
	if err != nil {
		fail(w, err)
		return
	}
	p, err := studied(req)
	if err != nil {
		fail(w, fmt.Errorf("%w: %v", ErrBadRequest, err))
		return
	}
	policy := player.NameEquity
	if req.Sim {
		policy = player.NameSim
	}
	// A study is a search like the server's others: it thinks only in a
	// free slot of the server's gate (else the static ranking answers, and
	// says so), and a shutdown hurries it.
	bot, err := s.Store.cfg.Answers.Bot(answer.BotOptions{Policy: policy, Top: req.Top, Think: think, Guest: true})
	if err != nil {
		fail(w, fmt.Errorf("%w: %v", ErrBadRequest, err))
		return
	}
	start := time.Now()
	rep, _ := bot.AnswerPosition(r.Context(), p, start) // the move's encoding, its only error, is in the report
	out := StudyResponse{Report: answer.NewReport(rep, s.Store.cfg.Dict, time.Since(start), true),
		Board: viewOf(p.Board, p.Variant), Rack: p.Rack.String(), Scores: [2]int{p.MyScore, p.OppScore}, Bag: p.BagCount,
		Shown: []Shown{}}
	for _, c := range rep.Choice.Top {
		out.Shown = append(out.Shown, Shown{Text: human.Format(p.Board, c.Move), Tiles: append([]move.Placement{}, c.Move.Tiles...)})
	}
	writeJSON(w, http.StatusOK, out)
}

// SolveRequest is a board file (the solver's text format), a hand ('*' or
// '?' for a blank) and the rule set.
type SolveRequest struct {
	// Rules is the rule set's name ("": multipliers, as solve's).
	Rules string `json:"rules"`
	Board string `json:"board"`
	Hand  string `json:"hand"`
	// Top is how many plays to list (1..500; 0: 100); the page filters
	// them by square.
	Top int `json:"top"`
}

// SolveResponse is the board read and its best plays, best first.
type SolveResponse struct {
	Board BoardView `json:"board"`
	Plays []Line    `json:"plays"`
	// Rows and Cols of each play's main word's first square, 0-based, as
	// the board file counts them, with its direction.
	Starts []SolveStart `json:"starts"`
}

// SolveStart is where a play's main word starts, as the solver lists it.
type SolveStart struct {
	Row int    `json:"row"`
	Col int    `json:"col"`
	Dir string `json:"dir"`
}

func (s *Site) solve(w http.ResponseWriter, r *http.Request) {
	var req SolveRequest
	if err := decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	if req.Top == 0 {
		req.Top = 100
	}
	if req.Top < 1 || req.Top > 500 {
		fail(w, fmt.Errorf("%w: top %d: want 1 to 500 plays", ErrBadRequest, req.Top))
		return
	}
	if req.Rules == "" {
		req.Rules = variant.Multipliers.Name // as solve's --variant
	}
	v, err := variant.ByName(req.Rules)
	if err != nil {
		fail(w, fmt.Errorf("%w: %v", ErrBadRequest, err))
		return
	}
	b, err := solver.ParseBoard([]byte(req.Board), v)
	if err != nil {
		fail(w, fmt.Errorf("%w: board: %v", ErrBadRequest, err))
		return
	}
	hand, err := solver.ParseHand(req.Hand, v)
	if err != nil {
		fail(w, fmt.Errorf("%w: hand: %v", ErrBadRequest, err))
		return
	}
	plays, err := solver.Solve(s.eng.Generator(), v, b, hand, req.Top)
	if err != nil { // the bag check's refusals: a board or hand no game could reach
		fail(w, fmt.Errorf("%w: %v", ErrBadRequest, err))
		return
	}
	out := SolveResponse{Board: viewOf(b, v), Plays: []Line{}, Starts: []SolveStart{}}
	for _, p := range plays {
		ln := Line{Rank: p.Rank, Text: human.Format(b, p.Move), Kind: p.Move.Kind.String(), Score: p.Score,
			Words: s.judged(p.Words), Tiles: p.Move.Tiles, Leave: leave(hand, p.Move)}
		out.Plays = append(out.Plays, ln)
		out.Starts = append(out.Starts, SolveStart{Row: p.Row, Col: p.Col, Dir: p.Dir.String()})
	}
	writeJSON(w, http.StatusOK, out)
}

func leave(hand tile.Rack, m move.Move) string {
	l, _ := m.Leave(hand)
	return l.String()
}

// judged marks the words the dictionary holds (the rules engine's Score
// leaves Valid unset, having no dictionary).
func (s *Site) judged(words []rules.Word) []rules.Word {
	for i := range words {
		words[i].Valid = s.Store.cfg.Dict.Contains(words[i].Word)
	}
	return words
}

// studied is the position a study request asks about: its gamestate, or its
// board file with the hand, the other tiles of the variant's bag unseen
// (the opponent's rack first, the rest in the bag) and no score yet.
func studied(req StudyRequest) (*position.Position, error) {
	if req.Hand == "" {
		return gamestate.Parse([]byte(req.Gamestate))
	}
	name := req.Variant
	if name == "" {
		name = variant.Multipliers.Name
	}
	v, err := variant.ByName(name)
	if err != nil {
		return nil, err
	}
	b, err := solver.ParseBoard([]byte(req.Gamestate), v)
	if err != nil {
		return nil, fmt.Errorf("board: %w", err)
	}
	hand, err := solver.ParseHand(req.Hand, v)
	if err != nil {
		return nil, err
	}
	left, err := v.Unseen(b, hand)
	if err != nil {
		return nil, err
	}
	unseen := 0
	for _, n := range left {
		unseen += n
	}
	return &position.Position{Variant: v, Board: b, Rack: hand, FirstGo: b.IsEmpty(),
		BagCount: max(0, unseen-v.RackSize)}, nil
}
