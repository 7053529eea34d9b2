package web

import (
	"context"
	crand "crypto/rand"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/match/lineup"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/quote"
)

// Defaults of StoreConfig's zero fields.
const (
	DefaultMaxGames = 64
	DefaultTTL      = time.Hour
	// DefaultMaxTurns ends a game that has not ended by itself: with the
	// bound on games it bounds the memory the store holds (a turn keeps its
	// gamestate, about 4 KB, for the GCG record).
	DefaultMaxTurns = 200
	// MinBotTime and MaxBotTime bound the bot's thinking time per move a
	// person may ask for: a page that asks for an hour would hold a core.
	// MaxBotTime is StoreConfig.MaxThink's default.
	MinBotTime = 50 * time.Millisecond
	MaxBotTime = 10 * time.Second
	// DefaultBotTime is the bot's time per move when a game names none:
	// long enough for the sim policy to simulate, short enough that a
	// person is not kept waiting.
	DefaultBotTime = time.Second
)

// StoreConfig says what the games are played with and how many are kept.
type StoreConfig struct {
	// Answers makes the bots of the games and the studies (and its engine
	// the solver's generator), as it makes the server's /move's: guests
	// of its gate (answer.BotOptions.Guest), so that the page's searches
	// take the server's thinking slots (leaving one for its /move), never
	// think beside them, share its measured tail and are hurried by its
	// shutdown. Each game's bot thinks for the game's BotTime. Its owner
	// closes the engine after the store.
	Answers *answer.Pipeline
	// Dict judges the person's moves and the bot's, as the referee does.
	Dict rules.Dictionary
	// File, when set, is the bbolt file the games are kept in, so that a
	// game survives a restart (persist.go); "": in memory only. One server
	// a file.
	File string
	// MaxThink is the longest thinking a page may ask for, a bot's move or
	// a study (0: MaxBotTime). Longer studies rank better, but hold a
	// thinking slot longer: the trade is the page's depth against how
	// often the other searches find the slots taken.
	MaxThink time.Duration
	// MaxGames bounds the games kept at once (0: DefaultMaxGames); TTL is
	// how long a game untouched is kept (0: DefaultTTL); MaxTurns ends a
	// game at that many turns (0: DefaultMaxTurns).
	MaxGames int
	TTL      time.Duration
	MaxTurns int
	// Now reads the clock of expiry (tests move it); nil: time.Now.
	Now func() time.Time
}

// Store holds the games being played on the page. A game lives in the
// server under a random id, so a reload resumes it; games untouched for TTL
// are dropped (their referee stopped), and at most MaxGames are kept: a new
// game first pushes out the expired ones, then the oldest finished one,
// then the oldest the person has not moved in yet (the page opens on a
// game, so every visit makes one: a person who opened the page and left
// must not keep the next one out), then the one used least recently. A new
// game is never refused: the trade is that a person who leaves a game
// longer than the others may find it gone, where refusing would let
// MaxGames games left open keep everyone out for TTL.
type Store struct {
	cfg StoreConfig
	db  *bolt.DB // StoreConfig.File's, or nil
	// restored counts the games of the file played again at the start,
	// and those dropped (expired, unreadable); aside is where a damaged
	// file was moved to before a fresh one was made, and damage why.
	restored struct {
		kept, dropped int
		aside, damage string
	}
	mu    sync.Mutex
	games map[string]*Game
	stop  chan struct{}
	once  sync.Once
}

// NewStore makes a store and starts its janitor, which drops expired games
// every TTL/4 even when nobody asks for one; Close stops it.
func NewStore(cfg StoreConfig) (*Store, error) {
	if cfg.Answers == nil || cfg.Answers.Engine == nil || cfg.Dict == nil {
		return nil, fmt.Errorf("%w: a store needs an answer pipeline over an engine, and a dictionary", ErrConfig)
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = DefaultMaxGames
	}
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultTTL
	}
	if cfg.MaxTurns <= 0 {
		cfg.MaxTurns = DefaultMaxTurns
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxThink <= 0 {
		cfg.MaxThink = MaxBotTime
	}
	if cfg.MaxThink < MinBotTime {
		return nil, fmt.Errorf("%w: the most thinking %v is less than the least, %v", ErrConfig, cfg.MaxThink, MinBotTime)
	}
	s := &Store{cfg: cfg, games: map[string]*Game{}, stop: make(chan struct{})}
	if cfg.File != "" {
		gf, err := openGames(cfg.File, cfg.Now())
		if err != nil {
			return nil, err
		}
		s.db = gf.db
		s.restored.aside, s.restored.damage = gf.aside, gf.damage
		s.restore(gf.records)
	}
	go s.janitor()
	return s, nil
}

