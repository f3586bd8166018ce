package terminal

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/worlds"
)

// Seed → bytes: the transcripts of the standard seeds of both levels with
// their golds, the whole records of seed 1, and a digest of the standard
// set's JSONL, which pins every byte of every record. A change to any of
// them is a reviewed change (go test ./worlds/terminal -update).
func TestRegress(t *testing.T) {
	w := New()
	var shows bytes.Buffer
	for _, level := range w.Levels() {
		for seed := uint64(1); seed <= StandardSeeds; seed++ {
			require.NoError(t, w.Show(&shows, level, seed))
			shows.WriteString("\n")
		}
	}
	golden.Check(t, "standard.golden", shows.Bytes())

	var first bytes.Buffer
	for _, level := range w.Levels() {
		ps, err := w.Probes(level, View, 1)
		require.NoError(t, err)
		require.NoError(t, worlds.WriteProbes(&first, ps))
	}
	golden.Check(t, "seed1.jsonl.golden", first.Bytes())

	probes, err := w.Standard()
	require.NoError(t, err)
	var all bytes.Buffer
	require.NoError(t, worlds.WriteProbes(&all, probes))
	sum := fmt.Sprintf("%x  standard set, %d records, %d bytes\n", sha256.Sum256(all.Bytes()), len(probes), all.Len())
	golden.Check(t, "standard.sha256.golden", []byte(sum))
}

// The worked example of terminal-files in docs/worlds.md: seed 20, where the
// moved file is read-only, dst already exists, rm misses and the twin grep
// looks in a file that is not there.
func TestFilesWorkedExample(t *testing.T) {
	const transcript = `$ pwd
/home/user
$ ls
done
inbox
keep
notes.txt
$ cat notes.txt
cedar.txt is in /home/user/inbox
$ ls -l keep
-rw-r--r-- 1 user user  5 Jan  1 00:00 bravo.txt
-r-------- 1 user user 10 Jan  1 00:00 cedar.txt
-r-------- 1 user user  5 Jan  1 00:00 delta.txt
$ cat keep/cedar.txt
fig
birch
$ cat keep/delta.txt
kelp
$ cat keep/bravo.txt
dune
$ mkdir done
mkdir: cannot create directory 'done': File exists
$ mv keep/cedar.txt done/
$ echo hazel >> done/cedar.txt
bash: done/cedar.txt: Permission denied
$ cp keep/bravo.txt inbox/
$ rm keep/cedar.txt
rm: cannot remove 'keep/cedar.txt': No such file or directory
$ cd inbox
$ ls
bravo.txt
falcon.txt
$ grep -q dune alpha.txt
grep: alpha.txt: No such file or directory
$ grep -q jade falcon.txt`
	probes, err := New().Probes(LevelFiles, View, 20)
	require.NoError(t, err)
	golds := []string{"yes", "no", "400", "fig", "kelp", "2", "yes", "no", "unknown", "2", "/home/user/done", "/home/user/inbox"}
	questions := []string{
		"Does /home/user/inbox contain a file named bravo.txt?",
		"Does /home/user/inbox contain a file named alpha.txt?",
		"What are the permission bits of /home/user/keep/delta.txt, in octal?",
		"What was the first line of /home/user/done/cedar.txt before the echo command ran?",
		"What is the first line of /home/user/keep/delta.txt now?",
		"How many lines does /home/user/done/cedar.txt have now?",
		"Does /home/user/keep contain a file named bravo.txt at the end of the session?",
		"Does /home/user/keep contain a file named cedar.txt at the end of the session?",
		"What exit status did the command grep -q jade falcon.txt return?",
		"What exit status did the command grep -q dune alpha.txt return?",
		"Which directory holds cedar.txt now?",
		"According to notes.txt, which directory holds cedar.txt?",
	}
	require.Len(t, probes, len(questions))
	for i, p := range probes {
		assert.Equal(t, questions[i], p.Question, "q%02d", i)
		assert.Equal(t, golds[i], p.Gold.Canonical(), "q%02d", i)
		obs := strings.TrimPrefix(p.Context, "## Current observation\n")
		assert.Equal(t, transcript, obs[:strings.Index(obs, "\n\n## Question\n")], "q%02d", i)
	}
	assert.Equal(t, "dir=</home/user/archive|/home/user/done|/home/user/drafts|/home/user/inbox|/home/user/keep|/home/user/work|unknown>", probes[10].Schema)
	assert.True(t, *probes[10].Conflict)
	assert.Equal(t, "/home/user/inbox", *probes[10].Testimony, "notes.txt names the one directory cedar.txt is never in")
}
