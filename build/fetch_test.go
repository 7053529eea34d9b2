package build

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lexico/lexico/index"
	bolt "go.etcd.io/bbolt"
)

const listText = "cat\ndog\nbird\ntac\nact\n"

// fetchOpts builds from url into a fresh directory, with a private download
// cache and a back-off short enough for tests.
func fetchOpts(t *testing.T, url string) Options {
	t.Helper()
	dir := t.TempDir()
	return Options{
		Source: url,
		Out:    filepath.Join(dir, "out.db"),
		Fetch: FetchOptions{CacheDir: filepath.Join(dir, "cache"), IndexCacheDir: filepath.Join(dir, "indexes"),
			Backoff: time.Millisecond, Timeout: 5 * time.Second},
	}
}

func mustOpenWords(t *testing.T, path string, want int) {
	t.Helper()
	x, err := index.Open(path)
	if err != nil {
		t.Fatalf("open built index: %v", err)
	}
	defer x.Close()
	if n := x.Meta().WordCount; n != want {
		t.Fatalf("index has %d words, want %d", n, want)
	}
	if !x.Contains("BIRD") {
		t.Fatalf("index lacks BIRD")
	}
}

func TestDownloadRetriesAfterServerError(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			http.Error(w, "try later", http.StatusInternalServerError)
			return
		}
		w.Write([]byte(listText))
	}))
	defer srv.Close()
	o := fetchOpts(t, srv.URL+"/words.txt")
	if _, err := Build(context.Background(), o); err != nil {
		t.Fatalf("build after one 500: %v", err)
	}
	if hits.Load() != 2 {
		t.Fatalf("server saw %d requests, want 2 (one 500, one success)", hits.Load())
	}
	mustOpenWords(t, o.Out, 5)
}

func TestDownloadGivesUpOnPersistentServerError(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Error(w, "down", http.StatusBadGateway)
	}))
	defer srv.Close()
	o := fetchOpts(t, srv.URL)
	o.Fetch.Retries = 2
	_, err := Build(context.Background(), o)
	if !errors.Is(err, ErrDownload) {
		t.Fatalf("err = %v, want ErrDownload", err)
	}
	if hits.Load() != 3 {
		t.Fatalf("server saw %d requests, want 3 (1 + 2 retries)", hits.Load())
	}
	assertNoFile(t, o.Out)
}

func TestDownloadTruncatedBodyFailsAndKeepsOldIndex(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(listText)*10))
		w.Write([]byte(listText)) // then the handler returns: the connection closes early
	}))
	defer srv.Close()
	o := fetchOpts(t, srv.URL)
	// An old bbolt file: a build may replace only an index (or what looks
	// like one), and the failed one must not touch it.
	db, err := bolt.Open(o.Out, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	old, err := os.ReadFile(o.Out)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Build(context.Background(), o)
	if !errors.Is(err, ErrTruncated) {
		t.Fatalf("err = %v, want ErrTruncated", err)
	}
	if got, _ := os.ReadFile(o.Out); !bytes.Equal(got, old) {
		t.Fatalf("the old file at --out was changed")
	}
	assertNoTemp(t, filepath.Dir(o.Out))
	assertNoTemp(t, o.Fetch.CacheDir)
}

