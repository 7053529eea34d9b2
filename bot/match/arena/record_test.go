package arena

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestJSONLRoundTrip(t *testing.T) {
	r := &Record{
		Header: Header{Game: 3, Seed: 9, Variant: "classic", Players: [2]string{"a", "b"}, Starter: 1},
		Turns: []Turn{
			{Turn: 0, Seat: 1, Gamestate: []byte(`{"Board":[]}`), Move: []byte(`[[],["Pass"]]`), Legal: true, ElapsedMS: 1.5},
			{Turn: 1, Seat: 0, Gamestate: []byte(`{}`), Move: []byte(`"garbage"`), Reason: "unusable answer", Score: 0},
		},
		End: End{Scores: [2]int{10, 12}, Racks: [2]string{"AB", ""}, Reason: "both players passed in a row", Turns: 2, Board: []string{"..", ".."}},
	}
	var buf bytes.Buffer
	if err := r.WriteJSONL(&buf); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != 4 {
		t.Errorf("%d lines, want a header, 2 turns and an end", n)
	}
	back, err := ReadJSONL(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.Header.Game != 3 || back.Header.Starter != 1 || len(back.Turns) != 2 || back.Turns[1].Reason != "unusable answer" ||
		string(back.Turns[0].Move) != `[[],["Pass"]]` || back.End.Scores != r.End.Scores || back.End.Board[1] != ".." {
		t.Errorf("read back %+v", back)
	}
}

func TestReadJSONLRefusesBrokenRecords(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "no game header or no end line"},
		{"no end (cut short)", `{"kind":"game","game":0}` + "\n" + `{"kind":"turn","seat":0}` + "\n", "no game header or no end line"},
		{"not JSON", "hello\n", "line 1"},
		{"unknown kind", `{"kind":"game"}` + "\n" + `{"kind":"chat"}` + "\n", `line 2: unknown kind "chat"`},
		{"wrong type", `{"kind":"game","game":"zero"}` + "\n", "line 1"},
	} {
		_, err := ReadJSONL(strings.NewReader(c.text))
		if !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrRecord naming %q", c.name, err, c.want)
		}
	}
}
