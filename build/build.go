// Package build is the offline index pipeline: fetch a word list (embedded,
// file, stdin or URL), normalise it, derive the index structures and write
// them atomically into one bbolt file that package index reads.
package build

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/index/multiset"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/wordlist"
)

// Options says what to build and where. The zero value builds the embedded
// default into IndexPath(""), where readers look without --index.
type Options struct {
	// Source is "" for the embedded default list, "-" for Stdin, an http(s)
	// URL, or a file path. Gzip is recognised by its magic bytes.
	Source string
	Stdin  io.Reader
	// Out is the index file to write (IndexPath("") if empty: $LEXICO_INDEX,
	// else the default index in the user cache directory).
	Out string
	// SHA256, if set, is the hex SHA-256 the source's bytes (as stored or
	// served, before gunzip) must have.
	SHA256 string
	// MinLen and MaxLen bound word length; 0 means the defaults 2 and 15.
	// MaxLen cannot exceed gaddag.MaxWordLen (15), the side of the largest
	// board: a longer word can never be played.
	MinLen, MaxLen int
	// Log receives one-line progress notes and the rejection report; nil
	// discards them.
	Log io.Writer
	// Progress, if set, draws a download progress bar there, then a line
	// naming the build's stage as it runs (the CLI passes stderr only when
	// it is a terminal: a pipe or a log gets neither).
	Progress io.Writer
	// Fetch configures downloads; the zero value is sensible.
	Fetch FetchOptions

	// hook runs after each write stage; tests use it to fail mid-build.
	hook func(stage string) error
}

// FetchOptions tunes downloads.
type FetchOptions struct {
	// Client does the requests (http.DefaultClient's transport if nil).
	Client *http.Client
	// Timeout bounds one attempt, headers and body (default 2 minutes).
	Timeout time.Duration
	// Retries is how many times a 5xx or a broken connection is retried
	// (default 3), waiting Backoff, 2*Backoff, ... (default 500ms) between.
	Retries int
	Backoff time.Duration
	// CacheDir keeps downloads by URL and ETag ("" means
	// os.UserCacheDir()/lexico/downloads; "-" disables the cache).
	CacheDir string
	// IndexCacheDir is where an index built from a URL is also published, by
	// the URL, so that a bot handed a gamestate naming that Dictionary finds
	// it without a flag ("" means os.UserCacheDir()/lexico/indexes; "-"
	// disables it). The copy costs one more file of the index's size.
	IndexCacheDir string
}

// Result is what a build wrote.
type Result struct {
	Out  string
	Meta index.Meta
	List *wordlist.WordList
}

// Build runs the whole pipeline. On error nothing is left at o.Out (an index
// already there is untouched) and no temporary file remains.
func Build(ctx context.Context, o Options) (*Result, error) {
	return buildIndex(ctx, o, o.Out != "")
}

