// Package server is the bot behind HTTP: POST /move answers a gamestate
// with a move before its deadline, POST /check judges a move, GET /healthz
// says the server is up. One index and one player serve every request, so a
// request costs a move search and nothing else.
package server

import (
	"bytes"
	"cmp"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/quote"
)

// Server holds what every request shares. Its fields must not change once
// it serves.
type Server struct {
	// Bot answers /move: the player, its clock (whose Mode should be Live:
	// a deadline that has passed cannot be met by thinking longer) and the
	// thinking slots.
	Bot *answer.Bot
	// Dict judges words for /check.
	Dict rules.Dictionary
	// BodyTimeout bounds the reading of a request's body from its arrival,
	// on every endpoint and the page's API (0: DefaultBodyTimeout): a
	// client that sends slowly cannot hold a handler past any deadline it
	// could still meet, nor a connection for long. Shorter refuses clients
	// on slow links sooner.
	BodyTimeout time.Duration
	// MaxConns bounds the open connections (0: DefaultMaxConns). Past it a
	// new connection takes the place of the one idle longest, or, when
	// every connection is in a request, is answered 503 and closed: the
	// bound keeps the process within its open-file limit, where accepting
	// would fail and stall the server. Keep it well under that limit
	// (serve lowers it to fit); larger admits more requests at once, each
	// costing a file and some memory.
	MaxConns int
	// IdleTimeout closes a keep-alive connection that has waited this long
	// for its next request (0: DefaultIdleTimeout). Longer saves clients
	// a dial between requests; shorter frees the connection sooner.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds a request's header (0: DefaultMaxHeaderBytes);
	// larger is refused with 431. A header is a few hundred bytes; the
	// room left is for cookies a browser sends to localhost.
	MaxHeaderBytes int
	// MaxBody is the largest request body accepted. A gamestate is about
	// 4 KB; the default (1 MiB) leaves room for pretty-printing while a
	// flood cannot exhaust memory.
	MaxBody int64
	Log     *slog.Logger
	// Page, when set, serves GET / and everything under /web/ (the web
	// page and its own API, package web); the endpoints above are not its.
	Page http.Handler
	// AllowHosts are names the page's API answers to besides loopback
	// names and the address served: the public name of a proxy in front.
	// Every name allowed is one whose pages may drive the server.
	AllowHosts []string
	// Token, when set, is the secret /move and /check want in an
	// "Authorization: Bearer TOKEN" header (401 without it): a server the
	// internet can reach, for a bot on the platform, then thinks only for
	// those given the token. /healthz stays open, and the page (which a
	// browser could not send the token from) keeps its own guard and at
	// most all thinking slots but one.
	Token string
}

// DefaultMaxBody is MaxBody when it is left 0.
const DefaultMaxBody = 1 << 20

// Defaults of the Server's zero fields.
const (
	// DefaultBodyTimeout: a gamestate of a few kilobytes takes
	// milliseconds on any link that can play the game.
	DefaultBodyTimeout = 2 * time.Second
	// DefaultMaxConns: far more than a platform's bot and a page need at
	// once (make deadline-bench asks 64 moves at once), far fewer than the
	// usual open-file limits.
	DefaultMaxConns = 1024
	// DefaultIdleTimeout: a platform asks its next move seconds after the
	// last; a dial on loopback or to a nearby proxy costs well under a
	// millisecond.
	DefaultIdleTimeout = 5 * time.Second
	// DefaultMaxHeaderBytes: 64 KiB (Go's own default is 1 MiB).
	DefaultMaxHeaderBytes = 64 << 10
)

// Handler routes the three endpoints, and the page when there is one, with
// logging around them, answering as served on no address but loopback
// names and AllowHosts.
func (s *Server) Handler() http.Handler { return s.handler(nil) }

// handler is Handler for a server listening on addr.
func (s *Server) handler(addr net.Addr) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /move", s.authorized(s.move))
	mux.HandleFunc("POST /check", s.authorized(s.check))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	served := "POST /move, POST /check, GET /healthz"
	if s.Page != nil {
		// Every method reaches the page at its paths, so that it answers a
		// wrong one with its own 405 and Allow.
		mux.Handle("/{$}", s.Page)
		mux.Handle("/web/", s.Page)
		served += ", GET / (the web page; its API under /web/api/)"
	}
	// Everything else: the mux's own 404 and 405 answer in plain text, and a
	// client reading {"error": ...} from every refusal would choke on them.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { unknown(w, r, served) })
	return s.logged(noSniff(s.guard(addr, s.bodyTimeout(mux))))
}

