package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"
)

func newRawWriter(f *os.File) *rawWriter {
	return &rawWriter{w: bufio.NewWriterSize(f, 1<<16), c: f}
}

// report is everything the markdown report says.
type report struct {
	opts                  options
	args                  []string
	start, end            time.Time
	loadBefore, loadAfter string
	sel                   Selection
	source                string // gitID() when the run started
	results               []condResult
	interrupted           bool
}

func (r *report) all() []Answer {
	var out []Answer
	for _, cr := range r.results {
		out = append(out, cr.Answers...)
	}
	return out
}

// failed reports a run that should fail a gate: an answer late or failed,
// or a run cut short.
func (r *report) failed() bool {
	s := Summarize(r.all())
	return s.Late > 0 || s.Errors > 0 || r.interrupted
}

func fmtMS(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%+.1f", v)
}

func fmtPct(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*v)
}

func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\"'*?$") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

// conditionTable is the main table: one row per condition.
func (r *report) conditionTable() string {
	var b strings.Builder
	b.WriteString("| condition | answers | late | errors | late by class (crowded/endgame/middle) | p50 ms | p99 ms | max ms | min margin ms | CPU busy | cores: bot / burners / others | wall s | policy |\n")
	b.WriteString("| --- | ---: | ---: | ---: | :---: | ---: | ---: | ---: | ---: | ---: | :---: | ---: | --- |\n")
	for _, cr := range r.results {
		s := Summarize(cr.Answers)
		byClass := make([]string, len(classes))
		for i, cl := range classes {
			var as []Answer
			for _, a := range cr.Answers {
				if a.Class == cl {
					as = append(as, a)
				}
			}
			byClass[i] = fmt.Sprint(Summarize(as).Late)
		}
		cores := fmt.Sprintf("%.2f / %.2f / %.2f", cr.BotCores, cr.BurnCores, cr.OtherCores)
		name := cr.Cond.Name()
		if cr.Interrupted {
			name += " (interrupted)"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %.1f | %s |\n",
			name, s.N, s.Late, s.Errors, strings.Join(byClass, "/"), fmtMS(s.P50), fmtMS(s.P99), fmtMS(s.Max),
			fmtMS(s.MinMargin), fmtPct(cr.Busy), cores, cr.Wall.Seconds(), policies(s.Policies, s.Unsearched))
	}
	return b.String()
}

