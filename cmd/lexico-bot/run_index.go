package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/data"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/quote"
)

// openBotIndex resolves the index for a command that plays: --index, else
// $LEXICO_INDEX, else the cached index built from dictURL (the gamestate's
// Dictionary) when there is one, else the default index. note says what was
// used when it is not an index built from dictURL ("" otherwise); built is
// how long building the default index on its first use took.
func openBotIndex(flag, dictURL string, logw io.Writer) (x *index.Index, note string, built time.Duration, err error) {
	why, unusable := "is not the index's source", false
	if flag == "" && os.Getenv(build.EnvIndex) == "" && dictURL != "" {
		if path, perr := build.DictionaryIndexPath("", dictURL); perr == nil {
			x, err = index.Open(path)
			switch {
			case err == nil:
				return x, "", 0, nil
			case errors.Is(err, fs.ErrNotExist):
				why = "has no cached index (make one: lexico-index build --source URL --out " + path + ")"
			default:
				why, unusable = fmt.Sprintf("has an unusable cached index %s (%v)", path, err), true
			}
		}
	}
	x, built, err = build.OpenIndexTimed(flag, logw)
	if err != nil {
		return nil, "", 0, badInput{err}
	}
	// The embedded list is the documented stand-in for the platform's own
	// (data.PlatformDictionaryURL): a note on every platform gamestate
	// would be noise. Another URL, or an unusable cached index, is noted.
	standIn := dictURL == data.PlatformDictionaryURL && x.Meta().Source == data.DefaultDictionaryName && !unusable
	if src := x.Meta().Source; dictURL != "" && src != dictURL && !standIn {
		note = fmt.Sprintf("the gamestate's dictionary %s %s; playing with %s (words from %s)", quote.Text(dictURL), why, x.Path(), src)
	}
	return x, note, built, nil
}

// openIndex is build.OpenIndex for a command's --index flag: an index that
// cannot be opened is the user's input to mend (exit status 2), whichever
// command asks, and its error names the file once.
func openIndex(path string, logw io.Writer) (*index.Index, error) {
	x, err := build.OpenIndex(path, logw)
	if err != nil {
		return nil, badInput{err}
	}
	return x, nil
}

// indexUsage is the --index flag's usage on every command that opens one
// index (build.OpenIndex): the same default everywhere, said alike.
const indexUsage = "index `FILE` (default $LEXICO_INDEX, else the default index in the user cache directory, built on first use)"

// openEngine opens the index at path (else $LEXICO_INDEX, else the
// default; notes about building it go to logw) and the engine over it:
// the move generator strategyName names and the leave valuation table (nil:
// the embedded one). detach copies what the searches read out of the file
// (engine.Options.Detach): for a command that outlives one use of its
// index (serve, run --lines, play, league), never for a one-move run,
// whose every move the copy would cost its start-up. The caller closes the
// engine, which waits for its searches before closing the index.
func openEngine(path, strategyName string, table *equity.Table, detach bool, logw io.Writer) (*engine.Engine, error) {
	x, err := openIndex(path, logw)
	if err != nil {
		return nil, err
	}
	return engineOver(x, strategyName, table, detach)
}

// engineOver is the engine over x, which it then owns, its errors said as
// the commands say them.
func engineOver(x *index.Index, strategyName string, table *equity.Table, detach bool) (*engine.Engine, error) {
	e, err := engine.FromIndex(x, engine.Options{Strategy: strategyName, Leaves: table, Detach: detach})
	if errors.Is(err, engine.ErrStrategy) {
		return nil, badInputf("--strategy: %w", err)
	}
	return e, err
}
