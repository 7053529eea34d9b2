package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

// dictionaryIndexPath is where the index built from the word list at url
// is kept: the user cache directory's lexico/indexes/, named like the
// download cache (the first 16 bytes of the URL's SHA-256, in hex), so one
// URL has one place. `lexico-index build --source URL --out PATH` fills it.
func dictionaryIndexPath(url string) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(url))
	return filepath.Join(base, "lexico", "indexes", hex.EncodeToString(sum[:16])+".db"), nil
}

// openBotIndex resolves the index for a command that plays: --index, else
// $LEXICO_INDEX, else the cached index built from dictURL (the gamestate's
// Dictionary) when there is one, else the default index. note says what was
// used when it is not an index built from dictURL ("" otherwise).
func openBotIndex(flag, dictURL string, logw io.Writer) (x *index.Index, note string, err error) {
	why := "is not the index's source"
	if flag == "" && os.Getenv(build.EnvIndex) == "" && dictURL != "" {
		if path, perr := dictionaryIndexPath(dictURL); perr == nil {
			x, err = index.Open(path)
			switch {
			case err == nil:
				return x, "", nil
			case errors.Is(err, fs.ErrNotExist):
				why = "has no cached index (make one: lexico-index build --source URL --out " + path + ")"
			default:
				why = fmt.Sprintf("has an unusable cached index %s (%v)", path, err)
			}
		}
	}
	x, err = build.OpenIndex(flag, logw)
	if err != nil {
		return nil, "", err
	}
	if src := x.Meta().Source; dictURL != "" && src != dictURL {
		note = fmt.Sprintf("the gamestate's dictionary %s %s; playing with %s (words from %s)", dictURL, why, x.Path(), src)
	}
	return x, note, nil
}
