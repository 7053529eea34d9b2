package gaddag

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/data"
)

var (
	defaultOnce  sync.Once
	defaultWords []string
	defaultG     *GADDAG
)

// defaultList is the embedded list as the index stores it: upper case, 2..15
// letters A-Z. The GADDAG is built once per test binary.
func defaultList(t testing.TB) ([]string, *GADDAG) {
	defaultOnce.Do(func() {
		zr, err := gzip.NewReader(bytes.NewReader(data.DefaultDictionaryGz))
		if err != nil {
			panic(err)
		}
		sc := bufio.NewScanner(zr)
		for sc.Scan() {
			w := strings.ToUpper(strings.TrimSpace(sc.Text()))
			if len(w) >= 2 && validWord(w) {
				defaultWords = append(defaultWords, w)
			}
		}
		defaultG = Build(defaultWords)
	})
	return defaultWords, defaultG
}

// walk follows a sequence of symbols (letters 'A'..'Z', '^' separator) except
// the last, and reports whether the last letter is in the letter set reached.
func walk(g *GADDAG, seq string) bool {
	n := Root
	for i := 0; i < len(seq)-1; i++ {
		l := Separator
		if seq[i] != '^' {
			l = int(seq[i] - 'A')
		}
		if n = g.Arc(n, l); n == 0 {
			return false
		}
	}
	return g.LetterSet(n)&(1<<(seq[len(seq)-1]-'A')) != 0
}

func rotations(w string) []string {
	var out []string
	for i := 1; i <= len(w); i++ {
		var sb strings.Builder
		for j := i - 1; j >= 0; j-- {
			sb.WriteByte(w[j])
		}
		if i < len(w) {
			sb.WriteByte('^')
			sb.WriteString(w[i:])
		}
		out = append(out, sb.String())
	}
	return out
}

func TestSmallList(t *testing.T) {
	words := []string{"CARE", "CAR", "CARES", "BAT", "BA", "AB", "CARE", "ZZZ"} // unsorted, duplicate
	g := Build(words)
	for _, w := range words {
		if !g.Contains(w) {
			t.Errorf("Contains(%q) = false", w)
		}
		for _, r := range rotations(w) {
			if !walk(g, r) {
				t.Errorf("rotation %q of %q missing", r, w)
			}
		}
	}
	for _, w := range []string{"CA", "C", "ARE", "CARS", "BATS", "", "ZZ", "care", "CAR3"} {
		if g.Contains(w) {
			t.Errorf("Contains(%q) = true", w)
		}
	}
	if g.WordCount() != 7 {
		t.Errorf("WordCount = %d, want 7 (distinct words)", g.WordCount())
	}
}

func TestEmpty(t *testing.T) {
	g := Build(nil)
	if g.Contains("A") {
		t.Fatal("empty GADDAG contains A")
	}
	g2, err := Load(g.Bytes())
	if err != nil || g2.NodeCount() != 1 {
		t.Fatalf("Load(empty) = %v, %v", g2, err)
	}
}

func TestSkipsUnplayable(t *testing.T) {
	g := Build([]string{"ABCDEFGHIJKLMNOP", "AB-C", "OK"})
	if g.Contains("ABCDEFGHIJKLMNOP") || !g.Contains("OK") {
		t.Fatal("Build must skip words longer than MaxWordLen or with non-letters and keep the rest")
	}
}

func TestDefaultList(t *testing.T) {
	words, g := defaultList(t)
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
		if !g.Contains(w) {
			t.Fatalf("Contains(%q) = false", w)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		w := words[r.IntN(len(words))]
		for _, rot := range rotations(w) {
			if !walk(g, rot) {
				t.Fatalf("rotation %q of %q missing", rot, w)
			}
		}
		// Mutate one letter: membership must match the word set.
		b := []byte(w)
		b[r.IntN(len(b))] = byte('A' + r.IntN(26))
		if m := string(b); g.Contains(m) != set[m] {
			t.Fatalf("Contains(%q) = %v, set says %v", m, g.Contains(m), set[m])
		}
		// Extensions and truncations.
		for _, m := range []string{w + "Q", w[:len(w)-1], "X" + w} {
			if g.Contains(m) != set[m] {
				t.Fatalf("Contains(%q) = %v, set says %v", m, g.Contains(m), set[m])
			}
		}
	}
	t.Logf("%d words, %d nodes, %d bytes", len(words), g.NodeCount(), g.Size())
}

