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
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
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

// With a Token, /move and /check think only for a request bearing it: a
// server the internet reaches serves only the bots given the secret.
// /healthz stays open; a wrong or missing token gets a 401 that says what
// is wanted, and no search.
func TestTokenGuardsMoveAndCheck(t *testing.T) {
	s, _ := newServer(t, &fixedGen{moves: []move.Move{tAfterOdious}})
	s.Token = "s3cret-token"
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	doc := string(gamestatetest.DocExampleBytes(t))
	check := `{"gamestate": ` + jsonString(doc) + `, "move": [["T"], [[14, 5]]]}`
	do := func(path, body, auth string) (int, string, http.Header) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header
	}
	for _, path := range []string{"/move", "/check"} {
		body := map[string]string{"/move": doc, "/check": check}[path]
		for _, auth := range []string{"", "Bearer wrong", "Bearer s3cret-token-and-more", "s3cret-token", "Basic czNjcmV0LXRva2Vu", "Bearer S3CRET-TOKEN", "Bearer  s3cret-token", "Bearers3cret-token"} {
			code, b, h := do(path, body, auth)
			if code != http.StatusUnauthorized || !strings.Contains(b, "Authorization: Bearer") || h.Get("WWW-Authenticate") != "Bearer" {
				t.Errorf("%s with Authorization %q: %d %s; want 401 naming the header wanted", path, auth, code, b)
			}
		}
		for _, auth := range []string{"Bearer s3cret-token", "bearer s3cret-token", "BEARER s3cret-token"} {
			if code, b, _ := do(path, body, auth); code != http.StatusOK {
				t.Errorf("%s with Authorization %q: %d %s; want 200 (the scheme's case is free)", path, auth, code, b)
			}
		}
	}
	resp, err := http.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz without the token: %d; want 200 (a proxy's probe has no secret)", resp.StatusCode)
	}
}
