package external

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/internal/quote"
)

// HTTP is an http:// seat: each gamestate is POSTed as the request body
// and the answer is the move list, bare or as the "move" field of an object
// (what our own serve answers). The request may run until Grace after the
// deadline, so that a late answer is counted late rather than lost. One
// HTTP seat serves every game at once.
type HTTP struct {
	spec, url string
	client    *http.Client
	grace     time.Duration

	mu     sync.Mutex
	report Report
}

// checkHTTP reads an http:// spec, and dials its host.
func checkHTTP(spec string) (*url.URL, error) {
	u, err := url.Parse(spec)
	if err != nil || u.Host == "" {
		why := "no host"
		if err != nil {
			why = err.Error()
		}
		return nil, fmt.Errorf("%w: %s: want http://HOST:PORT/PATH (%s)", ErrSpec, quote.String(spec), why)
	}
	if err := reachable(u); err != nil {
		return nil, fmt.Errorf("%w: %s: %v (is the bot's server running?)", ErrSpec, quote.String(spec), err)
	}
	return u, nil
}

func newHTTP(spec string, cfg Config) (*HTTP, error) {
	u, err := checkHTTP(spec)
	if err != nil {
		return nil, err
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 64 // one connection a game in flight, kept between moves
	return &HTTP{spec: spec, url: u.String(), client: &http.Client{Transport: tr}, grace: cfg.grace(),
		report: Report{Spec: spec}}, nil
}

// reachable reports why nothing answers a connection to u's host, if
// nothing does: a match against a seat whose server is not running would
// otherwise be played out, every move of that seat a failed request.
func reachable(u *url.URL) error {
	host := u.Host
	if u.Port() == "" {
		port := "80"
		if u.Scheme == "https" {
			port = "443"
		}
		host = net.JoinHostPort(u.Hostname(), port)
	}
	c, err := net.DialTimeout("tcp", host, dialCheck)
	if err != nil {
		return err
	}
	return c.Close()
}

// dialCheck bounds the check of reachable: a host that does not answer a
// connection in that time will not answer a move in a MoveTime either.
const dialCheck = 5 * time.Second

// Spec implements Seat.
func (h *HTTP) Spec() string { return h.spec }

// Agent implements Seat: the one agent serves every game.
func (h *HTTP) Agent(context.Context, int) arena.Agent { return h }

// Report implements Seat.
func (h *HTTP) Report() Report {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.report
}

// Close implements Seat.
func (h *HTTP) Close() error {
	h.client.CloseIdleConnections()
	return nil
}

// Move implements arena.Agent.
func (h *HTTP) Move(ctx context.Context, gs []byte) ([]byte, error) {
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	if dl, ok := ctx.Deadline(); ok {
		var c2 context.CancelFunc
		rctx, c2 = context.WithDeadline(rctx, dl.Add(h.grace))
		defer c2()
	}
	// The match stopping ends the request at once; the deadline passing
	// does not, since a late answer is still counted.
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	defer stop()
	b, err := h.post(rctx, gs)
	if err != nil {
		h.mu.Lock()
		if h.report.Failures++; h.report.Failures == 1 {
			h.report.FailureNote = err.Error()
		}
		h.mu.Unlock()
	}
	return b, err
}

func (h *HTTP) post(ctx context.Context, gs []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.url, bytes.NewReader(gs))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswer+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: reading the response: %v", ErrAnswer, err)
	case len(body) > MaxAnswer:
		return nil, fmt.Errorf("%w: a response over %d bytes", ErrAnswer, MaxAnswer)
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("%w: HTTP %d: %s", ErrAnswer, resp.StatusCode, quote.Text(string(bytes.TrimSpace(body))))
	}
	return MoveOf(body), nil
}

// MoveOf is the move in an answer: the "move" field of a JSON object (as
// serve answers), else the answer itself (a bare move list, or whatever it
// is, for the referee to refuse).
func MoveOf(answer []byte) []byte {
	a := bytes.TrimSpace(answer)
	if len(a) > 0 && a[0] == '{' {
		var o struct {
			Move json.RawMessage `json:"move"`
		}
		if json.Unmarshal(a, &o) == nil && len(o.Move) > 0 {
			return o.Move
		}
	}
	return a
}
