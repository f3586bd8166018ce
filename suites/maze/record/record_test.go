package record

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
)

// TestRead: a result reads its Spec from its score record when the record
// holds one, from its tags when it does not (results written before), and
// a record that does not decode is an error naming the result.
func TestRead(t *testing.T) {
	spec := Spec{Size: 9, Seed: 4, Algorithm: mazes.Wilson, NoMirage: true, Protocol: mazes.Interactive, Group: "B", Budget: 40, Run: 2}.Normal()
	withSpec, err := json.Marshal(Detail{Spec: &spec, Episode: &mazes.EpisodeStats{Budget: 40}})
	require.NoError(t, err)
	old, err := json.Marshal(Detail{})
	require.NoError(t, err)
	tags := spec.Tags()

	for _, tc := range []struct {
		name    string
		r       results.Result
		want    Spec
		detail  bool
		err     string
		specErr string
	}{
		{"spec in the record", results.Result{Case: "c", Model: "m", Detail: withSpec, Tags: map[string]string{"size": "oops"}}, spec, true, "", ""},
		{"old record: the tags", results.Result{Case: "c", Model: "m", Detail: old, Tags: tags}, Spec{Size: 9, Seed: 4, Algorithm: mazes.Wilson, NoMirage: true, Protocol: mazes.Interactive, Group: "B", Run: 2}.Normal(), true, "", ""},
		{"played here", results.Result{Case: "c", Record: Detail{Spec: &spec}}, spec, true, "", ""},
		{"human group", results.Result{Case: "c", Model: "human/g", Detail: json.RawMessage(`{"walks":[]}`), Tags: tags}, Spec{Size: 9, Seed: 4, Algorithm: mazes.Wilson, NoMirage: true, Protocol: mazes.Interactive, Group: "B", Run: 2}.Normal(), false, "", ""},
		{"bad record", results.Result{Case: "c", Model: "m", Detail: json.RawMessage(`{"scores":7}`), Tags: tags}, Spec{}, false, "c of m: read the score record", ""},
		{"bad tags", results.Result{Case: "c", Model: "m", Tags: map[string]string{"size": "7", "seed": "x"}}, Spec{}, false, "", `maze tags: seed "x" is not a number`},
		{"bad algorithm", results.Result{Case: "c", Model: "m", Tags: map[string]string{"size": "7", "seed": "1", "algorithm": "bogus"}}, Spec{}, false, "", "maze tags:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rd, err := Read(tc.r)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			if tc.specErr != "" {
				require.ErrorContains(t, rd.SpecErr, tc.specErr)
				return
			}
			require.NoError(t, rd.SpecErr)
			assert.Equal(t, tc.want, rd.Spec)
			assert.Equal(t, tc.detail, rd.Detail != nil)
		})
	}
}

// TestSpecTagsRoundTrip: the tags a Spec writes read back as the Spec,
// but for the budget, which the tags do not carry.
func TestSpecTagsRoundTrip(t *testing.T) {
	for _, s := range []Spec{{Size: 5, Seed: 1}, {Size: 11, Seed: 1 << 40, Algorithm: mazes.Wilson, Lang: mazes.Korean, NoConf: true, Run: 3},
		{Size: 7, Seed: 2, Protocol: mazes.Interactive, Group: "C"}} {
		got, err := SpecOfTags(s.Tags())
		require.NoError(t, err)
		assert.Equal(t, s.Normal(), got)
		assert.Equal(t, s.Name(), got.Name())
	}
}
