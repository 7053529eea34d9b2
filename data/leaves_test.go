package data

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every table in data/leaves/ ships, as the file holds it: one added to the
// directory but not to LearnedLeaves would silently not be used.
func TestEveryShippedTableIsListed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("leaves", "*.leaves"))
	if err != nil || len(files) == 0 {
		t.Fatalf("data/leaves/*.leaves: %v, %d files", err, len(files))
	}
	listed := map[string]string{}
	for _, l := range LearnedLeaves() {
		listed[l.Name] = l.Data
	}
	if len(listed) != len(files) {
		t.Errorf("%d tables listed, %d files in data/leaves", len(listed), len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".leaves")
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if data, ok := listed[name]; !ok || data != string(b) {
			t.Errorf("%s: listed %v, the same bytes as the file: %v", f, ok, data == string(b))
		}
	}
}
