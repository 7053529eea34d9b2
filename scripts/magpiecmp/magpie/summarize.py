#!/usr/bin/env python3
# Per-round middle-game medians (µs) from raw*/ and their ranges.
import re, sys, glob, collections
rows = collections.defaultdict(dict)  # (set, round) -> {(engine, blanks): value}
for d in sys.argv[1:]:
    for f in sorted(glob.glob(f"{d}/ours-*.txt")):
        r = int(re.search(r'-(\d+)\.txt', f).group(1))
        for l in open(f):
            m = re.search(r'blanks=(\d)/(all|findbest|findbest-equity)-\d+\s.*?([\d.]+) mid-p50-us', l)
            if m:
                name = {'all': 'all', 'findbest': 'score', 'findbest-equity': 'equity'}[m.group(2)]
                rows[(d, r)][('ours-' + name, int(m.group(1)))] = float(m.group(3))
    for f in sorted(glob.glob(f"{d}/magpie-*.txt")):
        m0 = re.search(r'magpie-(wmp\d-cold\d(?:-zero|-all)?)-(\d+)\.txt', f)
        r = int(m0.group(2))
        for l in open(f):
            m = re.search(r'blanks=(\d).*movegen:.*mid-p50-us ([\d.]+) mid-median-of-pos-medians-us ([\d.]+) \| \+crosssets:.*mid-p50-us ([\d.]+)', l)
            if m:
                b = int(m.group(1))
                rows[(d, r)][('magpie-' + m0.group(1), b)] = float(m.group(2))
                rows[(d, r)][('magpie-' + m0.group(1) + '-posmed', b)] = float(m.group(3))
                rows[(d, r)][('magpie-' + m0.group(1) + '+xsets', b)] = float(m.group(4))
engines = ['ours-all', 'magpie-wmp1-cold0-all', 'ours-score', 'ours-equity', 'magpie-wmp1-cold0-zero', 'magpie-wmp1-cold0', 'magpie-wmp1-cold0-posmed', 'magpie-wmp1-cold0+xsets', 'magpie-wmp1-cold1', 'magpie-wmp1-cold1+xsets', 'magpie-wmp0-cold0', 'magpie-wmp0-cold0+xsets']
print("| set/round | " + " | ".join(f"{e} b={b}" for e in engines for b in range(3)) + " |")
print("|---" * (1 + 3 * len(engines)) + "|")
allv = collections.defaultdict(list)
for k in sorted(rows):
    v = rows[k]
    print(f"| {k[0].split('/')[-1]} r{k[1]} | " + " | ".join(f"{v.get((e,b), float('nan')):.1f}" for e in engines for b in range(3)) + " |")
    for e in engines:
        for b in range(3):
            if (e, b) in v: allv[(e, b)].append(v[(e, b)])
print("\nranges (min-max over rounds), middle-game median µs:")
print("| engine | 0 blanks | 1 blank | 2 blanks |\n|---|---|---|---|")
for e in engines:
    print(f"| {e} | " + " | ".join(f"{min(allv[(e,b)]):.1f}-{max(allv[(e,b)]):.1f}" for b in range(3)) + " |")
import statistics
print("\nmedians over the rounds: each engine's middle-game median, and the ratios round by round:")
print("| blanks | ours by score | ours by equity | MAGPIE by score (zero leaves) | MAGPIE by equity | MAGPIE by equity, cross sets rebuilt | MAGPIE by equity, no word map | MAGPIE / ours by equity | MAGPIE by equity / by score | ours by equity / by score |")
print("|---|---|---|---|---|---|---|---|---|---|")
for b in range(3):
    med = lambda e: statistics.median(rows[k][(e, b)] for k in rows)
    ratio = lambda e1, e2: statistics.median(rows[k][(e1, b)] / rows[k][(e2, b)] for k in rows)
    print(f"| {b} | {med('ours-score'):.1f} | {med('ours-equity'):.1f} | {med('magpie-wmp1-cold0-zero'):.1f} | {med('magpie-wmp1-cold0'):.1f} | "
          f"{med('magpie-wmp1-cold0+xsets'):.1f} | {med('magpie-wmp0-cold0'):.1f} | {ratio('magpie-wmp1-cold0', 'ours-equity'):.2f} | "
          f"{ratio('magpie-wmp1-cold0', 'magpie-wmp1-cold0-zero'):.2f} | {ratio('ours-equity', 'ours-score'):.2f} |")
print("\nevery play (ours: AllPlays; MAGPIE: MOVE_RECORD_ALL_SMALL), medians over the rounds:")
print("| blanks | ours | MAGPIE | MAGPIE, its cross sets rebuilt | MAGPIE / ours |")
print("|---|---|---|---|---|")
for b in range(3):
    if all(('ours-all', b) in rows[k] and ('magpie-wmp1-cold0-all', b) in rows[k] for k in rows):
        med = lambda e: statistics.median(rows[k][(e, b)] for k in rows)
        ratio = statistics.median(rows[k][('magpie-wmp1-cold0-all', b)] / rows[k][('ours-all', b)] for k in rows)
        print(f"| {b} | {med('ours-all'):.1f} | {med('magpie-wmp1-cold0-all'):.1f} | {med('magpie-wmp1-cold0-all+xsets'):.1f} | {ratio:.2f} |")
print("\nratios MAGPIE(wmp, default caches)/ours-equity per round (min-max):")
for b in range(3):
    rs = [rows[k][('magpie-wmp1-cold0', b)] / rows[k][('ours-equity', b)] for k in rows]
    rx = [rows[k][('magpie-wmp1-cold0+xsets', b)] / rows[k][('ours-equity', b)] for k in rows]
    re_ = [rows[k][('ours-equity', b)] / rows[k][('ours-score', b)] for k in rows]
    print(f"blanks={b}: magpie/ours-equity {min(rs):.2f}-{max(rs):.2f}; magpie+xsets/ours-equity {min(rx):.2f}-{max(rx):.2f}; ours equity/score {min(re_):.2f}-{max(re_):.2f}")
