package lenient

import (
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// The word lists of the lenient tier. Each list is small and closed: a word
// outside them plays no part in reading a move.

// lenientDirWord maps a direction word, already lower-cased, to its
// direction: compass letters and words, up/down/left/right, their -ward(s)
// forms, and the Korean words (a Korean word may carry 으로 or 방향,
// "towards").
func lenientDirWord(w string) mazes.Dir {
	switch w {
	case "n", "north", "up", "northward", "northwards", "upward", "upwards", "북", "북쪽":
		return mazes.North
	case "e", "east", "right", "eastward", "eastwards", "rightward", "rightwards", "동", "동쪽":
		return mazes.East
	case "s", "south", "down", "southward", "southwards", "downward", "downwards", "남", "남쪽":
		return mazes.South
	case "w", "west", "left", "westward", "westwards", "leftward", "leftwards", "서", "서쪽":
		return mazes.West
	}
	for _, suffix := range []string{"으로", "방향으로", "방향", "로"} {
		if k, ok := strings.CutSuffix(w, suffix); ok && k != "" {
			switch k {
			case "북", "북쪽", "동", "동쪽", "남", "남쪽", "서", "서쪽":
				return lenientDirWord(k)
			}
		}
	}
	return 0
}

// udlrDir maps the one-letter codes U, D, L, R (written in capitals) to
// directions; they are read only in a list of such letters.
func udlrDir(raw string) mazes.Dir {
	switch raw {
	case "U":
		return mazes.North
	case "R":
		return mazes.East
	case "D":
		return mazes.South
	case "L":
		return mazes.West
	}
	return 0
}

// wordSet is a set of lower-cased words.
type wordSet map[string]bool

func words(s string) wordSet {
	set := wordSet{}
	for _, w := range strings.Fields(s) {
		set[w] = true
	}
	return set
}

var (
	// moveVerbs commit to a move when a direction follows: "I'll go east",
	// "move: down" is a noun. Relative "turn" is not among them.
	moveVerbs = words("go move head step proceed continue walk travel take choose pick select try opt advance backtrack retreat do think guess say suggest recommend 이동 이동합니다 이동하겠습니다 갑니다 가겠습니다")
	// gerunds commit only with a subject ("I'm moving east") or alone at the
	// start of a clause with a clean tail ("Moving east.").
	gerunds = words("moves goes heads walks steps going moving heading stepping proceeding continuing walking travelling traveling taking choosing picking selecting trying advancing backtracking retreating")
	// motionVerbs may reach a cell: "move to (1,2)".
	motionVerbs = words("go move head step proceed walk travel advance backtrack retreat going moving heading stepping proceeding walking travelling traveling advancing backtracking retreating")
	// moveNouns introduce a move after a link: "My next move is: S",
	// "Answer: W", "the best choice is right".
	moveNouns = words("way move moves direction directions answer choice decision action output response step steps path route sequence solution option conclusion instruction instructions result 이동 방향 답 정답")
	// nounQualifiers before a noun make it a list of possibilities, not a
	// choice: "available moves", "possible directions".
	nounQualifiers = words("available possible valid legal open other previous allowed remaining potential candidate")
	// nounBridge may stand between a noun and its link: "the way forward
	// is", "the move I pick is".
	nounBridge = words("forward ahead here now out i i'll will pick choose take select make to go move head")
	// links join a noun to its value: "is", "are", "would be", ...
	links = words("is are be was")
	// blockers in the words before a verb make the move hypothetical,
	// refused or a question: "if I go north", "I can't go west".
	//
	// A failed attempt is no move either: "I was attempting to move west",
	// "I tried to go west", "my attempt to move west", "came from the west".
	blockers = words("if can could might may whether cannot can't couldn't won't wouldn't don't doesn't didn't not never shouldn't mustn't shan't suppose supposing consider considering instead rather without unless avoid what how until whereas nor neither attempting attempted attempt attempts tried came")
	// predicates right after a direction make it the subject of a
	// statement, not a move: "going west leads to a dead end".
	predicates = words("is isn't was wasn't are were leads led would will seems seem looks look goes has had have appears appear gets takes remains can could might may should must be being reduces increases brings ends hits gives means takes doesn't won't can't wouldn't couldn't did does")
	// fillers may stand between a verb or link and its direction.
	//
	// They include the words of a distance ("one meter north", "1 step
	// east", "a single cell west"), of "in the direction of south", and of
	// a passage taken ("the lateral path to the east", "the side corridor
	// to the west").
	fillers = words("option to the a an one step steps cell cells square squares space spaces back again ahead further farther straight with for on directly due over all way clearly definitely obviously simply therefore probably likely just then thus hence still now go move head going moving heading proceed continue i'll i will let's let me us try trying choose choosing pick picking one's my our next single 'em towards toward into meter meters metre metres unit units block blocks tile tiles position positions in direction of lateral side passage corridor path route branch opening hallway only remaining")
	// countWords are the counts of a distance that repeat its move: "two
	// squares south" is two moves south.
	countWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
	// cellUnits are the units of a distance counted in cells; a distance
	// in other units ("two meters north") is one move.
	cellUnits = words("step steps cell cells square squares space spaces tile tiles block blocks position positions")
	// planWords on a line that ends with a colon make the numbered or
	// bulleted lines under it a plan, not moves made: "My plan:",
	// "Strategy:", "General approach:".
	planWords = words("plan plans strategy approach outline idea ideas roadmap")
	// retractAdjectives, retractNouns and retractTails make "no valid
	// path exists" a retraction.
	retractAdjectives = words("valid possible such viable legal complete correct working")
	retractNouns      = words("path paths solution solutions route routes way exit")
	retractVerbs      = words("solve escape reach exit find complete finish")
	retractTails      = words("exists exist is was found can could from to available possible here left at")
	// weighing words before an options word keep the line a decision:
	// "after considering my options, my next move should be... N".
	weighing = words("considering considered weighing weighed reviewing reviewed evaluating evaluated given after among")
	// cleanTail are the words a bare gerund may be followed by and still be
	// a move: "Moving east to (1,0).", "Heading back west."
	cleanTail = words("now then next again instead this time to toward towards along through into back first please for because since as so from here there until one step cell square and ahead passage corridor path route way exit side branch opening hallway direction")
	// badTail after right/left/up/down make them no direction: "right now",
	// "right away", "up to you", "left over".
	badTail = words("now away here there after behind hand side over off of in out onto angle corner turn")
	// determiners before "move" or "step" make it a noun: "the next
	// move", "my previous step".
	determiners = words("the my your our a an next previous last first best final this that each every safest only correct selected chosen following second third current")
	// conditionals open a clause that is a hypothesis through to its end:
	// "If the exit is south, I should go south."
	conditionals = words("if unless suppose supposing assuming when whenever")
	// subjects before a gerund make it a statement of what the speaker does.
	subjects = words("i'm im am we're were we are i'll i will be")
	// contextWords on a line make its lists and bare directions options,
	// neighbours or history, not a choice: "Open directions: N, E".
	contextWords = words("options available possible possibilities either neighbours neighbors adjacent visited reachable")
	// interjections may open a clause before a bare gerund or direction.
	interjections = words("definitely certainly clearly obviously surely all okay ok alright so now then well hmm oh um sure yes great right and thus hence therefore finally")
)
