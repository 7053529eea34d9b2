package quote

import "testing"

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 arguments", 1: "1 argument", 2: "2 arguments"} {
		if got := Count(n, "argument"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	if got := CountAs(2, "ply", "plies") + ", " + CountAs(1, "ply", "plies"); got != "2 plies, 1 ply" {
		t.Errorf("CountAs: %q", got)
	}
}
