package main

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/move"
)

// run's side of the clock contract (bot/engine/player/deadline.go): which budget
// each kind of gamestate gets, and which policy answers.

// A deadline that passed a moment ago is a live gamestate answered late:
// at once, by the static search, saying so.
func TestRunAnswersAJustMissedDeadlineAtOnce(t *testing.T) {
	got, errs := runAsJSON(t, string(liveDoc(t, -10*time.Millisecond, time.Second)), "-")
	legalOnDoc(t, got.Move)
	if !got.Late || got.Saved || got.Policy != "equity" || got.BudgetMS > 10 || got.Sim != nil {
		t.Fatalf("%+v; want late, not saved, answered by the static search within 10 ms", got)
	}
	if !strings.Contains(errs, "passed") || !strings.Contains(got.Note, "at once") {
		t.Fatalf("stderr %q, note %q: neither says the deadline passed", errs, got.Note)
	}
}

// A deadline long past is a saved gamestate, replayed with its MoveTime;
// --live takes it as live all the same.
func TestRunTellsSavedFromLive(t *testing.T) {
	got, errs := runAsJSON(t, "", "--policy", "equity", docExample) // the doc's deadline is in 2018
	if !got.Late || !got.Saved || got.BudgetMS < 1000 || got.Policy != "equity" {
		t.Fatalf("the doc's gamestate: %+v; want a saved gamestate thinking for its MoveTime (5 s)", got)
	}
	if !strings.Contains(errs, "saved gamestate") || !strings.Contains(errs, "--live answers it at once") {
		t.Fatalf("stderr %q does not say the gamestate was taken for a saved one, and which flag answers it as live", errs)
	}
	if strings.Contains(got.Note, "--") {
		t.Errorf("the report's note %q names a flag: the report is every front end's", got.Note)
	}
	got, _ = runAsJSON(t, "", "--live", docExample)
	if !got.Late || got.Saved || got.Policy != "equity" || got.BudgetMS > 10 {
		t.Fatalf("the doc's gamestate with --live: %+v; want it answered at once by the static search", got)
	}
	legalOnDoc(t, got.Move)
}

// --replay ignores a live deadline and thinks for MoveTime.
func TestRunReplayIgnoresTheDeadline(t *testing.T) {
	got, _ := runAsJSON(t, string(liveDoc(t, 40*time.Millisecond, 2*time.Second)), "--replay", "--policy", "equity", "-")
	if got.Late || got.BudgetMS < 1000 {
		t.Fatalf("%+v; want MoveTime's budget whatever the deadline", got)
	}
	if code, _, errs := runBot(t, "", "run", "--live", "--replay", docExample); code != 2 || !strings.Contains(errs, "--live and --replay") {
		t.Fatalf("--live --replay: exit %d, %q", code, errs)
	}
}

// An absurd MoveTime is capped by --max-think, and run says so: the sim
// policy, which thinks for its whole budget, still answers.
func TestRunCapsAnAbsurdMoveTime(t *testing.T) {
	doc := regexp.MustCompile(`'ResponseDeadline': \d+`).ReplaceAll(liveDoc(t, 0, 0), []byte("'ResponseDeadline': 0"))
	doc = regexp.MustCompile(`'MoveTime': \d+`).ReplaceAll(doc, []byte("'MoveTime': 1000000000"))
	// No margin nor reserve: the held-back time, scaled by the machine's
	// load, would otherwise leave less than a simulation needs on a busy
	// machine.
	got, errs := runAsJSON(t, string(doc), "--max-think", "400ms", "--margin", "0", "--reserve", "0", "-")
	legalOnDoc(t, got.Move)
	if got.BudgetMS > 400 || got.Policy != "sim" || got.Late {
		t.Fatalf("%+v; want the sim policy thinking at most 400 ms", got)
	}
	if !strings.Contains(errs, "the think cap 400ms") || !strings.Contains(errs, "(--max-think 400ms)") {
		t.Fatalf("stderr %q does not say the MoveTime was capped, and by which flag", errs)
	}
}

// Start-up counts against the budget: a process that took most of its
// MoveTime to start, leaving less than it expects delivering to take,
// answers at once without a search (the doc's rack may be exchanged)
// rather than search or simulate past the deadline. (runFrom is main's entry, given the
// process's start.)
func TestRunCountsStartUp(t *testing.T) {
	doc := liveDoc(t, 200*time.Millisecond, 200*time.Millisecond)
	var out, errb bytes.Buffer
	args := []string{"lexico-bot", "run", "--index", botIndex(t), "--json", "-"}
	if code := runFrom(time.Now().Add(-150*time.Millisecond), args, bytes.NewReader(doc), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got runJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	legalOnDoc(t, got.Move)
	if got.Policy != "equity" || got.Late || got.Plays != 0 || !strings.Contains(got.Note, "without a search") {
		t.Fatalf("%+v; want an answer without a search, not late, and a note saying why", got)
	}
}

// A process whose own start took its whole budget answers at once, before
// the index is open (opening it reads the file, from disk when the kernel
// has dropped it), with what the clock answers when no time is left: an
// exchange or a pass, legal, written once, in either output form, and run
// says why on stderr.
func TestRunAnswersBeforeTheIndexWhenStartUpTookTheBudget(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		doc := liveDoc(t, 200*time.Millisecond, 200*time.Millisecond)
		args := []string{"lexico-bot", "run", "--index", botIndex(t), "-"}
		if asJSON {
			args = []string{"lexico-bot", "run", "--index", botIndex(t), "--json", "-"}
		}
		var out, errb bytes.Buffer
		// Started 190 ms ago: 10 ms are left of the 200 ms MoveTime, less
		// than the 40 ms reserve held back for delivery.
		if code := runFrom(time.Now().Add(-190*time.Millisecond), args, bytes.NewReader(doc), &out, &errb); code != 0 {
			t.Fatalf("json %v: exit %d: %s", asJSON, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 1 {
			t.Fatalf("json %v: stdout %q: want exactly one answer", asJSON, out.String())
		}
		line, note := []byte(lines[0]), ""
		if asJSON {
			var got runJSON
			if err := json.Unmarshal(line, &got); err != nil {
				t.Fatal(err)
			}
			if got.Plays != 0 || got.Late || got.Policy != "equity" {
				t.Fatalf("%+v; want the equity policy's answer without a search, not late", got)
			}
			line, note = got.Move, got.Note
		}
		if m := legalOnDoc(t, line); m.Kind == move.Play {
			t.Fatalf("json %v: %s: a play needs the index: want an exchange or a pass", asJSON, line)
		}
		if asJSON && !strings.Contains(note, "start-up") {
			t.Errorf("note %q does not say start-up took the budget", note)
		}
		if !strings.Contains(errb.String(), "answered without a search") {
			t.Errorf("stderr %q does not say the answer came without a search", errb.String())
		}
	}
}
