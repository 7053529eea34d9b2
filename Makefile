# The two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
BIN     := bin
# The index make builds is the one every command reads without --index:
# $LEXICO_INDEX, else the default index in the user cache directory (Go's
# os.UserCacheDir: $XDG_CACHE_HOME, else $HOME/.cache). `make run` builds
# it, so no first command pays for building it (make test-first-steps checks
# that the two agree).
INDEX   ?= $(or $(LEXICO_INDEX),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/lexico/default.db)
STATE   ?= data/gamestates/doc-example.txt

export PATH := $(PATH):/usr/local/go/bin

.PHONY: all build index run test test-long test-race test-fuzz test-damage test-web web-screenshots bench bench-magpie deadline-bench endgame-clock endgame-figures clean

all: build

# The commit goes into --version even where Go records no vcs information
# (a git worktree, GOFLAGS=-buildvcs=false).
COMMIT  ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null)$(shell git diff --quiet HEAD 2>/dev/null || echo +changes)

# Linked statically (CGO_ENABLED=0: nothing needs cgo, and exec skips the
# dynamic loader) and without urfave/cli's documentation generators
# (urfave_cli_no_docs: no command uses them, and their packages' init ran
# at every start): a bot run as one process per move starts sooner, which
# under load is thinking time (the start-up counts against MoveTime).
build:
	CGO_ENABLED=0 $(GO) build -tags urfave_cli_no_docs -ldflags "-X github.com/lexico/lexico/internal/version.commit=$(COMMIT)" -o $(BIN)/ ./cmd/...

# The index is rebuilt only when the builder, the index format or the embedded
# list changes (the binary is an order-only prerequisite: relinking it alone
# does not force a rebuild).
INDEX_SRC := $(shell find build index internal/alphabet cmd/lexico-index -name '*.go' ! -name '*_test.go') \
	data/word-list-4.1.0.txt.gz go.sum
$(INDEX): $(INDEX_SRC) | build
	@mkdir -p $(dir $(INDEX))
	$(BIN)/lexico-index build --out $(INDEX)

index: $(INDEX)

run: build index
	$(BIN)/lexico-index stats --index $(INDEX)
	@if $(BIN)/lexico-bot run --help >/dev/null 2>&1; then \
		echo "== lexico-bot run $(STATE)"; \
		$(BIN)/lexico-bot run --index $(INDEX) $(STATE); \
	fi

# make test stays under about 90 s on the 2-core machine (CI runs it through
# .ci/run): scripts/testprogress runs go test -json and prints each package's
# line as it finishes (plain go test prints them in order, behind the
# slowest), each test over 5 s as it ends, and, after 15 s without output,
# the tests still running. Its move generator agreement tests compare a
# sample of random-game positions (about 80); the sweep over about 1,900 is
# make test-long.
test:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	$(GO) build -o $(BIN)/testprogress ./scripts/testprogress
	GO=$(GO) $(BIN)/testprogress -count=1 ./...

# The long sweep: bot/engine/movegen and bot/engine/movegen/reference with
# LEXICO_LONG=1, the agreement properties over 25 random games per variant
# (GADDAG against exhaustive on 1,883 positions, anagram against GADDAG on
# 1,446), printing each test and every 250 positions compared as it goes
# (-p 1: one package after the other, or go test holds back -v output). About
# 166 s of CPU (25 Nov 2026): roughly 1.5 minutes on a quiet 2-core machine,
# 6.6 minutes at load 9.
test-long:
	LEXICO_LONG=1 $(GO) test -count=1 -p 1 -v -timeout 30m ./bot/engine/movegen/ ./bot/engine/movegen/reference/

# The whole suite under the race detector: no data race in the servers, the
# arena's workers, the simulation's goroutines or the solver's. The tests
# that count allocations skip under it (sync.Pool drops items there). About
# 7 minutes of wall time (12.5 of CPU) on the 2-core machine (27 Nov 2026).
test-race:
	$(GO) test -race -count=1 -timeout 30m ./...

