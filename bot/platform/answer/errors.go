package answer

import "github.com/lexico/lexico/bot/platform/gamestate"

// ErrGamestate wraps every error in the gamestate given: the asker's fault
// (exit status 2, HTTP 400), unlike a failure to encode the answer. It is
// the parser's own (its messages begin "invalid gamestate"), so that an
// error says so once.
var ErrGamestate = gamestate.ErrGamestate
