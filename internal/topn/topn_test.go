package topn

import (
	"container/heap"
	"math/rand/v2"
	"slices"
	"testing"
)

type item struct{ score, id int }

// worseItem ranks by score alone: ties are left to the heap.
func worseItem(a, b *item) bool { return a.score < b.score }

// keep is how the recorders use a Heap: a value that does not beat the
// worst is turned away, one that does overwrites it.
func keep(h *Heap[item], x item) {
	if h.Full() {
		if !worseItem(h.Worst(), &x) {
			return
		}
		*h.Worst() = x
		h.Fix()
		return
	}
	h.Push(x)
}

// The same stream through container/heap, the way movegen's TopN used it.
type refHeap []item

func (r refHeap) Len() int           { return len(r) }
func (r refHeap) Less(i, j int) bool { return r[i].score < r[j].score }
func (r refHeap) Swap(i, j int)      { r[i], r[j] = r[j], r[i] }
func (r *refHeap) Push(x any)        { *r = append(*r, x.(item)) }
func (r *refHeap) Pop() any {
	old := *r
	x := old[len(old)-1]
	*r = old[:len(old)-1]
	return x
}

func refKeep(r *refHeap, n int, x item) {
	if len(*r) == n {
		if x.score <= (*r)[0].score {
			return
		}
		(*r)[0] = x
		heap.Fix(r, 0)
		return
	}
	heap.Push(r, x)
}

// On random streams with many ties, a Heap keeps the best n scores, and
// exactly the values (ties included) container/heap kept in the same
// hands: the recorders built on it keep what they kept before.
func TestHeapKeepsTheBestAsContainerHeapDid(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 500; trial++ {
		n := 1 + r.IntN(12)
		h := New(n, worseItem)
		var ref refHeap
		var all []item
		for id := range r.IntN(200) {
			x := item{score: r.IntN(20), id: id}
			all = append(all, x)
			keep(&h, x)
			refKeep(&ref, n, x)
		}
		if !slices.Equal(h.Items(), []item(ref)) {
			t.Fatalf("trial %d (n %d): kept %v, container/heap kept %v", trial, n, h.Items(), ref)
		}
		slices.SortStableFunc(all, func(a, b item) int { return b.score - a.score })
		best := h.Best()
		if len(best) != min(n, len(all)) {
			t.Fatalf("trial %d: %d kept of %d, n %d", trial, len(best), len(all), n)
		}
		for i := range best {
			if best[i].score != all[i].score {
				t.Fatalf("trial %d: Best %v, want the scores of %v", trial, best, all[:len(best)])
			}
		}
	}
}

// A full heap overwritten in place allocates nothing.
func TestFullHeapDoesNotAllocate(t *testing.T) {
	h := New(10, worseItem)
	for i := range 10 {
		h.Push(item{score: i})
	}
	x := 100
	if a := testing.AllocsPerRun(1000, func() { x++; keep(&h, item{score: x}) }); a != 0 {
		t.Errorf("%v allocations per value kept", a)
	}
}

func TestPushOnAFullHeapPanics(t *testing.T) {
	h := New(1, worseItem)
	h.Push(item{})
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	h.Push(item{})
}

// n comes from users (--top, --sim-candidates): an absurd one must not be
// reserved up front, where it ran the program out of memory before a
// single value came. The heap holds what it is given, and keeps the best
// of a stream longer than its first storage as well as of a short one.
func TestHugeNIsNotReservedUpFront(t *testing.T) {
	h := New(1<<62, worseItem)
	for i := range 3 {
		h.Push(item{score: i})
	}
	if got := h.Best(); len(got) != 3 || got[0].score != 2 {
		t.Fatalf("Best %v, want the 3 values pushed, best first", got)
	}
	if c := cap(h.Items()); c > preallocMax {
		t.Errorf("storage for %d values after 3 pushes", c)
	}

	r := rand.New(rand.NewPCG(3, 4))
	n := 3 * preallocMax
	g := New(n, worseItem)
	var all []item
	for id := range 5 * preallocMax {
		x := item{score: r.IntN(1 << 20), id: id}
		all = append(all, x)
		keep(&g, x)
	}
	slices.SortStableFunc(all, func(a, b item) int { return b.score - a.score })
	best := g.Best()
	if len(best) != n {
		t.Fatalf("%d kept, want %d", len(best), n)
	}
	for i := range best {
		if best[i].score != all[i].score {
			t.Fatalf("value %d kept is %v, want score %d", i, best[i], all[i].score)
		}
	}
}
