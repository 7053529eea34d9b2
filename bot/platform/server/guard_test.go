package server

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
)

// guarded serves s as if listening on 127.0.0.1, with a page that answers
// 200 to everything it is handed.
func guarded(t *testing.T, allow ...string) *httptest.Server {
	t.Helper()
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.AllowHosts = allow
	s.Page = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page") })
	ts := httptest.NewServer(s.handler(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}))
	t.Cleanup(ts.Close)
	return ts
}

type guardCase struct {
	name, path, ctype, host, origin string
	status                          int
	says                            string
}

func (c guardCase) do(t *testing.T, ts *httptest.Server) {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+c.path, strings.NewReader("{}"))
	if c.ctype != "" {
		req.Header.Set("Content-Type", c.ctype)
	}
	if c.host != "" {
		req.Host = c.host
	}
	if c.origin != "" {
		req.Header.Set("Origin", c.origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != c.status || !strings.Contains(string(body), c.says) || strings.Count(string(body), "\n") > 1 {
		t.Errorf("%s: %d %q; want %d, one line with %q", c.name, resp.StatusCode, body, c.status, c.says)
	}
}

// Another site's page cannot drive the page's API through a browser: not
// under its own name (DNS rebinding), not from its own origin, not with a
// body a browser sends without asking first. The page's own requests, and
// the platform's (no Origin), are served.
func TestOtherSitesCannotDriveThePagesAPI(t *testing.T) {
	ts := guarded(t)
	own := "http://" + ts.Listener.Addr().String()
	port := ts.Listener.Addr().(*net.TCPAddr).Port
	for _, c := range []guardCase{
		{"the page", "/web/api/games", "application/json", "", own, 200, "page"},
		{"the page, charset", "/web/api/study", "application/json; charset=utf-8", "", own, 200, "page"},
		{"the page as localhost", "/web/api/games", "application/json", "localhost:" + strconv.Itoa(port), "http://localhost:" + strconv.Itoa(port), 200, "page"},
		{"curl, no Origin", "/web/api/games", "application/json", "", "", 200, "page"},
		{"Host evil", "/web/api/games", "application/json", "evil.example.com", "", 403, "Host"},
		{"Host and Origin evil (rebound)", "/web/api/games", "application/json", "evil.example.com:" + strconv.Itoa(port), "http://evil.example.com:" + strconv.Itoa(port), 403, "forbidden"},
		{"Origin evil", "/web/api/games", "application/json", "", "https://evil.example.com", 403, "Origin"},
		{"Origin null", "/web/api/study", "application/json", "", "null", 403, "Origin"},
		{"Origin another port", "/web/api/study", "application/json", "", "http://127.0.0.1:1", 403, "Origin"},
		{"text/plain", "/web/api/games", "text/plain", "", own, 415, "application/json"},
		{"a form", "/web/api/study", "application/x-www-form-urlencoded", "", "", 415, "application/json"},
		{"no Content-Type", "/web/api/solve", "", "", "", 415, "application/json"},
		{"/move from another site", "/move", "text/plain", "", "https://evil.example.com", 403, "Origin"},
		{"/check from another site", "/check", "application/json", "", "https://evil.example.com", 403, "Origin"},
	} {
		c.do(t, ts)
	}
}

// Behind a proxy the page's API answers to the name --allow-host gives, as
// Host and as Origin, and still to nothing else.
func TestAllowHostAddsAPublicName(t *testing.T) {
	ts := guarded(t, "bot.example.org")
	for _, c := range []guardCase{
		{"the public name", "/web/api/games", "application/json", "bot.example.org", "https://bot.example.org", 200, "page"},
		{"proxied on: Host rewritten", "/web/api/games", "application/json", "", "https://bot.example.org", 200, "page"},
		{"another name", "/web/api/games", "application/json", "evil.example.com", "https://evil.example.com", 403, "forbidden"},
	} {
		c.do(t, ts)
	}
}
