package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/lexico/lexico/internal/quote"
)

type attrsKey struct{}

// annotate adds attributes to the request's log line.
func annotate(r *http.Request, attrs ...slog.Attr) {
	if p, ok := r.Context().Value(attrsKey{}).(*[]slog.Attr); ok {
		*p = append(*p, attrs...)
	}
}

// statusWriter remembers the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (read
// deadlines, flushing) through the wrapper.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logged writes one log line per request, after it is answered, with what
// the handler added through annotate.
func (s *Server) logged(next http.Handler) http.Handler {
	log := s.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		var attrs []slog.Attr
		r = r.WithContext(context.WithValue(r.Context(), attrsKey{}, &attrs))
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		base := []slog.Attr{
			// The client's own text, possibly 1 MB: shown short, as in errors.
			slog.String("method", quote.Text(r.Method)), slog.String("path", quote.Text(r.URL.Path)),
			slog.Int("status", sw.status), slog.Int("bytes", sw.bytes),
			slog.Duration("elapsed", time.Since(start)), slog.String("remote", r.RemoteAddr),
		}
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
		}
		log.LogAttrs(r.Context(), level, "request", append(base, attrs...)...)
	})
}
