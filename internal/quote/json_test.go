package quote

import (
	"encoding/json"
	"errors"
	"testing"
)

// The kind found, never the value (a number too large for its field is
// kept whole in encoding/json's error), and what the field takes in JSON
// terms, json.Number a number though Go stores it as a string.
func TestJSONMismatch(t *testing.T) {
	var v struct {
		Seed  uint64         `json:"seed"`
		N     json.Number    `json:"n"`
		Rows  [][]string     `json:"rows"`
		Flags map[string]int `json:"flags"`
	}
	for _, c := range []struct{ in, found, want, field string }{
		{`{"seed": -1}`, "number", "a whole number from 0", "seed"},
		{`{"seed": 1e999}`, "number", "a whole number from 0", "seed"},
		{`{"n": true}`, "bool", "a number", "n"},
		{`{"rows": {}}`, "object", "a list", "rows"},
		{`{"flags": "x"}`, "string", "an object", "flags"},
		{`[1]`, "array", "an object", ""},
	} {
		found, want, field, ok := JSONMismatch(json.Unmarshal([]byte(c.in), &v))
		if !ok || found != c.found || want != c.want || field != c.field {
			t.Errorf("%s: %q, %q, %q, %v; want %q, %q, %q", c.in, found, want, field, ok, c.found, c.want, c.field)
		}
	}
	if _, _, _, ok := JSONMismatch(errors.New("EOF")); ok {
		t.Error("another error read as a mismatch")
	}
}
