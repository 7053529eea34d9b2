package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/internal/quote"
	"github.com/lexico/lexico/wordlist"
	"github.com/urfave/cli/v2"
)

// buildOptions are build's flags and arguments.
type buildOptions struct {
	Source, Out, SHA256 string
	MinLen, MaxLen      int
	Timeout             time.Duration
	Retries             int
	NoCache             bool
	// OutSet: --out was given. Given empty, it is a mistake (a variable
	// that expanded to nothing), not a request for the default index:
	// that would silently replace the index every command reads.
	OutSet bool
	Args   []string
}

func buildCommand() *cli.Command {
	var o buildOptions
	return &cli.Command{
		Name:      "build",
		Usage:     "build an index file from a word list (default: the embedded list)",
		ArgsUsage: " ",
		Description: "Reads one word a line from --source (an http(s) URL, a file, or - for stdin;\n" +
			"gzip is detected by content), normalises it (upper case; CRLF, BOM and blank\n" +
			"lines dropped; duplicates merged; words with characters outside A-Z rejected and\n" +
			"counted) and writes the index atomically: on any failure an existing --out is\n" +
			"left untouched. Downloads are cached by URL and ETag in the user cache directory.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "source", Usage: "word list `URL|PATH|-` (default: the embedded word-list 4.1.0)", Destination: &o.Source},
			&cli.StringFlag{Name: "out", Usage: "index `FILE` to write (default: $" + build.EnvIndex + ", else the default index in the user cache directory: where every command reads without --index)", Destination: &o.Out},
			&cli.StringFlag{Name: "sha256", Usage: "expected SHA-256 `HEX` of the source bytes (as downloaded, before gunzip)", Destination: &o.SHA256},
			&cli.IntFlag{Name: "min-len", Value: wordlist.DefaultMinLen, Usage: "shortest word `N` kept", Destination: &o.MinLen},
			&cli.IntFlag{Name: "max-len", Value: wordlist.DefaultMaxLen, Usage: "longest word `N` kept (at most 15, the largest board)", Destination: &o.MaxLen},
			&cli.DurationFlag{Name: "timeout", Value: 2 * time.Minute, Usage: "per-attempt download `TIMEOUT`, headers and body", Destination: &o.Timeout},
			&cli.IntFlag{Name: "retries", Value: 3, Usage: "download retries (`N`) on 5xx or a broken connection, with doubling back-off", Destination: &o.Retries},
			&cli.BoolFlag{Name: "no-cache", Usage: "do not read or write the download cache, nor publish a URL's index in the index cache", Destination: &o.NoCache},
		},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			o.OutSet = c.IsSet("out")
			return runBuild(c.Context, o, streamsOf(c))
		},
	}
}

func runBuild(ctx context.Context, opts buildOptions, s streams) error {
	if len(opts.Args) > 0 {
		return exitError{2, fmt.Errorf("build takes no arguments (got %q); use --source", opts.Args[0])}
	}
	if opts.OutSet && opts.Out == "" {
		return exitError{2, errors.New("--out is empty: name the index file to write, or leave --out out for the default index")}
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	o := build.Options{
		Source: opts.Source,
		Stdin:  s.in,
		Out:    opts.Out,
		SHA256: opts.SHA256,
		MinLen: opts.MinLen,
		MaxLen: opts.MaxLen,
		Log:    s.err,
		Fetch: build.FetchOptions{
			Timeout: opts.Timeout,
			Retries: opts.Retries,
		},
	}
	if o.Fetch.Retries == 0 {
		o.Fetch.Retries = -1 // explicit 0: no retries
	}
	if opts.NoCache {
		o.Fetch.CacheDir = "-"
		o.Fetch.IndexCacheDir = "-"
	}
	if isTerminal(s.err) {
		o.Progress = s.err
	}
	if o.MinLen < 1 || o.MaxLen < o.MinLen || o.MaxLen > wordlist.DefaultMaxLen {
		return exitError{2, fmt.Errorf("--min-len %d and --max-len %d: need 1 <= min <= max <= %d", o.MinLen, o.MaxLen, wordlist.DefaultMaxLen)}
	}
	// Checked before the source is read, which may be a long download.
	if h := opts.SHA256; h != "" && (len(h) != 64 || strings.Trim(strings.ToLower(h), "0123456789abcdef") != "") {
		return exitError{2, fmt.Errorf("--sha256 %s: want 64 hexadecimal digits", quote.String(h))}
	}
	if opts.Retries < 0 {
		return exitError{2, fmt.Errorf("--retries %d: want 0 (none) or more", opts.Retries)}
	}
	if opts.Timeout <= 0 {
		return exitError{2, fmt.Errorf("--timeout %v: want a positive duration", opts.Timeout)}
	}
	r, err := build.Build(ctx, o)
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("build interrupted; %s left as it was", o.Out)
	}
	for _, bad := range []error{fs.ErrNotExist, fs.ErrPermission, syscall.ENOTDIR, syscall.EISDIR, syscall.EROFS, syscall.ELOOP,
		build.ErrEmpty, build.ErrBinary, build.ErrBadOption, build.ErrOutput, build.ErrURL} {
		if errors.Is(err, bad) {
			return exitError{2, err} // the --source or --out given cannot be used, as in lexico-bot
		}
	}
	if errors.Is(err, build.ErrTruncated) && !errors.Is(err, build.ErrDownload) {
		return exitError{2, err} // a file or stdin cut short, not a download that broke
	}
	if err != nil {
		return err
	}
	m := r.Meta
	fmt.Fprintf(s.out, "%s: %d words, sha256 %s, built in %s\n", r.Out, m.WordCount, m.SHA256, m.BuildDuration)
	if read, err := build.IndexPath(""); err == nil && !sameIndexFile(read, r.Out) {
		fmt.Fprintf(s.err, "lexico-index build: commands without --index read %s, not this file: pass --index %s (or set $%s)\n", read, r.Out, build.EnvIndex)
	}
	return nil
}

// sameIndexFile reports whether a and b name one file (both exist and are
// the same), so a build into the default index is not told to pass --index.
func sameIndexFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
