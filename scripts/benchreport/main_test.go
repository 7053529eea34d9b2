package main

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
)

const sampleText = `goos: linux
cpu: Test CPU @ 1GHz
BenchmarkStrategy/gaddag/blanks=0/all-2     	     200	   1545071 ns/op	       450 mid-p50-us	       400 p50-us	     16243 p99-us	       368.8 plays/op	    238729 plays/s	  101762 B/op	       2 allocs/op
BenchmarkStrategy/anagram/blanks=0/all-2    	     200	   2078406 ns/op	       900 mid-p50-us	       800 p50-us	     17993 p99-us	       368.8 plays/op	    177728 plays/s	  101902 B/op	       2 allocs/op
BenchmarkStrategy/gaddag/blanks=0/best-2    	     200	   1432585 ns/op	       150 mid-p50-us	       120 p50-us	      8928 p99-us	       368.8 plays/op	    257507 plays/s	      45 B/op	       0 allocs/op
BenchmarkIndexOpen-2                        	     200	  34628173 ns/op	 2709816 B/op	     118 allocs/op
BenchmarkStrategyNew/anagram-2              	     200	 681120324 ns/op	        12.93 heap-MB	79319451 B/op	  539828 allocs/op
PASS
`

// TestReadsGoTestJSON: the report reads the benchmark lines whether they
// come as go test -json events (split across events, as test2json may) or
// as plain text, with every metric by unit.
func TestReadsGoTestJSON(t *testing.T) {
	var events []byte
	for _, line := range strings.SplitAfter(sampleText, "\n") {
		// Split each line in two events, as test2json does for a
		// benchmark's name and its result.
		half := len(line) / 2
		for _, part := range []string{line[:half], line[half:]} {
			b, _ := json.Marshal(map[string]string{"Action": "output", "Output": part})
			events = append(append(events, b...), '\n')
		}
	}
	for name, in := range map[string]string{"json": string(events), "text": sampleText} {
		res := parseResults(benchText([]byte(in)))
		g := res["BenchmarkStrategy/gaddag/blanks=0/all"]
		if g.metrics["p50-us"] != 400 || g.metrics["allocs/op"] != 2 || g.metrics["plays/s"] != 238729 {
			t.Fatalf("%s: gaddag blanks=0 all read as %v", name, g.metrics)
		}
		if res["BenchmarkIndexOpen"].metrics["ns/op"] != 34628173 {
			t.Fatalf("%s: index open read as %v", name, res["BenchmarkIndexOpen"].metrics)
		}
		if cpuLine(benchText([]byte(in))) != "Test CPU @ 1GHz" {
			t.Fatalf("%s: cpu line not found", name)
		}
	}
}

// TestReportJudgesTargetsAndDrawsValidSVG: the table shows both strategies
// side by side, judges each row's target on the faster strategy's
// middle-game median, and the chart is well-formed SVG with a bar per result.
func TestReportJudgesTargetsAndDrawsValidSVG(t *testing.T) {
	res := parseResults(sampleText)
	md := string(markdown(res, nil, "Test CPU"))
	for _, want := range []string{
		"| 0 | all | 369 | 400 µs | 800 µs |", // p50 side by side
		"< 500 µs: met",                       // 450 µs (gaddag) is under 500 µs
		"< 100 µs: **missed**",                // best-only: 150 µs
		"| index open (index.Open, shared) | 34.6 ms |",
		"| heap kept by the strategy | 0.0 MB | 12.9 MB |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	svg := chart(res)
	var doc struct {
		XMLName xml.Name
		Rects   []struct{} `xml:"rect"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil || doc.XMLName.Local != "svg" {
		t.Fatalf("chart is not SVG: %v", err)
	}
	// Background, three bars, two legend swatches.
	if len(doc.Rects) != 1+3+2 {
		t.Fatalf("chart has %d rects, want 6", len(doc.Rects))
	}
}

// TestChartScale: the log axis spans the decades around the data, so the
// bars use the plot's height (the shortest bar of the sample, 120 µs, is
// above the axis floor of 100 µs and the tallest, 800 µs, below the ceiling
// of 1 ms).
func TestChartScale(t *testing.T) {
	svg := string(chart(parseResults(sampleText)))
	for _, want := range []string{">100 µs</text>", ">1.00 ms</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("axis lacks the label %q", want)
		}
	}
	if strings.Contains(svg, ">10 µs</text>") || strings.Contains(svg, ">10.0 ms</text>") {
		t.Errorf("axis spans decades without data:\n%s", svg)
	}
}
