package scoring

import (
	"fmt"
	"testing"
)

func BenchmarkZZBatch(b *testing.B) {
	for _, k := range []int{1, 7, 24} {
		b.Run(fmt.Sprint(k), func(b *testing.B) {
			var jobs []ClusterMeanJob
			for j := range k {
				x := make([]float64, 250)
				cl := make([]string, 250)
				for i := range x {
					x[i] = float64((i*7+j)%11) / 10
					cl[i] = fmt.Sprint("m", i)
				}
				jobs = append(jobs, ClusterMeanJob{X: x, Clusters: cl, Lo: 0, Hi: 1})
			}
			for b.Loop() {
				BoundedMeanCIs(jobs, 2000, 1)
			}
		})
	}
}
