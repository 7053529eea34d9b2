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

.PHONY: all build index run test test-long test-race test-fuzz test-damage test-web web-screenshots bench bench-magpie quality quality-reference quality-pre-endgame quality-pre-endgame-reference quality-late quality-late-reference quality-endgame quality-endgame-reference quality-pre-endgame-exact quality-pre-endgame-exact-reference quality-last-tile quality-last-tile-reference deadline-bench endgame-clock endgame-figures clean

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
INDEX_SRC := $(shell find build wordlist index internal/alphabet cmd/lexico-index -name '*.go' ! -name '*_test.go') \
	data/word-list-4.1.0.txt.gz go.sum
$(INDEX): $(INDEX_SRC) | build
	@mkdir -p $(dir $(INDEX))
	$(BIN)/lexico-index build --out $(INDEX)

index: $(INDEX)

run: build index
	$(BIN)/lexico-index stats --brief --index $(INDEX)
	@if $(BIN)/lexico-bot run --help >/dev/null 2>&1; then \
		echo "== lexico-bot run $(STATE)"; \
		$(BIN)/lexico-bot run --index $(INDEX) $(STATE); \
	fi

# make test: about 105 to 115 s of CPU with a warm build cache (more on a
# busy machine), of which about 85 s running the test binaries and most of
# the rest linking some 55 of them (CI runs it through .ci/run); keep it
# under 90 s of wall time on the 2-core machine and under 120 s of CPU.
# gotestsum (a tool of go.mod's: go tool gotestsum) prints each package's
# line as it finishes (plain go test prints them in order, behind the
# slowest) and the failures' output, then
# the tests over 5 s from the run's JSON (bin/test.json). The tests whose
# cost is size (more games, positions or words than their bug needs) run a
# sample here and their thorough size in make test-long (internal/testsize).
# The tests that read an index of the whole embedded list share one file
# (build/buildtest: $LEXICO_TEST_CACHE, else ~/.cache/lexico-test), built
# on first use and again whenever the builder's source changes; the build
# package's own tests build small lists through the same code, and the
# whole list in make test-long. go test's own vet is off: go vet
# ./... has just run every check of its subset. The test binaries are linked
# without DWARF or the symbol table (-ldflags="-w -s"), a fifth of the
# links' CPU, which only a debugger reads; panics still print their stacks
# (from the runtime's own tables). They are built as make build builds the
# programs, without cgo (CGO_ENABLED=0): what is tested is what ships, the
# two share Go's build cache, and a static binary links with less work and
# starts without the dynamic loader (the command's tests start their own
# binary as lexico-bot many times). make test-race keeps cgo, which the race
# detector needs. Three packages build or run at once on the two cores (-p 3,
# go's default is one a core): some tests wait (a MoveTime, a subprocess,
# Chromium) and a third package fills those waits, some seconds off the suite's
# time on the 2-core machine; a fourth adds contention, not speed.
test: export CGO_ENABLED = 0
test:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	@mkdir -p $(BIN)
	$(GO) tool gotestsum --format pkgname-and-test-fails --jsonfile $(BIN)/test.json -- -p 3 -count=1 -vet=off -ldflags="-w -s" ./...
	@echo "tests over 5 s:"; $(GO) tool gotestsum tool slowest --jsonfile $(BIN)/test.json --threshold 5s

# The thorough sizes (LEXICO_LONG=1, internal/testsize), one package after
# the other (-p 1: otherwise go test holds back -v output), each test printed
# as it ends: the move generators' agreement over 25 random games per variant
# (GADDAG against exhaustive on about 1,900 positions, anagram against GADDAG
# on about 1,450, every 250 compared printed as it goes) and over the whole
# corpus, the cross sets followed through five games; the endgame
# solver against minimax on about 230 endgames; the command's strategies and
# --best on 12 corpus positions, two sim games a variant through play; the
# committed position corpus regenerated byte for byte; the full default
# index verified and rebuilt when damaged. Each of these packages' other
# tests runs again with them. About 3 minutes and 255 s of CPU on the
# 2-core machine, most of it the move generators' sweep.
LONG_PKGS := ./bot/engine/movegen/ ./bot/engine/movegen/reference/ ./bot/engine/endgame/ \
	./cmd/lexico-bot/ ./scripts/genpositions/ ./index/ ./build/
test-long:
	LEXICO_LONG=1 $(GO) test -count=1 -p 1 -v -timeout 30m $(LONG_PKGS)

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
# It needs Chromium (see test-web) and fails without it, saying so.
web-screenshots:
	LEXICO_BROWSER_LONG=1 LEXICO_SCREENSHOTS=$(abspath bench/web) $(GO) test -count=1 -timeout 10m -run Browser ./bot/match/web/

