package worlds

import (
	"strings"
	"sync"
)

// Preamble opens the system prompt of every world; the world's rules
// paragraph follows it after one blank line ([System]).
const Preamble = `You answer questions about an environment using only the evidence shown to you.
Signs, notices, notes and other reports may be wrong or out of date; what you observe directly, and what
the rules imply from it, takes precedence over them.
If the evidence does not determine the answer, answer unknown.
End your reply with one line key=value, where key and the allowed values are given by the answer schema.`

// System is the system prompt of a world whose rules paragraph is rules.
func System(rules string) string { return withRules(Preamble, rules) }

// withRules is a preamble with the world's rules paragraph after one
// blank line, or the preamble alone when there is none. Every probe of a
// world has the same system prompt, and a run holds tens of thousands of
// probes, so each prompt is made once and shared: there are as many as
// there are preambles times worlds' rules paragraphs.
func withRules(preamble, rules string) string {
	if rules == "" {
		return preamble
	}
	k := [2]string{preamble, rules}
	if s, ok := systems.Load(k); ok {
		return s.(string)
	}
	s, _ := systems.LoadOrStore(k, preamble+"\n\n"+rules)
	return s.(string)
}

// systems holds the system prompts withRules made, by preamble and rules.
var systems sync.Map

// UserMessage is the user message of one probe: the observation (the
// view's text), the question and the answer schema.
func UserMessage(observation, question, schema string) string {
	var b strings.Builder
	b.Grow(len(observation) + len(question) + len(schema) + 64)
	b.WriteString("## Current observation\n")
	b.WriteString(observation)
	b.WriteString("\n\n## Question\n")
	b.WriteString(question)
	b.WriteString("\n\nAnswer schema: ")
	b.WriteString(schema)
	return b.String()
}

// The value parts of schemas, without the closing "|unknown".
const (
	SchemaBool   = "yes|no"
	SchemaInt    = "integer"
	SchemaSet    = "item,item,…|none"
	SchemaMember = "uci move"
	SchemaSquare = "square"
)

// Schema is key=<values|unknown>.
func Schema(key, values string) string { return key + "=<" + values + "|unknown>" }

// EnumSchema is key=<o1|o2|…|unknown> over the options in order.
func EnumSchema(key string, options []string) string {
	return Schema(key, strings.Join(options, "|"))
}

// ActPreamble opens the system prompt of an episode the model acts in
// (grid navigation, a terminal task); the world's rules paragraph follows
// it after one blank line ([ActSystem]).
const ActPreamble = `You act in an environment, one action per reply, and then answer questions about it using only the evidence shown to you.
During the episode, end each reply with one line key=value naming your action, as the task says.
Signs, notices, notes and other reports may be wrong or out of date; what you observe directly, and what
the rules imply from it, takes precedence over them.
If the evidence does not determine an answer, answer unknown.
End each answer with one line key=value, where key and the allowed values are given by the answer schema.`

// ActSystem is the system prompt of an episode in a world whose rules
// paragraph is rules.
func ActSystem(rules string) string { return withRules(ActPreamble, rules) }

// QuestionMessage is one question asked after an episode: the question
// and its answer schema.
func QuestionMessage(question, schema string) string {
	return "## Question\n" + question + "\n\nAnswer schema: " + schema
}

// ParseQuestion takes apart the last question of a message that asks one
// after an episode ([QuestionMessage], perhaps after other text): the
// question and the key of its answer schema. ok is false when the
// message asks no question (the episode goes on).
func ParseQuestion(msg string) (question, key string, ok bool) {
	const qHead = "## Question\n"
	qi := strings.LastIndex(msg, qHead)
	if qi < 0 {
		return "", "", false
	}
	question, schema, _ := strings.Cut(msg[qi+len(qHead):], "\n\nAnswer schema: ")
	key, _, _ = strings.Cut(schema, "=")
	return question, key, true
}
