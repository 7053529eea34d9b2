package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/quote"
	"github.com/urfave/cli/v2"
)

// openBotIndex resolves the index for a command that plays: --index, else
// $LEXICO_INDEX, else the cached index built from dictURL (the gamestate's
// Dictionary) when there is one, else the default index. note says what was
// used when it is not an index built from dictURL ("" otherwise).
func openBotIndex(flag, dictURL string, logw io.Writer) (x *index.Index, note string, err error) {
	why := "is not the index's source"
	if flag == "" && os.Getenv(build.EnvIndex) == "" && dictURL != "" {
		if path, perr := build.DictionaryIndexPath("", dictURL); perr == nil {
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
		note = fmt.Sprintf("the gamestate's dictionary %s %s; playing with %s (words from %s)", quote.Text(dictURL), why, x.Path(), src)
	}
	return x, note, nil
}

// openGenerator opens the index named by --index (else $LEXICO_INDEX, else
// the default) and the move generator --strategy names over it. The caller
// closes the index when done with the generator.
func openGenerator(c *cli.Context) (*index.Index, movegen.Generator, error) {
	x, err := build.OpenIndex(c.String("index"), c.App.ErrWriter)
	if err != nil {
		return nil, nil, badInputf("index: %w", err)
	}
	gen, err := strategy.New(c.String("strategy"), x)
	if err != nil {
		x.Close()
		return nil, nil, badInputf("--strategy: %w", err)
	}
	return x, gen, nil
}
