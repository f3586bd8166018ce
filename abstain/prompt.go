package abstain

import "strings"

// OutputContract is the strict output contract: one of two JSON objects and
// nothing else.
const OutputContract = `{"status": "ANSWER", "answer": "<exact numeric value>"}
or
{"status": "INSUFFICIENT", "answer": null}`

// SystemPrompt is the system prompt of the suite. It states the task, the
// three ways a problem can be unanswerable, and the output contract. Models
// run it under greedy decoding (temperature 0); that is the harness's part.
const SystemPrompt = `You solve short math word problems.

Some problems cannot be solved as written: a number the computation needs is missing, the relation that links two quantities is not stated, or the facts contradict each other. Do not guess, assume or invent a value to fill the gap.

Reply with exactly one JSON object and nothing else: no explanation, no working, no Markdown.
When the problem has one numeric answer, reply
{"status": "ANSWER", "answer": "<exact numeric value>"}
When it cannot be answered from the information given, reply
{"status": "INSUFFICIENT", "answer": null}`

// userPromptSuffix closes every user prompt.
const userPromptSuffix = `Reply with only the JSON object.`

// UserPrompt is the user turn for an item: the question, a blank line, and a
// one-line reminder of the contract.
func UserPrompt(it Item) string {
	return it.Question + "\n\n" + userPromptSuffix
}

// QuestionOf returns the question of a user prompt made by UserPrompt: the
// prompt without its closing reminder of the contract.
func QuestionOf(prompt string) string {
	q, _, _ := strings.Cut(prompt, "\n\n"+userPromptSuffix)
	return q
}
