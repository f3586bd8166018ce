package worlds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// AnswerType is the form of a probe's answer: how the reply's value is read
// and how the gold is written in JSON.
type AnswerType string

// The answer types.
const (
	Bool       AnswerType = "bool"       // yes | no; gold true / false
	Int        AnswerType = "int"        // an integer; gold a number
	Enum       AnswerType = "enum"       // one of the probe's options; gold a string
	Coordinate AnswerType = "coordinate" // grid "a,b" (gold [a, b]) or chess square (gold "e4")
	Set        AnswerType = "set"        // items or none; gold a sorted array
	Member     AnswerType = "member"     // a UCI move; gold the sorted array of accepted moves
)

// Valid reports whether t is one of the answer types.
func (t AnswerType) Valid() bool {
	switch t {
	case Bool, Int, Enum, Coordinate, Set, Member:
		return true
	}
	return false
}

// Unknown is the canonical answer, and the gold's JSON, of a probe that is
// not answerable.
const Unknown = "unknown"

// unknownJSON is how a not-answerable gold is written in a record.
const unknownJSON = "UNKNOWN"

// Gold is a probe's correct answer. An answerable gold holds its canonical
// string (yes/no, a decimal, an option, "a,b" or a square, set items sorted
// byte-wise and joined by "," or "none"); a member gold holds the accepted
// values instead. A gold that is not answerable is UNKNOWN.
type Gold struct {
	Unknown bool
	// Value is the canonical string; empty for Member.
	Value string
	// Members are the accepted values of a Member gold, sorted.
	Members []string
}

// GoldUnknown is the gold of a probe the evidence does not determine.
func GoldUnknown() Gold { return Gold{Unknown: true} }

// GoldBool is yes or no.
func GoldBool(b bool) Gold {
	if b {
		return Gold{Value: "yes"}
	}
	return Gold{Value: "no"}
}

// GoldInt is n in decimal.
func GoldInt(n int) Gold { return Gold{Value: strconv.Itoa(n)} }

// GoldEnum is one option, or a chess square as a coordinate.
func GoldEnum(option string) Gold { return Gold{Value: option} }

// GoldPair is the grid coordinate (a, b).
func GoldPair(a, b int) Gold { return Gold{Value: strconv.Itoa(a) + "," + strconv.Itoa(b)} }

// GoldSet is a set of items: sorted, duplicates dropped, "none" if empty.
func GoldSet(items []string) Gold { return Gold{Value: CanonicalSet(items)} }

// GoldMembers accepts any of values (a member gold).
func GoldMembers(values []string) Gold {
	m := slices.Clone(values)
	slices.Sort(m)
	return Gold{Members: slices.Compact(m)}
}

// CanonicalSet sorts items byte-wise, drops duplicates and joins them with
// ","; the empty set is "none".
func CanonicalSet(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	s := slices.Clone(items)
	slices.Sort(s)
	return strings.Join(slices.Compact(s), ",")
}

// Answerable reports whether the gold is determined.
func (g Gold) Answerable() bool { return !g.Unknown }

// Canonical is the canonical string of the gold: its value, "unknown", or
// for a member gold the accepted values joined by ",".
func (g Gold) Canonical() string {
	switch {
	case g.Unknown:
		return Unknown
	case g.Members != nil:
		return strings.Join(g.Members, ",")
	}
	return g.Value
}

// Accepts reports whether the canonical answer value is the gold: equal to
// the canonical string, or, for a member gold, one of the accepted values.
func (g Gold) Accepts(value string) bool {
	if g.Unknown {
		return false
	}
	if g.Members != nil {
		_, ok := slices.BinarySearch(g.Members, value)
		return ok
	}
	return g.Value == value
}

// marshal writes the gold in a record's JSON form for the answer type.
func (g Gold) marshal(t AnswerType) (json.RawMessage, error) {
	if g.Unknown {
		return json.Marshal(unknownJSON)
	}
	switch t {
	case Bool:
		return json.Marshal(g.Value == "yes")
	case Int:
		n, err := strconv.Atoi(g.Value)
		if err != nil {
			return nil, fmt.Errorf("int gold %q: %w", g.Value, err)
		}
		return json.Marshal(n)
	case Enum:
		return json.Marshal(g.Value)
	case Coordinate:
		if a, b, ok := strings.Cut(g.Value, ","); ok {
			x, err1 := strconv.Atoi(a)
			y, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("coordinate gold %q is not a,b", g.Value)
			}
			return json.Marshal([2]int{x, y})
		}
		return json.Marshal(g.Value)
	case Set:
		items := []string{}
		if g.Value != "none" {
			items = strings.Split(g.Value, ",")
		}
		return json.Marshal(items)
	case Member:
		return json.Marshal(g.Members)
	}
	return nil, fmt.Errorf("unknown answer type %q", t)
}

// unmarshalGold reads a record's gold for the answer type.
func unmarshalGold(data json.RawMessage, t AnswerType) (Gold, error) {
	var s string
	if json.Unmarshal(data, &s) == nil && s == unknownJSON {
		return GoldUnknown(), nil
	}
	strict := func(v any) error {
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		return d.Decode(v)
	}
	switch t {
	case Bool:
		var b bool
		if err := strict(&b); err != nil {
			return Gold{}, fmt.Errorf("bool gold: %s", data)
		}
		return GoldBool(b), nil
	case Int:
		var n json.Number
		if err := strict(&n); err != nil {
			return Gold{}, fmt.Errorf("int gold: %s", data)
		}
		v, err := strconv.Atoi(n.String())
		if err != nil {
			return Gold{}, fmt.Errorf("int gold: %s", data)
		}
		return GoldInt(v), nil
	case Enum:
		if err := strict(&s); err != nil || s == "" {
			return Gold{}, fmt.Errorf("enum gold: %s", data)
		}
		return GoldEnum(s), nil
	case Coordinate:
		var pair [2]int
		if strict(&pair) == nil {
			return GoldPair(pair[0], pair[1]), nil
		}
		if err := strict(&s); err != nil || !isSquare(s) {
			return Gold{}, fmt.Errorf("coordinate gold: %s", data)
		}
		return GoldEnum(s), nil
	case Set:
		var items []string
		if err := strict(&items); err != nil || items == nil {
			return Gold{}, fmt.Errorf("set gold: %s", data)
		}
		return GoldSet(items), nil
	case Member:
		var items []string
		if err := strict(&items); err != nil || len(items) == 0 {
			return Gold{}, fmt.Errorf("member gold: %s", data)
		}
		return GoldMembers(items), nil
	}
	return Gold{}, fmt.Errorf("unknown answer type %q", t)
}

// isSquare reports whether s is a chess square a1…h8.
func isSquare(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'
}
