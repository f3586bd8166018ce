package walkers

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/hallumaze/hallumaze/mazes"
)

// Request is a conversation as a walker reads it, the way a model reads
// one: the system prompt, the messages in order (the first user message
// the maze's prompt), the sampling seed and the reasoning effort asked
// for.
type Request struct {
	System   string
	Messages []Message
	// Seed is the request's sampling seed; 0 when it gives none.
	Seed int64
	// Effort is the reasoning effort asked for: "low", "medium" or
	// "high"; "" when it asks for none. Only the lured walker reads it.
	Effort string
}

// Message is one message of a conversation: the walker's own reply
// (Reply), or the user's (the prompt, the world's answers).
type Message struct {
	Reply   bool
	Content string
}

// prompt is what an agent reads from a request.
type prompt struct {
	maze        *mazes.Maze
	lang        mazes.Lang
	confidence  bool // the prompt asks for a confidence on each step
	interactive bool
	// seed is the request's sampling seed; 0 when it gives none.
	seed int64
	// effort is the request's effort on the agents' scale
	// (Request.Effort); "" when it asks for none.
	effort string
	// turns are the moves of an interactive conversation so far, each with
	// the world's answer to it.
	turns []turn
}

// turn is one exchange after the opening: the agent's reply (its first STEP,
// if any) and the world's answer that followed it (if any).
type turn struct {
	step      mazes.Step
	hasStep   bool
	answer    answer
	hasAnswer bool
}

// answer is what the agent reads from one of the world's messages.
type answer struct {
	pos    mazes.Cell // where the world says the walk stands
	hasPos bool
	exit   bool     // the world says EXIT was reached
	hints  []string // the text of each HINT line
}

// Markers of the prompt, in both languages. They are matched as substrings
// of the first user message.
var (
	koreanMarkers      = []string{"=== 풀이 규칙 ===", "각 셀에서 이동 가능한 방향"}
	interactiveMarkers = []string{"This is an interactive walk", "대화형 이동입니다", "Write your first STEP", "첫 번째 STEP을 쓰세요"}
	exitMarkers        = []string{"EXIT reached", "EXIT에 도착"}
	hintPrefixes       = []string{"HINT:", "힌트:"}
)

// readPrompt reads the maze, the framing and, for an interactive walk, the
// conversation so far.
func readPrompt(req Request, cache *mazeCache) (prompt, error) {
	first := -1
	for i, msg := range req.Messages {
		if !msg.Reply {
			first = i
			break
		}
	}
	if first < 0 {
		return prompt{}, errors.New("read the request: it holds no user message")
	}
	text := req.Messages[first].Content
	m, err := cache.parse(text)
	if err != nil {
		return prompt{}, fmt.Errorf("read the prompt: %w: %w", ErrNoMaze, err)
	}
	p := prompt{
		maze:        m,
		lang:        mazes.English,
		confidence:  asksConfidence(text),
		interactive: containsAny(text, interactiveMarkers) || len(req.Messages) > first+1,
	}
	p.seed = req.Seed
	p.effort = req.Effort
	if containsAny(text+req.System, koreanMarkers) {
		p.lang = mazes.Korean
	}
	if p.interactive {
		p.turns = readTurns(m, req.Messages[first+1:])
	}
	return p, nil
}

// asksConfidence reports whether the prompt's final block has a
// CONFIDENCE_LOG line.
func asksConfidence(text string) bool {
	for line := range strings.Lines(text) {
		if strings.HasPrefix(strings.TrimSpace(line), "CONFIDENCE_LOG:") {
			return true
		}
	}
	return false
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// readTurns pairs each of the agent's replies with the world's answer that
// follows it. A user message with no reply before it (two in a row) is a
// turn without a step.
func readTurns(m *mazes.Maze, msgs []Message) []turn {
	var turns []turn
	var cur *turn
	for _, msg := range msgs {
		switch {
		case msg.Reply:
			turns = append(turns, turn{})
			cur = &turns[len(turns)-1]
			if tr := mazes.ParseReply(msg.Content); len(tr.Steps) > 0 {
				cur.step, cur.hasStep = tr.Steps[0], true
			}
		default:
			if cur == nil || cur.hasAnswer {
				turns = append(turns, turn{})
				cur = &turns[len(turns)-1]
			}
			cur.answer, cur.hasAnswer = readAnswer(m, msg.Content), true
		}
	}
	return turns
}

// readAnswer reads the world's answer: the last cell described with its open
// directions is where the walk stands; an EXIT line puts it at EXIT; each
// line beginning HINT: (or 힌트:) is a hint. Positions outside the maze are
// ignored.
func readAnswer(m *mazes.Maze, text string) answer {
	var a answer
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if h, ok := hintText(line); ok {
			a.hints = append(a.hints, h)
			continue
		}
		if containsAny(line, exitMarkers) {
			a.exit = true
			a.pos, a.hasPos = m.Exit(), true
			if c, ok := findCell(m, line, false); ok {
				a.pos = c
			}
			continue
		}
		if c, ok := findCell(m, line, true); ok && !a.exit {
			a.pos, a.hasPos = c, true
		}
	}
	return a
}

