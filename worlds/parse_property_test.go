package worlds

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// word draws an item or option: one or two lower-case words that are not
// an abstention word and not none.
func word() *rapid.Generator[string] {
	return rapid.StringMatching(`[a-z]{1,7}( [a-z]{1,7})?`).Filter(func(s string) bool {
		return !IsAbstention(s) && s != "none"
	})
}

func square() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return string(rune('a'+rapid.IntRange(0, 7).Draw(t, "file"))) + string(rune('1'+rapid.IntRange(0, 7).Draw(t, "rank")))
	})
}

// anyProbe draws a probe of any answer type and world with a gold of its
// type, UNKNOWN one time in four.
func anyProbe() *rapid.Generator[Probe] {
	return rapid.Custom(func(t *rapid.T) Probe {
		typ := rapid.SampledFrom([]AnswerType{Bool, Int, Enum, Coordinate, Set, Member}).Draw(t, "type")
		world := rapid.SampledFrom([]string{Grid, Chess, Terminal}).Draw(t, "world")
		key := rapid.StringMatching(`[a-z][a-z_]{0,11}`).Draw(t, "key")
		p := testProbe(world, typ, key, Gold{})
		switch typ {
		case Bool:
			p.Gold = GoldBool(rapid.Bool().Draw(t, "b"))
		case Int:
			p.Gold = GoldInt(rapid.IntRange(-1000, 1_000_000).Draw(t, "n"))
		case Enum:
			p.Options = rapid.SliceOfNDistinct(word(), 3, 8, rapid.ID).Draw(t, "options")
			slices.Sort(p.Options)
			p.Gold = GoldEnum(rapid.SampledFrom(p.Options).Draw(t, "option"))
		case Coordinate:
			if world == Chess {
				p.Gold = GoldEnum(square().Draw(t, "square"))
			} else {
				p.Gold = GoldPair(rapid.IntRange(-20, 20).Draw(t, "a"), rapid.IntRange(-20, 20).Draw(t, "b"))
			}
		case Set:
			p.Gold = GoldSet(rapid.SliceOfN(word(), 0, 5).Draw(t, "items"))
		case Member:
			moves := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
				return square().Draw(t, "from") + square().Draw(t, "to") + rapid.SampledFrom([]string{"", "", "", "q", "n"}).Draw(t, "promo")
			}), 1, 6).Draw(t, "moves")
			p.Gold = GoldMembers(moves)
		}
		if rapid.IntRange(0, 3).Draw(t, "unknown") == 0 {
			p.Gold = GoldUnknown()
		}
		return p
	})
}

// dress draws a reply around the line key=value the way models write it:
// other text before, the key's case, spaces around =, markdown, a full
// stop, a code fence, CRLF.
func dress(t *rapid.T, key, value string) string {
	k := key
	if rapid.Bool().Draw(t, "upper") {
		k = strings.ToUpper(key)
	}
	eq := rapid.SampledFrom([]string{"=", " = ", "= ", "\t=\t"}).Draw(t, "eq")
	wrap := rapid.SampledFrom([]string{"", "**", "`", "\""}).Draw(t, "wrap")
	line := k + eq + wrap + value + wrap
	if rapid.Bool().Draw(t, "stop") {
		line += "."
	}
	before := rapid.SampledFrom([]string{"", "Let me look.\n\n", "<think>\n" + key + "=wrong, no\n</think>\n", "I considered " + key + " = 7 first.\n"}).Draw(t, "before")
	reply := before + line
	if rapid.Bool().Draw(t, "fence") {
		reply = "```\n" + reply + "\n```"
	}
	if rapid.Bool().Draw(t, "crlf") {
		reply = strings.ReplaceAll(reply, "\n", "\r\n") + "\r\n"
	}
	return reply
}

