package server

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/lexico/lexico/internal/quote"
)

// guard keeps other sites from driving the server through a browser that
// visits them. The game id is the only credential of a web game, so a page
// elsewhere must not be able to create games or start searches:
//
//   - A request carrying an Origin (a browser's, on every cross-origin
//     request and every POST) is served only from this server's own
//     origin: the Origin's host and port those of the request's Host, a
//     name this server answers to (hostAllowed). The platform's bridge and
//     curl send none.
//   - The page's API (/web/api/) answers only to a Host this server
//     answers to: a page whose name was rebound to 127.0.0.1 (DNS
//     rebinding) sends its own name.
//   - The page's API takes JSON bodies only: a form or text/plain body is
//     what a page elsewhere can send without asking the browser first
//     (CORS preflight), which this server never grants.
//
// Each refusal is a 403 or a 415 with one line saying why.
func (s *Server) guard(served net.Addr, next http.Handler) http.Handler {
	var ip net.IP
	if a, ok := served.(*net.TCPAddr); ok {
		ip = a.IP
	}
	allowed := func(host string) bool { return s.hostAllowed(host, ip) }
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" {
			if err := originAllowed(origin, r.Host, allowed, s.AllowHosts); err != nil {
				fail(w, r, err)
				return
			}
		}
		if strings.HasPrefix(r.URL.Path, "/web/api/") {
			if !allowed(hostname(r.Host)) {
				fail(w, r, fmt.Errorf("%w: Host %s is not a name this server answers to (serve --allow-host NAME adds one)", ErrForbidden, quote.String(r.Host)))
				return
			}
			if r.Body != nil && r.Body != http.NoBody {
				mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
				if err != nil || mt != "application/json" {
					fail(w, r, fmt.Errorf("%w: Content-Type %s; the page's API takes application/json", ErrMediaType, quote.String(r.Header.Get("Content-Type"))))
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// originAllowed checks a request's Origin: this server's own origin (the
// request's Host, a name it answers to), or a name AllowHosts lists (the
// public name of a proxy, which may pass another Host on).
func originAllowed(origin, host string, allowed func(string) bool, extra []string) error {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: Origin %s is not this server's page", ErrForbidden, quote.String(origin))
	}
	name := hostname(u.Host)
	if slices.ContainsFunc(extra, func(h string) bool { return strings.EqualFold(h, name) }) {
		return nil
	}
	if !strings.EqualFold(u.Host, host) || !allowed(name) {
		return fmt.Errorf("%w: Origin %s is not this server's page", ErrForbidden, quote.String(origin))
	}
	return nil
}

// hostAllowed reports whether a Host's name (no port) is one this server
// answers to: a loopback name, the address it was served on, a name
// AllowHosts lists, or, served on every address (0.0.0.0, ::), any IP
// literal: a page rebound to this machine sends its own name, never an
// address, so any address the machine has is safe to answer to.
func (s *Server) hostAllowed(name string, served net.IP) bool {
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	if slices.ContainsFunc(s.AllowHosts, func(h string) bool { return strings.EqualFold(h, name) }) {
		return true
	}
	ip := net.ParseIP(name)
	switch {
	case ip == nil:
		return false
	case ip.IsLoopback():
		return true
	case served == nil:
		return false
	case served.IsUnspecified():
		return true
	}
	return ip.Equal(served)
}

// hostname is host without its port (and an IPv6 literal without its
// brackets).
func hostname(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		return h
	}
	return strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
}
