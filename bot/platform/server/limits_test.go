package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/move"
)

// serving runs s on a loopback port until the test ends and returns its
// address.
func serving(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln, time.Second) }()
	t.Cleanup(func() { stop(); <-done })
	return ln.Addr().String()
}

// healthzOn asks GET /healthz on a connection of its own, leaving it open
// (keep-alive), and returns it with the status line read.
func healthzOn(t *testing.T, addr string) (net.Conn, *bufio.Reader, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(2 * time.Second))
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		return c, r, err.Error()
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return c, r, resp.Status
}

// closed reports whether the server closed c within d.
func closed(c net.Conn, r *bufio.Reader, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := r.ReadByte()
	return err == io.EOF || (err != nil && !isTimeout(err))
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// Past MaxConns, a new connection takes the place of the one idle longest:
// idle connections cannot keep a client out (nor run the server out of
// files).
func TestConnectionsPastTheBoundTakeTheIdleOnesPlace(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.MaxConns = 3
	addr := serving(t, s)
	type held struct {
		c net.Conn
		r *bufio.Reader
	}
	var idle []held
	for range 3 {
		c, r, status := healthzOn(t, addr)
		if status != "200 OK" {
			t.Fatalf("connection within the bound: %s", status)
		}
		idle = append(idle, held{c, r})
		time.Sleep(5 * time.Millisecond) // an order of idleness
	}
	if _, _, status := healthzOn(t, addr); status != "200 OK" {
		t.Fatalf("a fourth connection with three idle: %s; want it served", status)
	}
	if !closed(idle[0].c, idle[0].r, time.Second) {
		t.Error("the connection idle longest is still open")
	}
	if closed(idle[2].c, idle[2].r, 50*time.Millisecond) {
		t.Error("the connection idle least was closed too")
	}
}

// When every connection is in a request, one more is refused with a 503 at
// once, not left waiting in the accept queue.
func TestConnectionPastTheBoundWithAllBusyIsRefused(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.MaxConns, s.BodyTimeout = 1, time.Second
	addr := serving(t, s)
	busy, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	// Headers read, body awaited: a connection in a request.
	fmt.Fprintf(busy, "POST /check HTTP/1.1\r\nHost: %s\r\nContent-Length: 100\r\n\r\n", addr)
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	_, _, status := healthzOn(t, addr)
	if !strings.HasPrefix(status, "503") || time.Since(start) > 500*time.Millisecond {
		t.Fatalf("a connection past the bound, all busy: %q after %v; want 503 at once", status, time.Since(start))
	}
}

// A keep-alive connection left idle is closed after IdleTimeout, long before
// the 30 s read timeout.
func TestIdleConnectionsAreClosed(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.IdleTimeout = 100 * time.Millisecond
	c, r, status := healthzOn(t, serving(t, s))
	if status != "200 OK" {
		t.Fatal(status)
	}
	if !closed(c, r, time.Second) {
		t.Error("an idle keep-alive connection is still open a second after a 100ms idle timeout")
	}
}

// A header over MaxHeaderBytes is refused (431).
func TestLargeHeadersAreRefused(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.MaxHeaderBytes = 1 << 10
	addr := serving(t, s)
	req, _ := http.NewRequest("GET", "http://"+addr+"/healthz", nil)
	req.Header.Set("Cookie", strings.Repeat("x", 8<<10)) // past the bound and Go's 4 KiB of slack
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("an 8 KiB header against 1 KiB: %s; want 431", resp.Status)
	}
}

// The body timeout holds on every endpoint, the page's included: a body
// sent a byte at a time is cut at BodyTimeout, not at the 30 s read
// timeout.
func TestSlowBodiesAreCutOnEveryEndpoint(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.BodyTimeout = 200 * time.Millisecond
	s.Page = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
		}
	})
	addr := serving(t, s)
	for _, path := range []string{"/move", "/check", "/web/api/study"} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", path, addr)
		r := bufio.NewReader(c)
		cut := false
		for i := 0; i < 20 && !cut; i++ { // a byte every 50 ms for a second at most
			c.Write([]byte(" "))
			c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
			_, err := r.ReadByte()
			cut = err == nil || !isTimeout(err) // an answer, or the connection closed
		}
		c.Close()
		if took := time.Since(start); !cut || took > 700*time.Millisecond {
			t.Errorf("%s: a slow body held %v (cut: %v); want it cut at about 200ms", path, took, cut)
		}
	}
}

// A body that stops arriving is the client's delay: 408, said in one line
// naming the body's time limit, not the connection's "i/o timeout".
func TestASlowBodyIsARequestTimeout(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.BodyTimeout = 200 * time.Millisecond
	addr := serving(t, s)
	for _, path := range []string{"/move", "/check"} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", path, addr)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var body struct{ Error string }
		json.NewDecoder(resp.Body).Decode(&body)
		c.Close()
		if resp.StatusCode != http.StatusRequestTimeout || body.Error != "request timeout: the body took longer than 200ms to arrive" {
			t.Errorf("%s: a body that stops: %s %q; want 408 saying the body took longer than 200ms", path, resp.Status, body.Error)
		}
	}
}

// A connection just accepted, its request perhaps on the way, does not
// make way for another: the newcomer is refused instead.
func TestAJustAcceptedConnectionKeepsItsPlace(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.MaxConns = 1
	addr := serving(t, s)
	first, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	time.Sleep(20 * time.Millisecond) // accepted, nothing sent yet
	if _, _, status := healthzOn(t, addr); !strings.HasPrefix(status, "503") {
		t.Fatalf("a second connection beside one just accepted: %q; want 503", status)
	}
	first.SetDeadline(time.Now().Add(time.Second))
	fmt.Fprintf(first, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	if resp, err := http.ReadResponse(bufio.NewReader(first), nil); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the first connection's request: %v %v; want it served", resp, err)
	}
}
