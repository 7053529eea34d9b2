package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

// runCLI runs lexico-index with args and stdin, returning the exit code and
// both outputs.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"lexico-index"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestBuildFromStdin(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.db")
	code, stdout, stderr := runCLI(t, "tea\r\neat\r\nate\r\n", "build", "--source", "-", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "3 words") {
		t.Fatalf("stdout %q does not report the word count", stdout)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}

// TestBuildBadInput: each bad input gives one clear line on stderr, a
// non-zero exit, and no file at --out.
func TestBuildBadInput(t *testing.T) {
	// The downloads cache goes here, not into the user's home: os.UserCacheDir
	// reads XDG_CACHE_HOME on Linux, HOME elsewhere.
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/truncated" {
			w.Header().Set("Content-Length", "1000")
			w.Write([]byte("CAT\nDOG\n"))
			return
		}
		if r.URL.Path == "/stalls" {
			w.Header().Set("Content-Length", "1000")
			w.Write([]byte("CAT\nDOG\n"))
			w.(http.Flusher).Flush()
			<-r.Context().Done() // the client gives up: its --timeout
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + l.Addr().String() + "/words.txt"
	l.Close()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.bin")
	os.WriteFile(garbage, []byte("\x00\x01\x02\x03\xff\xfe binary"), 0o644)
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(strings.Repeat("word\n", 1000)))
	zw.Close()
	cutGzip := filepath.Join(dir, "cut.txt.gz")
	os.WriteFile(cutGzip, gz.Bytes()[:gz.Len()/2], 0o644)
	notDir := filepath.Join(dir, "plainfile")
	os.WriteFile(notDir, nil, 0o644)
	loop := filepath.Join(dir, "loop1.db")
	os.Symlink("loop2.db", loop)
	os.Symlink("loop1.db", filepath.Join(dir, "loop2.db"))

	// usage: the input given cannot be used (exit 2, as lexico-bot's);
	// a download that fails is not the user's to mend (exit 1).
	for _, tc := range []struct {
		name, stdin, want string
		args              []string
		usage             bool
	}{
		{"missing file", "", "no such file", []string{"--source", filepath.Join(dir, "nope.txt")}, true},
		{"404", "", "404", []string{"--source", srv.URL + "/dictionary.txt", "--no-cache"}, false},
		{"refused connection", "", "connection refused", []string{"--source", refused, "--retries", "0"}, false},
		{"truncated download", "", "truncated", []string{"--source", srv.URL + "/truncated", "--retries", "0", "--no-cache"}, false},
		// Said at once: no retries, nothing to wait for.
		{"URL without a host", "", "no host", []string{"--source", "http:///words.txt"}, true},
		{"URL that does not parse", "", "not a URL to download", []string{"--source", "http://[::1/words.txt"}, true},
		{"URL of another scheme", "", "http and https", []string{"--source", "ftp://example.com/words.txt"}, true},
		{"source a directory", "", "is a directory", []string{"--source", dir}, true},
		{"output a loop of links", "word\n", "symbolic links", []string{"--source", "-", "--out", loop}, true},
		{"download stalled", "", "connection broke", []string{"--source", srv.URL + "/stalls", "--retries", "0", "--no-cache", "--timeout", "300ms"}, false},
		{"gzip file cut short", "", "truncated", []string{"--source", cutGzip}, true},
		{"binary garbage", "", "not a text word list", []string{"--source", garbage}, true},
		{"empty list", "", "empty", []string{"--source", empty}, true},
		{"empty stdin", "", "empty", []string{"--source", "-"}, true},
		{"bad length bounds", "", "--min-len", []string{"--min-len", "9", "--max-len", "3"}, true},
		{"unwritable output dir", "word\n", "output directory", []string{"--source", "-", "--out", filepath.Join(notDir, "x.db")}, true},
		// Refused before a byte of the source is read (a download can be long).
		{"a SHA-256 not hexadecimal", "word\n", "--sha256", []string{"--source", "-", "--sha256", "abc"}, true},
		{"negative retries", "word\n", "--retries", []string{"--source", "-", "--retries", "-1"}, true},
		{"no time to download", "word\n", "--timeout", []string{"--source", "-", "--timeout", "0s"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "x.db")
			args := append([]string{"build", "--out", out}, tc.args...)
			code, _, stderr := runCLI(t, tc.stdin, args...)
			if want := map[bool]int{true: 2, false: 1}[tc.usage]; code != want {
				t.Fatalf("exit %d, want %d", code, want)
			}
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			t.Log(stderr)
			if len(lines) != 1 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "download failed") > 1 {
				t.Fatalf("stderr %q: want one line mentioning %q (and a failed download once)", stderr, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Fatalf("a file was left at --out")
			}
		})
	}
}

