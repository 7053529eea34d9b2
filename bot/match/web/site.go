// Package web is the page `lexico-bot serve` serves at /: play the bot,
// study a position, solve a board file, in a browser. It is Go's
// html/template and plain JavaScript, every file embedded in the binary, so
// the page makes no request but to the server that served it and needs no
// build step. Its JSON API lives under /web/api/, apart from the bot's own
// endpoints (package server), which it leaves as they are.
//
// A game is played by the referee (package referee, through the arena's
// table, which also writes the GCG record) in a goroutine of the server,
// the person's seat waiting for the page's moves; the games are kept in a
// Store, bounded in number and expiring when left alone.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

//go:embed static
var static embed.FS

// maxBody bounds a request's body: a gamestate or a board file is a few
// kilobytes.
const maxBody = 256 << 10

// Site is the page and its API.
type Site struct {
	Store *Store
	eng   *engine.Engine // the pipeline's
	page  *template.Template
	log   *slog.Logger
}

// Config is what the site plays, studies and solves with.
type Config struct {
	StoreConfig
	Log *slog.Logger
}

// New makes the site; Close stops its games.
func New(cfg Config) (*Site, error) {
	st, err := NewStore(cfg.StoreConfig)
	if err != nil {
		return nil, err
	}
	page, err := template.ParseFS(static, "static/index.html")
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if st.restored.aside != "" {
		log.Warn("the web games file is damaged: set aside, and a fresh one started", "file", cfg.File,
			"set_aside_as", st.restored.aside, "damage", st.restored.damage)
	}
	if cfg.File != "" {
		log.Info("web games", "file", cfg.File, "restored", st.restored.kept, "dropped", st.restored.dropped)
	}
	return &Site{Store: st, eng: cfg.Answers.Engine, page: page, log: log}, nil
}

// Close stops every game.
func (s *Site) Close() { s.Store.Close() }

// assets are the files under /web/static/ the page loads; nothing else in
// static/ is served (index.html is a template, rendered only at /).
var assets = map[string]bool{"app.js": true, "app.css": true, "example.txt": true}

// Handler serves GET / (the page), /web/static/ (its script and style) and
// /web/api/. A path served with another method is answered 405 with Allow.
// The server it is mounted on (package server) sets the headers every reply
// carries, such as X-Content-Type-Options.
func (s *Site) Handler() http.Handler {
	mux := http.NewServeMux()
	route := func(method, path string, h http.HandlerFunc) {
		mux.HandleFunc(method+" "+path, h)
		allow := method
		if method == http.MethodGet {
			allow += ", HEAD"
		}
		// The method-less pattern is less specific: it takes only the
		// requests the one above does not.
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			fail(w, fmt.Errorf("%w: %s %s (it takes %s)", ErrMethod, quote.Text(r.Method), quote.String(r.URL.Path), allow))
		})
	}
	route("GET", "/{$}", s.index)
	route("GET", "/web/static/{name}", s.asset)
	route("POST", "/web/api/games", s.newGame)
	route("GET", "/web/api/games/{id}", s.game(func(w http.ResponseWriter, r *http.Request, g *Game) {
		writeJSON(w, http.StatusOK, g.View())
	}))
	route("POST", "/web/api/games/{id}/check", s.game(s.check))
	route("POST", "/web/api/games/{id}/move", s.game(s.move))
	route("GET", "/web/api/games/{id}/gcg", s.game(s.gcg))
	route("POST", "/web/api/study", s.study)
	route("POST", "/web/api/solve", s.solve)
	mux.HandleFunc("/web/", func(w http.ResponseWriter, r *http.Request) {
		// The path is the client's, possibly a megabyte: quoted short.
		fail(w, fmt.Errorf("%w: %s %s", errNotFound, quote.Text(r.Method), quote.String(r.URL.Path)))
	})
	return mux
}

var errNotFound = errors.New("no such page")

