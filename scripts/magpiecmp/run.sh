#!/bin/bash
# The best play by equity and by score, and every play, ours against
# MAGPIE's, on the positions of our benchmark corpus, one thread each,
# alternated in the same minutes (README.md):
#
#   scripts/magpiecmp/run.sh MAGPIE_GIT WORKDIR [ROUNDS]
#
# MAGPIE_GIT is anything git clones (https://github.com/jvc56/MAGPIE, or a
# local mirror); WORKDIR receives the clone, the data and the figures;
# ROUNDS (default 4) is how many times each engine is timed in turn. Needs
# gcc, make, Go, python3, and the index (make index: $LEXICO_INDEX, else
# the default index in the user cache directory).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 MAGPIE_GIT WORKDIR [ROUNDS]" >&2; exit 2; }
src=$1 work=$(mkdir -p "$2" && cd "$2" && pwd) rounds=${3:-4}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
index=${LEXICO_INDEX:-${XDG_CACHE_HOME:-$HOME/.cache}/lexico/default.db}
[ -f "$index" ] || { echo "$0: no index at $index: run make index" >&2; exit 2; }
M=$work/MAGPIE D=$work/data E=$work/export
log() { echo "== $* ($(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg))"; }

log "MAGPIE: clone and release build"
[ -d "$M" ] || git clone -q "$src" "$M"
git -C "$M" log -1 --format='MAGPIE at %h (%cs)'
make -C "$M" magpie BUILD=release >"$work/magpie-build.log" 2>&1 ||
	{ tail -n 20 "$work/magpie-build.log" >&2; exit 1; }

log "ours: the exporter and the benchmark binary"
go build -o "$work/magpiecmp" ./scripts/magpiecmp
go test -c -o "$work/movegen.test" ./bot/engine/movegen/
mkdir -p "$E" "$D/lexica" "$D/strategy"
LEXICO_INDEX=$index "$work/magpiecmp" data/positions/corpus.jsonl "$E"

log "MAGPIE's data from ours: rules, words, leave tables"
cp -r "$E/letterdistributions" "$E/layouts" "$D/"
cp "$E/words.txt" "$D/lexica/CSWLEX.txt"
cp "$E/leaves-multipliers.csv" "$D/lexica/CSWLVMULT.csv"
cp "$E/leaves-multipliers.csv" "$D/lexica/CSWLVMULT4.csv"
cp "$E/leaves-classic.csv" "$D/lexica/CSWLVCLASSIC.csv"
# MAGPIE reads its default layout from ./data before its data path applies,
# and infers a lexicon's letter distribution from its name's prefix (CSW).
ln -sfn "$D" "$M/data"
(cd "$M" && bin/magpie convert text2kwg CSWLEX english >/dev/null &&
	bin/magpie convert text2wordmap CSWLEX english -threads 2 >/dev/null &&
	bin/magpie convert csv2klv CSWLVMULT english >/dev/null &&
	bin/magpie convert csv2klv CSWLVMULT4 english4 >/dev/null &&
	bin/magpie convert csv2klv CSWLVCLASSIC english_noblank >/dev/null)

# The same data with every leave worth 0: MAGPIE's search by score.
Z=$work/data-zero
mkdir -p "$Z/lexica"
cp -r "$D/letterdistributions" "$D/layouts" "$Z/"
ln -sf "$D/lexica/CSWLEX.kwg" "$D/lexica/CSWLEX.wmp" "$Z/lexica/"
for t in CSWLVMULT CSWLVMULT4 CSWLVCLASSIC; do awk -F, '{print $1",0"}' "$D/lexica/$t.csv" >"$Z/lexica/$t.csv"; done
ln -sfn "$Z" "$M/data"
(cd "$M" && bin/magpie convert csv2klv CSWLVMULT english >/dev/null &&
	bin/magpie convert csv2klv CSWLVMULT4 english4 >/dev/null &&
	bin/magpie convert csv2klv CSWLVCLASSIC english_noblank >/dev/null)
ln -sfn "$D" "$M/data"

log "the driver, linked against MAGPIE's release objects"
gcc -O3 -flto -march=native -DNDEBUG -DBOARD_DIM=15 -DRACK_SIZE=7 -w -pthread -I"$M/src" \
	-o "$work/bench" "$here/magpie/bench.c" $(find "$M/obj/release-b15-r7/src" -name '*.o') -lm

log "the same problem? each position's best play, MAGPIE's against ours"
(cd "$M" && "$work/bench" "$D" "$E/positions.txt" 1 0 0 best "$work/check.txt" >/dev/null)
python3 "$here/magpie/compare.py" "$E/ours.txt" "$work/check.txt" | tee "$work/compare.txt" | sed -n 1,17p

raw=$work/raw
rm -rf "$raw" && mkdir -p "$raw"
for r in $(seq 1 "$rounds"); do
	log "round $r: ours" | tee -a "$raw/alternate.log"
	(cd bot/engine/movegen && LEXICO_INDEX=$index "$work/movegen.test" -test.run '^$' \
		-test.bench 'Strategy/gaddag/blanks=./(all|findbest|findbest-equity)$' -test.benchtime 2000x) >"$raw/ours-$r.txt" 2>&1
	for mode in "1 0" "1 1" "0 0"; do
		set -- $mode
		log "round $r: MAGPIE wmp=$1 cold=$2" | tee -a "$raw/alternate.log"
		(cd "$M" && "$work/bench" "$D" "$E/positions.txt" "$1" "$2" 15 best) >"$raw/magpie-wmp$1-cold$2-$r.txt" 2>&1
	done
	log "round $r: MAGPIE by score (every leave 0)" | tee -a "$raw/alternate.log"
	(cd "$M" && "$work/bench" "$Z" "$E/positions.txt" 1 0 15 best) >"$raw/magpie-wmp1-cold0-zero-$r.txt" 2>&1
	log "round $r: MAGPIE, every move" | tee -a "$raw/alternate.log"
	(cd "$M" && "$work/bench" "$D" "$E/positions.txt" 1 0 15 all) >"$raw/magpie-wmp1-cold0-all-$r.txt" 2>&1
done
log "end" | tee -a "$raw/alternate.log"
python3 "$here/magpie/summarize.py" "$raw" | tee "$work/summary.txt" | tail -n 26