// A build without --out writes the index every reader opens without
// --index: stats then reports the words just built, not another file. A
// build elsewhere says where readers look instead.
func TestBuildWithoutOutWritesWhereReadersLook(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv(build.EnvIndex, "")
	code, stdout, stderr := runCLI(t, strings.Join(testWords, "\n"), "build", "--source", "-")
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	def, err := build.DefaultIndexPath()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout, def+":") || strings.Contains(stderr, "--index") {
		t.Fatalf("build wrote %q (stderr %q), want the default index %s and no note", stdout, stderr, def)
	}
	code, stats, stderr := runCLI(t, "", "stats", "--json")
	if code != 0 {
		t.Fatalf("stats: exit %d: %s", code, stderr)
	}
	var m struct {
		WordCount int `json:"word_count"`
	}
	if err := json.Unmarshal([]byte(stats), &m); err != nil || m.WordCount != len(testWords) {
		t.Fatalf("stats without --index: %s (%v); want the %d words just built", stats, err, len(testWords))
	}

	other := filepath.Join(t.TempDir(), "other.db")
	code, _, stderr = runCLI(t, "CAT\n", "build", "--source", "-", "--out", other)
	if code != 0 || !strings.Contains(stderr, "--index "+other) || !strings.Contains(stderr, def) {
		t.Fatalf("build --out elsewhere: exit %d, stderr %q; want a note naming %s and --index %s", code, stderr, def, other)
	}
}

// An explicitly empty --out (a variable that expanded to nothing) is a
// usage mistake, not the default: the index every command reads, the
// default one or $LEXICO_INDEX's, is not written.
func TestBuildEmptyOutIsRefused(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	env := filepath.Join(t.TempDir(), "env.db")
	for _, envIndex := range []string{"", env} {
		t.Setenv(build.EnvIndex, envIndex)
		code, stdout, stderr := runCLI(t, "CAT\n", "build", "--source", "-", "--out", "")
		if lines := strings.Split(strings.TrimSpace(stderr), "\n"); code != 2 || len(lines) != 1 || !strings.Contains(stderr, "--out") {
			t.Fatalf("$%s=%q, build --out '': exit %d, stdout %q, stderr %q; want exit 2 and one line naming --out", build.EnvIndex, envIndex, code, stdout, stderr)
		}
		def, err := build.IndexPath("")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(def); err == nil {
			t.Fatalf("$%s=%q, build --out '' wrote %s", build.EnvIndex, envIndex, def)
		}
	}
}

// --out naming a symbolic link (an index kept on another disk, linked
// where the bot looks) rebuilds the file the link points to; the link stays
// a link, and nothing is left beside it.
func TestBuildOutThroughSymlink(t *testing.T) {
	target := filepath.Join(t.TempDir(), "real.db")
	if code, _, stderr := runCLI(t, "CAT\n", "build", "--source", "-", "--out", target); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, stderr)
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, tinyList, "build", "--source", "-", "--out", link); code != 0 {
		t.Fatalf("build --out %s: exit %d: %s", link, code, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s after the build: %v, %v; want it still a link", link, fi.Mode(), err)
	}
	x, err := index.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if n := x.Meta().WordCount; n != 3 {
		t.Fatalf("the link's target holds %d words, want the 3 just built", n)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries beside the link, want the link alone", len(entries))
	}
}

// Piped, a build prints no progress: stderr holds notes, one a line.
func TestBuildPipedShowsNoProgress(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.db")
	code, _, stderr := runCLI(t, tinyList, "build", "--source", "-", "--out", out)
	if code != 0 || strings.Contains(stderr, "\r") || strings.Contains(stderr, "\x1b") || strings.Contains(stderr, "building the index") {
		t.Fatalf("exit %d, stderr %q; want no progress line when stderr is not a terminal", code, stderr)
	}
}

