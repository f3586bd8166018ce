// Package lenient is the lenient tier of the maze benchmark: it reads a
// reply the forgiving way (Parse), a move or a path stated the way models
// state them when they ignore the output contract, scores the reading by
// the strict tier's definitions (Score, ScoreReply) and plays interactive
// walks with it (NewEpisode). Where the strict tier (package mazes) reads
// a reply, the lenient tier takes that reading as it is. Its numbers stand
// beside the strict tier's, never instead, with the format measurements
// (mazes.Format) beside them.
package lenient

import (
	"strings"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/mazes"
)

// Form is what the lenient tier read in a reply.
type Form string

// The forms of a lenient reading.
const (
	// FormStrict: the answer holds STEP lines or a FINAL_PATH, which the
	// strict parser reads; the lenient tier takes that reading as it is.
	FormStrict Form = "strict"
	// FormMoves: one move or a sequence of moves given by direction ("My
	// next move is: S", "RIGHT, RIGHT, DOWN", "1. Down\n2. Right").
	FormMoves Form = "moves"
	// FormPath: cells to walk through ("(0,0) -> (0,1) -> (1,1)",
	// "<PATH_START> (0,0) (0,1) <PATH_END>", "I will move to (1,2)").
	FormPath Form = "path"
	// FormNone: nothing committed (empty, a question, a hedge, options,
	// only reasoning). A parse failure: the lenient tier never guesses.
	FormNone Form = "none"
)

// Reading is what the lenient tier read from one reply.
type Reading struct {
	Form Form `json:"form"`
	// Moves are the directions of FormMoves, in order.
	Moves []mazes.Dir `json:"-"`
	// Path is the cells of FormPath, in order, with repeats of the same
	// cell in a row dropped.
	Path []mazes.Cell `json:"-"`
	// Compliant reports that the strict tier reads the reply (the whole of
	// it, reasoning blocks included): it holds a STEP line or a FINAL_PATH.
	Compliant bool `json:"compliant"`
	// Strict is the strict parser's reading of the answer (the reply with
	// reasoning blocks set aside). Its STEP lines and FINAL_PATH are the
	// reading when Form is FormStrict; its other lines (DEAD_END, LOOP,
	// counts, CONFIDENCE_LOG) are kept whatever the form.
	Strict mazes.Transcript `json:"-"`
	// Reasoning reports that a reasoning block (<think>…</think> and the
	// like) was set aside.
	Reasoning bool `json:"reasoning,omitempty"`
	// Refused says why a reply that named moves or cells commits to
	// nothing (Form none): "degenerate" (a list that ends repeating a few
	// directions or cells hundreds of times, cut by the token limit),
	// "contradiction" (a path whose direction words contradict its
	// cells). Empty otherwise.
	Refused string `json:"refused,omitempty"`
	// CharGrid reports a path read in the coordinates of the maze's
	// character grid (see Reading.ForMaze).
	CharGrid bool `json:"char_grid,omitempty"`
	// whole is the strict parser's reading of the whole reply.
	whole mazes.Transcript
}

// Read reports whether the reading holds a move or a path.
func (r Reading) Read() bool { return r.Form != FormNone }

// String gives the reading in the labels of the lenient corpus: "move E",
// "moves E E S", "path (0,0) (0,1)", "strict" or "none".
func (r Reading) String() string {
	var b strings.Builder
	switch r.Form {
	case FormMoves:
		if len(r.Moves) == 1 {
			b.WriteString("move")
		} else {
			b.WriteString("moves")
		}
		for _, d := range r.Moves {
			b.WriteString(" " + d.Letter())
		}
	case FormPath:
		b.WriteString("path")
		for _, c := range r.Path {
			b.WriteString(" " + c.String())
		}
	default:
		b.WriteString(string(r.Form))
	}
	return b.String()
}

// Parse reads a reply the forgiving way, for the lenient tier:
//
//  1. Reasoning blocks are set aside: the answer is what follows the last
//     closing </think> (also </thinking>, </reasoning>, <|end_of_thought|>,
//     [/THINK], ◁/think▷), or, with an opening tag never closed, what
//     precedes it; an <answer>…</answer> block, where there is one, is the
//     answer.
//  2. Where the strict parser reads STEP lines or a FINAL_PATH in the
//     answer, that is the reading (FormStrict).
//  3. Otherwise the last thing the answer commits to is the reading: a move
//     or a sequence of moves named by direction, or a path of cells. A
//     later "wait, no" takes back what came before it; questions, hedges
//     ("north or east"), options ("the open directions are N and E"),
//     hypotheses ("if I go north") and refusals commit to nothing.
//  4. Nothing committed is FormNone, a parse failure.
//
// It reads at most mazes.MaxReply bytes, in time linear in the reply, and
// never fails or panics.
func Parse(reply string) Reading {
	if len(reply) > mazes.MaxReply {
		reply = reply[:mazes.MaxReply]
	}
	return parse(reply, mazes.ParseReply(reply))
}

