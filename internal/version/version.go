// Package version says which build a program is: its module version, the
// commit it was built from (runtime/debug.ReadBuildInfo's vcs settings,
// which `go build` and `go install` record in a clone), the Go version and
// the index format it reads, so a bug report or a league result can name
// exactly what played.
package version

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// commit is set by the Makefile (-ldflags -X) from git, for builds where
// Go records no vcs information: a git worktree (Go looks for a .git
// directory, and a worktree has a .git file) or GOFLAGS=-buildvcs=false.
var commit string

// Info is what a build knows of itself.
type Info struct {
	Version, Commit, Time string
	Modified              bool
	Go                    string
	IndexFormat           int
}

// Read reads the build's own information; indexFormat is the index file
// format the program reads (index.FormatVersion).
func Read(indexFormat int) Info {
	in := Info{Version: "devel", Commit: "unknown", IndexFormat: indexFormat}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return in
	}
	return fromBuildInfo(bi, indexFormat)
}

func fromBuildInfo(bi *debug.BuildInfo, indexFormat int) Info {
	in := Info{Version: "devel", Commit: "unknown", Go: bi.GoVersion, IndexFormat: indexFormat}
	if commit != "" {
		in.Commit = commit
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		in.Version = v
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Commit = s.Value
		case "vcs.time":
			in.Time = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// String is the one line --version prints (after the program's name and
// "version").
func (in Info) String() string {
	commit := in.Commit
	if len(commit) == 40 { // a full hash from Go's vcs information
		commit = commit[:12]
	}
	var notes []string
	if in.Time != "" {
		notes = append(notes, in.Time)
	}
	if in.Modified {
		notes = append(notes, "with uncommitted changes")
	}
	if len(notes) > 0 {
		commit += " (" + strings.Join(notes, ", ") + ")"
	}
	return fmt.Sprintf("%s, commit %s, %s, index format %d", in.Version, commit, in.Go, in.IndexFormat)
}
