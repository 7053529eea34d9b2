package web

import "errors"

// Why a request to the page's API is refused; each maps to one HTTP status
// (fail in site.go).
var (
	// ErrBadRequest: the request cannot be read or names something unknown
	// (a policy, a variant, a malformed move): 400.
	ErrBadRequest = errors.New("bad request")
	// ErrMethod: the path is served, but not for the request's method: 405,
	// with the methods it takes in Allow.
	ErrMethod = errors.New("method not allowed")
	// ErrNoGame: no game has that id, or it expired or made way for a
	// new one: 404.
	ErrNoGame = errors.New("no such game")
	// ErrStale: the move was made for a turn that is no longer the game's
	// (another tab or a second click moved first): 409.
	ErrStale = errors.New("the game has moved on")
	// ErrOver: the game has ended; no move may follow: 409.
	ErrOver = errors.New("the game is over")
	// ErrNotOver: the record is asked for before the game ended: 409.
	ErrNotOver = errors.New("the game is not over")
	// ErrConfig: the site was built without what it needs (a generator, a
	// dictionary).
	ErrConfig = errors.New("web: bad configuration")
)