# Every fuzz target for FUZZTIME each, one after the other (go test fuzzes
# one target a run): the gamestate and move parsers, the fast JSON decoder,
# the GADDAG loader, the move judge (rules.Check on any gamestate and move
# that parse), the whole answer (any gamestate that parses answered by the
# sim policy: a legal move, no panic; and positions self-play reaches), the
# bot's HTTP endpoints and the web page's API (any request: no 500) and
# Lingo's typed moves. Their seeds run in make test. About 22 minutes at
# the default 2m.
FUZZTIME ?= 2m
FUZZ_TARGETS := FuzzParse:./bot/platform/gamestate FuzzParseMove:./bot/platform/gamestate \
	FuzzFastDecodingIsEncodingJSON:./bot/platform/gamestate FuzzCheck:./bot/platform/gamestate \
	FuzzLoad:./index/gaddag FuzzAnswer:./bot/platform/answer FuzzAnswerSelfPlay:./bot/platform/answer \
	FuzzServe:./bot/platform/server FuzzAPI:./bot/match/web FuzzPlay:./bot/lingo
test-fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "== $${t%%:*} ($${t#*:}), $(FUZZTIME)"; \
		$(GO) test -run '^$$' -fuzz "^$${t%%:*}$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 2s $${t#*:}; \
	done

# Issue 44's proof that no damaged index is used (scripts/damagesweep): every
# damaged copy internal/damage makes of the index (3 flipped bits in every
# group of regions, the truncations: about 200 copies) is opened as run and
# serve open it, answers 40 corpus positions with the static search, a word
# sample with Contains and some word queries, and must be refused (at open or
# at the first word query) or answer exactly as the clean index; it fails if
# any copy was used wrongly. make test runs it on a small index. About 10 to
# 35 seconds on the shared 2-core machine (29 Nov 2026, load 7 to 9).
test-damage: build index
	$(GO) build -o $(BIN)/damagesweep ./scripts/damagesweep
	$(BIN)/damagesweep -index $(INDEX) -per-group 3 -q

# The web page in headless Chromium (bot/match/web): the quick tours run in
# make test; this adds a whole game against greedy played in the page.
# Without Chromium (Debian's chromium package; .ci/run installs it) they skip.
test-web:
	LEXICO_BROWSER_LONG=1 $(GO) test -count=1 -v -timeout 10m -run Browser ./bot/match/web/

# The README's two commands and first steps as printed, on a fresh clone of
# the committed HEAD with an empty HOME (scripts/firststeps): a clean build
# of the programs and of the default index, then each first step, the
# sample bot's match cut to 2 games. About a minute on the 2-core machine
# (most of it make run's build, from Go's build cache; more on a cold one),
# so not part of make test (which checks only that the README's steps are
# ones this test knows); CI runs it after make test.
.PHONY: test-first-steps
test-first-steps:
	LEXICO_FIRST_STEPS=1 $(GO) test -count=1 -v -timeout 45m ./scripts/firststeps/

# The screenshots of each view, for people to look at: bench/web/*.png.
web-screenshots:
	LEXICO_BROWSER_LONG=1 LEXICO_SCREENSHOTS=$(abspath bench/web) $(GO) test -count=1 -timeout 10m -run Browser ./bot/match/web/

# The move-generation strategies compared over data/positions/corpus.jsonl:
# bench/RESULTS.md (side-by-side table) and bench/chart.svg, from the raw
# `go test -json` output kept in bench/raw.jsonl; then every other package's
# benchmarks, printed as they run. About 3 minutes (2m52s on 27 Nov 2026).
bench: build index
	@mkdir -p bench
	LEXICO_INDEX=$(abspath $(INDEX)) $(GO) test -run '^$$' -bench . -benchmem -json ./bot/engine/movegen/ > bench/raw.jsonl
	LEXICO_INDEX=$(abspath $(INDEX)) $(GO) run ./scripts/benchreport -in bench/raw.jsonl -bot $(BIN)/lexico-bot \
		-corpus data/positions/corpus.jsonl -out bench
	$(GO) test -run '^$$' -bench . -benchmem $$($(GO) list ./... | grep -v '/bot/engine/movegen$$')

# Our best play (by equity and by score) and every play against the C
# engine MAGPIE's on the same corpus, words, rules and leave values, timed
# in turn (scripts/magpiecmp/README.md): MAGPIE is cloned from MAGPIE_GIT
# and built with gcc into MAGPIE_WORK, where the figures go (summary.txt).
# About 2.5 minutes.
MAGPIE_GIT  ?= https://github.com/jvc56/MAGPIE
MAGPIE_WORK ?= /tmp/magpiecmp
bench-magpie: build index
	LEXICO_INDEX=$(abspath $(INDEX)) scripts/magpiecmp/run.sh $(MAGPIE_GIT) $(MAGPIE_WORK) 4