// buildIndex is Build; named says o.Out is the caller's choice, which is
// refused when it holds something other than an index (checkReplaceable).
// The default index, even at a path filled in before the call (OpenIndex's
// rebuild of a damaged one), is the program's own file and is replaced
// whatever it holds.
func buildIndex(ctx context.Context, o Options, named bool) (*Result, error) {
	if o.Out == "" {
		out, err := IndexPath("")
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return nil, err
		}
		o.Out = out
	}
	if o.MinLen == 0 {
		o.MinLen = wordlist.DefaultMinLen
	}
	if o.MaxLen == 0 {
		o.MaxLen = wordlist.DefaultMaxLen
	}
	if o.MinLen < 1 || o.MaxLen < o.MinLen || o.MaxLen > gaddag.MaxWordLen {
		return nil, fmt.Errorf("%w: word length bounds %d..%d (need 1 <= min <= max <= %d)", ErrBadOption, o.MinLen, o.MaxLen, gaddag.MaxWordLen)
	}
	if err := checkNotSource(o); err != nil {
		return nil, err
	}
	if named {
		if err := checkReplaceable(o.Out); err != nil {
			return nil, err
		}
	}
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	start := time.Now()
	var meta *index.Meta
	var wl *wordlist.WordList
	// The temporary output file is created first, so an unwritable output
	// directory is reported before a download, not after it.
	// On a terminal, a line names the stage as it starts; it is erased
	// before a note is logged and when the writing ends, so that
	// what follows starts on a line of its own.
	begin, clearLine := func(string) {}, func() {}
	if o.Progress != nil {
		n := 0
		begin = func(stage string) {
			n++
			fmt.Fprint(o.Progress, StageLine(stage, n, len(BuildStages), time.Since(start)))
		}
		clearLine = func() {
			if n > 0 {
				fmt.Fprint(o.Progress, "\r\x1b[K")
			}
		}
	}
	err := writeAtomic(o.Out, func(tmp string) error {
		src, err := openSource(ctx, &o)
		if err != nil {
			return err
		}
		begin(BuildStages[0])
		wl, err = readList(src, o)
		src.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", src.name, err)
		}
		if wl.Rejected > 0 {
			clearLine()
			fmt.Fprintf(logw, "rejected %d lines with characters outside A-Z, e.g. %q\n", wl.Rejected, wl.Examples)
		}
		meta = newMeta(src.name, wl, start)
		return bulkLoad(ctx, tmp, wl.Words, meta, deriveBlobs(wl.Words, meta), o.hook, begin)
	})
	clearLine()
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(logw, "wrote %s: %d words from %s in %s\n", o.Out, meta.WordCount, meta.Source, time.Duration(meta.BuildDuration))
	if isURL(o.Source) {
		if err := publishDictionaryIndex(o.Out, o.Source, o.Fetch.IndexCacheDir); err != nil {
			// The index the user asked for is written; only the shortcut failed.
			fmt.Fprintf(logw, "warning: could not keep a copy for %s in the index cache: %v\n", o.Source, err)
		}
	}
	return &Result{Out: o.Out, Meta: *meta, List: wl}, nil
}

// checkNotSource refuses an output that is the file the list is read from
// (a file source, or stdin redirected from a file): the build reads it
// whole and then renames the index over it, and the list would be lost.
// It is checked before anything is read, as a mistake in the options.
func checkNotSource(o Options) error {
	var src os.FileInfo
	switch {
	case o.Source == "-":
		f, ok := o.Stdin.(*os.File)
		if !ok {
			return nil
		}
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			return nil
		}
		src = fi
	case o.Source == "" || isURL(o.Source):
		return nil
	default:
		fi, err := os.Stat(o.Source)
		if err != nil {
			return nil // openSource reports it
		}
		src = fi
	}
	target, err := atomicfile.Target(o.Out)
	if err != nil {
		return nil // writeAtomic reports it
	}
	if fi, err := os.Stat(target); err == nil && os.SameFile(src, fi) {
		return fmt.Errorf("output %s is the source word list: %w", o.Out, ErrOutput)
	}
	return nil
}

// BuildStages are the stages of a build, in order, as the progress line
// names them: reading the list, then bulkLoad's steps (the blobs step waits
// for the GADDAG, the multiset table and the Bloom filters, the longest).
var BuildStages = []string{"reading the word list", "words", "length_letter", "anagrams", "blobs", "meta", "sync"}

// StageLine is the terminal progress line of a build at stage, the n-th of
// total, elapsed after the start: a carriage return and an erase-line
// escape first, so that each line overwrites the one before.
func StageLine(stage string, n, total int, elapsed time.Duration) string {
	return fmt.Sprintf("\r\x1b[Kbuilding the index: %s (stage %d of %d, %.1fs)", stage, n, total, elapsed.Seconds())
}

