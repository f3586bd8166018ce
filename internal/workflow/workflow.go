// Package workflow runs the run: steps of a GitHub Actions workflow on this
// machine as a runner would, so that tests can hold the project's
// workflows to what they do: each step's script under bash -eo pipefail
// (what Actions runs for shell: bash; stricter than its default for a step
// without a shell, bash -e), in a checkout, with the workflow's, the job's
// and the step's env, and GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
// RUNNER_TEMP set. The ${{ }} expressions of env values are evaluated from
// values the caller gives ("github.event_name", "matrix.suite", …): a path
// lookup, a quoted literal, or a || b. A script holding an expression is
// refused: Actions pastes expressions into the script's text, which is how
// a pull request's title becomes code; scripts read env instead.
package workflow

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"
)

// File is a workflow file.
type File struct {
	Path string `yaml:"-"`
	Name string `yaml:"name"`
	// Env is the workflow's env, expressions unevaluated.
	Env      map[string]string `yaml:"env"`
	Defaults Defaults          `yaml:"defaults"`
	// Jobs are keyed by id; Order lists the ids as the file does.
	Jobs  map[string]*Job `yaml:"jobs"`
	Order []string        `yaml:"-"`
}

// Defaults are a workflow's or job's defaults.
type Defaults struct {
	Run struct {
		Shell string `yaml:"shell"`
	} `yaml:"run"`
}

// Job is one job.
type Job struct {
	ID       string            `yaml:"-"`
	Needs    any               `yaml:"needs"`
	If       string            `yaml:"if"`
	Env      map[string]string `yaml:"env"`
	Defaults Defaults          `yaml:"defaults"`
	Steps    []Step            `yaml:"steps"`
}

