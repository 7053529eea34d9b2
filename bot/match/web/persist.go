package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/lexico/lexico/internal/boltfile"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
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

// gamesFile is the games file as opened: the database, the records it
// held (copied out of bbolt's map while the fault guard was up), and, when
// the file was found damaged, where it was set aside and what was wrong.
type gamesFile struct {
	db      *bolt.DB
	records [][2][]byte // key, value
	aside   string      // "" when the file was sound
	damage  string
}

// openGames opens (or makes) the games file and reads its records. Another
// server holding it is an error, not a wait; so is a file that is no bbolt
// database at all (a path given by mistake is not renamed). A damaged one
// is neither: it is renamed aside, to FILE.damaged-TIMESTAMP (now's), so
// that nothing in it is lost and it can be looked at, and a fresh file
// takes its place. The trade: the games kept in it do not come back, where
// refusing to start would leave the page down until someone moved the file
// by hand, and keeping the games in memory only would lose every game
// played from then on at the next restart.
func openGames(path string, now time.Time) (*gamesFile, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("%w: the games file: %v", ErrConfig, err)
	}
	gf, damage, err := openGamesFile(path)
	if err != nil || damage == "" {
		return gf, err
	}
	aside, err := setAside(path, now)
	if err != nil {
		return nil, fmt.Errorf("%w: the games file %s is damaged (%s) and cannot be set aside: %v", ErrConfig, path, damage, err)
	}
	gf, again, err := openGamesFile(path)
	if err == nil && again != "" {
		err = fmt.Errorf("%w: the games file %s: damaged when made afresh: %s", ErrConfig, path, again)
	}
	if err != nil {
		return nil, err
	}
	gf.aside, gf.damage = aside, damage
	return gf, nil
}

// openGamesFile opens the games file once. damage, when not "", says what
// is wrong with a file that is a bbolt database but cannot be used; it is
// then closed and left as it was. bbolt follows the file's page numbers
// straight into its memory map: a file shorter than its meta page claims
// (cut short by a full disk or a copy) is a SIGBUS, which kills the process
// whatever recovers, unless the goroutine asked for a panic instead. So the
// meta pages are checked against the file's length first (boltDamage), and
// bbolt opens and reads the file under debug.SetPanicOnFault, for damage
// the meta pages do not show (a page number flipped); every record is read,
// and copied, there, so that nothing later reads the map unguarded. A
// fault inside bbolt.Open leaves its mapping behind: a few pages, once.
func openGamesFile(path string) (gf *gamesFile, damage string, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, "", fmt.Errorf("%w: the games file %s: %v", ErrConfig, path, err)
	}
	if damage := boltDamage(f); damage != "" {
		f.Close()
		return nil, damage, nil
	}
	var db *bolt.DB
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if db != nil {
				db.Close() // bbolt's transactions roll back on a panic: no lock is held
			} else {
				f.Close() // and with it bbolt's lock on the file
			}
			gf, damage, err = nil, fmt.Sprintf("bbolt failed reading it: %v", r), nil
		}
	}()
	db, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: 200 * time.Millisecond,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil }}) // bbolt now owns f: it closes it
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, "", fmt.Errorf("%w: the games file %s is in use by another server (give each its own)", ErrConfig, path)
	}
	if err != nil {
		return nil, "", fmt.Errorf("%w: the games file %s: %v", ErrConfig, path, err)
	}
	gf = &gamesFile{db: db}
	err = db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucketIfNotExists(gamesBucket); return err })
	if err == nil {
		err = db.View(func(tx *bolt.Tx) error {
			return tx.Bucket(gamesBucket).ForEach(func(k, v []byte) error {
				gf.records = append(gf.records, [2][]byte{bytes.Clone(k), bytes.Clone(v)})
				return nil
			})
		})
	}
	if err != nil {
		db.Close()
		return nil, "", fmt.Errorf("%w: the games file %s: %v", ErrConfig, path, err)
	}
	return gf, "", nil
}

// boltDamage reads the meta pages of the bbolt file f, as bbolt would
// (boltfile, which the index's check shares), and says what is wrong with
// them: a file cut short of the pages its meta page counts, or one whose
// meta pages both carry bbolt's magic number and are unsound. "" for a
// sound file, an empty one (bbolt makes it a database), and one with no
// meta page at all: not a bbolt file, which bbolt refuses itself, and which
// is not the games file's to set aside. It reads before bbolt takes its
// lock, so a file another server holds is read too: bbolt grows the file
// before a commit's meta page counts the new pages, so a live file is
// never taken for one cut short.
func boltDamage(f *os.File) string {
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return ""
	}
	size := fi.Size()
	mp := boltfile.ReadMetaPages(f, size)
	m, _, ok := mp.Current()
	switch {
	case !mp.IsBolt():
		return ""
	case !ok:
		return "neither bbolt meta page is sound (" + mp.Damage() + ")"
	case mp.CutShort(m, size):
		return fmt.Sprintf("cut short: %d bytes, where its meta page counts %d pages of %d", size, m.PGID, mp.PageSize)
	}
	return ""
}

// setAside renames the damaged games file at path to
// path.damaged-TIMESTAMP, the first such name not taken, and returns it.
func setAside(path string, now time.Time) (string, error) {
	base := path + ".damaged-" + now.UTC().Format("20060102T150405Z")
	for i := 1; ; i++ {
		aside := base
		if i > 1 {
			aside = fmt.Sprintf("%s-%d", base, i)
		}
		if _, err := os.Lstat(aside); errors.Is(err, fs.ErrNotExist) {
			return aside, os.Rename(path, aside)
		} else if err != nil {
			return "", err
		}
	}
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

// restore plays the kept games again, from the file's records, to where
// they stood; those expired, or that can no longer be read or played, are
// dropped (Site logs how many). Called before the store serves.
func (s *Store) restore(records [][2][]byte) {
	var kept []savedGame
	var drop [][]byte
	for _, r := range records {
		k, v := r[0], r[1]
		var sg savedGame
		if json.Unmarshal(v, &sg) != nil || sg.ID != string(k) || s.cfg.Now().Sub(sg.Used) > s.cfg.TTL {
			drop = append(drop, k)
			continue
		}
		kept = append(kept, sg)
	}
	for _, k := range drop {
		s.forget(string(k))
	}
	s.restored.dropped = len(drop)
	for _, sg := range kept {
		v, err := variant.ByName(sg.Variant)
		if err == nil && (sg.BotMS < MinBotTime.Milliseconds() || sg.BotMS > s.cfg.MaxThink.Milliseconds()) {
			// Checked as an integer, before it is a duration: an edited
			// file's huge value would wrap into the range.
			err = fmt.Errorf("bot_ms %d out of range", sg.BotMS)
		}
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
