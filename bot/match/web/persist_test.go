package web

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/fnv"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/internal/boltfile"
	bolt "go.etcd.io/bbolt"
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

// gamesFileWithAGame leaves at path a real games file, written by a server
// that played a game in it and stopped, and returns the game's id.
func gamesFileWithAGame(t *testing.T, cfg StoreConfig) string {
	t.Helper()
	site, srv := testSite(t, cfg)
	g, code := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 11})
	if code != http.StatusCreated {
		t.Fatalf("new game: %d", code)
	}
	srv.Close()
	site.Close()
	return g.ID
}

// startOnDamaged starts a site on cfg.File, damaged, and checks what a
// person running serve relies on: the server starts, one warning line says
// the file was damaged and where it went, the damaged bytes are all there,
// under that name, and the fresh file keeps a new game across a restart.
// It returns the damage the warning names.
func startOnDamaged(t *testing.T, cfg StoreConfig, oldID string) string {
	t.Helper()
	damaged, err := os.ReadFile(cfg.File)
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	site, err := New(Config{StoreConfig: cfg, Log: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatalf("a server on a damaged games file: %v; want it to start on a fresh one", err)
	}
	srv := httptest.NewServer(site.Handler())
	t.Cleanup(func() { srv.Close(); site.Close() })
	var warn []string
	for _, l := range strings.Split(strings.TrimSpace(logged.String()), "\n") {
		if strings.Contains(l, "level=WARN") {
			warn = append(warn, l)
		}
	}
	m := regexp.MustCompile(`set_aside_as=(\S+) damage=("[^"]*"|\S+)`).FindStringSubmatch(logged.String())
	if len(warn) != 1 || !strings.Contains(warn[0], "damaged") || m == nil {
		t.Fatalf("the log:\n%s\nwant one warning saying the file is damaged and where it was set aside", logged.String())
	}
	if !strings.HasPrefix(m[1], cfg.File+".damaged-") {
		t.Fatalf("set aside as %s, want %s.damaged-TIMESTAMP", m[1], cfg.File)
	}
	if kept, err := os.ReadFile(m[1]); err != nil || !bytes.Equal(kept, damaged) {
		t.Fatalf("the damaged file set aside: %v, %d bytes; want its %d bytes as they were", err, len(kept), len(damaged))
	}
	if code := call(t, "GET", srv.URL+"/web/api/games/"+oldID, nil, nil); code != http.StatusNotFound {
		t.Fatalf("the damaged file's game: %d, want 404", code)
	}
	g, code := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 12})
	if code != http.StatusCreated {
		t.Fatalf("new game on the fresh file: %d", code)
	}
	srv.Close()
	site.Close()
	_, srv = testSite(t, cfg)
	if code := call(t, "GET", srv.URL+"/web/api/games/"+g.ID, nil, nil); code != http.StatusOK {
		t.Fatalf("a game of the fresh file after a restart: %d, want 200", code)
	}
	return m[2]
}

// A games file cut short (a full disk, a copy interrupted) killed the
// server at start with a SIGBUS: bbolt maps the pages its meta page
// counts, past the end of the file.
func TestTruncatedGamesFileIsSetAside(t *testing.T) {
	cfg := testConfig(t)
	cfg.File = filepath.Join(t.TempDir(), "games.db")
	id := gamesFileWithAGame(t, cfg)
	// Cut to its two meta pages, which stay sound: every other page bbolt
	// reads lies past the end.
	data, err := os.ReadFile(cfg.File)
	if err != nil {
		t.Fatal(err)
	}
	pageSize := int64(boltfile.ReadMetaPages(bytes.NewReader(data), int64(len(data))).PageSize)
	if err := os.Truncate(cfg.File, 2*pageSize); err != nil {
		t.Fatal(err)
	}
	if damage := startOnDamaged(t, cfg, id); !strings.Contains(damage, "cut short") {
		t.Fatalf("damage %q: want the file's length found short of its pages", damage)
	}
}

// Damage the meta pages do not show (here both point bbolt's freelist at a
// page far past the file, their checksums made to match) faults inside
// bbolt; that too sets the file aside rather than kill the server.
func TestGamesFileBboltFaultsOnIsSetAside(t *testing.T) {
	cfg := testConfig(t)
	cfg.File = filepath.Join(t.TempDir(), "games.db")
	id := gamesFileWithAGame(t, cfg)
	data, err := os.ReadFile(cfg.File)
	if err != nil {
		t.Fatal(err)
	}
	// bbolt's meta page: 64 bytes after the page's 16-byte header, the
	// freelist's page at 32, the FNV-64a checksum of the rest at 56.
	ne := binary.NativeEndian
	pageSize := boltfile.ReadMetaPages(bytes.NewReader(data), int64(len(data))).PageSize
	for _, at := range []int{0, pageSize} {
		m := data[at+16 : at+16+64]
		ne.PutUint64(m[32:], 1<<40)
		h := fnv.New64a()
		h.Write(m[:56])
		ne.PutUint64(m[56:], h.Sum64())
	}
	if err := os.WriteFile(cfg.File, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if damage := startOnDamaged(t, cfg, id); !strings.Contains(damage, "bbolt failed") {
		t.Fatalf("damage %q: want bbolt's failure, caught", damage)
	}
}

// A file that is no bbolt database at all is a path given by mistake: it
// is refused, with one line naming it, and left where and as it was.
func TestNotAGamesFileIsRefused(t *testing.T) {
	cfg := testConfig(t)
	cfg.File = filepath.Join(t.TempDir(), "notes.txt")
	notes := bytes.Repeat([]byte("my notes, not a games file\n"), 1000)
	if err := os.WriteFile(cfg.File, notes, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := New(Config{StoreConfig: cfg})
	if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), cfg.File) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("a server on a file that is not a games file: %v; want ErrConfig, one line naming the file", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(cfg.File))
	if got, _ := os.ReadFile(cfg.File); !bytes.Equal(got, notes) || len(entries) != 1 {
		t.Fatalf("the file after the refusal: %d bytes, %d entries; want it untouched and alone", len(got), len(entries))
	}
}

// A kept game whose bot time is out of range (an edited file: a huge
// value, as a duration, wraps into the range) is dropped when the server
// restores its games, not played with another time than it says.
func TestRestoreDropsABotTimeOutOfRange(t *testing.T) {
	cfg := testConfig(t)
	cfg.File = filepath.Join(t.TempDir(), "games.db")
	id := gamesFileWithAGame(t, cfg)
	db, err := bolt.Open(cfg.File, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(gamesBucket)
		var sg savedGame
		if err := json.Unmarshal(b.Get([]byte(id)), &sg); err != nil {
			return err
		}
		sg.BotMS = 18446744074710 // 2^64 ns as milliseconds, and a second more
		data, err := json.Marshal(sg)
		if err != nil {
			return err
		}
		return b.Put([]byte(id), data)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	site, srv := testSite(t, cfg)
	if got := site.Store.restored; got.kept != 0 || got.dropped != 1 {
		t.Errorf("restored %+v; want the game dropped", got)
	}
	var g GameView
	if code := call(t, "GET", srv.URL+"/web/api/games/"+id, nil, &g); code != http.StatusNotFound {
		t.Errorf("the game with a bot time out of range: %d %+v; want 404, dropped", code, g)
	}
}