// hintText returns the text of a hint line.
func hintText(line string) (string, bool) {
	for _, pre := range hintPrefixes {
		if len(line) >= len(pre) && strings.EqualFold(line[:len(pre)], pre) {
			return strings.TrimSpace(line[len(pre):]), true
		}
	}
	return "", false
}

// findCell returns the last cell "(r,c)" of line that lies inside the maze;
// with described set, only a cell followed by ": [" (a cell with its open
// directions, the way the world gives the current position) counts.
func findCell(m *mazes.Maze, line string, described bool) (mazes.Cell, bool) {
	var found mazes.Cell
	ok := false
	for i := strings.IndexByte(line, '('); i >= 0; {
		rest := line[i+1:]
		if c, n, good := scanCell(rest); good && m.In(c) && (!described || opensList(rest[n:])) {
			found, ok = c, true
		}
		j := strings.IndexByte(rest, '(')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return found, ok
}

// opensList reports whether s begins with ": [", spaces allowed.
func opensList(s string) bool {
	s = strings.TrimLeft(s, " ")
	if !strings.HasPrefix(s, ":") {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(s[1:], " "), "[")
}

// scanCell reads "r,c)" (spaces allowed around the numbers) at the start of
// s and returns the cell and the bytes read.
func scanCell(s string) (mazes.Cell, int, bool) {
	i := 0
	num := func() (int, bool) {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		start := i
		for i < len(s) && i-start < 7 && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == start {
			return 0, false
		}
		v, err := strconv.Atoi(s[start:i])
		for i < len(s) && s[i] == ' ' {
			i++
		}
		return v, err == nil
	}
	r, ok := num()
	if !ok || i >= len(s) || s[i] != ',' {
		return mazes.Cell{}, 0, false
	}
	i++
	c, ok := num()
	if !ok || i >= len(s) || s[i] != ')' {
		return mazes.Cell{}, 0, false
	}
	return mazes.Cell{R: r, C: c}, i + 1, true
}

// cacheSize is how many parsed mazes an agent keeps.
const cacheSize = 32

// mazeCache keeps the mazes most recently read from prompts, keyed by a
// hash of the prompt text, so that the turns of an interactive walk, which
// all carry the same opening prompt, read its maze once. A maze is
// immutable, so a cached one can be shared; the cache changes no reply.
type mazeCache struct {
	mu    sync.Mutex
	byKey map[[sha256.Size]byte]*mazes.Maze
	order [][sha256.Size]byte // oldest first
}

// parse returns the maze of the prompt text, from the cache or read with
// mazes.ParseText.
func (mc *mazeCache) parse(text string) (*mazes.Maze, error) {
	key := sha256.Sum256([]byte(text))
	mc.mu.Lock()
	m, ok := mc.byKey[key]
	mc.mu.Unlock()
	if ok {
		return m, nil
	}
	m, err := mazes.ParseText(text)
	if err != nil {
		return nil, err
	}
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if mc.byKey == nil {
		mc.byKey = make(map[[sha256.Size]byte]*mazes.Maze, cacheSize)
	}
	if _, ok := mc.byKey[key]; !ok {
		if len(mc.order) == cacheSize {
			delete(mc.byKey, mc.order[0])
			mc.order = mc.order[1:]
		}
		mc.byKey[key] = m
		mc.order = append(mc.order, key)
	}
	return m, nil
}
