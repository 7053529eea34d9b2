package index_test

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lexico-index-test-")
	if err != nil {
		panic(err)
	}
	defaultDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