# The move-generation strategies compared over data/positions/corpus.jsonl:
# bench/RESULTS.md (side-by-side table) and bench/chart.svg, from the raw
# `go test -json` output kept in bench/raw.jsonl; then every other package's
# benchmarks, printed as they run. About 3 minutes (2m52s on 27 Nov 2026).
# The raw output goes to a temporary file renamed into place when the run
# succeeds: a run that fails or is interrupted leaves the last one whole.
bench: build index
	@mkdir -p bench
	LEXICO_INDEX=$(abspath $(INDEX)) $(GO) test -run '^$$' -bench . -benchmem -json ./bot/engine/movegen/ > bench/raw.jsonl.tmp \
		|| { rm -f bench/raw.jsonl.tmp; exit 1; }
	mv bench/raw.jsonl.tmp bench/raw.jsonl
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

# Issue 45's decision quality (scripts/quality, docs/quality.md): each policy
# of QUALITY_POLICIES answers the 250 middle-game positions of
# data/quality/positions.jsonl at QUALITY_BUDGET a move, as a real process
# with one thread (ours: run --lines, GOMAXPROCS=1; MAGPIE's: magpie-serve,
# which needs ../shared/magpie set up and MAGPIE_WORK), the engines in turn
# position by position; the answers go to bench/quality/answers-BUDGET.jsonl
# (this budget's are asked afresh), the moves the reference lacks are valued
# in its own worlds (data/quality/extra.jsonl), and bench/QUALITY.md reports
# every budget's mean loss against the reference's best, with 95% intervals
# and the paired differences ours - MAGPIE's. About 6 minutes at 1s (the two
# simulations think some 1.5 s a position; 29 Nov 2026, load 14 to 21), 31 at
# 5s with the two simulations only:
#   make quality QUALITY_BUDGET=5s
QUALITY_BUDGET   ?= 1s
QUALITY_POLICIES ?= equity,sim,magpie-static,magpie-sim
QUALITY_PAIRS    ?= sim:magpie-sim,equity:magpie-static,sim@1000ms:sim@5000ms,magpie-sim@1000ms:magpie-sim@5000ms,sim@1000ms:equity@1000ms
quality: build index
	@mkdir -p bench/quality
	$(GO) build -o $(BIN)/quality ./scripts/quality
	rm -f bench/quality/answers-$(QUALITY_BUDGET).jsonl
	LEXICO_INDEX=$(abspath $(INDEX)) $(BIN)/quality bench -bot $(BIN)/lexico-bot -budget $(QUALITY_BUDGET) \
		-policies $(QUALITY_POLICIES) -out bench/quality/answers-$(QUALITY_BUDGET).jsonl
	LEXICO_INDEX=$(abspath $(INDEX)) $(BIN)/quality extra bench/quality/answers-*.jsonl
	$(BIN)/quality score -out bench/QUALITY.md -pairs $(QUALITY_PAIRS) -command "make quality" bench/quality/answers-*.jsonl

# quality-set runs equity, sim and MAGPIE's sim at 1 s on the set of
# data/quality/$(1) (its answers afresh), values the chosen moves its
# reference lacks, and writes bench/$(2) with the paired differences $(3).
comma := ,
define quality-set
	@mkdir -p bench/quality/$(1)
	$(GO) build -o $(BIN)/quality ./scripts/quality
	rm -f bench/quality/$(1)/answers-1s.jsonl
	LEXICO_INDEX=$(abspath $(INDEX)) $(BIN)/quality bench -in data/quality/$(1)/positions.jsonl -bot $(BIN)/lexico-bot \
		-budget 1s -policies equity,sim,magpie-sim -out bench/quality/$(1)/answers-1s.jsonl
	LEXICO_INDEX=$(abspath $(INDEX)) $(BIN)/quality extra -in data/quality/$(1)/positions.jsonl -ref data/quality/$(1)/reference.jsonl \
		-out data/quality/$(1)/extra.jsonl bench/quality/$(1)/answers-*.jsonl
	$(BIN)/quality score -in data/quality/$(1)/positions.jsonl -ref data/quality/$(1)/reference.jsonl -extra data/quality/$(1)/extra.jsonl \
		-out bench/$(2) -pairs $(3) -command "make quality-$(1)" bench/quality/$(1)/answers-*.jsonl
endef