// The canonical string of every gold, as a reply key=<canonical>, scores
// right however it is dressed; key=unknown is right exactly when the gold
// is UNKNOWN, and otherwise an over-abstention.
func TestCanonicalGoldScoresRight(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyProbe().Draw(t, "probe")
		value := p.Gold.Canonical()
		if p.Gold.Members != nil {
			value = rapid.SampledFrom(p.Gold.Members).Draw(t, "member")
		}
		reply := dress(t, p.Key, value)
		v := Judge(p, reply)
		if !v.Right || v.Hallucinated {
			t.Fatalf("reply %q to %+v: %+v", reply, p, v)
		}
		u := Judge(p, dress(t, p.Key, "unknown"))
		if u.Outcome != OutcomeAbstain || u.Right != !p.Answerable() || u.OverAbstained != p.Answerable() {
			t.Fatalf("unknown to %+v: %+v", p, u)
		}
	})
}

// Any answer reads back as itself: the canonical value is a fixed point of
// the parser, and what the parser reads does not depend on the dressing.
func TestParseCanonicalFixedPoint(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyProbe().Draw(t, "probe")
		raw := rapid.OneOf(word(), square(), rapid.StringMatching(`-?[0-9]{1,3}(, ?-?[0-9]{1,3})?`),
			rapid.StringMatching(`[a-z ]{0,12}(, ?[a-z ]{1,12}){0,3}`)).Draw(t, "raw")
		first := Parse(p, p.Key+"="+raw)
		dressed := Parse(p, dress(t, p.Key, raw))
		if first.Outcome != dressed.Outcome || first.Value != dressed.Value {
			t.Fatalf("%q read as %+v, dressed as %+v", raw, first, dressed)
		}
		if first.Outcome != OutcomeAnswer {
			return
		}
		again := Parse(p, p.Key+"="+first.Value)
		if again != first {
			t.Fatalf("%q read as %+v, its value as %+v", raw, first, again)
		}
	})
}

// A reply whose value is the testimony follows it; on a conflict that is a
// hallucination.
func TestTestimonyFollowing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		options := rapid.SliceOfNDistinct(word(), 3, 6, rapid.ID).Draw(t, "options")
		slices.Sort(options)
		p := testProbe(Grid, Enum, "state", GoldEnum(options[0]), options...)
		p.Category = Conflict
		said := rapid.SampledFrom(options).Draw(t, "testimony")
		conflict := said != options[0]
		p.Conflict, p.Testimony = &conflict, &said
		v := Judge(p, fmt.Sprintf("state=%s", said))
		if v.TestimonyFollowing == nil || !*v.TestimonyFollowing || v.Hallucinated != conflict {
			t.Fatalf("%+v", v)
		}
	})
}

// normalizeSpec is step 3 of the contract written as the spec words it,
// one step after another, for [TestNormalizeMatchesSpec].
func normalizeSpec(raw string) string {
	s := strings.ToLower(raw)
	for {
		before := s
		s = strings.Trim(strings.TrimSpace(s), "*`\"'<>")
		if strings.HasSuffix(s, ".") || strings.HasSuffix(s, ";") || strings.HasSuffix(s, ",") {
			s = s[:len(s)-1]
		}
		if s == before {
			break
		}
	}
	s = strings.Join(strings.Fields(s), " ")
	return separatorSpaces.ReplaceAllString(s, "$1")
}

var separatorSpaces = regexp.MustCompile(` ?(,|;|\||->|=) ?`)

// Normalize, written for speed, is the spec's normalisation.
func TestNormalizeMatchesSpec(t *testing.T) {
	alphabet := []rune("aZé *`\"'<>.;,|=->\t\u00a0\u2003K")
	rapid.Check(t, func(t *rapid.T) {
		raw := rapid.StringOfN(rapid.SampledFrom(alphabet), 0, 24, -1).Draw(t, "raw")
		if got, want := Normalize(raw), normalizeSpec(raw); got != want {
			t.Fatalf("Normalize(%q) = %q, the spec's steps give %q", raw, got, want)
		}
	})
}
