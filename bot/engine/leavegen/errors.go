package leavegen

import "errors"

// ErrStopped is returned by Run when ctx ended: the statistics hold the
// games finished before, up to the last whole batch.
var ErrStopped = errors.New("training stopped")
