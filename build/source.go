package build

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/lexico/lexico/data"
)

// source is an open word-list source and the name the index records for it.
type source struct {
	io.ReadCloser
	name string
	// verified: the bytes were already checked against Options.SHA256
	// (a download checks before it is cached).
	verified bool
}

// openSource opens o.Source: the embedded default, stdin, a URL or a file.
func openSource(ctx context.Context, o *Options) (*source, error) {
	switch s := o.Source; {
	case s == "":
		return &source{ReadCloser: io.NopCloser(bytes.NewReader(data.DefaultDictionaryGz)), name: data.DefaultDictionaryName}, nil
	case s == "-":
		if o.Stdin == nil {
			return nil, errors.New("source - (stdin): no standard input")
		}
		return &source{ReadCloser: io.NopCloser(o.Stdin), name: "stdin"}, nil
	case isURL(s):
		return download(ctx, s, o)
	default:
		f, err := os.Open(s)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			if errors.Is(err, fs.ErrNotExist) && otherScheme.MatchString(s) {
				return nil, fmt.Errorf("source %s: %w: only http and https are downloaded, and no file has that name", s, ErrURL)
			}
			return nil, fmt.Errorf("source %s: %w", s, err)
		}
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			f.Close()
			return nil, fmt.Errorf("source %s: %w", s, syscall.EISDIR)
		}
		name := s
		if abs, err := filepath.Abs(s); err == nil {
			name = abs
		}
		return &source{ReadCloser: f, name: name}, nil
	}
}

// isURL reports a source to download: http or https, the scheme in any
// case (RFC 3986 makes it case-insensitive).
func isURL(s string) bool {
	s = strings.ToLower(s[:min(len(s), len("https://"))])
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// otherScheme matches a source that starts like a URL (RFC 3986's scheme,
// then "://"); when no file has that name, it was meant as a URL of a
// scheme build does not download.
var otherScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://`)

// checkURL refuses, before any request, a URL no attempt could fetch:
// retrying it would only wait out the back-off to say the same.
func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("%w: %v", ErrURL, err)
	}
	if u.Host == "" {
		return fmt.Errorf("%w: no host", ErrURL)
	}
	return nil
}

// hashReader hashes what is read through it.
type hashReader struct {
	r io.Reader
	h hash.Hash
}

func newHashReader(r io.Reader) *hashReader { return &hashReader{r: r, h: sha256.New()} }

func (h *hashReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.h.Write(p[:n])
	return n, err
}

// check compares the digest of everything read with want (hex, any case).
func (h *hashReader) check(want string) error {
	got := hex.EncodeToString(h.h.Sum(nil))
	if !strings.EqualFold(got, strings.TrimSpace(want)) {
		return fmt.Errorf("%w: got %s, want %s", ErrSHA256, got, want)
	}
	return nil
}
