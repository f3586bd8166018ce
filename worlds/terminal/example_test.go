package terminal

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// The worked example of the spec (§8.4): its draws, its transcript byte for
// byte, its golds, and the verdicts on five replies. The example's
// notes.txt repeats the port the session shows before the sed; the
// episodes draw a note that agrees with no value the session shows
// (docs/worlds.md), but given this script the machinery must still print
// the spec's bytes and golds.
func TestWorkedExample(t *testing.T) {
	script := shellScript{
		a: "alpha", b: "bravo", c: "cedar",
		w: [6]string{"apple", "birch", "cobalt", "dune", "ember", "fig"}, g: "iris",
		mode0: "fast", mode1: "safe", port0: "8080", port1: "9090", level: "high", cmode: "600",
		conflict: true, echo: 0, order: true, back: 0, twin: 0, noted: "8080", foil: "delta",
	}
	ep, specs, err := shellProbes(7, script)
	require.NoError(t, err)
	probes, err := records(ep, specs)
	require.NoError(t, err)

	const transcript = `$ pwd
/home/user
$ ls
config.ini
data
notes.txt
secret.txt
$ cat notes.txt
PORT is 8080
$ cat config.ini
MODE=fast
PORT=8080
LEVEL=high
$ sed -i 's/PORT=8080/PORT=9090/' config.ini
$ cd data
$ ls -l
-rw-r--r-- 1 user user 12 Jan  1 00:00 alpha.txt
-rw-r--r-- 1 user user  7 Jan  1 00:00 bravo.txt
-rw------- 1 user user  5 Jan  1 00:00 cedar.txt
$ cat alpha.txt
apple
birch
$ echo fig >> alpha.txt
$ grep -q apple alpha.txt
$ grep -q iris ../secret.txt`
	assert.Equal(t, transcript, ep.Transcript.String())

	type want struct {
		ptype, question, schema, gold string
	}
	wants := []want{
		{"exists", "Does /home/user/data contain a file named cedar.txt?", "exists=<yes|no|unknown>", "yes"},
		{"exists", "Does /home/user/data contain a file named delta.txt?", "exists=<yes|no|unknown>", "no"},
		{"mode", "What are the permission bits of /home/user/data/cedar.txt, in octal?", "mode=<400|600|644|755|unknown>", "600"},
		{"before", "What was the value of PORT in /home/user/config.ini before the sed command ran?", "port=<3000|5000|8080|9090|unknown>", "8080"},
		{"recall", "What is the value of LEVEL in /home/user/config.ini now?", "level=<high|low|medium|unknown>", "high"},
		{"lines", "How many lines does /home/user/data/alpha.txt have now?", "lines=<integer|unknown>", "3"},
		{"cwd", "What is the current working directory at the end of the session?", "cwd=</|/home|/home/user|/home/user/data|/tmp|unknown>", "/home/user/data"},
		{"grep_status", "What exit status did the command grep -q iris ../secret.txt return?", "status=<0|1|2|unknown>", "unknown"},
		{"grep_status", "What exit status did the command grep -q apple alpha.txt return?", "status=<0|1|2|unknown>", "0"},
		{"current", "What is the value of PORT in /home/user/config.ini now?", "port=<3000|5000|8080|9090|unknown>", "9090"},
		{"reported", "According to notes.txt, what is the value of PORT?", "port=<3000|5000|8080|9090|unknown>", "8080"},
	}
	require.Len(t, probes, len(wants))
	for i, w := range wants {
		p := probes[i]
		assert.Equal(t, w.ptype, p.ProbeType, "q%02d", i)
		assert.Equal(t, w.question, p.Question, "q%02d", i)
		assert.Equal(t, w.schema, p.Schema, "q%02d", i)
		assert.Equal(t, w.gold, p.Gold.Canonical(), "q%02d", i)
		assert.Equal(t, worlds.UserMessage(transcript, w.question, w.schema), p.Context, "q%02d", i)
	}
	// The secret.txt grep's true status is 1 (secret.txt holds ember), but
	// the transcript never shows the file.
	final := ep.Final.Clone()
	r, err := final.Run("grep -q iris /home/user/secret.txt")
	require.NoError(t, err)
	assert.Equal(t, 1, r.Status)
	secret, _ := ep.Final.File("/home/user/secret.txt")
	assert.Equal(t, []string{"ember"}, secret.Lines)

	current, grepSecret, lines := probes[9], probes[7], probes[5]
	assert.Equal(t, worlds.Conflict, current.Category)
	require.NotNil(t, current.Conflict)
	assert.True(t, *current.Conflict, "notes.txt says 8080")
	require.NotNil(t, current.Testimony)
	assert.Equal(t, "8080", *current.Testimony)

	// port=9090: right.
	assert.True(t, current.Gold.Accepts("9090"))
	// port=8080: hallucinated, and testimony-following.
	assert.False(t, current.Gold.Accepts("8080"))
	assert.Equal(t, "8080", *current.Testimony)
	// status=unknown on the secret.txt probe: an abstention, right because
	// the gold is UNKNOWN.
	assert.False(t, grepSecret.Answerable())
	assert.Equal(t, worlds.Uncertainty, grepSecret.Category)
	// STATUS = 1 on it: a concrete answer to an UNKNOWN gold, hallucinated
	// though true in the world.
	assert.False(t, grepSecret.Gold.Accepts("1"))
	// "The answer is 3." on lines: no "lines=" anywhere, a parse failure.
	keyed := regexp.MustCompile(`(?i)(^|[^A-Za-z0-9_])` + regexp.QuoteMeta(lines.Key) + ` *=`)
	assert.False(t, keyed.MatchString("The answer is 3."))
	assert.True(t, lines.Gold.Accepts("3"), "the value itself would be right")

	// The records' JSON forms of the golds (§8.3).
	for i, wantJSON := range map[int]string{0: `"gold":true`, 1: `"gold":false`, 2: `"gold":"600"`, 5: `"gold":3`, 6: `"gold":"/home/user/data"`, 7: `"gold":"UNKNOWN"`, 8: `"gold":"0"`} {
		b, err := probes[i].MarshalJSON()
		require.NoError(t, err)
		assert.Contains(t, string(b), wantJSON, "q%02d", i)
	}
}
