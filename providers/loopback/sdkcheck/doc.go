// Package sdkcheck holds the loopback server (hallumaze serve) to the
// providers' official Go client libraries: openai-go, anthropic-sdk-go and
// genai call it as they call the hosted APIs, and must notice nothing a
// hosted API would not do (docs/providers.md, "The loopback server").
//
// It is a module of its own, so that the libraries (minutes of compiling,
// a hundred modules) stay out of hallumaze's own requirements:
//
//	make sdk-check      # or: cd providers/loopback/sdkcheck && go test ./...
package sdkcheck