// asset serves one of the page's files by name. A name the page does not
// load (a directory, the template, bytes that are not UTF-8) is a 404, as
// any unknown path.
func (s *Site) asset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !assets[name] {
		fail(w, fmt.Errorf("%w: %s", errNotFound, quote.String(r.URL.Path)))
		return
	}
	http.ServeFileFS(w, r, static, "static/"+name)
}

// pageData fills the page's choices in, the defaults selected being the
// API's and the command line's.
type pageData struct {
	Policies, Variants, RuleSets  []string
	DefaultPolicy, DefaultVariant string
	MinBotMS, MaxBotMS, BotMS     int64
	// Layouts are the solver's rule sets' empty boards, for its editor.
	Layouts map[string]BoardView
}

func (s *Site) index(w http.ResponseWriter, r *http.Request) {
	// The solver takes every rule set by its variant name, as solve
	// --variant does.
	rules := variant.Names()
	layouts := map[string]BoardView{}
	for _, name := range rules {
		if v, err := variant.ByName(name); err == nil {
			layouts[name] = viewOf(v.NewBoard(), v)
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	s.page.Execute(w, pageData{Policies: player.Policies, Variants: variant.Names(), RuleSets: rules,
		DefaultPolicy: DefaultPolicy, DefaultVariant: variant.Multipliers.Name,
		MinBotMS: MinBotTime.Milliseconds(), MaxBotMS: s.Store.cfg.MaxThink.Milliseconds(), BotMS: min(DefaultBotTime, s.Store.cfg.MaxThink).Milliseconds(),
		Layouts: layouts})
}

// decode reads a JSON body into v, refusing it in words a caller of the
// API reads (the field and the kind of value wanted, not Go's types). The
// body is one JSON object and nothing after it but spaces: a Decoder stops
// at the object's end, so `{"policy":"equity"} garbage` was taken.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, err = dec.Token(); errors.Is(err, io.EOF) {
			return nil
		}
		if !errors.As(err, new(*http.MaxBytesError)) {
			return fmt.Errorf("%w: more after the JSON object (want one object alone)", ErrBadRequest)
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return fmt.Errorf("%w: empty body (want a JSON object)", ErrBadRequest)
	case errors.As(err, &tooBig):
		return fmt.Errorf("%w: a body over %d bytes", ErrBadRequest, tooBig.Limit)
	}
	if found, want, field, ok := quote.JSONMismatch(err); ok {
		if field != "" {
			return fmt.Errorf("%w: %s: found a JSON %s where %s is expected", ErrBadRequest, quote.String(field), found, want)
		}
		return fmt.Errorf("%w: found a JSON %s where %s is expected", ErrBadRequest, found, want)
	}
	return fmt.Errorf("%w: not a JSON object: %s", ErrBadRequest, quote.Text(err.Error()))
}

// NewGameRequest starts a game.
type NewGameRequest struct {
	Policy   string `json:"policy"`
	Variant  string `json:"variant"`
	BotFirst bool   `json:"bot_first"`
	BotMS    int64  `json:"bot_ms"`
	Seed     uint64 `json:"seed"`
}

func (s *Site) newGame(w http.ResponseWriter, r *http.Request) {
	var req NewGameRequest
	if err := decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	var botTime time.Duration // 0: the default
	if req.BotMS != 0 {
		var err error
		if botTime, err = millis("bot_ms", req.BotMS, MinBotTime, s.Store.cfg.MaxThink); err != nil {
			fail(w, err)
			return
		}
	}
	g, err := s.Store.New(Options{Policy: req.Policy, Variant: req.Variant, BotFirst: req.BotFirst,
		BotTime: botTime, Seed: req.Seed})
	if err != nil {
		fail(w, err)
		return
	}
	s.log.Info("new game", "id", g.ID, "policy", g.Policy, "variant", g.Variant.Name, "seat", g.Seat)
	writeJSON(w, http.StatusCreated, g.View())
}

