package main

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"
)

// run --json and serve's /move write one report the same way: on the same
// live gamestate, the same keys and the same move with the same words.
func TestRunAndMoveWriteOneReport(t *testing.T) {
	doc := liveDoc(t, time.Minute, 5*time.Second)
	code, out, errs := runBot(t, string(doc), "run", "--index", botIndex(t), "--strategy", testStrategy, "--policy", "equity", "--json", "-")
	if code != 0 {
		t.Fatalf("run --json: exit %d: %s", code, errs)
	}
	addr, _, exited := startServe(t, "--policy", "equity")
	resp, err := http.Post("http://"+addr+"/move", "text/plain", bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("/move: %d, %v", resp.StatusCode, err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-exited

	var ran, moved map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &ran); err != nil {
		t.Fatalf("run --json %q: %v", out, err)
	}
	if err := json.Unmarshal(body, &moved); err != nil {
		t.Fatalf("/move %q: %v", body, err)
	}
	rk, mk := slices.Sorted(maps.Keys(ran)), slices.Sorted(maps.Keys(moved))
	if !slices.Equal(rk, mk) {
		t.Errorf("run --json's keys %v, /move's %v", rk, mk)
	}
	for _, k := range []string{"move", "kind", "score", "words", "leave", "policy"} {
		if !bytes.Equal(ran[k], moved[k]) {
			t.Errorf("%s: run --json %s, /move %s", k, ran[k], moved[k])
		}
	}
}
