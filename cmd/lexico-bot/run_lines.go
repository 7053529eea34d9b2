package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/internal/quote"
)

// passLine is the answer to a line that is no gamestate: a pass is legal
// in every position, and answering keeps the next answers in step.
const passLine = `[[],["Pass"]]`

// runLines is `run --lines`: the bot as a long-running program that reads
// one gamestate a line and writes one move a line, the protocol of an
// external (cmd:) seat. Each gamestate's time counts from the moment its
// line was read; deadlines are live.
func runLines(ctx context.Context, o runOptions, e env) error {
	switch {
	case len(o.Args) > 1 || (len(o.Args) == 1 && o.Args[0] != "-"):
		return badInputf("run --lines reads stdin: give no GAMESTATE (or -), got %s", quote.String(strings.Join(o.Args, " ")))
	case o.JSON || o.Board || o.Top != 0:
		return badInputf("run --lines answers bare moves: --json, --board and --top do not apply")
	case o.Replay:
		return badInputf("run --lines answers live gamestates: --replay does not apply")
	}
	setup, err := newBotSetup(o.Bot, player.Live, "", e.stderr)
	if err != nil {
		return err
	}
	defer setup.close()
	bot := &answer.Bot{Player: setup.player, Clock: setup.clock}
	in := bufio.NewScanner(e.stdin)
	in.Buffer(make([]byte, 64<<10), maxInput)
	for n := 1; in.Scan(); n++ {
		arrived := time.Now()
		line := in.Bytes()
		if len(strings.TrimSpace(string(line))) == 0 {
			n--
			continue
		}
		rep, err := bot.Answer(ctx, line, arrived)
		if err != nil {
			fmt.Fprintf(e.stdout, "%s\n", passLine)
			fmt.Fprintf(e.stderr, "lexico-bot run: line %d: %v; answered a pass\n", n, err)
			continue
		}
		fmt.Fprintf(e.stdout, "%s\n", rep.Move)
		bot.Delivered(rep)
	}
	if err := in.Err(); err != nil {
		return badInputf("stdin: %w (a gamestate line is at most %d bytes)", err, maxInput)
	}
	return nil
}
