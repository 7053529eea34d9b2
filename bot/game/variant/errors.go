package variant

import "errors"

// ErrUnknown is a rule-set name that is neither registered nor an old name.
var ErrUnknown = errors.New("unknown variant")
