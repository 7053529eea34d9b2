package index

import "unsafe"

// GADDAGInPlace reports whether the GADDAG's bytes in the memory map are
// 4-byte aligned, the condition for gaddag.Load to use them without a copy.
func GADDAGInPlace(x *Index) bool {
	v := x.pin.Bucket(BucketGADDAG).Get(GADDAGKey)
	return len(v) > 0 && uintptr(unsafe.Pointer(&v[0]))%4 == 0
}
