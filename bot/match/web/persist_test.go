package web

import (
	"errors"
	"net/http"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// A game survives a restart of the server: the same board, rack, scores,
// bag, events and turn (an exchange drew from the bag), and it plays on
// from there. A second server cannot take the same file.
func TestGamesSurviveARestart(t *testing.T) {
	cfg := testConfig(t)
	cfg.File = filepath.Join(t.TempDir(), "games.db")
	site, srv := testSite(t, cfg)
	g, code := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 11, BotFirst: true})
	if code != http.StatusCreated {
		t.Fatalf("new game: %d", code)
	}
	var res CheckResponse
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", MoveRequest{Turn: g.Turn, Kind: "exchange", Exchange: g.Rack[:2]}, &res); code != http.StatusOK || res.Game == nil {
		t.Fatalf("an exchange: %d %+v", code, res)
	}
	before := *res.Game
	if _, err := New(Config{StoreConfig: cfg}); err == nil || !errors.Is(err, ErrConfig) {
		t.Fatalf("a second server on the same file: %v; want ErrConfig (in use)", err)
	}
	srv.Close()
	site.Close()

	_, srv = testSite(t, cfg)
	var after GameView
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if code := call(t, "GET", srv.URL+"/web/api/games/"+g.ID, nil, &after); code != http.StatusOK {
			t.Fatalf("the game after a restart: %d", code)
		}
		if after.Turn == before.Turn || time.Now().After(deadline) {
			break
		}
	}
	if !reflect.DeepEqual(after, before) {
		t.Fatalf("after a restart:\n%+v\nbefore:\n%+v", after, before)
	}
	pass(t, srv, g.ID, after.Turn) // it plays on
}