func (s *Store) janitor() {
	t := time.NewTicker(s.cfg.TTL / 4)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.mu.Lock()
			s.sweep()
			s.mu.Unlock()
		}
	}
}

// Close stops every game and the janitor.
func (s *Store) Close() {
	s.once.Do(func() { close(s.stop) })
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, g := range s.games {
		g.cancel()
		delete(s.games, id)
	}
	if s.db != nil {
		s.db.Close() // the games stay in the file for the next start
		s.db = nil
	}
}

// Len is the number of games kept.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

// sweep drops the expired games. Callers hold s.mu.
func (s *Store) sweep() {
	now := s.cfg.Now()
	for id, g := range s.games {
		if now.Sub(g.used) > s.cfg.TTL {
			g.cancel()
			delete(s.games, id)
			s.forget(id)
		}
	}
}

// Options say which game to start.
type Options struct {
	// Policy is the bot's policy, one of player.Policies; "" is
	// DefaultPolicy.
	Policy string
	// Variant names the rule set (variant.Names); "" is multipliers.
	Variant string
	// BotFirst lets the bot move first.
	BotFirst bool
	// BotTime is the bot's thinking time per move, within
	// [MinBotTime, StoreConfig.MaxThink]; 0 is DefaultBotTime (at most
	// MaxThink).
	BotTime time.Duration
	// Seed shuffles the bag; 0 draws one at random.
	Seed uint64
}

// DefaultPolicy is the bot's policy when a new game names none: the
// command line's default, the strongest.
const DefaultPolicy = "sim"

// New starts a game and returns it once it is the person's turn (the bot
// has moved first when asked to).
func (s *Store) New(o Options) (*Game, error) {
	if o.Variant == "" {
		o.Variant = variant.Multipliers.Name
	}
	v, err := variant.ByName(o.Variant)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	if o.BotTime == 0 {
		o.BotTime = min(DefaultBotTime, s.cfg.MaxThink)
	}
	if o.BotTime < MinBotTime || o.BotTime > s.cfg.MaxThink {
		return nil, fmt.Errorf("%w: the bot's time %v is outside [%v, %v]", ErrBadRequest, o.BotTime, MinBotTime, s.cfg.MaxThink)
	}
	if o.Policy == "" {
		o.Policy = DefaultPolicy
	}
	if !slices.Contains(player.Policies, o.Policy) {
		return nil, fmt.Errorf("%w: policy %s (known: %s)", ErrBadRequest, quote.String(o.Policy), strings.Join(player.Policies, ", "))
	}
	bot, err := s.bot(o)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	if o.Seed == 0 {
		o.Seed = rand.Uint64()
	}

	s.mu.Lock()
	s.sweep()
	if len(s.games) >= s.cfg.MaxGames && !s.evict((*Game).isOver) && !s.evict((*Game).untouched) {
		s.evict(func(*Game) bool { return true })
	}
	g := s.start(newID(), v, bot, o, nil, nil)
	s.games[g.ID] = g
	s.mu.Unlock()
	s.save(g)

	g.mu.Lock()
	defer g.mu.Unlock()
	g.advance()
	return g, nil
}

// evict drops the game whose last use is oldest of those which, and
// reports whether there was one. Callers hold s.mu.
func (s *Store) evict(which func(*Game) bool) bool {
	var oldest *Game
	for _, g := range s.games {
		if which(g) && (oldest == nil || g.used.Before(oldest.used)) {
			oldest = g
		}
	}
	if oldest == nil {
		return false
	}
	oldest.cancel()
	delete(s.games, oldest.ID)
	s.forget(oldest.ID)
	return true
}

// Get finds a game by id and marks it used.
func (s *Store) Get(id string) (*Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweep()
	g, ok := s.games[id]
	if !ok {
		return nil, fmt.Errorf("%w: %q (games are kept %v after their last use, and the one used least recently makes way for a new one past %d)",
			ErrNoGame, id, s.cfg.TTL, s.cfg.MaxGames)
	}
	g.used = s.cfg.Now()
	return g, nil
}

// Game is one game between a person and a bot, played by the referee in a
// goroutine of its own: the person's seat hands each gamestate to the page
// and waits for the page's move.
type Game struct {
	ID       string
	Policy   string
	Variant  *variant.Variant
	Seat     int // the person's seat
	BotTime  time.Duration
	Seed     uint64
	dict     rules.Dictionary
	used     time.Time // guarded by the store's mu
	cancel   context.CancelFunc
	toPerson chan []byte   // the gamestates the person is handed
	fromPage chan pageMove // the person's moves
	done     chan *arena.Record

	// mu serialises the moves and guards what follows.
	mu sync.Mutex
	// turn counts the person's turns: a move names the turn it was made
	// for, so a second one for the same turn is refused (ErrStale).
	turn int
	// pos is the person's view while it is their turn, nil otherwise.
	pos    *position.Position
	record *arena.Record
	// over is read by the store, which must not wait for a move.
	over atomic.Bool

	// evmu guards events, which the bot's seat appends to from the
	// referee's goroutine, and moves and replay.
	evmu   sync.Mutex
	events []Event
	// moves are every move handed to the referee, both seats', kept so
	// that a restart can play the game again (persist.go); replay are
	// those still to be handed again after a restart.
	moves  []json.RawMessage
	replay []json.RawMessage
	store  *Store
}

