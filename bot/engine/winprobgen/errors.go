package winprobgen

import "github.com/lexico/lexico/bot/engine/leavegen"

// ErrStopped is returned by Run when ctx ended: the statistics hold the
// games finished before, up to the last whole batch. It is the leave
// trainer's: both play their games by leavegen.PlayShard.
var ErrStopped = leavegen.ErrStopped
