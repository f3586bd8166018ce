package cassettes

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hallumaze/hallumaze/internal/files"
)

// Finding is one place where data looks like it holds a secret. It never
// holds the secret itself: Masked shows at most its first four bytes.
type Finding struct {
	// Path is the file (from [ScanTree]) or the part of a cassette being
	// saved; empty for [ScanForSecrets] on bare data.
	Path string
	// Line and Column locate the start of the secret, counting from 1;
	// Column counts bytes.
	Line, Column int
	// Rule names the pattern that matched: "sk-key", "google-key",
	// "bearer-token", "key-header", "key-param", "basic-auth",
	// "url-userinfo" or "known-secret".
	Rule string
	// Masked is the first four bytes of the secret, an ellipsis and its
	// length, such as "sk-p… 48 bytes".
	Masked string
}

// String formats a finding as "path:line:col: rule (masked)".
func (f Finding) String() string {
	loc := fmt.Sprintf("%d:%d", f.Line, f.Column)
	if f.Path != "" {
		loc = f.Path + ":" + loc
	}
	return fmt.Sprintf("%s: %s (%s)", loc, f.Rule, f.Masked)
}

// The patterns of [ScanForSecrets]. Each marks the secret with group 1.
var (
	// OpenAI (sk-, sk-proj-), DeepSeek (sk- and hex) and Anthropic
	// (sk-ant-) keys.
	skKeyRE = regexp.MustCompile(`(sk-[A-Za-z0-9_-]{20,})`)
	// Google API keys: AIza and 35 more characters.
	googleKeyRE = regexp.MustCompile(`(AIza[0-9A-Za-z_-]{35})`)
	// A bearer credential of 16 or more token characters.
	bearerRE = regexp.MustCompile(`(?i)bearer[ \t]+([A-Za-z0-9._~+/=-]{16,})`)
	// A key header as a line, "X-Api-Key: value", as go-vcr writes it in
	// YAML, "X-Api-Key:" then "- value" on the next line, or as this
	// package's cassettes write it in JSON, {"X-Api-Key":["value"]}. The
	// secret is the value after an optional scheme word (Bearer, Basic,
	// Token).
	keyHeaderRE = regexp.MustCompile(`(?im)(?:^[ \t]*(?:-[ \t]+)?|[{,][ \t]*)["']?(?:x-api-key|x-goog-api-key|api-key|authorization|proxy-authorization)["']?[ \t]*:[ \t]*(?:\r?\n[ \t]*-[ \t]+|\[[ \t]*)?["']?(?:(?:bearer|basic|token)[ \t]+)?([^\s"']+)`)
	// A long token after key= (and the like) in a URL or form.
	keyParamRE = regexp.MustCompile(`(?i)(?:key|api_key|api-key|apikey|access_token)=([^&\s"'#<>\\]{16,})`)
	// HTTP basic credentials: "Basic " and the base64 of user:password,
	// as a client sends them for a URL with user information and a
	// server may echo them.
	basicRE = regexp.MustCompile(`(?i)basic[ \t]+([A-Za-z0-9+/]{6,}={0,2})`)
	// A URL's user information with a password: scheme://user:password@.
	userinfoRE = regexp.MustCompile(`(?i)[a-z][a-z0-9+.-]*://([^\s/?#@:"'<>\\]+:[^\s/?#@"'<>\\]+)@`)
)

// minLiteral is the shortest known secret that is searched for literally;
// shorter values cannot be told apart from ordinary text.
const minLiteral = 8

// rule is one secret pattern: the regexp, whether the byte before the match
// must not be a token byte, a check of the captured secret, and the words
// (lower case) of which any match holds one: where the text, lowered, holds
// none of them the regexp cannot match and is not run (the case-insensitive
// ones are slow over megabytes of cassettes).
type rule struct {
	name     string
	re       *regexp.Regexp
	boundary bool
	check    func(secret []byte) bool
	needs    []string
}

func secretRules() []rule {
	return []rule{
		{"sk-key", skKeyRE, true, hasLetterAndDigit, []string{"sk-"}},
		{"google-key", googleKeyRE, true, nil, []string{"aiza"}},
		{"bearer-token", bearerRE, true, looksRandom, []string{"bearer"}},
		{"key-header", keyHeaderRE, false, isCredentialValue, []string{"api-key", "authorization"}},
		{"key-param", keyParamRE, true, looksRandom, []string{"key=", "access_token="}},
		{"basic-auth", basicRE, true, isBasicCredential, []string{"basic"}},
		{"url-userinfo", userinfoRE, false, isPassword, []string{"@"}},
	}
}

