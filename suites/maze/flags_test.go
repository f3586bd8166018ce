package maze

import (
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planCases parses args with the suite's run flags and lists the cases'
// names and tags.
func planCases(t *testing.T, args ...string) ([]string, []map[string]string, error) {
	t.Helper()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	build := New().Flags(fs)
	require.NoError(t, fs.Parse(args))
	seq, err := build()
	if err != nil {
		return nil, nil, err
	}
	var names []string
	var tags []map[string]string
	for c := range seq {
		names = append(names, c.Name)
		tags = append(tags, c.Tags)
	}
	return names, tags, nil
}

// TestFlagsGroup: the seed's default run is one-shot; naming an Ariadne
// group, A included, plays the interactive protocol, so that the seed's
// three runs (--group A, B, C) compare groups on one protocol, A being
// the un-hinted control.
func TestFlagsGroup(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		case0    string
		protocol string
		group    string
		err      string
	}{
		{name: "default", args: []string{"--seed", "42"}, case0: "size=7/seed=42/base", protocol: "oneshot", group: "A"},
		{name: "group A", args: []string{"--group", "A", "--seed", "42"}, case0: "size=7/seed=42/interactive", protocol: "interactive", group: "A"},
		{name: "group B", args: []string{"--group", "B", "--seed", "42"}, case0: "size=7/seed=42/interactive+group=B", protocol: "interactive", group: "B"},
		{name: "group C", args: []string{"--group", "C", "--seed", "42"}, case0: "size=7/seed=42/interactive+group=C", protocol: "interactive", group: "C"},
		{name: "group A interactive", args: []string{"--group", "A", "--protocol", "interactive"}, case0: "size=7/seed=1/interactive", protocol: "interactive", group: "A"},
		{name: "interactive without group", args: []string{"--protocol", "interactive"}, case0: "size=7/seed=1/interactive", protocol: "interactive", group: "A"},
		{name: "group A one-shot", args: []string{"--group", "A", "--protocol", "oneshot"}, err: "--group A plays interactively"},
		{name: "group B one-shot", args: []string{"--group", "B", "--protocol", "oneshot"}, err: "--group B plays interactively"},
		{name: "unknown group", args: []string{"--group", "D"}, err: "--group"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			names, tags, err := planCases(t, tc.args...)
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, names, 1)
			assert.Equal(t, tc.case0, names[0])
			assert.Equal(t, tc.protocol, tags[0]["protocol"])
			assert.Equal(t, tc.group, tags[0]["group"])
		})
	}
}