// Step is one step: a script (Run) or an action (Uses).
type Step struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Run   string            `yaml:"run"`
	Uses  string            `yaml:"uses"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
}

// Load reads a workflow file and checks that each script can be run here:
// bash (or no shell given), and no expression in its text.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("workflow: %w", err)
	}
	var f File
	if err := yaml.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("workflow %s: %w", path, err)
	}
	f.Path = path
	// The jobs' order, as written.
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err == nil && len(root.Content) > 0 {
		doc := root.Content[0]
		for i := 0; i+1 < len(doc.Content); i += 2 {
			if doc.Content[i].Value == "jobs" {
				jobs := doc.Content[i+1]
				for j := 0; j+1 < len(jobs.Content); j += 2 {
					f.Order = append(f.Order, jobs.Content[j].Value)
				}
			}
		}
	}
	for id, j := range f.Jobs {
		j.ID = id
		for i, s := range j.Steps {
			if s.Run == "" {
				continue
			}
			if strings.Contains(s.Run, "${{") {
				return nil, fmt.Errorf("workflow %s: job %s, step %d (%s): an expression in the script; pass it through env", path, id, i+1, s.Name)
			}
			if sh := f.shell(j, s); sh != "bash" && sh != "" {
				return nil, fmt.Errorf("workflow %s: job %s, step %d (%s): shell %q (only bash is run here)", path, id, i+1, s.Name, sh)
			}
		}
	}
	return &f, nil
}

// shell is the shell a step runs in: its own, the job's default, the
// workflow's.
func (f *File) shell(j *Job, s Step) string {
	for _, sh := range []string{s.Shell, j.Defaults.Run.Shell, f.Defaults.Run.Shell} {
		if sh != "" {
			return sh
		}
	}
	return ""
}

// RunSteps are a job's steps that run a script, in order.
func (j *Job) RunSteps() []Step {
	var out []Step
	for _, s := range j.Steps {
		if s.Run != "" {
			out = append(out, s)
		}
	}
	return out
}

// Runner runs steps in a checkout.
type Runner struct {
	// Dir is the checkout, the steps' working directory.
	Dir string
	// Env is the environment every step starts from (PATH, HOME, the go
	// command's settings), as "KEY=value".
	Env []string
	// Values are the expressions' values by path: "github.event_name",
	// "vars.HALLUMAZE_GATE_BASE", "matrix.suite". A path under inputs,
	// vars, secrets or github.event that is not given is empty, as on
	// Actions; any other is an error.
	Values map[string]string
}

// Result is what a step did.
type Result struct {
	Code           int
	Stdout, Stderr string
	// Outputs are the step's outputs (what it wrote to GITHUB_OUTPUT).
	Outputs map[string]string
	// Summary is what it wrote to GITHUB_STEP_SUMMARY.
	Summary string
}

// Run runs a step of a job of f under bash -eo pipefail, with the env of
// the workflow, the job and the step (later wins), extra (wins over all),
// and fresh GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP.
func (r Runner) Run(ctx context.Context, f *File, j *Job, s Step, extra map[string]string) (Result, error) {
	if s.Run == "" {
		return Result{}, fmt.Errorf("workflow: step %q runs no script", s.Name)
	}
	tmp, err := os.MkdirTemp("", "workflow-step-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(tmp)
	output := filepath.Join(tmp, "output")
	summary := filepath.Join(tmp, "summary")
	runnerTemp := filepath.Join(tmp, "runner-temp")
	script := filepath.Join(tmp, "script.sh")
	for _, p := range []string{output, summary} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			return Result{}, err
		}
	}
	if err := os.Mkdir(runnerTemp, 0o755); err != nil {
		return Result{}, err
	}
	if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
		return Result{}, err
	}
	env := slices.Clone(r.Env)
	for _, m := range []map[string]string{f.Env, j.Env, s.Env} {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			v, err := r.Eval(m[k])
			if err != nil {
				return Result{}, fmt.Errorf("workflow: %s: env %s: %w", s.Name, k, err)
			}
			env = append(env, k+"="+v)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(extra)) {
		env = append(env, k+"="+extra[k])
	}
	env = append(env, "GITHUB_OUTPUT="+output, "GITHUB_STEP_SUMMARY="+summary, "RUNNER_TEMP="+runnerTemp, "CI=true", "GITHUB_ACTIONS=true")
	cmd := exec.CommandContext(ctx, "bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = r.Dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	res := Result{Stdout: stdout.String(), Stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.Code = exit.ExitCode()
	case err != nil:
		return res, fmt.Errorf("workflow: %s: %w", s.Name, err)
	}
	out, err := os.ReadFile(output)
	if err != nil {
		return res, err
	}
	if res.Outputs, err = parseOutputs(out); err != nil {
		return res, fmt.Errorf("workflow: %s: GITHUB_OUTPUT: %w", s.Name, err)
	}
	sum, err := os.ReadFile(summary)
	if err != nil {
		return res, err
	}
	res.Summary = string(sum)
	return res, nil
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// Eval replaces each ${{ expression }} of s by its value.
func (r Runner) Eval(s string) (string, error) {
	var firstErr error
	out := expression.ReplaceAllStringFunc(s, func(m string) string {
		v, err := r.eval(expression.FindStringSubmatch(m)[1])
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return v
	})
	return out, firstErr
}

// eval is one expression: operands joined by ||, each a quoted literal or
// a path; the first that is not empty.
func (r Runner) eval(expr string) (string, error) {
	for _, operand := range strings.Split(expr, "||") {
		operand = strings.TrimSpace(operand)
		var v string
		switch {
		case len(operand) >= 2 && operand[0] == '\'' && operand[len(operand)-1] == '\'':
			v = strings.ReplaceAll(operand[1:len(operand)-1], "''", "'")
		case regexp.MustCompile(`^[A-Za-z_][\w.-]*$`).MatchString(operand):
			var ok bool
			v, ok = r.Values[operand]
			if !ok {
				ctx, _, _ := strings.Cut(operand, ".")
				if ctx != "inputs" && ctx != "vars" && ctx != "secrets" && !strings.HasPrefix(operand, "github.event.") {
					return "", fmt.Errorf("no value given for %s", operand)
				}
			}
		default:
			return "", fmt.Errorf("expression %q: only paths, quoted literals and || are evaluated here", expr)
		}
		if v != "" {
			return v, nil
		}
	}
	return "", nil
}

// parseOutputs reads a GITHUB_OUTPUT file: name=value lines, and
// name<<DELIMITER … DELIMITER blocks.
func parseOutputs(data []byte) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		if name, delim, ok := strings.Cut(line, "<<"); ok && !strings.Contains(name, "=") {
			var lines []string
			closed := false
			for sc.Scan() {
				if sc.Text() == delim {
					closed = true
					break
				}
				lines = append(lines, sc.Text())
			}
			if !closed {
				return nil, fmt.Errorf("%s: no closing %s", name, delim)
			}
			out[name] = strings.Join(lines, "\n")
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("line %q is neither name=value nor name<<DELIMITER", line)
		}
		out[name] = value
	}
	return out, sc.Err()
}