// replayed is the next move to hand the referee again after a restart,
// if any.
func (g *Game) replayed() ([]byte, bool) {
	g.evmu.Lock()
	defer g.evmu.Unlock()
	if len(g.replay) == 0 {
		return nil, false
	}
	m := g.replay[0]
	g.replay = g.replay[1:]
	g.moves = append(g.moves, m)
	return m, true
}

// played records a move handed to the referee (and ev, the page's record
// of it, when not nil) and keeps the game.
func (g *Game) played(m []byte, ev *Event) {
	g.evmu.Lock()
	g.moves = append(g.moves, json.RawMessage(m))
	if ev != nil {
		g.events = append(g.events, *ev)
	}
	g.evmu.Unlock()
	g.store.save(g)
}

// Event is one move of the game as the page shows it.
type Event struct {
	Seat int `json:"seat"`
	// Text is the move in the terminal's notation ("H8 across CAR",
	// "exchange AE", "pass").
	Text  string       `json:"text"`
	Kind  string       `json:"kind"`
	Score int          `json:"score"`
	Words []rules.Word `json:"words"`
	Bingo bool         `json:"bingo"`
	// Tiles are the squares the move filled (engine coordinates).
	Tiles Tiles `json:"tiles"`
	// Refused says why the referee played the answer as a pass.
	Refused string `json:"refused,omitempty"`
}

// bot is the bot of a game played with o: a guest of the server's gate,
// thinking o.BotTime a move.
func (s *Store) bot(o Options) (*answer.Bot, error) {
	return s.cfg.Answers.Bot(answer.BotOptions{Policy: o.Policy, Think: o.BotTime, Guest: true})
}

// newID is a game's id: random, so that one person cannot guess
// another's game.
func newID() string { return strings.ToLower(crand.Text()) }

// start seats the bot and the person and lets the referee play in a
// goroutine. Callers hold s.mu.
//
// replay are moves already played (a game restored), handed to the referee
// before any seat is asked, and events the page's record of them.
func (s *Store) start(id string, v *variant.Variant, ab *answer.Bot, o Options, replay []json.RawMessage, events []Event) *Game {
	ctx, cancel := context.WithCancel(context.Background())
	g := &Game{ID: id, Policy: o.Policy, Variant: v, BotTime: o.BotTime, Seed: o.Seed, dict: s.cfg.Dict,
		used: s.cfg.Now(), cancel: cancel, toPerson: make(chan []byte), fromPage: make(chan pageMove), done: make(chan *arena.Record, 1)}
	if o.BotFirst {
		g.Seat = 1
	}
	g.replay, g.events, g.store = replay, events, s
	for _, ev := range events {
		if ev.Seat == g.Seat {
			g.turn++ // the person's turns played
		}
	}
	names := [2]string{"you", o.Policy}
	var agents [2]arena.Agent
	agents[g.Seat] = personSeat{g}
	bot := arena.BotSeat{Bot: ab}
	agents[1-g.Seat] = &botSeat{bot: bot, g: g, seat: 1 - g.Seat, dict: s.cfg.Dict}
	if g.Seat == 1 {
		names[0], names[1] = names[1], names[0]
	}
	// People are not timed (lineup.HumanMoveTime); the bot's own time is
	// its clock's Override.
	play := arena.Referee(referee.Config{Variant: v, Dictionary: s.cfg.Dict, MoveTime: lineup.HumanMoveTime,
		MaxTurns: s.cfg.MaxTurns})
	go func() {
		rec, err := play(ctx, o.Seed, 0, names, agents)
		if rec == nil {
			rec = &arena.Record{End: arena.End{Reason: fmt.Sprintf("the game stopped: %v", err)}}
		}
		rec.Header.Variant = v.Name
		g.done <- rec
	}()
	return g
}

// pageMove is a move of the person's: the platform's move list, and the
// page's record of it.
type pageMove struct {
	data []byte
	ev   Event
}

// personSeat hands the gamestates to the page and answers with its moves.
type personSeat struct{ g *Game }

