package innav

import (
	_ "embed"
	"sync"

	hw "github.com/hallumaze/hallumaze/worlds"
)

// priorJSON is the question-only prior of the episodes' questions: per
// world, probe type, view and answer key, the gold most often right over
// scripted episodes at seeds apart from the standard set. TestPrior holds
// it to what that training set gives, and -update rewrites it.
//
//go:embed prior.json
var priorJSON []byte

// Prior is the embedded prior. It panics if the embedded file does not
// read, which TestPrior rules out.
var Prior = sync.OnceValue(func() hw.PriorTable {
	pr, err := hw.ReadPrior(priorJSON)
	if err != nil {
		panic(err)
	}
	return pr
})
