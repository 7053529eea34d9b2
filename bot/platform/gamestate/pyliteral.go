package gamestate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/lexico/lexico/internal/quote"
)

// toJSON returns data unchanged when it is JSON, else rewrites the Python
// literal the platform's documentation prints (single-quoted strings,
// True/False/None, tuples, trailing commas, # comments) as JSON. Rewriting
// rather than writing a second decoder keeps one set of field checks for
// both forms.
func toJSON(data []byte) ([]byte, error) {
	js, _, err := toValidJSON(data)
	return js, err
}

// toValidJSON is toJSON, also reporting whether the JSON returned is known
// to be valid (the fast decoding of fastjson.go relies on it).
func toValidJSON(data []byte) (js []byte, valid bool, err error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if json.Valid(data) {
		return data, true, nil
	}
	if js, err = fromPython(data); err != nil {
		return nil, false, err
	}
	return js, json.Valid(js), nil
}

// fromPython rewrites a Python literal as JSON.
func fromPython(data []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(data))
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			out.WriteByte(c)
			i++
		case c == '\'' || c == '"':
			s, n, err := pyString(data[i:])
			if err != nil {
				return nil, fmt.Errorf("byte %d: %v", i, err)
			}
			enc, _ := json.Marshal(s)
			out.Write(enc)
			i += n
		case c == '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case c == ',':
			j := i + 1
			for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r') {
				j++
			}
			if j == len(data) || data[j] == ']' || data[j] == '}' || data[j] == ')' {
				i++ // Python allows a trailing comma; JSON does not.
				continue
			}
			out.WriteByte(c)
			i++
		case c == '(':
			out.WriteByte('[')
			i++
		case c == ')':
			out.WriteByte(']')
			i++
		case c == '[' || c == ']' || c == '{' || c == '}' || c == ':' ||
			c == '-' || c == '+' || c == '.':
			out.WriteByte(c)
			i++
		case c >= '0' && c <= '9':
			// A number is copied whole: the e of an exponent (1.5e3, as
			// Python prints a large float) would otherwise start a name.
			j := i
			for j < len(data) && (data[j] >= '0' && data[j] <= '9' || data[j] == '.') {
				j++
			}
			if j < len(data) && (data[j] == 'e' || data[j] == 'E') {
				k := j + 1
				if k < len(data) && (data[k] == '+' || data[k] == '-') {
					k++
				}
				if k < len(data) && data[k] >= '0' && data[k] <= '9' {
					for k < len(data) && data[k] >= '0' && data[k] <= '9' {
						k++
					}
					j = k
				}
			}
			out.Write(data[i:j])
			i = j
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_':
			j := i
			for j < len(data) && (data[j] >= 'A' && data[j] <= 'Z' || data[j] >= 'a' && data[j] <= 'z' ||
				data[j] >= '0' && data[j] <= '9' || data[j] == '_') {
				j++
			}
			switch name := string(data[i:j]); name {
			case "True", "true":
				out.WriteString("true")
			case "False", "false":
				out.WriteString("false")
			case "None", "null":
				out.WriteString("null")
			default:
				return nil, fmt.Errorf("byte %d: unexpected name %s (neither JSON nor a Python literal)", i, quote.String(name))
			}
			i = j
		default:
			return nil, fmt.Errorf("byte %d: unexpected character %s", i, quote.Rune(string(data[i:min(i+utf8.UTFMax, len(data))]), 0))
		}
	}
	return out.Bytes(), nil
}

// pyString decodes the Python string literal at the start of b and returns
// its value and length in bytes.
func pyString(b []byte) (string, int, error) {
	q := b[0]
	var sb []byte
	for i := 1; i < len(b); i++ {
		c := b[i]
		switch {
		case c == q:
			return string(sb), i + 1, nil
		case c == '\n':
			return "", 0, fmt.Errorf("string not closed before the end of the line")
		case c != '\\':
			sb = append(sb, c)
			continue
		}
		i++
		if i == len(b) {
			break
		}
		switch e := b[i]; e {
		case 'n':
			sb = append(sb, '\n')
		case 't':
			sb = append(sb, '\t')
		case 'r':
			sb = append(sb, '\r')
		case 'x', 'u':
			n := 2
			if e == 'u' {
				n = 4
			}
			if i+n >= len(b) {
				return "", 0, fmt.Errorf("short \\%c escape", e)
			}
			v, err := strconv.ParseUint(string(b[i+1:i+1+n]), 16, 32)
			if err != nil {
				return "", 0, fmt.Errorf("bad \\%c escape", e)
			}
			sb = utf8.AppendRune(sb, rune(v))
			i += n
		default: // \\ \' \" and anything else stand for themselves
			sb = append(sb, e)
		}
	}
	return "", 0, fmt.Errorf("string not closed")
}
