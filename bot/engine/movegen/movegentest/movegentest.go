// Package movegentest holds the generator the tests of the game state and
// of the engine's searches play real games with: a GADDAG over the
// embedded default list's words of 2 to 7 letters, built once a process
// in a moment (the whole list takes about a second).
package movegentest

import (
	"sync"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/wordlist"
)

// Short is the generator over the embedded list's words of 2 to 7 letters.
var Short = sync.OnceValue(func() movegen.Generator {
	words, err := wordlist.DefaultWords(2, 7)
	if err != nil {
		panic(err) // the embedded list is part of the binary: unreadable means a broken build
	}
	return movegen.NewGADDAG(gaddag.Build(words))
})
