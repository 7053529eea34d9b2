package gamestate

import (
	"encoding/json"
	"strconv"
)

// number is a JSON number as its text, like json.Number, except that it
// refuses a string: encoding/json decodes "5000" into a json.Number as
// gladly as 5000, so a gamestate whose MoveTime or premium squares are
// strings was taken as if they were numbers. The platform writes numbers;
// a string there is a bug in whoever wrote the gamestate, better named
// than guessed at.
type number string

// stringNumberError is a string found where a number is wanted; Value is
// the string's text, unquoted.
type stringNumberError struct{ Value string }

func (e *stringNumberError) Error() string {
	return "found a JSON string where a number is expected"
}

// UnmarshalJSON takes a JSON number, refuses a string, and leaves any
// other kind to encoding/json's error (null leaves n as it is, as it
// leaves a json.Number).
func (n *number) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		_ = json.Unmarshal(b, &s)
		return &stringNumberError{Value: s}
	}
	var jn json.Number
	if err := json.Unmarshal(b, &jn); err != nil {
		return err
	}
	if jn != "" {
		*n = number(jn)
	}
	return nil
}

func (n number) String() string { return string(n) }

// Int64 is the number as an int64, as json.Number's.
func (n number) Int64() (int64, error) { return strconv.ParseInt(string(n), 10, 64) }

// Float64 is the number as a float64, as json.Number's.
func (n number) Float64() (float64, error) { return strconv.ParseFloat(string(n), 64) }
