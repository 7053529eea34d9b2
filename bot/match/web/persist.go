package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/answer"
)

// The games are kept in a small bbolt file (StoreConfig.File), one key a
// game, so that a game survives a restart of the server: what is kept is
// the game's options and seed and every move played, both seats', as the
// referee was handed them. A restart plays them again, the bag drawn from
// the same seed, to where the game stood; the bot's moves are replayed, not
// searched again, so the game is the same whatever the bot would choose
// now.

var gamesBucket = []byte("games")

// savedGame is a game as kept on disk.
type savedGame struct {
	ID       string            `json:"id"`
	Policy   string            `json:"policy"`
	Variant  string            `json:"variant"`
	BotFirst bool              `json:"bot_first"`
	BotMS    int64             `json:"bot_ms"`
	Seed     uint64            `json:"seed"`
	Moves    []json.RawMessage `json:"moves"`
	Events   []Event           `json:"events"`
	Used     time.Time         `json:"used"`
}

// DefaultGamesFile is where serve keeps the page's games unless told
// otherwise: beside the default index, in the user cache directory.
func DefaultGamesFile() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "lexico", "web-games.db"), nil
}

// openGames opens (or makes) the games file. Another server holding it
// is an error, not a wait.
func openGames(path string) (*bolt.DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("%w: the games file: %v", ErrConfig, err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 200 * time.Millisecond})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("%w: the games file %s is in use by another server (give each its own)", ErrConfig, path)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: the games file %s: %v", ErrConfig, path, err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucketIfNotExists(gamesBucket); return err }); err != nil {
		db.Close()
		return nil, fmt.Errorf("%w: the games file %s: %v", ErrConfig, path, err)
	}
	return db, nil
}

// save writes g as it stands, if the store still holds it (a game
// dropped while its bot thought is not written back). A game that cannot
// be written stays in play, only in memory: the page is not failed for the
// file's sake.
func (s *Store) save(g *Game) {
	s.mu.Lock() // the order of writes is the order of the store's changes
	defer s.mu.Unlock()
	if s.db == nil || s.games[g.ID] != g {
		return
	}
	g.evmu.Lock()
	sg := savedGame{ID: g.ID, Policy: g.Policy, Variant: g.Variant.Name, BotFirst: g.Seat == 1,
		BotMS: g.BotTime.Milliseconds(), Seed: g.Seed, Moves: g.moves, Events: g.events, Used: s.cfg.Now()}
	data, err := json.Marshal(sg)
	g.evmu.Unlock()
	if err != nil {
		return
	}
	s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(gamesBucket).Put([]byte(g.ID), data) })
}

// forget drops a game from the file. Callers hold s.mu, or the store
// does not serve yet.
func (s *Store) forget(id string) {
	if s.db == nil {
		return
	}
	s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(gamesBucket).Delete([]byte(id)) })
}

// restore plays the kept games again to where they stood; those expired,
// or that can no longer be read or played, are dropped (Site logs how
// many). Called before the store serves.
func (s *Store) restore() {
	var kept []savedGame
	var drop [][]byte
	s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(gamesBucket).ForEach(func(k, v []byte) error {
			var sg savedGame
			if json.Unmarshal(v, &sg) != nil || sg.ID != string(k) || s.cfg.Now().Sub(sg.Used) > s.cfg.TTL {
				drop = append(drop, k)
				return nil
			}
			kept = append(kept, sg)
			return nil
		})
	})
	for _, k := range drop {
		s.forget(string(k))
	}
	s.restored.dropped = len(drop)
	for _, sg := range kept {
		v, err := variant.ByName(sg.Variant)
		o := Options{Policy: sg.Policy, Variant: sg.Variant, BotFirst: sg.BotFirst, BotTime: time.Duration(sg.BotMS) * time.Millisecond, Seed: sg.Seed}
		var bot *answer.Bot
		if err == nil {
			bot, err = s.bot(o)
		}
		if err != nil || len(s.games) >= s.cfg.MaxGames {
			s.forget(sg.ID)
			s.restored.dropped++
			continue
		}
		s.restored.kept++
		s.mu.Lock()
		g := s.start(sg.ID, v, bot, o, sg.Moves, sg.Events)
		g.used = sg.Used
		s.games[g.ID] = g
		s.mu.Unlock()
		go func() { // to the person's turn, the bot's searching, if it was its turn, in the background
			g.mu.Lock()
			defer g.mu.Unlock()
			g.advance()
		}()
	}
}