func (p personSeat) Move(ctx context.Context, gs []byte) ([]byte, error) {
	if m, ok := p.g.replayed(); ok {
		return m, nil
	}
	select {
	case p.g.toPerson <- gs:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case m := <-p.g.fromPage:
		// Recorded before the referee goes on to the bot's answer, so
		// the moves are kept in the order played.
		p.g.played(m.data, &m.ev)
		return m.data, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// botSeat is the bot, recording each answer as the page shows it.
type botSeat struct {
	bot  arena.BotSeat
	g    *Game
	seat int
	dict rules.Dictionary
}

func (b *botSeat) Move(ctx context.Context, gs []byte) ([]byte, error) {
	if m, ok := b.g.replayed(); ok {
		return m, nil
	}
	ans, err := b.bot.Move(ctx, gs)
	if err != nil {
		return nil, err
	}
	p, perr := gamestate.Parse(gs)
	if perr != nil {
		b.g.played(ans, nil)
		return ans, nil
	}
	m, res, jerr := gamestate.Judge(p, ans, b.dict)
	ev := event(b.seat, p.Board, m, res)
	if jerr != nil || !res.Legal {
		ev = Event{Seat: b.seat, Text: "pass", Kind: move.Pass.String(), Refused: res.Reason}
		if jerr != nil {
			ev.Refused = jerr.Error()
		}
	}
	b.g.played(ans, &ev)
	return ans, nil
}

// event describes a legal move m played on b (the board before it).
func event(seat int, b *board.Board, m move.Move, res rules.Result) Event {
	ev := Event{Seat: seat, Text: human.Format(b, m), Kind: m.Kind.String(), Tiles: m.Tiles}
	if m.Kind == move.Play {
		ev.Score, ev.Words, ev.Bingo = res.Score, res.Words, res.Bingo
	}
	return ev
}

// advance waits until it is the person's turn or the game is over. It
// waits for the bot whatever the request does: the bot's time is bounded
// (MaxThink, the clock, and the Gate's hurry on shutdown), and a move half played would leave the game
// in no state a reload could show. Callers hold g.mu.
func (g *Game) advance() {
	select {
	case gs := <-g.toPerson:
		p, err := gamestate.Parse(gs)
		if err != nil { // the referee wrote it: cannot happen
			g.cancel()
			g.finish(<-g.done)
			return
		}
		g.pos = p
		g.turn++
	case rec := <-g.done:
		g.finish(rec)
	}
}

func (g *Game) finish(rec *arena.Record) {
	g.pos, g.record = nil, rec
	g.over.Store(true)
	g.cancel()
}

func (g *Game) isOver() bool { return g.over.Load() }

// untouched reports whether the person has made no move yet. It does not
// wait for g.mu (held while the bot thinks): the events tell.
func (g *Game) untouched() bool {
	g.evmu.Lock()
	defer g.evmu.Unlock()
	return !slices.ContainsFunc(g.events, func(ev Event) bool { return ev.Seat == g.Seat })
}

// Text is m in the page's notation on the board of the person's turn, ""
// when it is not their turn.
func (g *Game) Text(m move.Move) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.pos == nil {
		return ""
	}
	return human.Format(g.pos.Board, m)
}

// Check judges m for the person's turn without playing it: the page asks
// before it sends, so an illegal move is explained in words.
func (g *Game) Check(turn int, m move.Move) (rules.Result, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.ready(turn); err != nil {
		return rules.Result{}, err
	}
	return g.check(m), nil
}

func (g *Game) check(m move.Move) rules.Result {
	res := rules.Check(g.pos, m, g.dict)
	if res.Words == nil {
		res.Words = []rules.Word{}
	}
	return res
}

// ready says whether a move may be made for turn now. Callers hold g.mu.
func (g *Game) ready(turn int) error {
	switch {
	case g.over.Load():
		return ErrOver
	case turn != g.turn:
		return fmt.Errorf("%w: the move was made for turn %d, the game is at turn %d; reload it", ErrStale, turn, g.turn)
	}
	return nil
}

// Play plays m for the person if it is legal, then waits for the bot's
// answer (or the end). An illegal move changes nothing: its Result says why.
func (g *Game) Play(turn int, m move.Move) (rules.Result, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.ready(turn); err != nil {
		return rules.Result{}, err
	}
	res := g.check(m)
	if !res.Legal {
		return res, nil
	}
	data, err := gamestate.EncodeMove(m, g.pos.Board.Size)
	if err != nil {
		return rules.Result{}, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	ev := event(g.Seat, g.pos.Board, m, res)
	select {
	case g.fromPage <- pageMove{data, ev}:
	case rec := <-g.done: // stopped (expired) while the person thought
		g.finish(rec)
		return rules.Result{}, ErrOver
	}
	g.pos = nil
	g.advance()
	return res, nil
}