func policies(m map[string]int, unsearched int) string {
	if len(m) == 0 {
		return "–"
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	for i, k := range ks {
		ks[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	out := strings.Join(ks, ", ")
	if unsearched > 0 {
		out += fmt.Sprintf(" (%d without a search)", unsearched)
	}
	return out
}

// verdict is the one-paragraph summary: totals and the smallest margin.
func (r *report) verdict() string {
	all := r.all()
	s := Summarize(all)
	burn := 0
	for _, cr := range r.results {
		if cr.Cond.Load == loadBurn {
			burn += len(cr.Answers)
		}
	}
	v := fmt.Sprintf("**%d live answers** (%d under burn), **%d late**, **%d errors**", s.N, burn, s.Late, s.Errors)
	if s.Delivered > 0 {
		var worst Answer
		worst.LateMS = math.Inf(-1)
		for _, a := range all {
			if a.Delivered && a.LateMS > worst.LateMS {
				worst = a
			}
		}
		v += fmt.Sprintf("; smallest margin (deadline − delivery) %s ms, in %s (corpus line %d, %s)",
			fmtMS(s.MinMargin), worst.Cond, worst.Line, worst.Class)
	}
	if r.interrupted {
		v += "; the run was interrupted"
	}
	if r.failed() {
		v += ". Verdict: **FAIL** (exit status 1)."
	} else {
		v += ". Verdict: every answer on time (exit status 0)."
	}
	return v
}

func (r *report) markdown() string {
	var b strings.Builder
	o := r.opts
	b.WriteString("# Deadline benchmark (issue 14)\n\n")
	b.WriteString("Written by `scripts/deadlinebench` (`make deadline-bench`). Every answer is live: the gamestate's\n" +
		"`ResponseDeadline` is now + `MoveTime` at the moment the `run` process is started or the `serve`\n" +
		"request is sent. Times are delivery − deadline in ms (negative: early); `run` delivers when the\n" +
		"harness has read the whole move line from the child's stdout, `serve` when the whole response\n" +
		"body has been read. A late answer arrived after the deadline (the platform would forfeit the\n" +
		"game); errors (no answer within the harness's cap, a non-200 response, an unparsable move, a\n" +
		"child's non-zero exit) are counted apart. `burn`: the harness's own burner processes spin on\n" +
		"every core for the whole condition.\n\n")
	b.WriteString(r.verdict() + "\n\n")
	fmt.Fprintf(&b, "- date: %s to %s (%.1f min)\n", r.start.Format("2006-01-02 15:04:05 MST"), r.end.Format("15:04:05"), r.end.Sub(r.start).Minutes())
	fmt.Fprintf(&b, "- command: `deadlinebench %s`\n", quoteArgs(r.args))
	fmt.Fprintf(&b, "- machine: %s\n", machine())
	fmt.Fprintf(&b, "- load average (1, 5, 15 min): before %s, after %s\n", r.loadBefore, r.loadAfter)
	fmt.Fprintf(&b, "- bot: `%s` (%s), index `%s`%s\n", o.bot, fileID(o.bot), o.index, r.source)
	if len(o.botArgs) > 0 {
		fmt.Fprintf(&b, "- bot flags: `%s`\n", strings.Join(o.botArgs, " "))
	}
	fmt.Fprintf(&b, "- seed %d; burners under load: %d; a harness cap of MoveTime + max(10 s, MoveTime) per answer\n\n", o.seed, o.burners)

	b.WriteString("## Results by condition\n\n")
	b.WriteString("Condition names are `path/cCONCURRENT/mMOVETIME/load`. CPU busy is the share of all cores busy\n" +
		"during the condition (`/proc/stat`), split in cores (CPU seconds / wall seconds) between the\n" +
		"bot's processes, our burners and the others: everything else on the machine, the harness aside\n" +
		"(on a shared machine, other people's work; a large figure there makes an idle condition loaded).\n" +
		"policy: the policy serve names in each answer; \"without a search\", those of them answered\n" +
		"with an exchange or a pass because no search could start in time (no play valued).\n\n")
	b.WriteString(r.conditionTable())

	b.WriteString("\n## serve's resident memory\n\n")
	b.WriteString("From `/proc/PID/status` of the condition's server: VmHWM (its peak resident set), the\n" +
		"largest VmRSS sampled every 100 ms, and VmRSS at the end.\n\n")
	b.WriteString("| condition | VmHWM MB | peak VmRSS MB | end VmRSS MB |\n| --- | ---: | ---: | ---: |\n")
	for _, cr := range r.results {
		if cr.Mem != nil {
			fmt.Fprintf(&b, "| %s | %.0f | %.0f | %.0f |\n", cr.Cond.Name(),
				float64(cr.Mem.HWM)/1024, float64(cr.Mem.PeakRSS)/1024, float64(cr.Mem.EndRSS)/1024)
		}
	}

	b.WriteString("\n## By position class\n\n")
	b.WriteString("| path | load | class | answers | late | errors | p50 ms | p99 ms | max ms |\n| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, path := range []string{pathRun, pathServe} {
		for _, load := range loadsInPlan {
			for _, cl := range classes {
				var as []Answer
				for _, cr := range r.results {
					if cr.Cond.Path != path || cr.Cond.Load != load {
						continue
					}
					for _, a := range cr.Answers {
						if a.Class == cl {
							as = append(as, a)
						}
					}
				}
				if len(as) == 0 {
					continue
				}
				s := Summarize(as)
				fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %d | %s | %s | %s |\n", path, load, cl, s.N, s.Late, s.Errors,
					fmtMS(s.P50), fmtMS(s.P99), fmtMS(s.Max))
			}
		}
	}

	b.WriteString("\n## Positions\n\n")
	b.WriteString("| corpus line | class | tiles on the board | rack | blanks in the rack | bag | unseen |\n| ---: | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, cl := range classes {
		for _, p := range r.sel[cl] {
			fmt.Fprintf(&b, "| %d | %s | %d | %d | %d | %d | %d |\n", p.Line, cl, p.Tiles, p.Hand, p.Blanks, p.Bag, p.Unseen())
		}
	}

	var errs strings.Builder
	for _, cr := range r.results {
		counts := map[string]int{}
		for _, a := range cr.Answers {
			if a.Error != "" {
				counts[a.Error]++
			}
		}
		msgs := make([]string, 0, len(counts))
		for m := range counts {
			msgs = append(msgs, m)
		}
		slices.SortFunc(msgs, func(x, y string) int { return counts[y] - counts[x] })
		for i, m := range msgs {
			if i == 5 {
				fmt.Fprintf(&errs, "- %s: %d other messages\n", cr.Cond.Name(), len(msgs)-5)
				break
			}
			fmt.Fprintf(&errs, "- %s: %d × %s\n", cr.Cond.Name(), counts[m], m)
		}
		for _, n := range cr.Notes {
			fmt.Fprintf(&errs, "- %s: note: %s\n", cr.Cond.Name(), n)
		}
	}
	if errs.Len() > 0 {
		b.WriteString("\n## Errors and notes\n\n")
		b.WriteString(errs.String())
	}
	if r.opts.raw != "" {
		fmt.Fprintf(&b, "\nEvery answer, one JSON object a line: `%s`.\n", r.opts.raw)
	}
	return b.String()
}

// machine describes the machine in one line.
func machine() string {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	kernel := "?"
	if data, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		kernel = strings.TrimSpace(string(data))
	}
	mem := ""
	if m, err := procStatusKBFile("/proc/meminfo", "MemTotal"); err == nil {
		mem = fmt.Sprintf(", %.1f GB RAM", float64(m["MemTotal"])/(1<<20))
	}
	return fmt.Sprintf("%d cores (%s)%s, Linux %s, %s/%s, harness built with %s",
		runtime.NumCPU(), model, mem, kernel, runtime.GOOS, runtime.GOARCH, runtime.Version())
}

func procStatusKBFile(path string, names ...string) (map[string]int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, line := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || !slices.Contains(names, k) {
			continue
		}
		var n int64
		fmt.Sscan(v, &n)
		out[k] = n
	}
	return out, nil
}

// fileID names a binary by its size, time and the start of its SHA-256.
func fileID(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	st, _ := f.Stat()
	h := sha256.New()
	io.Copy(h, f)
	return fmt.Sprintf("sha256 %s, %.1f MB, built %s", hex.EncodeToString(h.Sum(nil))[:12],
		float64(st.Size())/(1<<20), st.ModTime().Format("2006-01-02 15:04"))
}

// gitID is the working tree's commit, when there is one.
func gitID() string {
	out, err := exec.Command("git", "describe", "--always", "--dirty").Output()
	if err != nil {
		return ""
	}
	return fmt.Sprintf("; source tree `%s`", strings.TrimSpace(string(out)))
}
