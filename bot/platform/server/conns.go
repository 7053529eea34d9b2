package server

import (
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// conns bounds a server's open connections. A connection past the bound
// takes the place of the one that has waited longest for a request: a
// keep-alive connection between requests first, else one that has sent
// nothing for newGrace since it was accepted. That one is closed, as its
// idle timeout would have closed it later. Only when no connection is
// waiting so (every one in a request, or just accepted) is the new one
// refused, with a 503 written and the connection closed. So a flood of idle connections can
// neither run the process out of files (accept would then fail and the
// server stall, /healthz and /move with it) nor keep a client out: the
// flood's own connections make way. The trade: a client that keeps a
// connection idle may find it closed when the server is crowded, and must
// dial again, as it must after the idle timeout.
type conns struct {
	max  int
	mu   sync.Mutex
	open int
	// waiting holds the connections waiting for a request.
	waiting map[net.Conn]wait
	// refusing bounds the refusals under way: each holds its connection a
	// moment to write the 503; past the bound the connection is closed
	// without one.
	refusing chan struct{}
}

type wait struct {
	since time.Time
	fresh bool // accepted, no request yet
}

// newGrace is how long a connection just accepted is left to send its
// first request before it may make way for another: a client's request
// is on its way, and closing its connection then would fail the request.
// Longer protects clients on a crowded machine, shorter sheds a flood of
// connections that send nothing sooner.
const newGrace = time.Second

// refusers is how many refused connections may be answered at once.
const refusers = 16

func newConns(max int) *conns {
	return &conns{max: max, waiting: map[net.Conn]wait{}, refusing: make(chan struct{}, refusers)}
}

// listener is a net.Listener whose Accept keeps within the bound.
type listener struct {
	net.Listener
	c *conns
}

func (l listener) Accept() (net.Conn, error) {
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.c.admit() {
			return &conn{Conn: nc, c: l.c}, nil
		}
		l.c.refuse(nc)
	}
}

// admit counts a new connection in, closing the longest-waiting one to make
// room when the bound is reached; false when every open connection is in a
// request.
func (c *conns) admit() bool {
	c.mu.Lock()
	if c.open < c.max {
		c.open++
		c.mu.Unlock()
		return true
	}
	var victim net.Conn
	var vw wait
	grace := time.Now().Add(-newGrace)
	for nc, w := range c.waiting {
		if w.fresh && w.since.After(grace) {
			continue
		}
		// Idle before fresh, then the longest waiting.
		if victim == nil || (vw.fresh && !w.fresh) || (vw.fresh == w.fresh && w.since.Before(vw.since)) {
			victim, vw = nc, w
		}
	}
	if victim == nil {
		c.mu.Unlock()
		return false
	}
	delete(c.waiting, victim)
	c.open++ // the victim's Close gives its place back
	c.mu.Unlock()
	victim.Close()
	return true
}

// state follows http.Server.ConnState: a connection waits for a request
// when new or idle, and is in one when active.
func (c *conns) state(nc net.Conn, st http.ConnState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch st {
	case http.StateNew, http.StateIdle:
		c.waiting[nc] = wait{since: time.Now(), fresh: st == http.StateNew}
	default:
		delete(c.waiting, nc)
	}
}

// refuseReply is the whole reply to a connection past the bound.
var refuseReply = []byte("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n" +
	"X-Content-Type-Options: nosniff\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 64\r\n\r\n" +
	`{"error":"too many connections in requests: try again shortly"}` + "\n")

// refuse answers nc with a 503 and closes it, in a goroutine of its own so
// the accept loop goes on at once. It reads what the client sent (a moment,
// at most) before closing, so that the close does not reset the connection
// and lose the reply.
func (c *conns) refuse(nc net.Conn) {
	select {
	case c.refusing <- struct{}{}:
	default:
		nc.Close()
		return
	}
	go func() {
		defer func() { <-c.refusing }()
		defer nc.Close()
		nc.SetDeadline(time.Now().Add(500 * time.Millisecond))
		if _, err := nc.Write(refuseReply); err != nil {
			return
		}
		if tc, ok := nc.(interface{ CloseWrite() error }); ok {
			tc.CloseWrite()
		}
		io.Copy(io.Discard, io.LimitReader(nc, 64<<10))
	}()
}

// conn gives its place back once closed.
type conn struct {
	net.Conn
	c    *conns
	once sync.Once
}

func (nc *conn) Close() error {
	err := nc.Conn.Close()
	nc.once.Do(func() {
		nc.c.mu.Lock()
		nc.c.open--
		delete(nc.c.waiting, nc)
		nc.c.mu.Unlock()
	})
	return err
}
