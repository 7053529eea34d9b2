// Package topn keeps the n best of a stream of values: the move generator's
// TopN recorder, the board-file solver's listing and the player's candidates
// all keep theirs in a Heap, each with its own order.
//
// The worst value kept sits at the root of a binary min-heap, so a value
// that does not make the list is turned away after one comparison, and one
// that does replaces the worst in O(log n). Values are stored in place, not
// behind pointers, and a full heap never allocates: a caller whose values
// hold slices overwrites the worst value's (Worst, then Fix), reusing its
// storage.
package topn

import "slices"

// Heap keeps at most n values, the worst (by the order given to New) at the
// root. The zero value is not usable; call New.
type Heap[T any] struct {
	items []T
	n     int
	worse func(a, b *T) bool
}

// preallocMax caps the room New reserves up front. n comes from users (a
// --top of 99999999999 once reserved that many values and died out of
// memory before the search began), while the values a heap ever holds are
// bounded by what the stream offers: a rack's plays, a few thousand. Beyond
// the cap the storage grows as values come, as a slice does, and a
// Truncate keeps what it grew to; the typical n (25 listed, tens of sim
// candidates, 500 at most in an endgame) fit in it and never grow.
const preallocMax = 1024

// New keeps the best n values (n >= 1) under worse, which reports whether a
// ranks below b. Among values that rank alike, which one a full heap evicts
// first depends on the order they came in, and on nothing else, as with
// container/heap, whose sift order this follows.
func New[T any](n int, worse func(a, b *T) bool) Heap[T] {
	n = max(n, 1)
	return Heap[T]{items: make([]T, 0, min(n, preallocMax)), n: n, worse: worse}
}

// Len is the number of values kept.
func (h *Heap[T]) Len() int { return len(h.items) }

// Full reports whether n values are kept: a new value must then beat Worst.
func (h *Heap[T]) Full() bool { return len(h.items) == h.n }

// Worst is the lowest-ranked value kept (the heap must not be empty). A
// caller may overwrite it with a better value, then calls Fix.
func (h *Heap[T]) Worst() *T { return &h.items[0] }

// Fix restores the order after the value at Worst was overwritten.
func (h *Heap[T]) Fix() {
	if !h.down(0) {
		h.up(0)
	}
}

// Push adds x to a heap that is not full. A full heap panics: its caller
// compares with Worst and overwrites it instead.
func (h *Heap[T]) Push(x T) {
	if h.Full() {
		panic("topn: Push on a full heap")
	}
	h.items = append(h.items, x)
	h.up(len(h.items) - 1)
}

// Items is the values kept, in heap order (the worst first, the rest in no
// useful order). The slice is the heap's own: it is valid until the next
// change.
func (h *Heap[T]) Items() []T { return h.items }

// Best is a copy of the values kept, best first.
func (h *Heap[T]) Best() []T {
	out := slices.Clone(h.items)
	slices.SortStableFunc(out, func(a, b T) int {
		switch {
		case h.worse(&b, &a):
			return -1
		case h.worse(&a, &b):
			return 1
		}
		return 0
	})
	return out
}

// Truncate empties the heap but leaves its items' values in its storage,
// where Spare finds them, so that items owning memory of their own (a
// slice) can reuse it on the next fill. Reset is the one that lets the
// garbage collector have it.
func (h *Heap[T]) Truncate() { h.items = h.items[:0] }

// Spare is the storage the next Push will fill, holding what a Truncate
// left there, or nil when there is none (the heap is full, or its storage
// has not grown that far yet).
func (h *Heap[T]) Spare() *T {
	if n := len(h.items); n < cap(h.items) {
		return &h.items[:n+1][n]
	}
	return nil
}

// Reset forgets the values, keeping the storage.
func (h *Heap[T]) Reset() {
	clear(h.items)
	h.items = h.items[:0]
}

// up and down are container/heap's sift steps, on the slice itself rather
// than through an interface.
func (h *Heap[T]) up(j int) {
	for {
		i := (j - 1) / 2 // parent
		if i == j || !h.worse(&h.items[j], &h.items[i]) {
			break
		}
		h.items[i], h.items[j] = h.items[j], h.items[i]
		j = i
	}
}

func (h *Heap[T]) down(i0 int) bool {
	n := len(h.items)
	i := i0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 { // j1 < 0 after int overflow
			break
		}
		j := j1 // left child
		if j2 := j1 + 1; j2 < n && h.worse(&h.items[j2], &h.items[j1]) {
			j = j2 // right child
		}
		if !h.worse(&h.items[j], &h.items[i]) {
			break
		}
		h.items[i], h.items[j] = h.items[j], h.items[i]
		i = j
	}
	return i > i0
}
