// Package atomicfile replaces a file so that a reader, or a crash, sees
// either the old content or the new, never half of it: the new content goes
// to a temporary file beside the target (a rename is atomic only within one
// file system), which is synced, renamed over the target, and the directory
// synced so the rename itself survives a crash. On any error the target is
// untouched and the temporary file removed.
//
// A path that is a symbolic link is written through: the file it points to
// is the one replaced (see Target), and the link stays a link, as with a
// plain write. Renaming onto the link itself would turn it into a plain
// file and leave the file it named as it was.
//
// The index build (package build) has its own variant: bbolt fills a file by
// path, not through a writer.
package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// maxLinks bounds the links Target follows, as the kernel does (Linux's
// MAXSYMLINKS): more is a loop.
const maxLinks = 40

// Target is the file a write to path replaces: path itself, unless it is a
// symbolic link, then the file the chain of links ends at, which need not
// exist yet (a dangling link is written through, as a shell's > does).
// Only the last element is followed: a rename through a linked directory
// already lands in the directory it names.
func Target(path string) (string, error) {
	for range maxLinks {
		if fi, err := os.Lstat(path); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			// Not there (a new file), or not a link; or it cannot be
			// looked at, which the write then reports in its own words.
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", fmt.Errorf("%s: %w", path, syscall.ELOOP) // "too many levels of symbolic links"
}

// Write replaces path with what write produces, with permissions mode; a
// path that is a symbolic link has the file it points to replaced.
func Write(path string, mode os.FileMode, write func(w io.Writer) error) (err error) {
	name := path // the name the caller knows, for its messages
	if path, err = Target(path); err != nil {
		return err
	}
	if err := check(name, path); err != nil {
		return err
	}
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
		return fmt.Errorf("writing %s: %w", name, err)
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

// Check refuses, with ErrNotRegular, a path Write would refuse for what is
// there: for a command that writes only after long work (a trainer's first
// checkpoint), to say so before the work.
func Check(path string) error {
	target, err := Target(path)
	if err != nil {
		return err
	}
	return check(path, target)
}

// check refuses a target that is there and no regular file: the rename
// would turn a device or a named pipe into a plain file (as root, /dev/null
// itself), and a directory cannot be renamed over. name is the path the
// caller knows.
func check(name, target string) error {
	if fi, err := os.Stat(target); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is %s: %w", name, Kind(fi.Mode()), ErrNotRegular)
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

// Kind names the kind of a file that is not a regular one: "a directory",
// "a device", "a named pipe", "a socket".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a file of mode " + m.String()
}
