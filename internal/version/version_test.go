package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "1bca1e4c0ffee0123456789abcdef0123456789a"},
		{Key: "vcs.time", Value: "2026-11-25T14:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	got := fromBuildInfo(bi, 3).String()
	want := "devel, commit 1bca1e4c0ffe (2026-11-25T14:00:00Z, with uncommitted changes), go1.26.8, index format 3"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	bi = &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"}}
	if got := fromBuildInfo(bi, 3).String(); !strings.HasPrefix(got, "v1.2.3, commit unknown, go1.26.8") {
		t.Errorf("a tagged install without vcs info: %q", got)
	}
}