// parse is Parse of a reply of at most mazes.MaxReply bytes whose strict
// transcript (mazes.ParseReply's) is whole.
func parse(reply string, whole mazes.Transcript) Reading {
	var r Reading
	r.whole = whole
	r.Compliant = len(whole.Steps) > 0 || whole.HasFinalPath
	answer, reasoning := answerPart(reply)
	r.Reasoning = reasoning
	r.Strict = whole
	if reasoning {
		r.Strict = mazes.ParseReply(answer)
	}
	if len(r.Strict.Steps) > 0 || r.Strict.HasFinalPath {
		r.Form = FormStrict
		return r
	}
	c, refused := readAnswer(answer)
	switch {
	case c == nil:
		r.Form, r.Refused = FormNone, refused
	case c.path != nil:
		r.Form, r.Path = FormPath, c.path
	default:
		r.Form, r.Moves = FormMoves, c.moves
	}
	return r
}

// reasoningTags are the opening and closing tags of reasoning blocks,
// lower-cased.
var reasoningTags = [][2]string{
	{"<think>", "</think>"},
	{"<thinking>", "</thinking>"},
	{"<reasoning>", "</reasoning>"},
	{"<thought>", "</thought>"},
	{"<reflection>", "</reflection>"},
	{"<|begin_of_thought|>", "<|end_of_thought|>"},
	{"[think]", "[/think]"},
	{"◁think▷", "◁/think▷"},
}

// answerTags wrap the answer itself.
var answerTags = [][2]string{
	{"<answer>", "</answer>"},
	{"<|begin_of_solution|>", "<|end_of_solution|>"},
}

// answerPart sets reasoning blocks aside and returns the answer, and
// whether a block was set aside. Tags are matched in any ASCII case. Each
// pass looks only at the bytes that can begin a tag.
func answerPart(reply string) (string, bool) {
	end, firstOpen := -1, -1
	for i := 0; i < len(reply); i++ {
		if c := reply[i]; c != '<' && c != '[' && (c != 0xE2 || !strings.HasPrefix(reply[i:], "◁")) {
			continue // an arrow "→" shares its first byte with "◁think▷"
		}
		for _, tag := range reasoningTags {
			if mayBegin(reply[i:], tag[1]) && hasPrefixFold(reply[i:], tag[1]) {
				end = i + len(tag[1])
			}
			if firstOpen < 0 && mayBegin(reply[i:], tag[0]) && hasPrefixFold(reply[i:], tag[0]) {
				firstOpen = i
			}
		}
	}
	answer, reasoning := reply, false
	switch {
	case end >= 0:
		answer, reasoning = reply[end:], true
	case firstOpen >= 0:
		answer, reasoning = reply[:firstOpen], true
	}
	at, which := -1, 0 // the last opening answer tag in the answer
	for i := 0; i < len(answer); i++ {
		if answer[i] != '<' {
			continue
		}
		for k, tag := range answerTags {
			if hasPrefixFold(answer[i:], tag[0]) {
				at, which = i+len(tag[0]), k
			}
		}
	}
	if at < 0 {
		return answer, reasoning
	}
	inner := answer[at:]
	if j := indexFold(inner, answerTags[which][1]); j >= 0 {
		inner = inner[:j]
	}
	return inner, true
}

// mayBegin reports whether s begins with the first character of tag (an
// ASCII one in any case): a cheap test before the whole tag is compared
// (an arrow "→" shares its first byte with "◁think▷").
func mayBegin(s, tag string) bool {
	r, n := utf8.DecodeRuneInString(tag)
	if r < utf8.RuneSelf {
		return len(s) > 0 && s[0]|0x20 == tag[0]|0x20
	}
	return strings.HasPrefix(s, tag[:n])
}

// indexFold finds the first occurrence of the ASCII tag in s, in any case.
func indexFold(s, tag string) int {
	for i := 0; i+len(tag) <= len(s); i++ {
		if s[i] == '<' && hasPrefixFold(s[i:], tag) {
			return i
		}
	}
	return -1
}

// LowerASCII lower-cases the ASCII letters of s and leaves every other
// byte, so that offsets in the result are offsets in s: a phrase found in
// the result stands at the same offset in the reply.
func LowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