// --out naming what is not a regular file the index may replace is refused
// with exit 2 and one line, and what it named is left as it was: the word
// list --source reads (the build renamed the index over it, and the list
// was gone) and a named pipe (replaced by a regular file: as root, --out
// /dev/null replaced the device).
func TestBuildRefusesOutputItMustNotReplace(t *testing.T) {
	dir := t.TempDir()
	list := writeTinyList(t, dir)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(list, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	for _, tc := range []struct {
		name, stdin, want string
		args              []string
	}{
		{"the source list", "", "source word list", []string{"--source", list, "--out", list}},
		{"the source list through a link", "", "source word list", []string{"--source", list, "--out", link}},
		{"a named pipe", "tea\n", "not a regular file", []string{"--source", "-", "--out", fifo}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.stdin, append([]string{"build"}, tc.args...)...)
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			if code != 2 || len(lines) != 1 || !strings.Contains(stderr, tc.want) {
				t.Fatalf("exit %d, stderr %q; want exit 2 and one line saying %q", code, stderr, tc.want)
			}
			if b, err := os.ReadFile(list); err != nil || string(b) != tinyList {
				t.Fatalf("the word list after the build: %q, %v", b, err)
			}
			if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
				t.Fatalf("the named pipe after the build: %v, %v", fi.Mode(), err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 3 {
				t.Fatalf("%d entries in the directory, want the list, the link and the pipe", len(entries))
			}
		})
	}
}

// A URL's scheme is read in any case (RFC 3986): HTTP://... is downloaded,
// not looked for as a file.
func TestBuildDownloadsAnUpperCaseScheme(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(tinyList))
	}))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "x.db")
	url := "HTTP://" + strings.TrimPrefix(srv.URL, "http://") + "/words.txt"
	code, stdout, stderr := runCLI(t, "", "build", "--source", url, "--out", out, "--no-cache")
	if code != 0 || !strings.Contains(stdout, "3 words") {
		t.Fatalf("build --source %s: exit %d, stdout %q, stderr %q; want the 3 words downloaded", url, code, stdout, stderr)
	}
}

// A rebuild keeps the permissions the user gave the index (here private);
// a new index is readable by all, as a plain file write with the usual
// umask makes it.
func TestBuildKeepsTheIndexPermissions(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.db")
	if code, _, stderr := runCLI(t, "CAT\n", "build", "--source", "-", "--out", out); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, stderr)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("a new index: %v, %v; want mode 0644", fi.Mode(), err)
	}
	if err := os.Chmod(out, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "DOG\n", "build", "--source", "-", "--out", out); code != 0 {
		t.Fatalf("rebuild: exit %d: %s", code, stderr)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the rebuilt index: %v, %v; want the 0600 it had", fi.Mode(), err)
	}
}

// --out naming a file that holds something other than an index (--out
// words.txt typed for --source words.txt) is refused, the file left as it
// was; an index already there, damaged or not, and an empty file are
// replaced, as a rebuild needs.
func TestBuildRefusesToReplaceAFileThatIsNotAnIndex(t *testing.T) {
	dir := t.TempDir()
	list := writeTinyList(t, dir)
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "build", "--source", list, "--out", notes)
	if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "is not an index") {
		t.Fatalf("exit %d, stderr %q; want exit 2 and one line saying it is not an index", code, stderr)
	}
	if b, err := os.ReadFile(notes); err != nil || string(b) != "my notes\n" {
		t.Fatalf("the file after the refused build: %q, %v", b, err)
	}

	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	idx := filepath.Join(dir, "words.db")
	for _, out := range []string{empty, idx, idx} { // the second build of idx replaces an index
		if code, _, stderr := runCLI(t, "", "build", "--source", list, "--out", out); code != 0 {
			t.Fatalf("build --out %s: exit %d, %s", filepath.Base(out), code, stderr)
		}
	}
	// An index damaged past opening is still an index to rebuild: its
	// first meta page zeroed.
	f, err := os.OpenFile(idx, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(make([]byte, 64), 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if code, _, stderr := runCLI(t, "", "build", "--source", list, "--out", idx); code != 0 {
		t.Fatalf("rebuilding a damaged index: exit %d, %s", code, stderr)
	}
}

// tinyList is a word list of three anagrams: an index builds from it in
// milliseconds.
const tinyList = "tea\neat\nate\n"

// writeTinyList writes tinyList to dir/words.txt and returns its path.
func writeTinyList(t *testing.T, dir string) string {
	list := filepath.Join(dir, "words.txt")
	if err := os.WriteFile(list, []byte(tinyList), 0o644); err != nil {
		t.Fatal(err)
	}
	return list
}
