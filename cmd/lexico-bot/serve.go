package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/match/web"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/server"
	"github.com/lexico/lexico/internal/quote"
)

// serveOptions are serve's flags (it takes no arguments).
type serveOptions struct {
	Bot         botOptions
	Addr        string
	MaxBody     int64
	Grace       time.Duration
	ThinkSlots  int
	BodyTimeout time.Duration
	WebMaxThink time.Duration
	MaxConns    int
	IdleTimeout time.Duration
	MaxHeader   int
	AllowHosts  cli.StringSlice
	TokenFile   string
	WebGames    string
	// WebGamesSet: --web-games was given, so a file in use is an error
	// rather than a warning.
	WebGamesSet bool
	Args        []string
}

func serveCommand() *cli.Command {
	var o serveOptions
	gamesFile, _ := web.DefaultGamesFile()
	return &cli.Command{
		Name:  "serve",
		Usage: "answer gamestates over HTTP: POST /move, POST /check, GET /healthz; a web page at /",
		Description: "Opens the index once and serves every request from it. POST /move takes a gamestate\n" +
			"(JSON or the documentation's Python-literal form) and answers {\"move\": [...], ...} before\n" +
			"the gamestate's ResponseDeadline (at once, with the static move, if it has passed). At most\n" +
			"--think-slots searches think at once. On SIGINT or SIGTERM every search answers its best move\n" +
			"at once, then the server stops. POST /check takes {\"gamestate\": ..., \"move\": ...} and\n" +
			"answers as `check --json`. GET / is a web page to play the bot, study a gamestate and solve\n" +
			"a board file (its API under /web/: JSON bodies only, and only from this server's own page; --allow-host\n" +
			"adds a proxy's public name). The page's searches take --think-slots too, leaving one for /move.\n" +
			"Connections are bounded (--max-conns: past it the one idle longest makes way, or a 503 when all\n" +
			"are busy) and closed when idle (--idle-timeout). --token-file makes /move and /check want a\n" +
			"secret, for a server the internet reaches. Logs one line per request on stderr.",
		Flags: append(botFlags(&o.Bot, false),
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen `ADDRESS` (host:port; port 0 picks a free one)", Destination: &o.Addr},
			&cli.Int64Flag{Name: "max-body", Value: server.DefaultMaxBody, Usage: "largest request body, `BYTES` (larger: 413)", Destination: &o.MaxBody},
			&cli.DurationFlag{Name: "grace", Value: 10 * time.Second, Usage: "`DURATION` a shutdown waits for the answers in flight to be written (every search answers its best move at once)", Destination: &o.Grace},
			&cli.IntFlag{Name: "think-slots", Usage: "how many searches `N` may think at once, the web page's included (0: one per core; the page's take at most N-1, at least 1); a request that finds none free in time answers with the static move", Destination: &o.ThinkSlots},
			&cli.DurationFlag{Name: "body-timeout", Value: server.DefaultBodyTimeout, Usage: "longest `DURATION` to read a request's body, on every endpoint (shorter refuses slow links sooner)", Destination: &o.BodyTimeout},
			&cli.IntFlag{Name: "max-conns", Value: server.DefaultMaxConns, Usage: "most open connections `N`: past it a new one takes the place of the one idle longest, or is answered 503 when all are in requests (lowered to fit the open-file limit; more admits more requests at once, each costing a file)", Destination: &o.MaxConns},
			&cli.DurationFlag{Name: "idle-timeout", Value: server.DefaultIdleTimeout, Usage: "`DURATION` a keep-alive connection may wait for its next request (longer saves clients a dial, shorter frees connections sooner)", Destination: &o.IdleTimeout},
			&cli.StringFlag{Name: "web-games", Value: gamesFile, Usage: "bbolt `FILE` the web page's games are kept in, so that they survive a restart (\"\": in memory only; one server a file: the default file held by another server keeps this one's games in memory, with a warning; a damaged FILE is renamed FILE.damaged-TIMESTAMP, its games not played again, and a fresh one started, with a warning)", Destination: &o.WebGames},
			&cli.StringSliceFlag{Name: "allow-host", Usage: "a `NAME` the web page's API answers to besides loopback names and --addr's address: the public name of a proxy in front (repeat for more; every name allowed is one whose pages may drive the server)", Destination: &o.AllowHosts},
			&cli.StringFlag{Name: "token-file", Usage: "`FILE` holding a secret (its first line) that /move and /check then want as \"Authorization: Bearer SECRET\" (401 without it): for a server the internet can reach, so that only your bots make it think (the bridge sends $LEXICO_TOKEN); a file keeps the secret out of the process list", Destination: &o.TokenFile},
			&cli.IntFlag{Name: "max-header-bytes", Value: server.DefaultMaxHeaderBytes, Usage: "largest request header, `BYTES` (larger: 431)", Destination: &o.MaxHeader},
			&cli.DurationFlag{Name: "web-max-think", Value: web.MaxBotTime, Usage: "longest `DURATION` the web page may ask a study or its bot's move to think (longer ranks better but holds a thinking slot longer; the page's searches leave one slot for /move)", Destination: &o.WebMaxThink},
		),
		Action: func(c *cli.Context) error {
			o.Bot.Sim.noteGiven(c)
			o.Args = c.Args().Slice()
			o.WebGamesSet = c.IsSet("web-games")
			return serve(c.Context, o, envOf(c))
		},
	}
}

