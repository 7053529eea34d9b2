package data

import "embed"

// winProbFiles are the win probability tables (data/winprob/NAME.winprob,
// format: bot/engine/winprob), a few kilobytes each: the chance of winning
// from a spread that the simulation ranks its candidates by. A bag with no
// table here is simulated for points.
//
//go:embed winprob/*.winprob
var winProbFiles embed.FS

// WinProbTable is a win probability table shipped with the binary.
type WinProbTable struct {
	Name string
	Data []byte
}

// WinProbTables are the shipped win probability tables, by name.
func WinProbTables() []WinProbTable {
	entries, _ := winProbFiles.ReadDir("winprob")
	var out []WinProbTable
	for _, e := range entries {
		b, err := winProbFiles.ReadFile("winprob/" + e.Name())
		if err == nil {
			out = append(out, WinProbTable{Name: e.Name()[:len(e.Name())-len(".winprob")], Data: b})
		}
	}
	return out
}
