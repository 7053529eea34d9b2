package main

import (
	"fmt"
	"log/slog"
	"net"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/server"
	"github.com/lexico/lexico/internal/quote"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:  "serve",
		Usage: "answer gamestates over HTTP: POST /move, POST /check, GET /healthz",
		Description: "Opens the index once and serves every request from it. POST /move takes a gamestate\n" +
			"(JSON or the documentation's Python-literal form) and answers {\"move\": [...], ...} before\n" +
			"the gamestate's ResponseDeadline (at once, with the static move, if it has passed). At most\n" +
			"--think-slots searches think at once. On SIGINT or SIGTERM every search answers its best move\n" +
			"at once, then the server stops. POST /check takes {\"gamestate\": ..., \"move\": ...} and\n" +
			"answers as `check --json`. Logs one line per request on stderr.",
		Flags: append(botFlags(),
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen `ADDRESS` (host:port; port 0 picks a free one)"},
			&cli.Int64Flag{Name: "max-body", Value: server.DefaultMaxBody, Usage: "largest request body in bytes (larger: 413)"},
			&cli.DurationFlag{Name: "grace", Value: 10 * time.Second, Usage: "how long a shutdown waits for the answers in flight to be written (every search answers its best move at once)"},
			&cli.IntFlag{Name: "think-slots", Usage: "how many searches `N` may think at once (0: one per core); a request that finds none free in time answers with the static move"},
			&cli.DurationFlag{Name: "body-timeout", Value: server.DefaultBodyTimeout, Usage: "longest `DURATION` to read a request's body"},
		),
		Action: serve,
	})
}

func serve(c *cli.Context) error {
	if c.NArg() != 0 {
		return badInputf("serve takes no arguments, got %s", quote.String(strings.Join(c.Args().Slice(), " ")))
	}
	if c.Int64("max-body") <= 0 {
		return badInputf("--max-body %d: want a positive number of bytes", c.Int64("max-body"))
	}
	if c.Int("think-slots") < 0 {
		return badInputf("--think-slots %d: want 0 (one per core) or more", c.Int("think-slots"))
	}
	if c.Duration("body-timeout") < 0 {
		return badInputf("--body-timeout %v: want 0 (the default) or a positive duration", c.Duration("body-timeout"))
	}
	if c.Duration("grace") < 0 {
		return badInputf("--grace %v: want 0 (stop at once) or a positive duration", c.Duration("grace"))
	}
	setup, err := newBotSetup(c, player.Live, "")
	if err != nil {
		return err
	}
	defer setup.close()
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return badInputf("--addr: %w", err)
	}
	log := slog.New(slog.NewTextHandler(c.App.ErrWriter, nil))
	slots := c.Int("think-slots")
	if slots == 0 {
		slots = answer.DefaultSlots()
	}
	bot := &answer.Bot{Player: setup.player, Clock: setup.clock, Slots: slots}
	s := &server.Server{Bot: bot, Dict: setup.index, MaxBody: c.Int64("max-body"), Log: log,
		BodyTimeout: c.Duration("body-timeout")}
	ctx, stop := signal.NotifyContext(c.Context, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log.Info("listening", "addr", ln.Addr().String(), "index", setup.index.Path(),
		"words", setup.index.Meta().WordCount, "policy", c.String("policy"), "strategy", c.String("strategy"))
	if err := s.Serve(ctx, ln, c.Duration("grace")); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}