# The same near the end of the game: the 150 positions of
# data/quality/pre-endgame (1 to 7 tiles in the bag, the spread within 100
# points, every world played to the game's end, so a candidate's share of
# worlds ahead is its win rate), equity, sim and MAGPIE's sim at 1 s;
# bench/QUALITY-PRE-ENDGAME.md. About 4 minutes (29 Nov 2026, load 1).
PRE_ENDGAME := data/quality/pre-endgame
quality-pre-endgame: build index
	$(call quality-set,pre-endgame,QUALITY-PRE-ENDGAME.md,sim:magpie-sim$(comma)sim:equity)

# The turns before the pre-endgame: the 150 positions of data/quality/late
# (8 to 13 tiles in the bag, the spread within 100), whose reference plays
# every candidate to the game's end, so that ahead is the loss in the
# chance of winning; equity, sim and MAGPIE's sim at 1 s;
# bench/QUALITY-LATE.md, beside the answers of the default before (answers-1s-before:
# 2 plies by points with 8 or more in the bag) and of --sim-end-bag 13. About 5
# minutes (30 Nov 2026, load 1).
LATE := data/quality/late
quality-late: build index
	$(call quality-set,late,QUALITY-LATE.md,sim:magpie-sim$(comma)sim:equity$(comma)sim@1000ms:sim@1000ms/before)

# The endgames: the 150 positions of data/quality/endgame (the bag empty,
# the spread within 100), whose reference is the endgame solver's exact
# value of each candidate; equity, sim and MAGPIE's sim at 1 s;
# bench/QUALITY-ENDGAME.md. About 1 minute (30 Nov 2026, load 0.5).
ENDGAME := data/quality/endgame
quality-endgame: build index
	$(call quality-set,endgame,QUALITY-ENDGAME.md,sim:magpie-sim$(comma)sim:equity)

# The reference the quality benchmark is scored against
# (data/quality/reference.jsonl): each position's 40 best static candidates
# played out in 250 fixed worlds, 2 plies, and those within 8 points of the
# best in 750 more. About 4 million playouts: some 7 minutes of two free
# cores, an hour or more on a busy machine; it runs niced. It resumes where
# it stopped (positions done are skipped), and -shard I/N splits it between
# machines.
quality-reference: index
	$(GO) build -o $(BIN)/quality ./scripts/quality
	LEXICO_INDEX=$(abspath $(INDEX)) nice -n 10 $(BIN)/quality reference -candidates 40 -worlds 1000 \
		-prune-after 250 -prune-margin 8 -seed 1 -threads 2

# The pre-endgame set's reference: each position's 40 best static
# candidates, every one played to the game's end in the same 1,000 worlds
# (no pruning: a candidate behind on points may win more often). About 7
# minutes of two free cores.
quality-pre-endgame-reference: index
	$(GO) build -o $(BIN)/quality ./scripts/quality
	LEXICO_INDEX=$(abspath $(INDEX)) nice -n 10 $(BIN)/quality reference -in $(PRE_ENDGAME)/positions.jsonl \
		-out $(PRE_ENDGAME)/reference.jsonl -candidates 40 -worlds 1000 -prune-after 0 -seed 1 -threads 2

# The pre-endgame set's 51 positions with one or two tiles in the bag,
# valued exactly (reference -exact-bag): each of 12 static candidates and
# the pass solved by the endgame solver in every deal of the unseen tiles
# (8 with one in the bag, 72 with two), within 2 million positions a solve;
# a check of the simulated reference that needs no model of play. About 30
# minutes of two free cores for the 24 with one tile, an hour and a half to
# two more for the 27 with two (2 to 28 minutes each); resumable (the lines
# done are skipped).
quality-pre-endgame-exact-reference: index
	$(GO) build -o $(BIN)/quality ./scripts/quality
	LEXICO_INDEX=$(abspath $(INDEX)) nice -n 10 $(BIN)/quality reference -in $(PRE_ENDGAME)/positions.jsonl \
		-out $(PRE_ENDGAME)/exact-reference.jsonl -candidates 12 -solve-nodes 2000000 -exact-bag 2 -max-bag 2 -threads 2

