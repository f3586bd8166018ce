package mazes

import (
	"fmt"
	"testing"
)

// The figures to watch are ns/cell: flat from N=101 to N=1001, and
// generate+solve at N=1001 within the budget in docs/performance.md.

func BenchmarkGenerate(b *testing.B) {
	for _, alg := range []Algorithm{DFS, Wilson} {
		for _, n := range []int{7, 101, 1001} {
			b.Run(fmt.Sprintf("alg=%s/N=%d", alg, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					if _, err := Generate(n, uint64(i), alg); err != nil {
						b.Fatal(err)
					}
				}
				reportPerCell(b, n)
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
			for b.Loop() {
				if Solve(m, m.Start(), m.Exit()) == nil {
					b.Fatal("no solution")
				}
			}
			reportPerCell(b, n)
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

func reportPerCell(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n*n), "ns/cell")
}
