package worlds

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestVerdictShared: a shared verdict equals the verdict, its common
// strings and booleans are the same memory as another's.
func TestVerdictShared(t *testing.T) {
	yesA, yesB, noA := true, true, false
	mk := func(world string, conflict, prior *bool) Verdict {
		return Verdict{ID: "p1", World: world, Level: "L1", View: "symbolic", Category: "perception", ProbeType: "P1",
			Key: "answer", Answerable: true, Conflict: conflict, PriorRight: prior, Gold: "yes", Outcome: "answer", Value: "yes", Right: true}
	}
	a := mk(strings.Clone("grid"), &yesA, &noA)
	b := mk(strings.Clone("grid"), &yesB, nil)
	sa, sb := a.Shared(), b.Shared()
	if diff := cmp.Diff(a, sa); diff != "" {
		t.Errorf("Shared changed the verdict (-want +got):\n%s", diff)
	}
	if unsafe.StringData(sa.World) != unsafe.StringData(sb.World) {
		t.Error("two verdicts of one world keep two copies of its name")
	}
	if sa.Conflict != sb.Conflict || *sa.Conflict != true || sa.PriorRight == nil || *sa.PriorRight || sb.PriorRight != nil {
		t.Errorf("booleans: %v %v %v %v", sa.Conflict, sb.Conflict, sa.PriorRight, sb.PriorRight)
	}
}
