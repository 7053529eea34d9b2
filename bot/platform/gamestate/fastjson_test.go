package gamestate

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// parseBoth parses data with the fast decoding of fastjson.go and with
// encoding/json alone.
func parseBoth(data []byte) (fast, slow *Request, fastErr, slowErr error) {
	fast, fastErr = parse(data, true, true)
	slow, slowErr = parse(data, true, false)
	return
}

// The fast decoding reads what encoding/json reads, to the same position,
// and leaves to it everything else, so that the errors are worded alike:
// checked on the corpus's gamestates, the shipped examples, and thousands
// of them mangled a byte or a span at a time (escapes, numbers with
// fractions, nulls, nesting, non-ASCII, duplicate keys, truncation).
func TestFastDecodingIsEncodingJSON(t *testing.T) {
	var inputs [][]byte
	f, err := os.Open("../../../data/positions/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		inputs = append(inputs, bytes.Clone(sc.Bytes()))
	}
	corpus := len(inputs)
	files, _ := filepath.Glob("../../../data/gamestates/*")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, data)
	}
	if len(inputs) < 100 {
		t.Fatalf("only %d gamestates to compare", len(inputs))
	}
	n := len(inputs)
	// The shapes fastjson.go declines, spliced in at random.
	splices := []string{`"\u0041"`, `"é"`, `1.0`, `1e1`, `-3`, `null`, `"12"`, `[]`, `{}`, `[[1,2,3]]`,
		`"AB"`, `"a"`, `true`, `1001`, `1000`, `"Board": 5, `, `"MyHand": ["A"], `, `[" "]`, `"Blank"`, `"\\"`, `, `, `]`, `"`}
	const mangle = `"\[]{},:-.0123456789eE ntfAz?`
	rng := rand.New(rand.NewPCG(18, 26))
	for i := 0; i < 6000; i++ {
		src := inputs[rng.IntN(n)]
		at := rng.IntN(len(src))
		var m []byte
		switch rng.IntN(4) {
		case 0: // replace a byte
			m = bytes.Clone(src)
			m[at] = mangle[rng.IntN(len(mangle))]
		case 1: // cut
			m = bytes.Clone(src[:at])
		case 2: // splice
			s := splices[rng.IntN(len(splices))]
			m = append(append(bytes.Clone(src[:at]), s...), src[at:]...)
		default: // replace a value-sized span
			end := min(len(src), at+1+rng.IntN(12))
			s := splices[rng.IntN(len(splices))]
			m = append(append(bytes.Clone(src[:at]), s...), src[end:]...)
		}
		inputs = append(inputs, m)
	}
	// And each of them in the values a gamestate's fields hold, where a
	// splice at random seldom lands.
	for _, s := range splices {
		for _, at := range []string{`"E":1,`, `"MyHand":["`, `"MyScore":`, `"Board":[["`, `"TileScores":`} {
			src := inputs[rng.IntN(corpus)]
			i := bytes.Index(src, []byte(at))
			if i < 0 {
				t.Fatalf("no %s in a corpus gamestate", at)
			}
			i += len(at)
			if strings.HasSuffix(at, ",") {
				i -= 2 // the value itself: 1
			}
			m := append(append(bytes.Clone(src[:i]), s...), src[i+1:]...)
			inputs = append(inputs, m)
		}
	}
	parsed, failed, mangledParsed := 0, 0, 0
	for i, data := range inputs {
		fast, slow, fastErr, slowErr := parseBoth(data)
		switch {
		case (fastErr == nil) != (slowErr == nil):
			t.Fatalf("input %d: fast error %v, encoding/json's %v\n%s", i, fastErr, slowErr, data)
		case fastErr != nil:
			failed++
			if fastErr.Error() != slowErr.Error() {
				t.Fatalf("input %d: fast error %q, encoding/json's %q\n%s", i, fastErr, slowErr, data)
			}
		default:
			parsed++
			if i >= n {
				mangledParsed++
			}
			if !reflect.DeepEqual(fast, slow) {
				fv, sv := reflect.ValueOf(fast).Elem(), reflect.ValueOf(slow).Elem()
				for k := 0; k < fv.NumField(); k++ {
					if !reflect.DeepEqual(fv.Field(k).Interface(), sv.Field(k).Interface()) {
						t.Logf("field %s: %#v against %#v", fv.Type().Field(k).Name, fv.Field(k).Interface(), sv.Field(k).Interface())
					}
				}
				t.Fatalf("input %d: parsed differently:\nfast %+v\nslow %+v\n%s", i, fast, slow, data)
			}
		}
	}
	// Both outcomes must be well represented for the comparison to mean
	// anything. (Fewer mangled inputs parse since a lower-case board
	// letter outside BlanksList and a number in quotes are refused.)
	if mangledParsed < 200 || failed < 1000 {
		t.Fatalf("%d mangled inputs parsed and %d failed: want at least 200 and 1000", mangledParsed, failed)
	}
	t.Logf("%d parsed alike (%d of them mangled), %d failed alike", parsed, mangledParsed, failed)
}

// BenchmarkParse is one gamestate of the corpus a call, in turn, among
// those a game can reach (the others are refused before the end of the
// work a reachable one costs).
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("../../../data/positions/corpus.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	var lines [][]byte
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		if _, err := Parse(l); err == nil {
			lines = append(lines, l)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(lines[i%len(lines)]); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzFastDecodingIsEncodingJSON: whatever the input, the fast decoding and
// encoding/json alone give the same position or the same error. Run with
//
//	go test -run '^$' -fuzz 'FuzzFastDecodingIsEncodingJSON$' -fuzztime 30s -fuzzminimizetime 2s ./bot/platform/gamestate
func FuzzFastDecodingIsEncodingJSON(f *testing.F) {
	data, err := os.ReadFile("../../../data/positions/corpus.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	for i, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		if i%40 == 0 {
			f.Add(line)
		}
	}
	f.Add([]byte(`{"Board": [[" "]], "MyHand": [], "NumberOfTilesInBag": 0, "TileScores": {"A": 1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, slow, fastErr, slowErr := parseBoth(data)
		switch {
		case (fastErr == nil) != (slowErr == nil):
			t.Fatalf("fast error %v, encoding/json's %v", fastErr, slowErr)
		case fastErr != nil && fastErr.Error() != slowErr.Error():
			t.Fatalf("fast error %q, encoding/json's %q", fastErr, slowErr)
		case fastErr == nil && !reflect.DeepEqual(fast, slow):
			t.Fatalf("parsed differently:\nfast %+v\nslow %+v", fast, slow)
		}
	})
}