// bodyTimeout bounds the reading of every request's body by BodyTimeout
// from its arrival. Once the body is read the deadline is lifted: the
// connection's reads after that are the server's own (a client gone, the
// next request), which the search's budget and the idle timeout govern.
func (s *Server) bodyTimeout(next http.Handler) http.Handler {
	timeout := s.bodyTimeLimit()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			rc := http.NewResponseController(w)
			// The connection's clock: the machine's.
			if rc.SetReadDeadline(time.Now().Add(timeout)) == nil {
				r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// bodyTimeLimit is BodyTimeout, or its default.
func (s *Server) bodyTimeLimit() time.Duration {
	if s.BodyTimeout <= 0 {
		return DefaultBodyTimeout
	}
	return s.BodyTimeout
}

// deadlineBody lifts the read deadline once the body is read to its end.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// noSniff tells browsers to take every reply as the type it says it is
// (JSON stays data, never a script or a page), in one place for every
// endpoint and the page mounted here.
func noSniff(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		next.ServeHTTP(w, r)
	})
}

// endpoints are the bot's paths and the methods each takes.
var endpoints = map[string]string{"/move": "POST", "/check": "POST", "/healthz": "GET, HEAD"}

// unknown refuses a request no endpoint takes: a known path with the wrong
// method (405, with the Allow header), or an unknown path (404, listing what
// is served). The method (any token) and the path are the client's and may
// be long: quoted short.
func unknown(w http.ResponseWriter, r *http.Request, served string) {
	if allow, ok := endpoints[r.URL.Path]; ok {
		w.Header().Set("Allow", allow)
		fail(w, r, fmt.Errorf("%w: %s %s (it takes %s)", ErrMethod, quote.Text(r.Method), r.URL.Path, allow))
		return
	}
	fail(w, r, fmt.Errorf("%w: %s (served: %s)", ErrNotFound, quote.String(r.URL.Path), served))
}

