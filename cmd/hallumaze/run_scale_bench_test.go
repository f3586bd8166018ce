//go:build unix

package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var scaleSizes = flag.String("scale", "1000,10000,100000", "BenchmarkRunScale: the numbers of cases to run and report")

// processCost runs the command and returns its CPU time (user and system)
// and its peak resident set size in bytes.
func processCost(b *testing.B, env []string, bin string, args ...string) (time.Duration, int64) {
	b.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(append(os.Environ(), "OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "GOOGLE_API_KEY=", "GEMINI_API_KEY=", "DEEPSEEK_API_KEY="), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, out)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return cpu, ru.Maxrss * 1024 // kilobytes on Linux
}

// BenchmarkRunScale holds the outputs to flat memory and linear CPU:
// hallumaze run of 1,000, 10,000 and 100,000 one-shot 7×7 cases (the four
// reference agents, 250 to 25,000 mazes) as a process, then hallumaze
// report over its results (the JSON file and the CSV). It reports each
// process's CPU time per case and peak RSS at every size, and for each
// command the two slopes, the CPU time per added case from the first size
// to the second and from the second to the third, and their ratio: CPU
// linear in cases is a ratio near 1. docs/run.md holds the RSS at 100,000
// cases under 300 MB. The chance baselines are simulated (a fresh cache
// folder). A round takes minutes; -scale=1000,10000 is a short one.
func BenchmarkRunScale(b *testing.B) {
	var sizes []int
	for _, f := range strings.Split(*scaleSizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 4 || n%4 != 0 {
			b.Fatalf("-scale %q: want multiples of 4", *scaleSizes)
		}
		sizes = append(sizes, n)
	}
	bin := buildCommand(b)
	for b.Loop() {
		runCPU := map[int]time.Duration{}
		reportCPU := map[int]time.Duration{}
		for _, n := range sizes {
			dir := b.TempDir()
			out := filepath.Join(dir, "r.json")
			env := []string{envCache + "=" + filepath.Join(dir, "cache")}
			cpu, rss := processCost(b, env, bin, "run", "--size", "7", "--runs", strconv.Itoa(n/4), "--quiet", "--output", out)
			runCPU[n] = cpu
			b.ReportMetric(float64(cpu.Microseconds())/float64(n), fmt.Sprintf("run-cpu-µs/case@%d", n))
			b.ReportMetric(float64(rss)/(1<<20), fmt.Sprintf("run-rss-MB@%d", n))
			rcpu, rrss := processCost(b, env, bin, "report", strings.TrimSuffix(out, ".json")+".jsonl",
				"--json", filepath.Join(dir, "report.json"), "--csv", filepath.Join(dir, "report.csv"))
			reportCPU[n] = rcpu
			b.ReportMetric(float64(rcpu.Microseconds())/float64(n), fmt.Sprintf("report-cpu-µs/case@%d", n))
			b.ReportMetric(float64(rrss)/(1<<20), fmt.Sprintf("report-rss-MB@%d", n))
			os.RemoveAll(dir)
		}
		for name, cpu := range map[string]map[int]time.Duration{"run": runCPU, "report": reportCPU} {
			var slopes []float64
			for i := 1; i < len(sizes); i++ {
				slope := float64((cpu[sizes[i]] - cpu[sizes[i-1]]).Microseconds()) / float64(sizes[i]-sizes[i-1])
				slopes = append(slopes, slope)
				b.ReportMetric(slope, fmt.Sprintf("%s-slope-µs/case@%d-%d", name, sizes[i-1], sizes[i]))
			}
			if len(slopes) == 2 {
				b.ReportMetric(slopes[1]/slopes[0], name+"-slope-ratio")
			}
		}
	}
	b.ReportMetric(0, "ns/op")
}