// isBasicCredential reports whether s is the base64 of user:password, as a
// basic Authorization header carries: it decodes to printable text with a
// colon after a non-empty user.
func isBasicCredential(s []byte) bool {
	dec, err := base64.StdEncoding.DecodeString(string(s))
	if err != nil {
		if dec, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(string(s), "=")); err != nil {
			return false
		}
	}
	i := bytes.IndexByte(dec, ':')
	if i < 1 || i == len(dec)-1 {
		return false
	}
	for _, c := range dec {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// isPassword reports whether the user:password of a URL holds a password
// and not a placeholder (***, [REDACTED], xxx).
func isPassword(userinfo []byte) bool {
	_, pass, _ := bytes.Cut(userinfo, []byte(":"))
	p := strings.ToLower(string(pass))
	if p == "" || strings.Contains(p, "redacted") || strings.Trim(p, "*x.%2a") == "" {
		return false
	}
	return true
}

// mayMatch reports whether the lowered text holds one of the rule's words.
func (r rule) mayMatch(lower []byte) bool {
	for _, w := range r.needs {
		if bytes.Contains(lower, []byte(w)) {
			return true
		}
	}
	return false
}

// ScanForSecrets reports everything in data that looks like an API key or
// a credential: sk-… keys (OpenAI, sk-proj-, DeepSeek, sk-ant-), AIza…
// Google keys, bearer tokens, key header lines (x-api-key, x-goog-api-key,
// api-key, authorization) with a non-empty value, long random-looking
// tokens after key=, api_key= and the like, basic credentials (Basic and
// the base64 of user:password) and passwords in URLs (user:password@). Findings are ordered by position; a
// stretch matched by two rules is reported once.
//
// The patterns ask for what keys have and prose lacks (a fixed prefix,
// digits mixed with letters, high entropy), so ordinary prompts and model
// replies, including maze grids and move lists, give no findings.
func ScanForSecrets(data []byte) []Finding {
	return scan(data, nil)
}

type span struct {
	start, end int
	rule       string
}

// scan is ScanForSecrets that also reports every occurrence of the given
// literal values of at least minLiteral bytes.
func scan(data []byte, literals []string) []Finding {
	var spans []span
	lower := bytes.ToLower(data)
	for _, r := range secretRules() {
		if !r.mayMatch(lower) {
			continue
		}
		for _, m := range r.re.FindAllSubmatchIndex(data, -1) {
			start, end := m[2], m[3]
			if start < 0 {
				continue
			}
			if r.boundary && m[0] > 0 && isTokenByte(data[m[0]-1]) {
				continue
			}
			if r.check != nil && !r.check(data[start:end]) {
				continue
			}
			spans = append(spans, span{start, end, r.name})
		}
	}
	for _, lit := range literals {
		if len(lit) < minLiteral {
			continue
		}
		for off := 0; ; {
			i := bytes.Index(data[off:], []byte(lit))
			if i < 0 {
				break
			}
			spans = append(spans, span{off + i, off + i + len(lit), "known-secret"})
			off += i + len(lit)
		}
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var out []Finding
	lastEnd := -1
	for _, s := range spans {
		if s.start < lastEnd {
			continue
		}
		lastEnd = s.end
		line := bytes.Count(data[:s.start], []byte("\n")) + 1
		col := s.start - bytes.LastIndexByte(data[:s.start], '\n')
		out = append(out, Finding{Line: line, Column: col, Rule: s.rule, Masked: mask(data[s.start:s.end])})
	}
	return out
}

// isTokenByte reports whether b can be part of a key, so a match that
// follows it is the tail of a longer word ("task-…") and not a key.
func isTokenByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == '-'
}

// mask shows the first four bytes of a secret and its length.
func mask(secret []byte) string {
	n := min(4, len(secret))
	prefix := make([]byte, n)
	for i, c := range secret[:n] {
		if c < 0x21 || c > 0x7E {
			c = '?'
		}
		prefix[i] = c
	}
	return fmt.Sprintf("%s… %d bytes", prefix, len(secret))
}

// hasLetterAndDigit reports whether s mixes letters and digits, as keys do
// and hyphenated words do not.
func hasLetterAndDigit(s []byte) bool {
	var letter, digit bool
	for _, c := range s {
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			letter = true
		}
	}
	return letter && digit
}

// looksRandom reports whether a token of 16 or more bytes mixes at least two
// of lower case, upper case and digits and has a Shannon entropy of at least
// 3 bits a byte: true of keys and tokens, false of words and repeated runs.
func looksRandom(s []byte) bool {
	if len(s) < 16 {
		return false
	}
	var lower, upper, digit int
	var counts [256]int
	for _, c := range s {
		counts[c]++
		switch {
		case 'a' <= c && c <= 'z':
			lower = 1
		case 'A' <= c && c <= 'Z':
			upper = 1
		case '0' <= c && c <= '9':
			digit = 1
		}
	}
	if lower+upper+digit < 2 {
		return false
	}
	var h float64
	n := float64(len(s))
	for _, k := range counts {
		if k > 0 {
			p := float64(k) / n
			h -= p * math.Log2(p)
		}
	}
	return h >= 3
}

// isCredentialValue reports whether a key header's value is a credential:
// it has a letter or digit and is not a redaction placeholder.
func isCredentialValue(v []byte) bool {
	alnum := false
	for _, c := range v {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			alnum = true
			break
		}
	}
	if !alnum {
		return false
	}
	lower := bytes.ToLower(v)
	return !bytes.Contains(lower, []byte("redacted")) && !bytes.Equal(lower, []byte("null"))
}

// ScanTree runs [ScanForSecrets] over every .yaml and .yml file under root
// (skipping .git directories) and returns the findings, each with its file
// path. An unreadable tree is an error.
func ScanTree(root string) ([]Finding, error) {
	var out []Finding
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(p); ext != ".yaml" && ext != ".yml" {
			return nil
		}
		data, err := files.ReadFile(p, MaxCassetteBytes)
		if err != nil {
			return err
		}
		for _, f := range ScanForSecrets(data) {
			f.Path = p
			out = append(out, f)
		}
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("cassettes: scan %s for secrets: %w", root, err)
	}
	return out, nil
}
