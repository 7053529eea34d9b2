package gamestate

import (
	"encoding/json"
	"strconv"

	"github.com/lexico/lexico/bot/game/tile"
)

// Every request to serve parses a gamestate before anything else, so under
// a burst of requests parsing sits ahead of every request's clock, and
// encoding/json's reflection costs more there than the move searches. The
// shapes a gamestate's fields take (a board of one-letter strings, lists of
// integer pairs, a hand of short strings, plain integers) are read here
// directly from text already known to be valid JSON. Anything else (an
// escape, a non-ASCII byte, a fraction, a shape this does not know) is left
// to encoding/json, which decodes it or words the error; the trade is a
// second decoder to keep in step, which TestFastDecodingIsEncodingJSON
// holds to the same results.

// splitObject splits js, valid JSON, into its top-level members when it is
// an object whose keys are plain ASCII without escapes; the value of a
// repeated key is the last, as json.Unmarshal into a map makes it. ok is
// false otherwise (encoding/json then decodes it).
func splitObject(js []byte) (f map[string]json.RawMessage, ok bool) {
	f = make(map[string]json.RawMessage, 16)
	ok = members(js, func(key, value []byte) bool {
		f[string(key)] = value
		return true
	})
	return f, ok
}

// members calls each with every member of the object in js, valid JSON, in
// order, and reports whether js is an object whose keys are plain ASCII
// without escapes and each returned true for all of them.
func members(js []byte, each func(key, value []byte) bool) bool {
	i := skipSpace(js, 0)
	if i >= len(js) || js[i] != '{' {
		return false
	}
	i = skipSpace(js, i+1)
	if js[i] == '}' {
		return true
	}
	for {
		if js[i] != '"' {
			return false
		}
		j := i + 1
		for js[j] != '"' {
			if js[j] == '\\' || js[j] >= 0x80 {
				return false
			}
			j++
		}
		key := js[i+1 : j]
		i = skipSpace(js, skipSpace(js, j+1)+1) // past the colon
		end := skipValue(js, i)
		if !each(key, js[i:end:end]) {
			return false
		}
		i = skipSpace(js, end)
		if js[i] != ',' {
			return js[i] == '}'
		}
		i = skipSpace(js, i+1)
	}
}

// tileScores sets values from TileScores, raw, when every key is a tile
// named once and every value an integer from 0 to 1000, and reports
// whether it did; anything else is left to buildVariant's decoding, which
// words the error.
func tileScores(raw []byte, values *[tile.NumKinds]int) bool {
	if len(raw) == 0 {
		return false
	}
	v := *values
	var named uint32
	ok := members(raw, func(key, value []byte) bool {
		t, ok := handTile(string(key))
		if !ok {
			return false
		}
		num, ok := integer(value)
		n, err := num.Int64()
		bit := uint32(1) << uint(tile.Index(t))
		if !ok || err != nil || n < 0 || n > 1000 || named&bit != 0 {
			return false
		}
		named |= bit
		v[tile.Index(t)] = int(n)
		return true
	})
	if ok {
		*values = v
	}
	return ok
}

func skipSpace(js []byte, i int) int {
	for i < len(js) && (js[i] == ' ' || js[i] == '\t' || js[i] == '\n' || js[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the value starting at js[i], js being valid
// JSON.
func skipValue(js []byte, i int) int {
	switch js[i] {
	case '"':
		return skipString(js, i)
	case '[', '{':
		depth := 0
		for ; i < len(js); i++ {
			switch js[i] {
			case '"':
				i = skipString(js, i) - 1
			case '[', '{':
				depth++
			case ']', '}':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for i < len(js) {
		switch js[i] {
		case ',', ']', '}', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// skipString returns the end of the string starting at js[i].
func skipString(js []byte, i int) int {
	for i++; i < len(js); i++ {
		switch js[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// fastDecode decodes raw, valid JSON, into dst when it has a shape read
// here, and reports whether it did.
func fastDecode(raw []byte, dst any) bool {
	switch d := dst.(type) {
	case *[][]string:
		return listOf(raw, d, func(v []byte) ([]string, bool) {
			var row []string
			return row, listOf(v, &row, plainString)
		})
	case *[]string:
		return listOf(raw, d, plainString)
	case *[][]number:
		return listOf(raw, d, func(v []byte) ([]number, bool) {
			var xy []number
			return xy, listOf(v, &xy, integer)
		})
	case *number:
		n, ok := integer(raw)
		*d = n
		return ok
	case *bool:
		switch string(raw) {
		case "true":
			*d = true
			return true
		case "false":
			*d = false
			return true
		}
	case *string:
		s, ok := plainString(raw)
		*d = s
		return ok
	}
	return false
}

// listOf decodes a JSON list whose elements elem decodes.
func listOf[T any](raw []byte, dst *[]T, elem func([]byte) (T, bool)) bool {
	if len(raw) < 2 || raw[0] != '[' {
		return false
	}
	out := make([]T, 0, 16)
	i := skipSpace(raw, 1)
	if raw[i] == ']' {
		*dst = out
		return true
	}
	for {
		end := skipValue(raw, i)
		v, ok := elem(raw[i:end])
		if !ok {
			return false
		}
		out = append(out, v)
		i = skipSpace(raw, end)
		if raw[i] != ',' {
			*dst = out
			return raw[i] == ']'
		}
		i = skipSpace(raw, i+1)
	}
}

// oneByte holds the one-byte strings, so that a board's squares cost no
// allocation.
var oneByte = func() (t [128]string) {
	for c := range t {
		t[c] = string(rune(c))
	}
	return t
}()

// plainString decodes a JSON string of printable ASCII without escapes.
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	s := v[1 : len(v)-1]
	for _, c := range s {
		if c == '\\' || c >= 0x80 {
			return "", false
		}
	}
	switch len(s) {
	case 0:
		return "", true
	case 1:
		return oneByte[s[0]], true
	}
	return string(s), true
}

// smallInts holds the numbers a board's positions use.
var smallInts = func() (t [100]number) {
	for i := range t {
		t[i] = number(strconv.Itoa(i))
	}
	return t
}()

// integer decodes a JSON number written as an integer: an optional minus
// sign and digits.
func integer(v []byte) (number, bool) {
	digits := v
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 {
		return "", false
	}
	n := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return "", false
		}
		n = n*10 + int(c-'0')
	}
	if len(v) <= 2 && v[0] != '-' && n < len(smallInts) {
		return smallInts[n], true
	}
	return number(v), true
}
