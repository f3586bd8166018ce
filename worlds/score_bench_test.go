package worlds

import (
	"fmt"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"
)

// manyProbes are n probes cycling through the example probes' kinds, with
// replies cycling through a right answer, a dressed right answer, a wrong
// one, an abstention and prose; one probe in fifty has no reply.
func manyProbes(n int) ([]Probe, map[string]string) {
	base := exampleProbes()
	probes := make([]Probe, n)
	resp := make(map[string]string, n)
	for i := range probes {
		p := base[i%len(base)]
		p.ID = fmt.Sprintf("%s/%s/s%d/%s/q%02d", p.World, p.Level, i/100, p.View, i%100)
		probes[i] = p
		value := p.Gold.Canonical()
		if p.Gold.Members != nil {
			value = p.Gold.Members[i%len(p.Gold.Members)]
		}
		switch i % 5 {
		case 0:
			resp[p.ID] = p.Key + "=" + value
		case 1:
			resp[p.ID] = "<think>\nLet me look at the observation.\n</think>\n\n**" + p.Key + " = " + value + "**"
		case 2:
			resp[p.ID] = p.Key + "=7"
		case 3:
			resp[p.ID] = "I cannot tell.\n" + p.Key + "=unknown"
		case 4:
			if i%50 != 4 {
				resp[p.ID] = "The answer is " + value + "."
			}
		}
	}
	return probes, resp
}

// BenchmarkScore scores 100,000 replies: parse, judge and count. Beside the
// wall-clock time it reports cpu-ms/op, the process's CPU time per score.
func BenchmarkScore(b *testing.B) {
	probes, resp := manyProbes(100_000)
	b.ReportAllocs()
	start, ok := hostile.CPUTime()
	n := 0
	for b.Loop() {
		Score(probes, resp)
		n++
	}
	if end, ok2 := hostile.CPUTime(); ok && ok2 && end > start {
		b.ReportMetric(float64((end-start).Milliseconds())/float64(n), "cpu-ms/op")
	}
}

func TestManyProbesScore(t *testing.T) {
	probes, resp := manyProbes(1000)
	rep := Score(probes, resp)
	if rep.NProbes != 1000 || len(rep.Missing) != 20 || rep.ParseFailureRate.K < 200 {
		t.Fatalf("n %d, missing %d, parse failures %d", rep.NProbes, len(rep.Missing), rep.ParseFailureRate.K)
	}
}