# Issue 14's proof: live answers from `run` and `serve` (ResponseDeadline =
# now + MoveTime when the request is sent), with and without our own CPU
# burners on every core; bench/DEADLINE.md and every answer in
# bench/DEADLINE.jsonl (the harness is built to bin/deadlinebench, so its exit
# status reaches make). About 5,700 answers in about 17 minutes (a little more
# when the bot is late); it fails if any answer was late or failed. A smoke
# run of about 2 minutes, kept out of bench/:
#   make deadline-bench DEADLINE_FLAGS=-quick DEADLINE_OUT=/tmp/deadline-quick.md
DEADLINE_FLAGS ?=
DEADLINE_OUT   ?= bench/DEADLINE.md
deadline-bench: build index
	@mkdir -p $(dir $(DEADLINE_OUT))
	$(GO) build -o $(BIN)/deadlinebench ./scripts/deadlinebench
	$(BIN)/deadlinebench -bot $(BIN)/lexico-bot -index $(INDEX) -out $(DEADLINE_OUT) $(DEADLINE_FLAGS)

# Issue 44's proof that serve holds (scripts/serveprobe): live /move answers
# (MoveTime 1 s, ResponseDeadline = now + MoveTime) alone, beside 16 web
# simulations and 2 web games, and under 6,000 idle connections against a
# server limited to 4,096 files (prlimit); cross-site requests to the web
# API; a body a byte a second on every endpoint; SIGTERM with web searches
# thinking. Loopback only. About 80 seconds; it fails on a late or failed
# /move, a cross-site request served, a slow body held past 4 s or a
# shutdown over 1 s. It opens 6,000 connections itself: its hard open-file
# limit (`ulimit -Hn`) must be at least 6,300.
.PHONY: serve-probe
SERVE_PROBE_FLAGS ?=
serve-probe: build
	$(GO) build -o $(BIN)/serveprobe ./scripts/serveprobe
	$(BIN)/serveprobe -bot $(BIN)/lexico-bot $(SERVE_PROBE_FLAGS)

# The endgame solver's clock: self-play endgames with two blanks on the
# mover's rack, answered through answer.Bot two at once, 1 s a move; it
# fails if an answer was late. About 45 seconds.
endgame-clock: build index
	LEXICO_INDEX=$(abspath $(INDEX)) $(GO) run ./scripts/endgameclock

# The endgame solver on the measure of its design: 1,000 self-play endgames
# (bag empty), 1 s each, the games 1-500 and 501-1000 at once (one core
# each), then the summary of the whole (proven within the budget, solve
# times, nodes a second, proven by tiles on both racks). Each endgame's
# figures stay in $(ENDGAMES).jsonl. About 2.5 minutes on the 2-core machine
# (27 Nov 2026: 841 of the 1,000 proven).
ENDGAMES ?= /tmp/lexico-endgames
endgame-figures: build index
	$(GO) build -o $(BIN)/endgamefigures ./scripts/endgamefigures
	rm -f $(ENDGAMES)-1.jsonl $(ENDGAMES)-501.jsonl $(ENDGAMES).jsonl
	export LEXICO_INDEX=$(abspath $(INDEX)); \
	$(BIN)/endgamefigures -seed 1 -n 500 -budget 1s -out $(ENDGAMES)-1.jsonl > $(ENDGAMES)-1.log & first=$$!; \
	$(BIN)/endgamefigures -seed 501 -n 500 -budget 1s -out $(ENDGAMES)-501.jsonl > $(ENDGAMES)-501.log & second=$$!; \
	wait $$first && wait $$second
	cat $(ENDGAMES)-1.jsonl $(ENDGAMES)-501.jsonl > $(ENDGAMES).jsonl
	LEXICO_INDEX=$(abspath $(INDEX)) $(BIN)/endgamefigures -seed 1 -n 1000 -resume -out $(ENDGAMES).jsonl

clean:
	rm -rf $(BIN)
