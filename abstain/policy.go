package abstain

import (
	"encoding/json"
	"strings"
)

// The reference policies answer a question the way a model would, from the
// text alone, and always in the strict output contract. They are the
// baselines of the suite and fixtures of its tests. Each accepts either the
// bare question or the whole user prompt of [UserPrompt].

// AlwaysAnswer is the answering-compulsion baseline: it never abstains and
// answers the first number written in the question (0 when there is none),
// the reflex the seed calls numerical anchoring.
func AlwaysAnswer(question string) string {
	if nums := numbersIn(question); len(nums) > 0 {
		if v, ok := NormalizeAnswer(nums[0]); ok {
			return answerJSON(formatFloat(v))
		}
	}
	return answerJSON("0")
}

// AlwaysAbstain is the other baseline: INSUFFICIENT to everything.
func AlwaysAbstain(question string) string {
	return `{"status": "INSUFFICIENT", "answer": null}`
}

// Checker is a careful solver. It reads the question's sentences back into
// facts (named quantities and the relations between them) with a parser of
// the standard stories' sentence patterns, then propagates them: it answers
// the computed value when the facts determine the query and agree, and
// abstains when an input is missing or two facts conflict. A question it
// cannot read is one it cannot check, and it abstains.
func Checker(question string) string {
	for _, para := range paragraphs(question) {
		p, ok := recognise(para)
		if !ok {
			continue
		}
		if sol := p.solve(); sol.solved {
			return answerJSON(formatInt(sol.value))
		}
		return AlwaysAbstain(question)
	}
	return AlwaysAbstain(question)
}

// paragraphs splits a prompt at blank lines, the whole text first.
func paragraphs(s string) []string {
	out := []string{s}
	for p := range strings.SplitSeq(s, "\n\n") {
		if p = strings.TrimSpace(p); p != "" && p != s {
			out = append(out, p)
		}
	}
	return out
}

func answerJSON(answer string) string {
	b, _ := json.Marshal(answer) // a string always marshals
	return `{"status": "ANSWER", "answer": ` + string(b) + `}`
}