# The pre-endgame set's answers (make quality-pre-endgame, and those at 5 s)
# scored against that exact reference: bench/QUALITY-PRE-ENDGAME-EXACT.md.
# About 10 minutes (valuing the chosen moves it lacks).
quality-pre-endgame-exact: index
	$(GO) build -o $(BIN)/quality ./scripts/quality
	LEXICO_INDEX=$(abspath $(INDEX)) $(BIN)/quality extra -in $(PRE_ENDGAME)/positions.jsonl -ref $(PRE_ENDGAME)/exact-reference.jsonl \
		-out $(PRE_ENDGAME)/exact-extra.jsonl bench/quality/pre-endgame/answers-1s.jsonl bench/quality/pre-endgame/answers-5s.jsonl
	$(BIN)/quality score -in $(PRE_ENDGAME)/positions.jsonl -ref $(PRE_ENDGAME)/exact-reference.jsonl -extra $(PRE_ENDGAME)/exact-extra.jsonl \
		-out bench/QUALITY-PRE-ENDGAME-EXACT.md -pairs sim:magpie-sim$(comma)sim:equity -command "make quality-pre-endgame-exact" \
		bench/quality/pre-endgame/answers-1s.jsonl bench/quality/pre-endgame/answers-5s.jsonl

# The last-tile set: 150 positions with one tile in the bag and a full rack
# (data/quality/last-tile, `quality positions -stage last-tile -self-policy
# equity`), valued exactly in each deal of the unseen tiles (reference
# -exact-bag 1: 12 static candidates and the pass, each solved within
# 500,000 positions a deal); equity, sim and MAGPIE's sim at 1 s;
# bench/QUALITY-LAST-TILE.md. The reference takes about 70 minutes of two
# free cores (15 to 40 s a position), the answers about 3 minutes.
LAST_TILE := data/quality/last-tile
quality-last-tile: build index
	$(call quality-set,last-tile,QUALITY-LAST-TILE.md,sim:magpie-sim$(comma)sim:equity)

quality-last-tile-reference: index
	$(GO) build -o $(BIN)/quality ./scripts/quality
	LEXICO_INDEX=$(abspath $(INDEX)) nice -n 10 $(BIN)/quality reference -in $(LAST_TILE)/positions.jsonl \
		-out $(LAST_TILE)/reference.jsonl -candidates 12 -solve-nodes 500000 -exact-bag 1 -max-bag 1 -threads 2

# The late set's reference: each position's 40 best static candidates,
# every one played to the game's end (-end-bag 13) in the same 1,000 worlds,
# no pruning. About 15 minutes of two free cores.
quality-late-reference: index
	$(GO) build -o $(BIN)/quality ./scripts/quality
	LEXICO_INDEX=$(abspath $(INDEX)) nice -n 10 $(BIN)/quality reference -in $(LATE)/positions.jsonl \
		-out $(LATE)/reference.jsonl -candidates 40 -worlds 1000 -prune-after 0 -end-bag 13 -seed 1 -threads 2

# The endgame set's reference: each position solved, then its 12 best
# static candidates, the pass and the solver's best each valued exactly by
# solving the position after it, within 2 million positions searched a
# solve (the same on any machine; a position not proven in that is left
# out). About 8 minutes of two free cores.
quality-endgame-reference: index
	$(GO) build -o $(BIN)/quality ./scripts/quality
	LEXICO_INDEX=$(abspath $(INDEX)) nice -n 10 $(BIN)/quality reference -in $(ENDGAME)/positions.jsonl \
		-out $(ENDGAME)/reference.jsonl -candidates 12 -solve-nodes 2000000 -threads 2

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
# times, nodes a second, proven by tiles on both racks); a half that fails
# fails the target once the other has ended too. Each endgame's
# figures stay in $(ENDGAMES).jsonl. About 2.5 minutes on the 2-core machine
# (27 Nov 2026: 841 of the 1,000 proven).
ENDGAMES ?= /tmp/lexico-endgames
endgame-figures: build index
	$(GO) build -o $(BIN)/endgamefigures ./scripts/endgamefigures
	rm -f $(ENDGAMES)-1.jsonl $(ENDGAMES)-501.jsonl $(ENDGAMES).jsonl
	export LEXICO_INDEX=$(abspath $(INDEX)); \
	$(BIN)/endgamefigures -seed 1 -n 500 -budget 1s -out $(ENDGAMES)-1.jsonl > $(ENDGAMES)-1.log & first=$$!; \
	$(BIN)/endgamefigures -seed 501 -n 500 -budget 1s -out $(ENDGAMES)-501.jsonl > $(ENDGAMES)-501.log & second=$$!; \
	wait $$first; a=$$?; wait $$second; b=$$?; [ $$a -eq 0 ] && [ $$b -eq 0 ]
	cat $(ENDGAMES)-1.jsonl $(ENDGAMES)-501.jsonl > $(ENDGAMES).jsonl
	LEXICO_INDEX=$(abspath $(INDEX)) $(BIN)/endgamefigures -seed 1 -n 1000 -resume -out $(ENDGAMES).jsonl

clean:
	rm -rf $(BIN)
