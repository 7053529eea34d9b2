package boltfile

import "errors"

// ErrNoMagic: a meta page does not hold bbolt's magic number.
var ErrNoMagic = errors.New("no bbolt magic number")
