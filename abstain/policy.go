package abstain

import (
	"encoding/json"
	"fmt"
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

// CheckerAt is [Checker] at a reasoning effort, the reference of a model
// that checks its work more the harder it thinks. It returns the reply and
// its reasoning: what it checked, and what it found.
//
//   - "high", and "" (its usual policy): every check of [Checker]: that the
//     facts determine the query, and that they agree.
//   - "medium": that the facts determine the query (an input or a
//     relation missing is INSUFFICIENT), not that they agree: of two
//     values stated for one quantity it takes the first, and a relation
//     that does not hold is passed over.
//   - "low": no check: it computes what the stated numbers give, passing
//     over what does not agree, and where they give nothing it answers the
//     first number written (the anchoring of [AlwaysAnswer]).
//
// On an intact question every level gives Checker's answer: effort
// changes only what is refused.
func CheckerAt(question, effort string) (reply, reasoning string) {
	checkMissing := effort != "low"
	checkAgreement := effort == "" || effort == "high"
	var checks []string
	if checkMissing {
		checks = append(checks, "that the facts determine what is asked")
	}
	if checkAgreement {
		checks = append(checks, "that the facts agree with each other")
	}
	said := "Effort " + effort + ": I compute from the stated numbers without checking them."
	if len(checks) > 0 {
		said = "Effort " + effort + ": I check " + strings.Join(checks, " and ") + "."
	}
	for _, para := range paragraphs(question) {
		p, ok := recognise(para)
		if !ok {
			continue
		}
		sol := p.solveChecking(checkAgreement)
		switch {
		case sol.solved:
			return answerJSON(formatInt(sol.value)), said + fmt.Sprintf(" The facts give %s = %d.", p.query, sol.value)
		case sol.conflict != "":
			return AlwaysAbstain(question), said + " They do not agree: " + sol.conflict + "."
		case checkMissing && len(sol.missing) > 0:
			return AlwaysAbstain(question), said + " What is asked depends on " + strings.Join(sol.missing, ", ") + ", which the text does not give."
		case checkMissing:
			return AlwaysAbstain(question), said + " The facts do not determine " + p.query + "."
		}
		return AlwaysAnswer(question), said + " They give no value for " + p.query + "; I answer with the first number written."
	}
	if !checkMissing {
		return AlwaysAnswer(question), said + " I cannot read the problem; I answer with the first number written."
	}
	return AlwaysAbstain(question), said + " I cannot read the problem, so I cannot check it."
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
