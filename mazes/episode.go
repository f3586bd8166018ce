package mazes

import (
	"fmt"
	"strings"
)

// EndReason says why an interactive episode ended.
type EndReason string

// The ways an episode ends.
const (
	EndRunning   EndReason = ""           // not ended yet
	EndExit      EndReason = "exit"       // the walk reached EXIT (and the final block was asked for)
	EndFinalPath EndReason = "final_path" // the model gave its FINAL_PATH
	EndBudget    EndReason = "budget"     // the step budget ran out
	EndNoMove    EndReason = "no_move"    // MaxIdleTurns replies in a row held no move
)

// MaxIdleTurns is how many replies in a row without a STEP or FINAL_PATH end
// an episode.
const MaxIdleTurns = 3

// Episode is one interactive walk: the model makes one move per turn and the
// maze answers each from the reference world. The world is authoritative: a
// move is made from where the walk really is, a wall or the edge stops it,
// and the answer gives the new position and its open directions. A hint can
// be injected between turns (Ariadne's Thread).
//
// Metrics follow the one-shot definitions with one difference forced by the
// world: a wall crossing or off-grid move does not move the walk (the world
// refuses it), where the one-shot walk follows the model's belief. A step
// whose declared origin is not the real position is a teleport, and the
// move is made from the real position.
type Episode struct {
	m      *Maze
	opt    PromptOptions
	budget int

	pos     Cell
	visited []bool
	inRun   bool
	tr      Transcript
	walk    Walk
	stats   EpisodeStats
	idle    int
	atExit  bool
	hint    string

	// read reads the replies of a lenient episode (NewEpisodeReading),
	// which plays moves stated otherwise too and re-asks once when a reply
	// holds none; nil for a strict one, which plays only STEP lines.
	read    Reader
	format  Format
	reasked bool // the current turn was re-asked once already
	// strictCut holds the scores of the walk before the first reply the
	// strict tier did not read as it was played; nil while there is none.
	strictCut *Scores
}

// EpisodeStats are the measurements only an interactive walk has.
type EpisodeStats struct {
	Turns      int       `json:"turns"`
	StepsUsed  int       `json:"steps_used"`
	Budget     int       `json:"budget"`
	WallBumps  int       `json:"wall_bumps"` // wall or edge moves the world refused
	ExtraSteps int       `json:"extra_steps"`
	IdleTurns  int       `json:"idle_turns"`
	Hints      int       `json:"hints"`
	EndReason  EndReason `json:"end_reason"`
}

// TurnResult is what the world made of one reply.
type TurnResult struct {
	Moved   bool  // the reply held a move
	Check   Check // the verdict on that move
	Step    Step
	Loop    bool // the reply holds a LOOP line
	DeadEnd bool // the reply holds a DEAD_END line
	// Compliant: the strict tier reads the reply. Reasked: the reply held
	// no readable move and the world asked once more (lenient episodes
	// only). ParseFailure: the re-asked reply held none either, and the
	// turn ended without a move.
	Compliant    bool
	Reasked      bool
	ParseFailure bool
}

// NewEpisode starts an interactive walk at START with a budget of steps;
// budget ≤ 0 means 4·N².
func NewEpisode(m *Maze, opt PromptOptions, budget int) *Episode {
	if budget <= 0 {
		budget = 4 * m.n * m.n
	}
	opt.Protocol = Interactive
	e := &Episode{m: m, opt: opt, budget: budget, pos: m.Start(), visited: make([]bool, m.n*m.n)}
	e.visited[m.index(m.Start())] = true
	e.walk.FHR = -1
	e.stats.Budget = budget
	return e
}

// Opening returns the first prompt: the maze, the rules, and where the walk
// stands.
func (e *Episode) Opening() Prompt {
	p := BuildPrompt(e.m, e.opt)
	p.User += "\n" + e.msg("start", e.describe(e.pos))
	return p
}

// Hint queues a hint to be appended to the world's next answer.
func (e *Episode) Hint(text string) {
	e.hint = text
	e.stats.Hints++
}

// WithHint appends a hint to an answer the world already gave, for a hint
// that reacts to that very turn, and counts it.
func (e *Episode) WithHint(answer, text string) string {
	e.stats.Hints++
	return answer + e.msg("hint", text)
}

// Done reports whether the episode has ended.
func (e *Episode) Done() bool { return e.stats.EndReason != EndRunning }

// Position is where the walk stands.
func (e *Episode) Position() Cell { return e.pos }

