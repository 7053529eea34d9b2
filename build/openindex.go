package build

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/filelock"
)

// EnvIndex names the environment variable that points at an index file when
// no --index flag is given.
const EnvIndex = "LEXICO_INDEX"

// DefaultIndexPath is where the index built from the embedded list lives:
// os.UserCacheDir()/lexico/default.db.
func DefaultIndexPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory for the default index (set $%s or pass --index): %w", EnvIndex, err)
	}
	return filepath.Join(dir, "lexico", "default.db"), nil
}

// IndexPath is the index file a command means when path is its --index
// (or build's --out) flag: path if non-empty, else $LEXICO_INDEX, else
// DefaultIndexPath. Building and reading resolve it the same way, so an
// index built without --out is the one every reader opens without --index.
func IndexPath(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	if env := os.Getenv(EnvIndex); env != "" {
		return env, nil
	}
	return DefaultIndexPath()
}

// OpenIndex resolves the --index flag of every command that needs a
// dictionary: path if non-empty, else $LEXICO_INDEX, else the default index in
// the user cache directory, built from the embedded list on first use (a note
// goes to logw, which may be nil). An explicit path is never built or
// replaced: a missing or bad file there is the user's error to see.
//
// Concurrent first uses are safe: the build writes a temporary file and
// renames it into place, so a reader sees either no file or a whole one, and a
// lock file beside it makes a second first use wait for the first build
// instead of repeating it.
func OpenIndex(path string, logw io.Writer) (*index.Index, error) {
	x, _, err := OpenIndexTimed(path, logw)
	return x, err
}

// OpenIndexTimed is OpenIndex, also saying how long building the default
// index took (0 when no build was needed): a caller whose clock runs from its
// start can leave that one-off set-up out of a budget no deadline binds.
func OpenIndexTimed(path string, logw io.Writer) (x *index.Index, built time.Duration, err error) {
	return openIndexTimed(path, logw, Options{})
}

// openIndexTimed is OpenIndexTimed building a missing or damaged default
// index with o (its Out is the default path): the zero Options, the whole
// embedded list, for every caller but the tests of the build lock, which
// take the list's short words so as not to pay a full build for it.
func openIndexTimed(path string, logw io.Writer, o Options) (x *index.Index, built time.Duration, err error) {
	def, err := IndexPath(path)
	if err != nil {
		return nil, 0, err
	}
	if path != "" || os.Getenv(EnvIndex) != "" {
		x, err := index.Open(def)
		return x, 0, err
	}
	if x, err = index.Open(def); err == nil {
		return x, 0, nil
	}
	// The cache file is ours: build it when missing, rebuild it when an
	// upgrade changed the format or it was damaged.
	if !errors.Is(err, os.ErrNotExist) && !errors.Is(err, index.ErrOlderFormat) &&
		!errors.Is(err, index.ErrNewerFormat) && !errors.Is(err, index.ErrCorrupt) &&
		!errors.Is(err, index.ErrNotIndex) && !errors.Is(err, index.ErrChecksum) {
		return nil, 0, err
	}
	if logw == nil {
		logw = io.Discard
	}
	start := time.Now()
	if err := os.MkdirAll(filepath.Dir(def), 0o755); err != nil {
		return nil, 0, fmt.Errorf("default index: %w", err)
	}
	// One builder at a time: a second first use waits for the first build
	// and then opens its result instead of building the same file again.
	unlock, err := filelock.Lock(def + ".lock")
	if err != nil {
		return nil, 0, fmt.Errorf("default index: lock: %w", err)
	}
	defer unlock()
	if x, err := index.Open(def); err == nil {
		return x, time.Since(start), nil // waited for another's build
	}
	fmt.Fprintf(logw, "building the default index %s from the embedded word list (first use; `make run` or `lexico-index build` builds it ahead)\n", def)
	o.Out = def
	// The default path is ours: a file there damaged past bbolt's magic
	// is rebuilt like any other (ErrNotIndex above), not refused as a
	// named --out holding something else.
	if _, err := buildIndex(context.Background(), o, false); err != nil {
		return nil, 0, fmt.Errorf("default index: %w", err)
	}
	x, err = index.Open(def)
	return x, time.Since(start), err
}

// DictionaryIndexPath is where the index built from the word list at url is
// kept in the index cache dir (see Options.IndexCacheDir; "" is the user
// cache directory), named by the first 16 bytes of the URL's SHA-256 so one
// URL has one place. A bot handed a gamestate whose Dictionary is url opens it.
func DictionaryIndexPath(cacheDir, url string) (string, error) {
	if cacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no user cache directory for the index cache: %w", err)
		}
		cacheDir = filepath.Join(base, "lexico", "indexes")
	}
	sum := sha256.Sum256([]byte(url))
	return filepath.Join(cacheDir, hex.EncodeToString(sum[:16])+".db"), nil
}

// publishDictionaryIndex copies the finished index at out into the index
// cache under url, atomically, so a reader sees the old copy or the new one.
func publishDictionaryIndex(out, url, cacheDir string) error {
	if cacheDir == "-" {
		return nil
	}
	dst, err := DictionaryIndexPath(cacheDir, url)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if same, _ := sameFile(out, dst); same {
		return nil
	}
	return writeAtomic(dst, func(tmp string) error {
		src, err := os.Open(out)
		if err != nil {
			return err
		}
		defer src.Close()
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return err
		}
		if _, err := io.Copy(f, src); err != nil {
			f.Close()
			return err
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	})
}

func sameFile(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}
