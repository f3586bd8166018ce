package workflow

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeWorkflow(t *testing.T, text string) *File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "w.yml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	f, err := Load(path)
	require.NoError(t, err)
	return f
}

// TestRunAsActions: a step runs under bash -eo pipefail with the env of
// the workflow, the job and the step, its outputs and summary read back.
func TestRunAsActions(t *testing.T) {
	f := writeWorkflow(t, `
env:
  A: ${{ inputs.a || vars.A || 'dflt' }}
defaults:
  run:
    shell: bash
jobs:
  one:
    env:
      B: x-${{ matrix.n }}/${{ strategy.job-total }}
    steps:
      - uses: actions/checkout@v6
      - name: ok
        env:
          C: ${{ secrets.NONE }}
        run: |
          echo "a=$A b=$B c=[$C]"
          echo "out=1" >> "$GITHUB_OUTPUT"
          { echo "multi<<EOF"; echo "l1"; echo "l2"; echo "EOF"; } >> "$GITHUB_OUTPUT"
          echo "## done" >> "$GITHUB_STEP_SUMMARY"
          test -d "$RUNNER_TEMP"
      - name: pipefail
        run: |
          false | true
          echo unreachable
      - name: unset output
        run: grep nothing /dev/null
`)
	j := f.Jobs["one"]
	require.Len(t, j.RunSteps(), 3)
	r := Runner{Dir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}, Values: map[string]string{"vars.A": "va", "matrix.n": "2", "strategy.job-total": "4"}}
	res, err := r.Run(t.Context(), f, j, j.RunSteps()[0], nil)
	require.NoError(t, err)
	assert.Equal(t, 0, res.Code, res.Stderr)
	assert.Equal(t, "a=va b=x-2/4 c=[]\n", res.Stdout)
	assert.Equal(t, map[string]string{"out": "1", "multi": "l1\nl2"}, res.Outputs)
	assert.Equal(t, "## done\n", res.Summary)

	res, err = r.Run(t.Context(), f, j, j.RunSteps()[1], nil)
	require.NoError(t, err)
	assert.Equal(t, 1, res.Code, "a failed command in a pipeline fails the step")
	assert.Empty(t, res.Stdout)

	res, err = r.Run(t.Context(), f, j, j.RunSteps()[2], nil)
	require.NoError(t, err)
	assert.Equal(t, 1, res.Code, "grep finding nothing fails the step")

	_, err = Runner{Dir: t.TempDir()}.Run(t.Context(), f, j, j.RunSteps()[0], nil)
	assert.ErrorContains(t, err, "no value given for matrix.n")
}

// TestLoadRefuses: a script holding an expression, or another shell, is
// refused when loaded.
func TestLoadRefuses(t *testing.T) {
	for _, text := range []string{
		"jobs:\n  a:\n    steps:\n      - run: echo ${{ github.event.pull_request.title }}\n",
		"jobs:\n  a:\n    steps:\n      - run: echo hi\n        shell: pwsh\n",
	} {
		path := filepath.Join(t.TempDir(), "w.yml")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		_, err := Load(path)
		assert.Error(t, err, text)
	}
}

// TestEval: paths, quoted literals and ||; other expressions are refused.
func TestEval(t *testing.T) {
	r := Runner{Values: map[string]string{"github.ref": "refs/heads/x", "matrix.e": ""}}
	for in, want := range map[string]string{
		"${{ github.ref }}":                  "refs/heads/x",
		"${{ inputs.x || 'it''s' }}":         "it's",
		"${{ matrix.e || github.ref }}":      "refs/heads/x",
		"a-${{ vars.none }}-b":               "a--b",
		"${{ github.event.pull_request.x }}": "",
	} {
		got, err := r.Eval(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"${{ !cancelled() }}", "${{ github.sha }}", "${{ a == 'b' }}"} {
		_, err := r.Eval(bad)
		assert.Error(t, err, bad)
	}
}
