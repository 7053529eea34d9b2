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

	"github.com/lexico/lexico/bot/server"
	"github.com/lexico/lexico/internal/quote"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:  "serve",
		Usage: "answer gamestates over HTTP: POST /move, POST /check, GET /healthz",
		Description: "Opens the index once and serves every request from it. POST /move takes a gamestate\n" +
			"(JSON or the documentation's Python-literal form) and answers {\"move\": [...], ...} before\n" +
			"the gamestate's ResponseDeadline (at once if it has passed). POST /check takes\n" +
			"{\"gamestate\": ..., \"move\": ...} and answers as `check --json`. Stops gracefully on\n" +
			"SIGINT or SIGTERM; logs one line per request on stderr.",
		Flags: append(botFlags(),
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen `ADDRESS` (host:port; port 0 picks a free one)"},
			&cli.Int64Flag{Name: "max-body", Value: server.DefaultMaxBody, Usage: "largest request body in bytes (larger: 413)"},
			&cli.DurationFlag{Name: "grace", Value: 10 * time.Second, Usage: "how long a shutdown waits for requests in flight"},
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
	if c.Duration("grace") < 0 {
		return badInputf("--grace %v: want 0 (stop at once) or a positive duration", c.Duration("grace"))
	}
	setup, err := newBotSetup(c, true, "")
	if err != nil {
		return err
	}
	defer setup.index.Close()
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return badInputf("--addr: %w", err)
	}
	log := slog.New(slog.NewTextHandler(c.App.ErrWriter, nil))
	s := &server.Server{Player: setup.player, Dict: setup.index, Clock: setup.clock, MaxBody: c.Int64("max-body"), Log: log}
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
