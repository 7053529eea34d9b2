package build

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Download defaults: a word list is a few megabytes, so two minutes is ample
// even on a slow link while still ending a stalled transfer; three retries
// with doubling back-off ride out a restarting server without hammering it.
const (
	defaultTimeout = 2 * time.Minute
	defaultRetries = 3
	defaultBackoff = 500 * time.Millisecond
)

// cacheEntry is the sidecar of a cached download: what the server said about
// the body, so the next build can ask "changed since?" with If-None-Match.
type cacheEntry struct {
	URL          string `json:"url"`
	ETag         string `json:"etag"`
	LastModified string `json:"last_modified"`
	SHA256       string `json:"sha256"`
	Bytes        int64  `json:"bytes"`
}

// errRetry marks an attempt that failed in a way worth retrying.
type errRetry struct{ error }

func (e errRetry) Unwrap() error { return e.error }

// download fetches url into the download cache (or a temporary file when the
// cache is off) and opens it. The body is checked against Content-Length and
// o.SHA256 before it is kept, so the cache never holds a bad copy. A cached
// copy whose ETag the server confirms (304) is used without downloading again.
func download(ctx context.Context, url string, o *Options) (*source, error) {
	if err := checkURL(url); err != nil {
		return nil, fmt.Errorf("source %s: %w", url, err)
	}
	f := o.Fetch
	if f.Timeout <= 0 {
		f.Timeout = defaultTimeout
	}
	if f.Retries < 0 {
		f.Retries = 0
	} else if f.Retries == 0 {
		f.Retries = defaultRetries
	}
	if f.Backoff <= 0 {
		f.Backoff = defaultBackoff
	}
	client := &http.Client{Timeout: f.Timeout}
	if f.Client != nil {
		*client = *f.Client
		client.Timeout = f.Timeout
	}
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	body, meta := cachePaths(f.CacheDir, url)
	var cached *cacheEntry
	if meta != "" {
		cached = readCacheEntry(meta, body, url)
	}

	var lastErr error
	for attempt := 0; attempt <= f.Retries; attempt++ {
		if attempt > 0 {
			wait := f.Backoff << (attempt - 1)
			fmt.Fprintf(logw, "download %s: %v; retrying in %s\n", url, lastErr, wait)
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(wait):
			}
		}
		src, err := fetchOnce(ctx, client, url, o, body, meta, cached)
		if err == nil {
			return src, nil
		}
		lastErr = err
		var r errRetry
		if !errors.As(err, &r) {
			return nil, fmt.Errorf("source %s: %w", url, err)
		}
	}
	if f.Retries == 0 {
		return nil, fmt.Errorf("source %s: %w", url, lastErr)
	}
	return nil, fmt.Errorf("source %s: %w (after %d attempts)", url, lastErr, f.Retries+1)
}

