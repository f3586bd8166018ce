package mazes

import (
	"fmt"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/internal/cputime"
)

// The figures to watch are ns/cell: flat from N=101 to N=1001 (DFS at
// most 60 ns/cell), Wilson's 64×64 maze within 1 ms, and generate+solve at
// N=1001 within the budget in docs/performance.md.

func BenchmarkGenerate(b *testing.B) {
	for _, alg := range []Algorithm{DFS, Wilson} {
		for _, n := range []int{7, 64, 101, 1001} {
			b.Run(fmt.Sprintf("alg=%s/N=%d", alg, n), func(b *testing.B) {
				b.ReportAllocs()
				cpu := cputime.Now()
				for i := 0; b.Loop(); i++ {
					if _, err := Generate(n, uint64(i), alg); err != nil {
						b.Fatal(err)
					}
				}
				reportPerCell(b, n, cputime.Now()-cpu)
			})
		}
	}
}

func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{7, 101, 1001} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			m, err := Generate(n, 1, DFS)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Now()
			for b.Loop() {
				if Solve(m, m.Start(), m.Exit()) == nil {
					b.Fatal("no solution")
				}
			}
			reportPerCell(b, n, cputime.Now()-cpu)
		})
	}
}

func BenchmarkJSON(b *testing.B) {
	for _, n := range []int{101, 1001} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			m, err := Generate(n, 1, DFS)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var size int
			for b.Loop() {
				size = len(m.JSON(English))
			}
			b.SetBytes(int64(size))
		})
	}
}

// reportPerCell reports the wall time per cell and, since the machine may
// be shared, the process's CPU time per cell (cpu-ns/cell), and for the
// 64×64 maze its CPU time per maze (cpu-ms/maze).
func reportPerCell(b *testing.B, n int, cpu time.Duration) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n*n), "ns/cell")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(n*n), "cpu-ns/cell")
	if n == 64 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/1e6, "cpu-ms/maze")
	}
}
