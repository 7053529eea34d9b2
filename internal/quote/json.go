package quote

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
)

// JSONMismatch reads encoding/json's error for a value of the wrong kind
// (*json.UnmarshalTypeError) in a user's words: found is the kind of JSON
// value given ("number", "array"; never the value itself, which may be a
// megabyte: "number 1e999..." is kept as "number"), want what the field
// takes ("a list", "a whole number from 0"; not Go's type names), and field
// the field's path ("" for the whole value). ok is false for any other
// error.
func JSONMismatch(err error) (found, want, field string, ok bool) {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return "", "", "", false
	}
	found, _, _ = strings.Cut(te.Value, " ")
	return found, jsonKind(te.Type), te.Field, true
}

var jsonNumber = reflect.TypeFor[json.Number]()

// jsonKind names what a value of Go type t takes in JSON.
func jsonKind(t reflect.Type) string {
	if t == jsonNumber {
		return "a number"
	}
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number from 0"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}