// newMeta describes the list; the derived structures add their parts later.
func newMeta(source string, wl *wordlist.WordList, start time.Time) *index.Meta {
	meta := &index.Meta{
		FormatVersion: index.FormatVersion,
		Source:        source,
		SHA256:        wl.SHA256,
		WordCount:     len(wl.Words),
		MinLen:        wl.MinLen, MaxLen: wl.MaxLen,
		Rejected: wl.Rejected, RejectedExamples: wl.Examples,
		OutOfLength: wl.OutOfLength, Duplicates: wl.Duplicates,
		BuiltAt:       start.UTC(),
		ByLength:      map[int]int{},
		ByFirstLetter: map[string]int{},
	}
	for _, w := range wl.Words {
		meta.ByLength[len(w)]++
		meta.ByFirstLetter[w[:1]]++
	}
	return meta
}

// readList checks the source's SHA-256 if one was given, gunzips it if it is
// gzip, and normalises it.
func readList(src *source, o Options) (*wordlist.WordList, error) {
	var r io.Reader = src
	var sum *hashReader
	if o.SHA256 != "" && !src.verified {
		sum = newHashReader(src)
		r = sum
	}
	text, err := wordlist.Decompress(r)
	if err != nil {
		return nil, err
	}
	wl, err := wordlist.Normalise(text, o.MinLen, o.MaxLen)
	if sum != nil {
		// Check the digest even when normalisation failed: a wrong file is
		// the clearer diagnosis.
		io.Copy(io.Discard, r)
		if serr := sum.check(o.SHA256); serr != nil {
			return nil, serr
		}
	}
	return wl, err
}

// deriveBlobs starts building the GADDAG and, from it, the Bloom filters in
// the background, while the caller writes the word buckets on the other core,
// and returns a function that waits for them and records their descriptions
// in meta.
func deriveBlobs(words []string, meta *index.Meta) func() ([]blob, error) {
	var wg sync.WaitGroup
	var wordF, fragF filter
	var g *gaddag.GADDAG
	var ms *multiset.Table
	var bl *multiset.BlankTable
	var msErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		g = gaddag.Build(words)
		var fw sync.WaitGroup
		fw.Add(1)
		go func() {
			defer fw.Done()
			ms, msErr = multiset.Build(words)
			bl = multiset.BuildBlanks(words)
		}()
		fw.Add(1)
		go func() {
			defer fw.Done()
			wordF = wordFilter(words, g, rand.New(rand.NewPCG(3, 4)))
		}()
		fragF = fragmentFilter(g, rand.New(rand.NewPCG(1, 2)))
		fw.Wait()
	}()
	return func() ([]blob, error) {
		wg.Wait()
		meta.WordBloom, meta.FragmentBloom = wordF.info, fragF.info
		flat := g.Bytes()
		meta.GADDAG = index.BlobInfo{Bytes: len(flat), CRC32C: crc32.Checksum(flat, crc32.MakeTable(crc32.Castagnoli))}
		meta.GADDAGNodes = g.NodeCount()
		if msErr != nil {
			return nil, msErr
		}
		msBytes := ms.Bytes()
		meta.Multisets = index.MultisetInfo{
			Log2Slots: ms.Log2Slots(),
			Multisets: ms.Multisets(),
			Blob:      index.BlobInfo{Bytes: len(msBytes), CRC32C: crc32.Checksum(msBytes, crc32.MakeTable(crc32.Castagnoli))},
		}
		blBytes := bl.Bytes()
		meta.Blanks = index.MultisetInfo{
			Log2Slots: bl.Log2Slots(),
			Multisets: bl.Multisets(),
			Blob:      index.BlobInfo{Bytes: len(blBytes), CRC32C: crc32.Checksum(blBytes, crc32.MakeTable(crc32.Castagnoli))},
		}
		meta.BlankPairs = index.TableShape{Log2Slots: bl.PairLog2Slots(), Multisets: bl.PairMultisets()}
		return []blob{
			{index.BucketBlobs, index.BlobMultisets, msBytes},
			{index.BucketBlobs, index.BlobBlanks, blBytes},
			{index.BucketBlobs, index.BlobWordBloom, wordF.blob},
			{index.BucketBlobs, index.BlobFragmentBloom, fragF.blob},
			{index.BucketGADDAG, index.GADDAGKey, flat},
		}, nil
	}
}