func serve(ctx context.Context, o serveOptions, e env) error {
	if len(o.Args) != 0 {
		return badInputf("serve takes no arguments, got %s", quote.String(strings.Join(o.Args, " ")))
	}
	if o.MaxBody <= 0 {
		return badInputf("--max-body %d: want a positive number of bytes", o.MaxBody)
	}
	if o.ThinkSlots < 0 {
		return badInputf("--think-slots %d: want 0 (one per core) or more", o.ThinkSlots)
	}
	if o.BodyTimeout < 0 {
		return badInputf("--body-timeout %v: want 0 (the default) or a positive duration", o.BodyTimeout)
	}
	if o.MaxConns <= 0 {
		return badInputf("--max-conns %d: want a positive number of connections", o.MaxConns)
	}
	if o.IdleTimeout <= 0 {
		return badInputf("--idle-timeout %v: want a positive duration", o.IdleTimeout)
	}
	if o.MaxHeader <= 0 {
		return badInputf("--max-header-bytes %d: want a positive number of bytes", o.MaxHeader)
	}
	for _, h := range o.AllowHosts.Value() {
		if h == "" || strings.ContainsAny(h, ":/ ") {
			return badInputf("--allow-host %s: want a host name, without scheme or port", quote.String(h))
		}
	}
	token, err := readToken(o.TokenFile)
	if err != nil {
		return err
	}
	if o.WebMaxThink < web.MinBotTime {
		return badInputf("--web-max-think %v: want at least %v", o.WebMaxThink, web.MinBotTime)
	}
	if o.Grace < 0 {
		return badInputf("--grace %v: want 0 (stop at once) or a positive duration", o.Grace)
	}
	slots := o.ThinkSlots
	if slots == 0 {
		slots = answer.DefaultSlots()
	}
	// One pipeline, one gate, for every search of the server: /move's, and
	// the web page's games' and studies' as the gate's guests.
	setup, err := newBotSetup(o.Bot, player.Live, "", true, slots, e.stderr)
	if err != nil {
		return err
	}
	defer setup.close()
	serverGC()
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return badInputf("--addr: %w", err)
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	conns := o.MaxConns
	if files := openFiles(); files > 0 && conns > files-filesKept {
		// Past the limit accept fails and the server stalls: the bound
		// must come first.
		conns = max(files-filesKept, 1)
		log.Warn("--max-conns lowered to fit the open-file limit", "max_conns", conns, "open_files", files)
	}
	bot := setup.bot
	webCfg := web.Config{StoreConfig: web.StoreConfig{Answers: setup.answers,
		Dict: setup.index, MaxThink: o.WebMaxThink, File: o.WebGames}, Log: log}
	page, err := web.New(webCfg)
	if err != nil && o.WebGames != "" && !o.WebGamesSet {
		// The default file, held by another server (or unwritable): this
		// one still serves, its games kept in memory.
		log.Warn("the web page's games are kept in memory only", "reason", err.Error())
		webCfg.File = ""
		page, err = web.New(webCfg)
	}
	if err != nil {
		return badInputf("--web-games: %w", err)
	}
	defer page.Close()
	s := &server.Server{Bot: bot, Dict: setup.index, MaxBody: o.MaxBody, Log: log,
		AllowHosts: o.AllowHosts.Value(), Token: token,
		BodyTimeout: o.BodyTimeout, MaxConns: conns, IdleTimeout: o.IdleTimeout, MaxHeaderBytes: o.MaxHeader,
		Page: page.Handler()}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log.Info("listening", "addr", ln.Addr().String(), "index", setup.index.Path(),
		"words", setup.index.Meta().WordCount, "policy", o.Bot.Policy, "strategy", o.Bot.Strategy)
	if o.Bot.Leaves != "" {
		// serve answers games of every bag, and a learned table values
		// only its own: said once here, rather than on every answer.
		log.Info("leave values", "file", o.Bot.Leaves, "learned_for", cmp.Or(learnedBags(setup.leaves), "no bag"),
			"other_bags", "the hand-tuned model")
	}
	if err := s.Serve(ctx, ln, o.Grace); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}

// filesKept is the open files a server keeps for other than its
// connections: the index, the log, the connections being refused (16) and
// room to spare.
const filesKept = 64

// serverGC lets a server's heap grow to three times what is live between
// collections (GOGC=200), unless the GOGC environment variable says
// otherwise. A server answers bursts of concurrent requests, each
// allocating a search's state, over a small live heap (the index is
// memory-mapped and the learned leave tables are read in place from the
// binary): at the default 100 the collector runs often enough in the first
// moments of a burst under load to make answers late. The trade: a larger
// peak heap, which the small live heap keeps small.
func serverGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
}

// readToken reads serve's --token-file: its first line, which must be a
// secret a header can carry (printable ASCII, no spaces). "" without a file.
func readToken(file string) (string, error) {
	if file == "" {
		return "", nil
	}
	f, err := os.Open(file)
	if err != nil {
		return "", badInputf("--token-file: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxTokenFile+1))
	if err != nil {
		return "", badInputf("--token-file %s: %w", quote.String(file), err)
	}
	if len(b) > maxTokenFile {
		return "", badInputf("--token-file %s: more than %d bytes; want one line, the secret", quote.String(file), maxTokenFile)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	token := strings.TrimSpace(line)
	if token == "" {
		return "", badInputf("--token-file %s: its first line is empty; want the secret", quote.String(file))
	}
	for _, c := range []byte(token) {
		if c <= ' ' || c > '~' {
			return "", badInputf("--token-file %s: the secret holds a space or a character outside printable ASCII, which a header cannot carry", quote.String(file))
		}
	}
	return token, nil
}

// maxTokenFile bounds --token-file: a secret is tens of bytes.
const maxTokenFile = 4096
