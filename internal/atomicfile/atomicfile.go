// Package atomicfile replaces a file so that a reader, or a crash, sees
// either the old content or the new, never half of it: the new content goes
// to a temporary file beside the target (a rename is atomic only within one
// file system), which is synced, renamed over the target, and the directory
// synced so the rename itself survives a crash. On any error the target is
// untouched and the temporary file removed.
//
// The index build (package build) has its own variant: bbolt fills a file by
// path, not through a writer.
package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write replaces path with what write produces, with permissions mode.
func Write(path string, mode os.FileMode, write func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriter(f)
	if err = write(bw); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil {
		d.Sync() // best effort: some file systems refuse to sync a directory
		d.Close()
	}
	return nil
}

// WriteFile is Write for content already in memory, like os.WriteFile.
func WriteFile(path string, data []byte, mode os.FileMode) error {
	return Write(path, mode, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