// fetchOnce makes one request. Errors wrapped in errRetry are transient.
func fetchOnce(ctx context.Context, client *http.Client, url string, o *Options, body, meta string, cached *cacheEntry) (*source, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if cached != nil {
		if cached.ETag != "" {
			req.Header.Set("If-None-Match", cached.ETag)
		}
		if cached.LastModified != "" {
			req.Header.Set("If-Modified-Since", cached.LastModified)
		}
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errRetry{netError(err)}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified && cached != nil:
		if o.SHA256 != "" && !strings.EqualFold(cached.SHA256, strings.TrimSpace(o.SHA256)) {
			return nil, fmt.Errorf("%w: cached copy has %s, want %s", ErrSHA256, cached.SHA256, o.SHA256)
		}
		fmt.Fprintf(o.logw(), "download %s: not modified, using the cached copy\n", url)
		return openCached(body, url, o.SHA256 != "")
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		return nil, errRetry{fmt.Errorf("%w: server answered %s", ErrDownload, resp.Status)}
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("%w: server answered %s", ErrDownload, resp.Status)
	}

	dir := filepath.Dir(body)
	if body == "" {
		dir = os.TempDir()
	}
	tmp, err := os.CreateTemp(dir, ".download-*.tmp")
	if err != nil {
		return nil, err
	}
	keep := false
	defer func() {
		if !keep {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	h := sha256.New()
	var w io.Writer = io.MultiWriter(tmp, h)
	if o.Progress != nil {
		bar := progressbar.NewOptions64(resp.ContentLength,
			progressbar.OptionSetWriter(o.Progress),
			progressbar.OptionSetDescription("downloading"),
			progressbar.OptionShowBytes(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		defer bar.Close()
		w = io.MultiWriter(w, bar)
	}
	n, err := io.Copy(w, resp.Body)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if errors.Is(err, io.ErrUnexpectedEOF) && resp.ContentLength >= 0 {
			return nil, errRetry{fmt.Errorf("%w: %w: received %d of %d bytes", ErrDownload, ErrTruncated, n, resp.ContentLength)}
		}
		return nil, errRetry{fmt.Errorf("%w: connection broke after %d bytes: %v", ErrDownload, n, netCause(err))}
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return nil, errRetry{fmt.Errorf("%w: %w: received %d of %d bytes", ErrDownload, ErrTruncated, n, resp.ContentLength)}
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if o.SHA256 != "" && !strings.EqualFold(sum, strings.TrimSpace(o.SHA256)) {
		return nil, fmt.Errorf("%w: got %s, want %s", ErrSHA256, sum, o.SHA256)
	}
	if err := tmp.Sync(); err != nil {
		return nil, err
	}
	if body == "" {
		// No cache: read the temporary copy, removed when the source closes.
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		keep = true
		return &source{ReadCloser: removeOnClose{tmp}, name: url, verified: o.SHA256 != ""}, nil
	}
	tmp.Close()
	if err := os.Rename(tmp.Name(), body); err != nil {
		return nil, err
	}
	keep = true
	writeCacheEntry(meta, cacheEntry{
		URL: url, ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified"),
		SHA256: sum, Bytes: n,
	})
	return openCached(body, url, o.SHA256 != "")
}

// netError is a failed download, the client's error shortened to its
// cause (netCause).
func netError(err error) error {
	return fmt.Errorf("%w: %v", ErrDownload, netCause(err))
}

// netCause shortens the client's error to its cause ("connection
// refused", "timed out"), without the URL the message already names.
func netCause(err error) error {
	var op *net.OpError
	if errors.As(err, &op) {
		return op.Err
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return errors.New("timed out")
	}
	return err
}

// cachePaths names the cached body and its sidecar for url; both are empty
// when the cache is disabled or there is no user cache directory.
func cachePaths(dir, url string) (body, meta string) {
	if dir == "-" {
		return "", ""
	}
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", ""
		}
		dir = filepath.Join(base, "lexico", "downloads")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", ""
	}
	sum := sha256.Sum256([]byte(url))
	key := hex.EncodeToString(sum[:16])
	return filepath.Join(dir, key+".body"), filepath.Join(dir, key+".json")
}

// readCacheEntry returns the sidecar for url if the cached body still has
// the recorded size and SHA-256.
func readCacheEntry(meta, body, url string) *cacheEntry {
	b, err := os.ReadFile(meta)
	if err != nil {
		return nil
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil || e.URL != url || (e.ETag == "" && e.LastModified == "") {
		return nil
	}
	f, err := os.Open(body)
	if err != nil {
		return nil
	}
	defer f.Close()
	h := sha256.New()
	if n, err := io.Copy(h, f); err != nil || n != e.Bytes || hex.EncodeToString(h.Sum(nil)) != e.SHA256 {
		return nil // damaged copy: download afresh
	}
	return &e
}

// writeCacheEntry writes the sidecar atomically; a failure only costs a
// download next time.
func writeCacheEntry(meta string, e cacheEntry) {
	b, _ := json.Marshal(e)
	tmp := meta + ".tmp"
	if os.WriteFile(tmp, b, 0o644) == nil {
		os.Rename(tmp, meta)
	}
}

func openCached(body, url string, verified bool) (*source, error) {
	f, err := os.Open(body)
	if err != nil {
		return nil, err
	}
	return &source{ReadCloser: f, name: url, verified: verified}, nil
}

// removeOnClose deletes an uncached download once it has been read.
type removeOnClose struct{ *os.File }

func (r removeOnClose) Close() error {
	err := r.File.Close()
	os.Remove(r.File.Name())
	return err
}

func (o *Options) logw() io.Writer {
	if o.Log == nil {
		return io.Discard
	}
	return o.Log
}
