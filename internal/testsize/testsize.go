// Package testsize tells tests which size to run at. `make test` runs each
// property on a sample chosen to catch its bugs within the suite's time;
// `make test-long` sets LEXICO_LONG=1 for the thorough sizes (more games,
// more positions, the full word list where a sample serves make test),
// which find the rare cases at the cost of minutes.
package testsize

import "os"

// Long reports whether LEXICO_LONG asks for the long sizes (make
// test-long). It is not -short, which tests use for other things.
func Long() bool {
	v := os.Getenv("LEXICO_LONG")
	return v != "" && v != "0"
}

// Pick is long under LEXICO_LONG and sample otherwise.
func Pick[T any](sample, long T) T {
	if Long() {
		return long
	}
	return sample
}