// Turn takes the model's reply and returns the world's answer. When the
// episode ends, done is true and the answer is empty.
func (e *Episode) Turn(reply string) (answer string, res TurnResult, done bool) {
	if e.Done() {
		return "", res, true
	}
	from := e.pos
	if e.read != nil {
		res, done = e.turnRead(reply)
	} else {
		res, done = e.TurnTranscript(ParseReply(reply))
	}
	if done {
		return "", res, true
	}
	return e.answer(res, from), res, false
}

// answer is the world's answer to a turn that did not end the episode,
// played from the cell from.
func (e *Episode) answer(res TurnResult, from Cell) string {
	if res.Reasked {
		return e.msg("reask")
	}
	if !res.Moved {
		return e.withHint(e.msg("nomove", e.describe(e.pos)))
	}
	var b strings.Builder
	switch {
	case res.Check.OffGrid:
		b.WriteString(e.msg("offgrid", res.Step.Dir, e.pos))
	case res.Check.Wall:
		b.WriteString(e.msg("wall", res.Step.Dir, e.pos))
	}
	if res.Check.Teleport {
		b.WriteString(e.msg("teleport", res.Step.From, from))
	}
	if e.atExit {
		b.WriteString(e.msg("exit", e.pos))
		return e.withHint(b.String())
	}
	b.WriteString(e.msg("at", e.describe(e.pos)))
	return e.withHint(b.String())
}

// TurnTranscript plays one reply of the strict tier already read (the
// transcript ParseReply gives of it) as Turn plays the reply's text, and
// writes no answer: a simulation that needs the walk and its scores, not
// the conversation, saves writing and reading text (the chance baseline
// plays thousands of walks). The episode must be a strict one
// (NewEpisode); a lenient episode plays the transcript by the strict rules.
func (e *Episode) TurnTranscript(sub Transcript) (res TurnResult, done bool) {
	if e.Done() {
		return res, true
	}
	e.stats.Turns++
	res.Compliant = len(sub.Steps) > 0 || sub.HasFinalPath
	e.format.Count(res.Compliant, false)
	done = e.play(sub, sub.HasFinalPath, sub.Steps, false, &res)
	return res, done
}

// play ends a turn of either tier once its reply is read: sub's non-step
// lines join the episode's transcript; a FINAL_PATH (final) or a walk
// already at EXIT ends the episode; otherwise the first of steps is played
// (the rest count as extra steps). A turn without a step is idle, and
// MaxIdleTurns in a row end the episode; with reask (the lenient tier), a
// turn without a step is first asked once more and is idle only when the
// re-asked reply holds none either.
func (e *Episode) play(sub Transcript, final bool, steps []Step, reask bool, res *TurnResult) (done bool) {
	e.merge(sub)
	res.Loop, res.DeadEnd = sub.Loops > 0, sub.DeadEnds > 0
	if final {
		e.end(EndFinalPath)
		return true
	}
	if e.atExit {
		e.end(EndExit)
		return true
	}
	if len(steps) == 0 {
		if reask {
			if !e.reasked {
				e.reasked = true
				e.format.Reasks++
				res.Reasked = true
				return false
			}
			e.reasked = false
			res.ParseFailure = true
		}
		e.format.ParseFailures++
		e.idle++
		e.stats.IdleTurns++
		if e.idle >= MaxIdleTurns {
			e.end(EndNoMove)
			return true
		}
		return false
	}
	e.reasked = false
	e.idle = 0
	e.stats.ExtraSteps += len(steps) - 1
	st := steps[0]
	res.Moved, res.Step = true, st
	res.Check = e.move(st)
	e.stats.StepsUsed++
	if e.pos == e.m.Exit() {
		e.atExit = true
		return false
	}
	if e.stats.StepsUsed >= e.budget {
		e.end(EndBudget)
		return true
	}
	return false
}

// move applies one step to the world.
func (e *Episode) move(st Step) Check {
	var ch Check
	ch.Teleport = st.From != e.pos
	t := e.pos.Move(st.Dir)
	ch.OffGrid = !e.m.In(t)
	ch.Wall = !ch.OffGrid && !e.m.IsOpen(e.pos, st.Dir)
	ch.Valid = !(ch.Teleport || ch.OffGrid || ch.Wall)
	if ch.OffGrid || ch.Wall {
		e.stats.WallBumps++
	} else {
		ch.Revisit = e.visited[e.m.index(t)]
		e.pos = t
		e.visited[e.m.index(t)] = true
	}
	ch.To = e.pos
	i := len(e.walk.Checks)
	if !ch.Valid {
		e.walk.HC++
		if e.walk.FHR < 0 {
			e.walk.FHR = i + 1
		}
	}
	if ch.Revisit && !e.inRun {
		e.walk.BT++
	}
	e.inRun = ch.Revisit
	e.walk.Checks = append(e.walk.Checks, ch)
	e.tr.Steps = append(e.tr.Steps, st)
	return ch
}

