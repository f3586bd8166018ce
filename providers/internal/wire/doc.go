// Package wire holds the JSON shapes of the three wire protocols (OpenAI
// chat completions, Anthropic messages, Gemini generateContent), shared by
// the clients in providers and the server in providers/loopback and by no
// one else.
package wire
