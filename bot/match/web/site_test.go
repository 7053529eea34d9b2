package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
)

// do sends a request and returns the status, the headers and the body.
func do(t *testing.T, method, url, body string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, data
}

// The page's files are served by name and nothing else is: not the
// template (only / renders it), not a directory listing, and a name that is
// not UTF-8 is a 404 like any unknown file, not a 500.
func TestStaticServesThePagesFilesOnly(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	for _, c := range []struct {
		path   string
		status int
		want   string // in the body
	}{
		{"/web/static/app.js", 200, `"use strict"`},
		{"/web/static/app.css", 200, ".board"},
		{"/web/static/example.txt", 200, "'MyHand'"},
		{"/web/static/", 404, "no such page"},
		{"/web/static/index.html", 404, "no such page"},
		{"/web/static/%ff", 404, `\xff`},
		{"/web/static/..%2fsite.go", 404, "no such page"},
		{"/web/static/app.js/x", 404, "no such page"},
	} {
		code, _, body := do(t, "GET", srv.URL+c.path, "")
		if code != c.status || !bytes.Contains(body, []byte(c.want)) {
			t.Errorf("GET %s: %d %.200q; want %d with %q", c.path, code, body, c.status, c.want)
		}
		if bytes.Contains(body, []byte("{{")) {
			t.Errorf("GET %s: the unrendered template: %.200q", c.path, body)
		}
	}
}

// The example Study loads is the documentation's gamestate, kept in step.
func TestExampleIsTheDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../../data/gamestates/doc-example.txt")
	if err != nil {
		t.Fatal(err)
	}
	ours, err := static.ReadFile("static/example.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc, ours) {
		t.Error("static/example.txt differs from data/gamestates/doc-example.txt: copy it again")
	}
}

// A served path asked with another method is a 405 naming the methods it
// takes, in Allow and in words; an unknown path is a 404 whose reply quotes
// a huge path short.
func TestWrongMethodsAndUnknownPaths(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	huge := "/web/" + strings.Repeat("a", 1<<20)
	for _, c := range []struct {
		method, path string
		status       int
		allow        string
		mention      string
	}{
		{"DELETE", "/web/api/games", 405, "POST", "it takes POST"},
		{"GET", "/web/api/games", 405, "POST", "it takes POST"},
		{"POST", "/web/api/games/abc", 405, "GET, HEAD", "it takes GET, HEAD"},
		{"GET", "/web/api/games/abc/move", 405, "POST", "it takes POST"},
		{"PUT", "/web/api/study", 405, "POST", "it takes POST"},
		{"GET", "/web/api/solve", 405, "POST", "it takes POST"},
		{"POST", "/", 405, "GET, HEAD", "it takes GET, HEAD"},
		{"POST", "/web/static/app.js", 405, "GET, HEAD", "it takes GET, HEAD"},
		{"GET", "/web/api/nothing", 404, "", "no such page"},
		{"GET", huge, 404, "", "(1048581 bytes)"},
	} {
		code, h, body := do(t, c.method, srv.URL+c.path, "")
		var e struct{ Error string }
		if err := json.Unmarshal(body, &e); err != nil || code != c.status || !strings.Contains(e.Error, c.mention) {
			t.Errorf("%s %.60s: %d %.200q; want %d, a JSON error mentioning %q", c.method, c.path, code, body, c.status, c.mention)
		}
		if len(body) > 400 {
			t.Errorf("%s %.60s: a %d-byte reply: the path echoed whole", c.method, c.path, len(body))
		}
		if got := h.Get("Allow"); got != c.allow {
			t.Errorf("%s %.60s: Allow %q; want %q", c.method, c.path, got, c.allow)
		}
	}
}
