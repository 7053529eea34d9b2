package server

import "errors"

// Errors a request can be refused with; each becomes a JSON body
// {"error": "..."} with the status given.
var (
	// ErrTooLarge: the body exceeds Server.MaxBody (413).
	ErrTooLarge = errors.New("request body too large")
	// ErrBadRequest: the body is not a usable gamestate or check request (400).
	ErrBadRequest = errors.New("bad request")
	// ErrNotFound: no endpoint at the path (404).
	ErrNotFound = errors.New("no such endpoint")
	// ErrMethod: the endpoint does not take the request's method (405).
	ErrMethod = errors.New("method not allowed")
	// ErrForbidden: the request comes from another site's page, or names
	// a Host the page's API does not answer to (403).
	ErrForbidden = errors.New("forbidden")
	// ErrMediaType: a body the page's API does not take (not JSON) (415).
	ErrMediaType = errors.New("unsupported media type")
	// ErrUnauthorized: /move or /check without the server's Token (401).
	ErrUnauthorized = errors.New("unauthorized")
	// ErrTimeout: the body did not arrive within BodyTimeout (408).
	ErrTimeout = errors.New("request timeout")
)
