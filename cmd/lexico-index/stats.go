package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"text/tabwriter"

	"github.com/lexico/lexico/index"
	"github.com/urfave/cli/v2"
)

// statsOptions are stats' flags and arguments (none are taken).
type statsOptions struct {
	Index string
	JSON  bool
	Brief bool
	Args  []string
}

func statsCommand() *cli.Command {
	var o statsOptions
	return &cli.Command{
		Name:      "stats",
		Usage:     "describe an index: words by length and letter, buckets, Bloom filters, source",
		ArgsUsage: " ",
		Flags: []cli.Flag{indexFlag(&o.Index), jsonFlag(&o.JSON),
			&cli.BoolFlag{Name: "brief", Usage: "print the summary only (source, words, what was built), not the tables by length, letter and bucket (as make run does)", Destination: &o.Brief}},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			return runStats(o, streamsOf(c))
		},
	}
}

// statsReport is the JSON form of stats: the metadata fields (word_count,
// format_version, source, sha256, ...) and the file's layout.
type statsReport struct {
	index.Meta
	Path string `json:"path"`
	index.Stats
}

func runStats(o statsOptions, s streams) error {
	if len(o.Args) > 0 {
		return exitError{2, fmt.Errorf("stats takes no arguments (got %q)", o.Args[0])}
	}
	x, err := openIndex(o.Index, s)
	if err != nil {
		return err
	}
	defer x.Close()
	st, err := x.Stats()
	if err != nil {
		return queryError(x, err)
	}
	r := statsReport{Meta: x.Meta(), Path: x.Path(), Stats: st}
	if o.JSON {
		enc := json.NewEncoder(s.out)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	printStats(s.out, r, o.Brief)
	return nil
}

func printStats(out io.Writer, r statsReport, brief bool) {
	m := r.Meta
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "index\t%s (format %d, %.1f MB)\n", r.Path, m.FormatVersion, float64(r.FileBytes)/1e6)
	fmt.Fprintf(w, "source\t%s\n", m.Source)
	fmt.Fprintf(w, "sha256\t%s\n", m.SHA256)
	fmt.Fprintf(w, "words\t%d (lengths %d..%d; %d rejected, %d out of length, %d duplicates)\n",
		m.WordCount, m.MinLen, m.MaxLen, m.Rejected, m.OutOfLength, m.Duplicates)
	fmt.Fprintf(w, "built\t%s in %s\n", m.BuiltAt.Format("2006-01-02 15:04:05 MST"), m.BuildDuration)
	fmt.Fprintf(w, "anagram sets\t%d\n", m.AnagramKeys)
	fmt.Fprintf(w, "GADDAG\t%d nodes, %.1f MB\n", m.GADDAGNodes, float64(m.GADDAG.Bytes)/1e6)
	for _, b := range []struct {
		name string
		info index.BloomInfo
	}{{"word Bloom", m.WordBloom}, {"fragment Bloom", m.FragmentBloom}} {
		fmt.Fprintf(w, "%s\t%d strings, m=%d bits, k=%d; FP target %.3g%%, measured %.3g%% (%d probes)\n",
			b.name, b.info.Elements, b.info.M, b.info.K, 100*b.info.TargetFP, 100*b.info.MeasuredFP, b.info.Probes)
	}
	fmt.Fprintf(w, "multiset table	%d multisets in 2^%d slots, with their words (%.1f MB)\n",
		m.Multisets.Multisets, m.Multisets.Log2Slots, float64(m.Multisets.Blob.Bytes)/1e6)
	fmt.Fprintf(w, "blank table\t%d multisets less one letter in 2^%d slots, %d less two in 2^%d (%.1f MB)\n",
		m.Blanks.Multisets, m.Blanks.Log2Slots, m.BlankPairs.Multisets, m.BlankPairs.Log2Slots, float64(m.Blanks.Blob.Bytes)/1e6)
	w.Flush()
	if brief {
		return
	}

	fmt.Fprintln(out, "\nwords by length:")
	lens := make([]int, 0, len(m.ByLength))
	for l := range m.ByLength {
		lens = append(lens, l)
	}
	sort.Ints(lens)
	for _, l := range lens {
		fmt.Fprintf(out, "  %2d: %d\n", l, m.ByLength[l])
	}
	fmt.Fprintln(out, "words by first letter:")
	for c := 'A'; c <= 'Z'; c++ {
		fmt.Fprintf(out, "  %c: %-6d", c, m.ByFirstLetter[string(c)])
		if (c-'A')%6 == 5 || c == 'Z' {
			fmt.Fprintln(out)
		}
	}
	fmt.Fprintln(out, "buckets:")
	w = tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "  name\tkeys\tdepth\tpages\tbytes\tin use\t")
	for _, b := range r.Buckets {
		fmt.Fprintf(w, "  %s\t%d\t%d\t%d\t%d\t%.0f%%\t\n", b.Name, b.Keys, b.Depth, b.Pages, b.Bytes, 100*float64(b.InUse)/float64(max(b.Bytes, 1)))
	}
	w.Flush()
}
