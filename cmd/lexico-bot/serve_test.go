package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/server"
)

// syncBuffer is stderr shared between the server goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// The whole command: open the index, listen, answer, log, stop on SIGTERM.
func TestServeAnswersAndStopsOnSignal(t *testing.T) {
	var stderr syncBuffer
	exited := make(chan int, 1)
	go func() {
		exited <- run([]string{"lexico-bot", "serve", "--index", botIndex(t), "--strategy", testStrategy,
			"--addr", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, &stderr)
	}()
	addrRE := regexp.MustCompile(`msg=listening addr=(\S+)`)
	var addr string
	for deadline := time.Now().Add(30 * time.Second); addr == ""; {
		if m := addrRE.FindStringSubmatch(stderr.String()); m != nil {
			addr = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("serve never said it listens:\n%s", stderr.String())
		}
		select {
		case code := <-exited:
			t.Fatalf("serve exited %d:\n%s", code, stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}

	doc, err := os.ReadFile(docExample)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post("http://"+addr+"/move", "text/plain", bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var mr server.MoveResponse
	err = json.NewDecoder(resp.Body).Decode(&mr)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("/move: %d, %v", resp.StatusCode, err)
	}
	// The doc's deadline is long past: serve answers at once, without
	// searching, and still with a move the platform accepts.
	if !mr.Late || mr.Plays != 0 {
		t.Fatalf("/move on a stale deadline searched: %+v", mr)
	}
	legalOnDoc(t, mr.Move)

	// The same position with a live deadline gets a full search.
	live := regexp.MustCompile(`'ResponseDeadline': \d+`).ReplaceAll(doc,
		[]byte(fmt.Sprintf("'ResponseDeadline': %d", time.Now().Add(time.Minute).UnixMilli())))
	resp, err = http.Post("http://"+addr+"/move", "text/plain", bytes.NewReader(live))
	if err != nil {
		t.Fatal(err)
	}
	mr = server.MoveResponse{}
	err = json.NewDecoder(resp.Body).Decode(&mr)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || mr.Late || !mr.Complete || mr.Plays == 0 || mr.Kind != "play" {
		t.Fatalf("/move with a live deadline: %d %v %+v; want a complete search and a play", resp.StatusCode, err, mr)
	}
	legalOnDoc(t, mr.Move)

	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != 0 {
			t.Fatalf("serve exited %d after SIGTERM:\n%s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not stop on SIGTERM")
	}
	logs := stderr.String()
	if !strings.Contains(logs, "path=/move") || !strings.Contains(logs, "status=200") || !strings.Contains(logs, "msg=stopped") {
		t.Fatalf("log lacks the request line or the stop:\n%s", logs)
	}
}

func TestServeBadFlags(t *testing.T) {
	for _, c := range []struct {
		args    []string
		mention string
	}{
		{[]string{"serve", "--index", "/nonexistent/lexico.db"}, "/nonexistent/lexico.db"},
		{[]string{"serve", "--index", botIndex(t), "--strategy", testStrategy, "--addr", "not-an-address"}, "--addr"},
		{[]string{"serve", "--index", botIndex(t), "--max-body", "0"}, "--max-body 0"},
		{[]string{"serve", "extra"}, "no arguments"},
		// The bad --addr keeps the test from serving when --grace is let
		// through: the message must then name --grace, not --addr.
		{[]string{"serve", "--index", botIndex(t), "--grace", "-1s", "--addr", "not-an-address"}, "--grace -1s"},
	} {
		code, _, errs := runBot(t, "", c.args...)
		if code == 0 || !strings.Contains(errs, c.mention) {
			t.Errorf("%v: exit %d, stderr %q; want a failure naming %q", c.args, code, errs, c.mention)
		}
	}
}