func TestDownloadETagHitDoesNotDownloadAgain(t *testing.T) {
	var full, notModified atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"v1"` {
			notModified.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		full.Add(1)
		w.Header().Set("ETag", `"v1"`)
		w.Write([]byte(listText))
	}))
	defer srv.Close()
	o := fetchOpts(t, srv.URL+"/list")
	r1, err := Build(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	o.Out = filepath.Join(t.TempDir(), "second.db")
	r2, err := Build(context.Background(), o)
	if err != nil {
		t.Fatalf("rebuild from cache: %v", err)
	}
	if full.Load() != 1 || notModified.Load() != 1 {
		t.Fatalf("full downloads %d, 304s %d; want 1 and 1", full.Load(), notModified.Load())
	}
	if r1.Meta.SHA256 != r2.Meta.SHA256 || r2.Meta.Source != srv.URL+"/list" {
		t.Fatalf("cached rebuild differs: %+v vs %+v", r1.Meta, r2.Meta)
	}
	mustOpenWords(t, o.Out, 5)
}

func TestDownloadNotFoundIsNotRetried(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.NotFound(w, r)
	}))
	defer srv.Close()
	o := fetchOpts(t, srv.URL+"/missing.txt")
	_, err := Build(context.Background(), o)
	if !errors.Is(err, ErrDownload) || hits.Load() != 1 {
		t.Fatalf("err = %v after %d requests; want ErrDownload after 1", err, hits.Load())
	}
	assertNoFile(t, o.Out)
}

func TestDownloadRefusedConnection(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	o := fetchOpts(t, "http://"+addr+"/words.txt")
	o.Fetch.Retries = 1
	_, err = Build(context.Background(), o)
	if !errors.Is(err, ErrDownload) {
		t.Fatalf("err = %v, want ErrDownload", err)
	}
	assertNoFile(t, o.Out)
}

func TestDownloadGzipAndSHA256(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(listText))
	zw.Close()
	body := gz.Bytes()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(body) // served as plain bytes: the magic, not a header, says gzip
	}))
	defer srv.Close()
	sum := sha256.Sum256(body)

	o := fetchOpts(t, srv.URL+"/words")
	o.SHA256 = hex.EncodeToString(sum[:])
	if _, err := Build(context.Background(), o); err != nil {
		t.Fatalf("build gzip with the right sha256: %v", err)
	}
	mustOpenWords(t, o.Out, 5)

	o = fetchOpts(t, srv.URL+"/words")
	o.SHA256 = hex.EncodeToString(make([]byte, 32))
	if _, err := Build(context.Background(), o); !errors.Is(err, ErrSHA256) {
		t.Fatalf("err = %v, want ErrSHA256", err)
	}
	assertNoFile(t, o.Out)
}

func assertNoFile(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("%s exists after a failed build (stat err %v)", path, err)
	}
	assertNoTemp(t, filepath.Dir(path))
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, ".*tmp"))
	if len(matches) > 0 {
		t.Fatalf("temporary files left behind: %v", matches)
	}
}

func TestUnwritableOutputIsReportedBeforeDownloading(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte(listText))
	}))
	defer srv.Close()
	o := fetchOpts(t, srv.URL)
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	o.Out = filepath.Join(notDir, "out.db")
	if _, err := Build(context.Background(), o); err == nil {
		t.Fatal("build into a non-directory succeeded")
	}
	if hits.Load() != 0 {
		t.Fatalf("downloaded %d times before finding the output unwritable", hits.Load())
	}
}

// A bot handed a gamestate naming a Dictionary URL looks for the index built
// from that URL in the index cache: a build from a URL must leave it there,
// whole, with the URL as its source, and a rebuild must replace it.
func TestBuildFromURLPublishesIndexUnderTheURL(t *testing.T) {
	list := listText
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(list))
	}))
	defer srv.Close()
	url := srv.URL + "/dictionary.txt"
	o := fetchOpts(t, url)
	o.Fetch.CacheDir = "-" // the second build must download the new list
	if _, err := Build(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	cached, err := DictionaryIndexPath(o.Fetch.IndexCacheDir, url)
	if err != nil {
		t.Fatal(err)
	}
	mustOpenWords(t, cached, 5)
	x, err := index.Open(cached)
	if err != nil {
		t.Fatal(err)
	}
	if src := x.Meta().Source; src != url {
		t.Errorf("cached index source %q, want %q", src, url)
	}
	x.Close()

	list += "zebra\n"
	if _, err := Build(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	mustOpenWords(t, cached, 6)
	if other, _ := DictionaryIndexPath(o.Fetch.IndexCacheDir, url+"?v=2"); other == cached {
		t.Errorf("two URLs share the cache file %s", cached)
	}
}