// Serve answers on ln until ctx is done, then stops taking connections,
// tells every search in flight to answer its best move now, and lets the
// requests finish writing (up to grace) before returning.
func (s *Server) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	limit := newConns(cmp.Or(s.MaxConns, DefaultMaxConns))
	srv := &http.Server{
		Handler:           s.handler(ln.Addr()),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       cmp.Or(s.IdleTimeout, DefaultIdleTimeout),
		MaxHeaderBytes:    cmp.Or(s.MaxHeaderBytes, DefaultMaxHeaderBytes),
		ConnState:         limit.state,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(listener{ln, limit}) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Bot.Hurry()
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// body reads the request body up to MaxBody.
func (s *Server) body(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	limit := s.MaxBody
	if limit <= 0 {
		limit = DefaultMaxBody
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	case errors.Is(err, os.ErrDeadlineExceeded):
		// bodyTimeout's deadline: said as the client's delay it is, not as
		// the connection's "read tcp ...: i/o timeout".
		return nil, fmt.Errorf("%w: the body took longer than %v to arrive", ErrTimeout, s.bodyTimeLimit())
	case err != nil:
		return nil, fmt.Errorf("%w: reading the body: %v", ErrBadRequest, err)
	case len(data) == 0:
		return nil, fmt.Errorf("%w: empty body", ErrBadRequest)
	}
	return data, nil
}

// MoveResponse is /move's answer: the report every front end writes
// (answer.Report, run --json's too). Move is the platform's move list,
// ready to be returned from calculate_move.
type MoveResponse = answer.Report

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	arrived := start
	if s.Bot.Now != nil {
		arrived = s.Bot.Now()
	}
	rc := http.NewResponseController(w)
	data, err := s.body(w, r)
	if err != nil {
		fail(w, r, err)
		return
	}
	rep, err := s.Bot.Answer(r.Context(), data, arrived)
	if errors.Is(err, answer.ErrGamestate) {
		fail(w, r, fmt.Errorf("%w: %v", ErrBadRequest, err))
		return
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	ch, b := rep.Choice, rep.Budget
	worlds := 0
	if ch.Simulation != nil {
		worlds = ch.Simulation.Iterations
	}
	writeJSON(w, http.StatusOK, answer.NewReport(rep, s.Dict, time.Since(start), false))
	rc.Flush()
	tail := s.Bot.Delivered(rep)
	annotate(r, slog.String("move", string(rep.Move)), slog.Int("score", ch.Move.Score), slog.Int("plays", ch.Plays),
		slog.Bool("complete", ch.Complete), slog.Duration("budget", b.Time), slog.Bool("late", b.Late),
		slog.String("policy", ch.Policy), slog.Duration("tail", tail))
	if ch.Simulation != nil {
		annotate(r, slog.Int("worlds", worlds))
	}
}

// CheckRequest is /check's body. Gamestate is the gamestate object, or a
// string holding it in either form (JSON or the documentation's Python
// literal); Move is the platform's move list (or a string holding it).
type CheckRequest struct {
	Gamestate json.RawMessage `json:"gamestate"`
	Move      json.RawMessage `json:"move"`
}

func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	data, err := s.body(w, r)
	if err != nil {
		fail(w, r, err)
		return
	}
	var req CheckRequest
	if err := json.Unmarshal(data, &req); err != nil {
		if found, _, _, ok := quote.JSONMismatch(err); ok { // encoding/json would name the Go type
			err = fmt.Errorf("found a JSON %s", found)
		}
		fail(w, r, fmt.Errorf("%w: want {\"gamestate\": ..., \"move\": ...}: %v", ErrBadRequest, err))
		return
	}
	if absent(req.Gamestate) || absent(req.Move) {
		fail(w, r, fmt.Errorf("%w: want both \"gamestate\" and \"move\"", ErrBadRequest))
		return
	}
	p, err := gamestate.Parse(unquote(req.Gamestate))
	if err != nil {
		fail(w, r, fmt.Errorf("%w: %v", ErrBadRequest, err))
		return
	}
	_, res, err := gamestate.Judge(p, unquote(req.Move), s.Dict)
	if err != nil {
		fail(w, r, fmt.Errorf("%w: %v", ErrBadRequest, err))
		return
	}
	annotate(r, slog.Bool("legal", res.Legal), slog.Int("score", res.Score))
	writeJSON(w, http.StatusOK, res)
}

// absent reports a field left out or given as null.
func absent(raw json.RawMessage) bool {
	return len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null"
}

// unquote turns a JSON string into its contents; anything else is returned
// as it is.
func unquote(raw json.RawMessage) []byte {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []byte(s)
	}
	return raw
}

// authorized serves h only to requests bearing s.Token, when there is one.
// The comparison takes the same time whatever the bytes that differ, so
// the answer's timing does not spell the token out.
func (s *Server) authorized(h http.HandlerFunc) http.HandlerFunc {
	if s.Token == "" {
		return h
	}
	want := []byte(s.Token)
	return func(w http.ResponseWriter, r *http.Request) {
		// The scheme's case is the client's (RFC 9110: "bearer" is
		// "Bearer"); the token's is not.
		scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(token), want) != 1 {
			w.Header().Set("WWW-Authenticate", "Bearer")
			fail(w, r, fmt.Errorf("%w: this server wants its token (an \"Authorization: Bearer TOKEN\" header)", ErrUnauthorized))
			return
		}
		h(w, r)
	}
}

func fail(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, ErrTooLarge):
		status = http.StatusRequestEntityTooLarge
	case errors.Is(err, ErrBadRequest):
		status = http.StatusBadRequest
	case errors.Is(err, ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, ErrMethod):
		status = http.StatusMethodNotAllowed
	case errors.Is(err, ErrForbidden):
		status = http.StatusForbidden
	case errors.Is(err, ErrMediaType):
		status = http.StatusUnsupportedMediaType
	case errors.Is(err, ErrUnauthorized):
		status = http.StatusUnauthorized
	case errors.Is(err, ErrTimeout):
		status = http.StatusRequestTimeout
	}
	annotate(r, slog.String("error", err.Error()))
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