// millis is a request's field of milliseconds as a duration, checked
// against [lo, hi] as the integer it is: converted first, a huge value
// wrapped around into the range (bot_ms 18446744074710 played a 1 s bot)
// and a refusal showed the wrapped value ("-1ms").
func millis(field string, ms int64, lo, hi time.Duration) (time.Duration, error) {
	if ms < lo.Milliseconds() || ms > hi.Milliseconds() {
		return 0, fmt.Errorf("%w: %s %d: want %d to %d milliseconds", ErrBadRequest, field, ms, lo.Milliseconds(), hi.Milliseconds())
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// game finds the request's game and hands it to h.
func (s *Site) game(h func(http.ResponseWriter, *http.Request, *Game)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, err := s.Store.Get(r.PathValue("id"))
		if err != nil {
			fail(w, err)
			return
		}
		h(w, r, g)
	}
}

// CheckResponse is the verdict on a move, and the game once it is played.
type CheckResponse struct {
	Legal  bool   `json:"legal"`
	Reason string `json:"reason"`
	Score  int    `json:"score"`
	Words  any    `json:"words"`
	Bingo  bool   `json:"bingo"`
	// Text is the move in the page's notation ("H8 across CAT"), as the
	// game's moves are listed (/check only).
	Text string `json:"text,omitempty"`
	// Game is the game after the move and the bot's answer (/move only,
	// when the move was legal).
	Game *GameView `json:"game,omitempty"`
}

// readMove reads a MoveRequest and its move, or answers the error and
// reports false.
func readMove(w http.ResponseWriter, r *http.Request) (MoveRequest, move.Move, bool) {
	var req MoveRequest
	if err := decode(w, r, &req); err != nil {
		fail(w, err)
		return req, move.Move{}, false
	}
	m, err := req.Move()
	if err != nil {
		fail(w, err)
		return req, move.Move{}, false
	}
	return req, m, true
}

func (s *Site) check(w http.ResponseWriter, r *http.Request, g *Game) {
	req, m, ok := readMove(w, r)
	if !ok {
		return
	}
	res, err := g.Check(req.Turn, m)
	if err != nil {
		fail(w, err)
		return
	}
	out := CheckResponse{Legal: res.Legal, Reason: res.Reason, Score: res.Score, Words: res.Words, Bingo: res.Bingo}
	if res.Legal {
		out.Text = g.Text(m)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Site) move(w http.ResponseWriter, r *http.Request, g *Game) {
	req, m, ok := readMove(w, r)
	if !ok {
		return
	}
	res, err := g.Play(req.Turn, m)
	if err != nil {
		fail(w, err)
		return
	}
	out := CheckResponse{Legal: res.Legal, Reason: res.Reason, Score: res.Score, Words: res.Words, Bingo: res.Bingo}
	status := http.StatusUnprocessableEntity
	if res.Legal {
		v := g.View()
		out.Game, status = &v, http.StatusOK
	}
	writeJSON(w, status, out)
}

func (s *Site) gcg(w http.ResponseWriter, r *http.Request, g *Game) {
	data, err := g.GCG()
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"lexico-%s.gcg\"", g.ID[:8]))
	w.Write(data)
}

// fail answers {"error": ...} with the status err's kind calls for.
func fail(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		status = http.StatusRequestEntityTooLarge
	case errors.Is(err, ErrBadRequest):
		status = http.StatusBadRequest
	case errors.Is(err, ErrNoGame), errors.Is(err, errNotFound):
		status = http.StatusNotFound
	case errors.Is(err, ErrMethod):
		status = http.StatusMethodNotAllowed
	case errors.Is(err, ErrStale), errors.Is(err, ErrOver), errors.Is(err, ErrNotOver):
		status = http.StatusConflict
	case errors.Is(err, context.DeadlineExceeded):
		status = http.StatusGatewayTimeout
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
