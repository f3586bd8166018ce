package abstain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDifferentialReference scores generated replies with this package and
// with scripts/abstain_reference.py, a second reading of the normative
// definitions written from the spec alone, and requires the same counts,
// rates, Wilson intervals and McNemar test. The rounds go to one Python
// process (--batch). It skips where python3 is not installed.
func TestDifferentialReference(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the differential check against scripts/abstain_reference.py is skipped")
	}
	const rounds = 12
	rng := rand.New(rand.NewPCG(3, 4))
	type round struct {
		items     []Item
		responses map[string]string
	}
	var runs []round
	var in bytes.Buffer
	for range rounds {
		items := Standard(rng.Uint64())
		responses := map[string]string{}
		for _, it := range items {
			if rng.IntN(25) == 0 {
				continue // no response: a parse failure, listed as missing
			}
			responses[it.ID] = randomReply(rng, it)
		}
		runs = append(runs, round{items, responses})
		// The items as WriteItems writes them, one JSON object a line.
		var ib bytes.Buffer
		require.NoError(t, WriteItems(&ib, items))
		var itemsJSON []json.RawMessage
		for _, line := range strings.Split(strings.TrimSpace(ib.String()), "\n") {
			itemsJSON = append(itemsJSON, json.RawMessage(line))
		}
		line, err := json.Marshal(map[string]any{"items": itemsJSON, "responses": responses})
		require.NoError(t, err)
		in.Write(append(line, '\n'))
	}

	cmd := exec.Command(python, filepath.Join("..", "scripts", "abstain_reference.py"), "--batch")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, rounds)

	for n, r := range runs {
		var want map[string]any
		require.NoError(t, json.Unmarshal([]byte(lines[n]), &want))
		gotJSON, err := json.Marshal(Score(r.items, r.responses))
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal(gotJSON, &got))
		for key := range want {
			if fmt.Sprint(got[key]) != fmt.Sprint(want[key]) {
				t.Errorf("round %d: %s = %v, the reference says %v", n, key, got[key], want[key])
			}
		}
	}
}

// randomReply writes one of the many shapes a reply takes: the contract
// kept or broken, right or wrong, in prose, fences and odd formats.
func randomReply(rng *rand.Rand, it Item) string {
	gold := "0"
	if it.Gold.Answer != nil {
		gold = *it.Gold.Answer
	}
	answers := []string{
		`"` + gold + `"`, gold, `"` + gold + ` apples"`, `"$` + gold + `"`, `"` + gold + `%"`, `"1,` + gold + `"`,
		`"7"`, `"3/4"`, `"abc"`, `true`, `""`, `"5 big apples"`, `" ` + gold + ` "`, `"-` + gold + `"`,
		`"` + strings.Repeat("9", 400) + `"`, `null`, `[1]`,
	}
	ans := answers[rng.IntN(len(answers))]
	var body string
	switch rng.IntN(9) {
	case 0, 1, 2:
		body = `{"status": "ANSWER", "answer": ` + ans + `}`
	case 3, 4:
		body = `{"status": "INSUFFICIENT", "answer": null}`
	case 5:
		body = `{"status": "insufficient", "answer": ` + ans + `}`
	case 6:
		body = `{"Status": "ANSWER", "answer": ` + ans + `}`
	case 7:
		body = `{"status": "MAYBE", "answer": null}`
	default:
		body = `{"status": "answer", "answer": ` + ans + `, "note": "a {brace} in a string"}`
	}
	switch rng.IntN(8) {
	case 0:
		return "```json\n" + body + "\n```"
	case 1:
		return "Let me think step by step. " + body + " That is final."
	case 2:
		return "The answer is " + gold + "."
	case 3:
		return "{ not json " + body
	case 4:
		return "  " + body + "\n"
	case 5:
		return "```\n" + body + "\n```\n```\n{}\n```"
	case 6:
		return `He said "{" and then ` + body
	}
	return body
}
