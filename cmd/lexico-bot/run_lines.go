package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
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
	setup, err := newBotSetup(o.Bot, player.Live, "", true, 0, e.stderr)
	if err != nil {
		return err
	}
	defer setup.close()
	bot := setup.bot
	in := bufio.NewReaderSize(e.stdin, 64<<10)
	var buf []byte
	for n := 1; ; n++ {
		line, tooLong, err := nextLine(in, buf[:0], maxInput)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return badInputf("stdin: %w", err)
		}
		arrived := time.Now()
		buf = line
		if !tooLong && len(bytes.TrimSpace(line)) == 0 {
			continue // unanswered, but counted: n is the line an editor shows
		}
		if tooLong {
			// One line too long for any gamestate is refused like any
			// line that is no gamestate: the seat's next answers stay in
			// step, where stopping would leave its game without a player.
			fmt.Fprintf(e.stdout, "%s\n", passLine)
			fmt.Fprintf(e.stderr, "lexico-bot run: line %d: longer than %d bytes, the most a gamestate line may be; answered a pass\n", n, maxInput)
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
}

// nextLine reads the next line of r into buf, without its line ending, and
// io.EOF when the input has ended. A line over most bytes is read to its end
// but not kept (tooLong), so that memory stays bounded and the line after
// it is read whole.
func nextLine(r *bufio.Reader, buf []byte, most int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong && len(buf)+len(chunk) <= most+2 { // room for "\r\n"
			buf = append(buf, chunk...)
		} else {
			tooLong, buf = true, buf[:0]
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(buf) > 0 || tooLong):
			// The last line, without a newline.
		case err != nil:
			return nil, false, err
		}
		buf = bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
		if len(buf) > most {
			tooLong, buf = true, buf[:0]
		}
		return buf, tooLong, nil
	}
}
