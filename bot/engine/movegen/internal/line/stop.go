package line

import "math"

// Stop is how a generator asks a caller's stop function
// (Args.Stop) whether to go on: before each unit of work (an anchor, a
// lookup, a starting square) and, within one, once every StopEvery steps of
// its walk, counted down inline where the walk does real work
// (if c.UntilStop--; c.UntilStop < 0 && c.CheckStop() { return }). Most
// units take microseconds, but with two blanks one can take milliseconds
// (an opening's anchor), much of it without a single play, so neither a
// check per unit nor one per play bounds how long a stop takes.
type Stop struct {
	stop      func() bool // nil: never stop
	UntilStop int         // steps left before stop is asked again
	Halted    bool        // stop has answered true
}

// StopEvery is how many steps of a walk pass between two questions to
// stop. It trades how soon a search stops against what asking costs: 512
// steps take tens of microseconds even with two blanks, so a search stops
// well under a millisecond after it is asked to, while a stop that reads
// the clock each time costs a fraction of a percent, and the countdown
// itself about 1% of a generation's instructions.
const StopEvery = 512

// ResetStop readies c for a search that asks stop (nil: never stops).
func (c *Stop) ResetStop(stop func() bool) {
	*c = Stop{stop: stop}
}

// CheckStop reports whether the search is to end, asking c.stop if there
// is one, and starts the next countdown. Once it has answered true it keeps
// answering true without asking, so a recursion unwinds in a few steps.
func (c *Stop) CheckStop() bool {
	switch {
	case c.Halted:
	case c.stop == nil:
		c.UntilStop = math.MaxInt
	default:
		c.UntilStop = StopEvery
		c.Halted = c.stop()
	}
	return c.Halted
}

// BeforeUnit counts a unit of work about to start (an anchor) as steps
// steps of the countdown and reports whether the search is to end, asking
// c.stop when the countdown runs out: units that take a few steps each are
// not each worth a question, which may read the clock.
func (c *Stop) BeforeUnit(steps int) bool {
	c.UntilStop -= steps
	return c.Halted || c.UntilStop < 0 && c.CheckStop()
}

// Func is the stop function c asks, for a helper that searches alongside.
func (c *Stop) Func() func() bool { return c.stop }
