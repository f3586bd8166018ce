package worlds

import "strings"

// Preamble opens the system prompt of every world; the world's rules
// paragraph follows it after one blank line ([System]).
const Preamble = `You answer questions about an environment using only the evidence shown to you.
Signs, notices, notes and other reports may be wrong or out of date; what you observe directly, and what
the rules imply from it, takes precedence over them.
If the evidence does not determine the answer, answer unknown.
End your reply with one line key=value, where key and the allowed values are given by the answer schema.`

// System is the system prompt of a world whose rules paragraph is rules.
func System(rules string) string {
	if rules == "" {
		return Preamble
	}
	return Preamble + "\n\n" + rules
}

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