func TestRoundTrip(t *testing.T) {
	words, g := defaultList(t)
	b := g.Bytes()
	g2, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(words); i += 97 {
		if !g2.Contains(words[i]) {
			t.Fatalf("loaded GADDAG lacks %q", words[i])
		}
	}
	// Misaligned input is copied, not rejected.
	mis := make([]byte, len(b)+1)
	copy(mis[1:], b)
	g3, err := Load(mis[1:])
	if err != nil {
		t.Fatal(err)
	}
	if !g3.Contains(words[0]) || g3.WordCount() != len(words) {
		t.Fatal("misaligned load lost words")
	}
}

func TestLoadRejects(t *testing.T) {
	g := Build([]string{"CARE", "CARES", "BAT"})
	good := g.Bytes()
	cases := map[string]struct {
		b    []byte
		want error
	}{
		"empty":     {nil, ErrTruncated},
		"short":     {good[:20], ErrTruncated},
		"truncated": {good[:len(good)-4], ErrTruncated},
		"magic":     {append([]byte("XXGADDAG"), good[8:]...), ErrMagic},
		"version":   {func() []byte { b := append([]byte(nil), good...); b[8] = 9; return b }(), ErrVersion},
		"flipped":   {func() []byte { b := append([]byte(nil), good...); b[40] ^= 1; return b }(), ErrChecksum},
	}
	for name, c := range cases {
		if _, err := Load(c.b); !errors.Is(err, c.want) {
			t.Errorf("%s: Load error %v, want %v", name, err, c.want)
		}
	}
	// A structurally broken array with a correct checksum: an arc pointing
	// backwards (a cycle) must be caught by validation, not by the CRC.
	a := []uint32{0, 1, 0} // root with an arc 'A' to itself
	raw := make([]byte, headerLen+12)
	encode(raw, a, 1, 1)
	if _, err := Load(raw); !errors.Is(err, ErrCorrupt) {
		t.Errorf("cyclic arc: Load error %v, want ErrCorrupt", err)
	}
	// An arc pointing forward but into the middle of a node (its arc word):
	// validation reads the array once and must still name that arc.
	a = []uint32{0, 0b11, 4, 6, 0, 0b1, 7, 0, 0} // root: arcs to 4 and 6; node 4 (to 6): an arc to 7; node 7
	raw = make([]byte, headerLen+4*len(a))
	encode(raw, a, 3, 1)
	_, err := Load(raw)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "arc 1 of node at 0 points to 6") {
		t.Errorf("arc into a node: Load error %v, want ErrCorrupt naming arc 1 of node at 0", err)
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(Build([]string{"CARE", "CARES", "BAT", "AB"}).Bytes())
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		// Re-checksum so the fuzzer reaches structural validation.
		if len(b) >= headerLen && (len(b)-headerLen)%4 == 0 {
			fix := append([]byte(nil), b...)
			copy(fix, magic)
			fix[8], fix[9], fix[10], fix[11] = version, 0, 0, 0
			a := make([]uint32, (len(b)-headerLen)/4)
			for i := range a {
				a[i] = uint32(fix[headerLen+4*i]) | uint32(fix[headerLen+4*i+1])<<8 | uint32(fix[headerLen+4*i+2])<<16 | uint32(fix[headerLen+4*i+3])<<24
			}
			nodes := uint32(fix[16]) | uint32(fix[17])<<8 | uint32(fix[18])<<16 | uint32(fix[19])<<24
			encode(fix, a, int(nodes), 0)
			exercise(t, fix)
		}
		exercise(t, b)
	})
}

// exercise loads b and, if accepted, walks every path: nothing may panic.
func exercise(t *testing.T, b []byte) {
	g, err := Load(b)
	if err != nil {
		return
	}
	var visit func(n Node, depth int)
	visit = func(n Node, depth int) {
		_ = g.LetterSet(n)
		if depth > 20 {
			return
		}
		for l := 0; l <= Separator; l++ {
			if c := g.Arc(n, l); c != 0 {
				visit(c, depth+1)
			}
		}
	}
	visit(Root, 0)
	g.Contains("CARES")
}

func BenchmarkBuildDefault(b *testing.B) {
	words, _ := defaultList(b)
	for b.Loop() {
		Build(words)
	}
}

func BenchmarkContains(b *testing.B) {
	words, g := defaultList(b)
	i := 0
	for b.Loop() {
		g.Contains(words[i%len(words)])
		i += 7919
	}
}

// BenchmarkLoad is what opening an index pays for the GADDAG: the checksum
// and the structural validation, no copy.
func BenchmarkLoad(b *testing.B) {
	_, g := defaultList(b)
	raw := g.Bytes()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := Load(raw); err != nil {
			b.Fatal(err)
		}
	}
}
