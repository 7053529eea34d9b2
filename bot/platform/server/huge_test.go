package server

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// A 1 MB value where a short one belongs is refused with a 4xx whose body,
// and whose log line, quote only its start: quoted whole, one request made
// a 1 MB answer and a 1 MB log line.
func TestHugeValuesGiveShortRefusals(t *testing.T) {
	s, logs := newServer(t, &fixedGen{})
	s.MaxBody = 4 << 20 // the value must reach the parser, not the size limit
	h := s.Handler()
	huge := strings.Repeat("A", 1<<20)
	doc := string(gamestatetest.DocExampleBytes(t))
	hugeHand := strings.Replace(doc, "'MyHand': ['T',", "'MyHand': ['"+huge+"',", 1)
	hugeScore := strings.Replace(doc, "'MyScore': 19", "'MyScore': "+strings.Repeat("9", 1<<20), 1)
	if hugeHand == doc || hugeScore == doc {
		t.Fatal("the doc's example changed: the huge values were not put in")
	}
	cases := []struct {
		name, method, path, body string
		status                   int
		mention                  string
	}{
		{"move: hand tile", "POST", "/move", hugeHand, 400, "MyHand[0]"},
		{"move: score", "POST", "/move", hugeScore, 400, "MyScore"},
		{"check: gamestate", "POST", "/check", `{"gamestate": ` + jsonString(hugeHand) + `, "move": [[], ["Pass"]]}`, 400, "MyHand[0]"},
		{"check: move tile", "POST", "/check", `{"gamestate": ` + jsonString(doc) + `, "move": [["` + huge + `"], [[14, 5]]]}`, 400, "tiles[0]"},
		{"path", "GET", "/" + huge, "", 404, "no such endpoint"},
		{"method", huge, "/move", "", 405, "it takes POST"},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, strings.NewReader(c.body)))
		var e struct{ Error string }
		body := rec.Body.Bytes()
		switch {
		case json.Unmarshal(body, &e) != nil:
			t.Errorf("%s: body %.300q is not a JSON error", c.name, body)
		case rec.Code != c.status || len(body) > 400 || !strings.Contains(e.Error, c.mention):
			t.Errorf("%s: %d, %d bytes %.300q; want %d, under 400 bytes, mentioning %q", c.name, rec.Code, len(body), body, c.status, c.mention)
		}
	}
	lines := logs.lines()
	if len(lines) != len(cases) {
		t.Fatalf("%d log lines for %d requests", len(lines), len(cases))
	}
	for i, l := range lines {
		if len(l) > 1000 {
			t.Errorf("%s: a %d-byte log line: %.300s...", cases[i].name, len(l), l)
		}
	}
}
