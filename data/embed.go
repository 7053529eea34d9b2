// Package data holds the files the binaries carry with them, so that a user with
// no index file and no network still gets a working bot.
package data

import _ "embed"

// DefaultDictionaryGz is the gzip-compressed default word list (see README.md
// beside this file for its origin and licence).
//
//go:embed word-list-4.1.0.txt.gz
var DefaultDictionaryGz []byte

// DefaultDictionaryName names the embedded list in index metadata.
const DefaultDictionaryName = "embedded:word-list-4.1.0"

// PlatformDictionaryURL is the dictionary every platform gamestate names in
// its Dictionary field. It cannot be fetched from our machines (README.md
// beside this file), so the embedded list stands in for it: a command that
// plays such a gamestate with the embedded list has nothing to tell.
const PlatformDictionaryURL = "https://s3.eu-west-2.amazonaws.com/aigaming2/Lexico/dictionary.txt"
