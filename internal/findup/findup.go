// Package findup finds a file in the working directory or the nearest
// directory above it: the repository's root (its go.mod) for test fixtures
// and the shared data beside the clone (../shared) for scripts, wherever
// under the tree they run.
package findup

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Above is the path of rel in the working directory or the nearest
// directory above it that holds it. Its error wraps fs.ErrNotExist when no
// directory up to the root does.
func Above(rel string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, rel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no %s above the working directory: %w", rel, fs.ErrNotExist)
		}
		dir = parent
	}
}