// merge adds a turn's non-step lines to the episode's transcript.
func (e *Episode) merge(sub Transcript) {
	e.tr.DeadEnds += sub.DeadEnds
	e.tr.Loops += sub.Loops
	e.tr.StrategyChanges += sub.StrategyChanges
	e.tr.Unparsed += sub.Unparsed
	e.tr.Lines += sub.Lines
	e.tr.Truncated = e.tr.Truncated || sub.Truncated
	if sub.ReportedBacktracks != nil {
		e.tr.ReportedBacktracks = sub.ReportedBacktracks
	}
	if sub.ReportedHallucinations != nil {
		e.tr.ReportedHallucinations = sub.ReportedHallucinations
	}
	if sub.ConfidenceLog != nil {
		e.tr.ConfidenceLog = sub.ConfidenceLog
	}
	if sub.HasFinalPath {
		e.tr.HasFinalPath, e.tr.FinalPath = true, sub.FinalPath
	}
}

func (e *Episode) end(r EndReason) { e.stats.EndReason = r }

func (e *Episode) withHint(s string) string {
	if e.hint != "" {
		s += "\n" + e.msg("hint", e.hint)
		e.hint = ""
	}
	return s
}

// describe gives a cell and its open directions: "(2,3): [N↑ S↓]".
func (e *Episode) describe(c Cell) string {
	var b strings.Builder
	b.WriteString(c.String() + ": [")
	for i, d := range e.m.OpenDirs(c) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d.Letter() + d.Arrow())
	}
	b.WriteString("]")
	return b.String()
}

// Transcript returns what the model wrote over the episode, its moves in
// order.
func (e *Episode) Transcript() Transcript { return e.tr }

// Stats returns the episode's own measurements.
func (e *Episode) Stats() EpisodeStats { return e.stats }

// Scores computes the metrics of the episode's walk.
func (e *Episode) Scores() Scores {
	w := e.walk
	w.End = e.pos
	return scoreWalk(e.m, e.tr, w)
}

// worldText holds the world's answers, by language.
var worldText = map[Lang]map[string]string{
	English: {
		"start":    "You are at %s. Write your first STEP.\n",
		"at":       "You are at %s.\n",
		"nomove":   "No move found. Write exactly one line: STEP k: (r,c) → D. You are at %s.\n",
		"wall":     "wall: no passage %s from %v.\n",
		"offgrid":  "outside the maze: no cell %s of %v.\n",
		"teleport": "You wrote %v, but you were at %v; the move was made from there.\n",
		"exit":     "EXIT reached at %v. Write your final output now: BACKTRACK_COUNT, HALLUCINATION_COUNT, CONFIDENCE_LOG and FINAL_PATH.\n",
		"hint":     "HINT: %s\n",
		"reask":    "Reply with one move: N, E, S or W.\n",
	},
	Korean: {
		"start":    "현재 위치는 %s 입니다. 첫 번째 STEP을 쓰세요.\n",
		"at":       "현재 위치는 %s 입니다.\n",
		"nomove":   "이동을 찾지 못했습니다. 한 줄만 쓰세요: STEP k: (r,c) → D. 현재 위치는 %s 입니다.\n",
		"wall":     "wall: %[2]v에서 %[1]s 방향으로 통로가 없습니다.\n",
		"offgrid":  "미로 밖: %[2]v의 %[1]s 방향에는 셀이 없습니다.\n",
		"teleport": "%v 라고 썼지만 실제 위치는 %v 였습니다. 그 위치에서 이동했습니다.\n",
		"exit":     "%v 에서 EXIT에 도착했습니다. 이제 최종 출력을 쓰세요: BACKTRACK_COUNT, HALLUCINATION_COUNT, CONFIDENCE_LOG, FINAL_PATH.\n",
		"hint":     "힌트: %s\n",
		"reask":    "이동 하나로 답하세요: N, E, S 또는 W.\n",
	},
}

func (e *Episode) msg(key string, args ...any) string {
	t, ok := worldText[e.opt.Lang]
	if !ok {
		t = worldText[English]
	}
	return fmt.Sprintf(t[key], args...)
}
