#!/usr/bin/env python3
# Compares our best play by equity (ours.txt from magpiecmp) with MAGPIE's
# (the driver's check file), position by position: MAGPIE's best play, and
# MAGPIE's best tile placement (our search generates placements only); and
# how many tile placements each lists.
import sys, collections
ours, mag = sys.argv[1], sys.argv[2]
o = {}
for l in open(ours):
    if l.startswith('#'): continue
    a, b = l.split('|')
    f = a.split(); g = b.split()
    o[int(f[0])] = dict(var=f[3], bag=int(f[4]), plays=int(f[6]), tiles=int(f[7]), score=int(g[0]), eq=float(g[1]), lv=float(g[2]), move=' '.join(g[3:]))
st = collections.Counter(); rows = []; why = collections.Counter()
for l in open(mag):
    if l.startswith('#'): continue
    head, tail = l.split('|')
    f = head.split(); t = tail.split()
    line, blanks, mid, bag, mbag, typ, score, eq = int(f[0]), int(f[1]), int(f[2]), int(f[3]), int(f[4]), f[5], int(f[6]), float(f[7])
    pscore, peq = int(t[1]), float(t[2])
    x = o[line]
    placements = int(t[t.index('placements') + 1])
    st[('plays', blanks, 'ours')] += x['plays']; st[('plays', blanks, 'magpie')] += placements
    st[('plays', blanks, 'same')] += x['plays'] == placements; st[('plays', blanks, 'n')] += 1
    if x['plays'] != placements:
        # on an empty board MAGPIE lists the plays across only (the board's
        # symmetry) and allows a first word of two letters; ours lists both
        # directions, and Lexico's first word has three letters or more
        st[('plays', blanks, 'opening' if x['tiles'] == 0 else 'other')] += 1
    k = ('mid' if mid else 'other', blanks)
    st[k+('n',)] += 1
    best_ok = abs(x['eq']-eq) < 0.0015 and x['score'] == score
    eq_ok = abs(x['eq']-eq) < 0.0015
    pl_eq_ok = abs(x['eq']-peq) < 0.0015
    pl_ok = pl_eq_ok and x['score'] == pscore
    st[k+('best',)] += best_ok; st[k+('besteq',)] += eq_ok
    st[k+('pl',)] += pl_ok; st[k+('pleq',)] += pl_eq_ok
    if not pl_ok:
        if bag < 7: r = 'bag<7: our leave fade (bag/7) or endgame valuation'
        elif pl_eq_ok: r = 'same equity, another play (tie)'
        else: r = 'other'
        why[(k[0], r)] += 1
        rows.append(f"line {line} blanks={blanks} mid={mid} {x['var']} bag={bag} (magpie bag {mbag}) [{r}]: ours {x['score']} pts eq {x['eq']} ({x['move']}) | magpie best {typ} {score} eq {eq:.3f} ({' '.join(f[8:])}), best placement {pscore} eq {peq:.3f}")
print("phase blanks  n | best play: eq+score agree (eq agrees) | best placement: eq+score agree (eq agrees)")
for ph in ('mid', 'other'):
    for b in range(3):
        k = (ph, b)
        print(f"{ph:5s} {b}  {st[k+('n',)]:3d} | {st[k+('best',)]:3d} ({st[k+('besteq',)]:3d}) | {st[k+('pl',)]:3d} ({st[k+('pleq',)]:3d})")
tot = lambda s: sum(v for kk, v in st.items() if kk[2] == s and kk[0] != 'plays')
print(f"all     {tot('n')} | {tot('best')} ({tot('besteq')}) | {tot('pl')} ({tot('pleq')})")
print("\nevery tile placement: positions where the counts agree, and the plays listed")
for b in range(3):
    print(f"blanks={b}: {st[('plays', b, 'same')]} of {st[('plays', b, 'n')]} positions agree (of the others, {st[('plays', b, 'opening')]} on an empty board, {st[('plays', b, 'other')]} not); plays ours {st[('plays', b, 'ours')]:,} MAGPIE {st[('plays', b, 'magpie')]:,}")
print("\nbest-placement disagreements by cause:")
for kk, v in sorted(why.items()): print(f"  {kk[0]}: {kk[1]}: {v}")
print("\nMAGPIE's best play is an exchange at:", ' '.join(l.split()[0] for l in open(mag) if not l.startswith('#') and l.split()[5] == 'exch'))
print("\nbest-placement disagreements:")
print('\n'.join(rows))
