#!/usr/bin/env bash
# Runs every fuzz target of the module.
#
#   FUZZTIME=500x (the default, and make test's smoke run): 500 executions
#     a target, from a fresh corpus cache, so the run is bounded in work and
#     a loaded machine makes it slower, never failed.
#   FUZZTIME=60s (make fuzz): a time budget a target, with the corpus kept
#     in the Go build cache where go test -fuzz keeps it.
#
# Each package's test binary is built once, instrumented for coverage-guided
# fuzzing (go test -c -fuzz; two builds at a time after the first), and runs
# each of its targets from the package's directory, as go test does. A target fails when its run fails or
# when it made fewer than MINEXECS executions (default 100). In a timed run,
# "context deadline exceeded" with no failing input written is Go's
# coordinator missing its own deadline on a loaded machine (golang/go#75804),
# not a finding: it is reported and not counted as a failure. A count has no
# deadline, which is why make test uses one. Minimising a
# new input is bounded by FUZZMINIMIZETIME (default 10s; go's own default
# of 60s lets a timed run spend its whole budget minimising). Logs go to a
# temporary directory (under $TMPDIR), kept and named when a target fails.
set -euo pipefail
fuzztime="${FUZZTIME:-500x}"
minexecs="${MINEXECS:-100}"
minimize="${FUZZMINIMIZETIME:-10s}"
go="${GO:-go}"
cd "$(dirname "$0")/.."

work=$(mktemp -d -t hallumaze-fuzz.XXXXXX)
keep=0
trap '[ "$keep" = 1 ] || rm -rf "$work"' EXIT

case "$fuzztime" in
*x)
	# A count: a fresh corpus cache, and a generous timeout that only a
	# hang reaches.
	mode=count
	cachedir="$work/cache"
	extra=(-test.timeout 10m)
	;;
*)
	mode=time
	cachedir="$("$go" env GOCACHE)/fuzz"
	extra=()
	;;
esac

# now prints the time in seconds, for the durations in the report.
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

start=$(now)
module=$("$go" list -m)
# The packages with a fuzz target, as "import-path directory", the one with
# the most dependencies first.
pkgs=$("$go" list -f '{{len .Deps}} {{.ImportPath}} {{.Dir}}' ./... | sort -rn |
	while read -r _ pkg dir; do
		if grep -qs '^func Fuzz' "$dir"/*_test.go; then
			echo "$pkg $dir"
		fi
	done)

# build compiles the test binary of a package, instrumented for fuzzing, and
# records how it went in $work/NAME.built.
build() {
	local pkg=$1 name=${1//\//_} t
	t=$(now)
	if "$go" test -c -fuzz=. -o "$work/$name.test" "$pkg" >"$work/$name.build.log" 2>&1; then
		echo "ok $(since "$t")" >"$work/$name.built"
	else
		echo "failed $(since "$t")" >"$work/$name.built"
	fi
}

# The first build compiles the shared dependencies (most of them in the
# standard library, instrumented); the others then mostly link, two at a
# time so one links while the other compiles.
first=1
while read -r pkg _; do
	[ -n "$pkg" ] || continue
	if [ "$first" = 1 ]; then
		build "$pkg"
		first=0
		continue
	fi
	build "$pkg" &
	while [ "$(jobs -rp | wc -l)" -ge 2 ]; do
		wait -n || true
	done
done <<<"$pkgs"
wait
echo "fuzz: test binaries built in $(since "$start")"

passed=0
failed=0
while read -r pkg dir; do
	[ -n "$pkg" ] || continue
	name=${pkg//\//_}
	bin="$work/$name.test"
	short=${pkg#"$module"/}
	read -r built took <"$work/$name.built"
	if [ "$built" != ok ]; then
		echo "fuzz $short: build failed"
		cat "$work/$name.build.log"
		failed=$((failed + 1))
		keep=1
		continue
	fi
	printf 'fuzz %-22s %-26s built in %s\n' "$short" "" "$took"
	targets=$(cd "$dir" && "$bin" -test.list '^Fuzz' | grep '^Fuzz' || true)
	for target in $targets; do
		log="$work/$name.$target.log"
		t=$(now)
		status=0
		(cd "$dir" && "$bin" -test.paniconexit0 -test.run '^$' -test.fuzz "^${target}\$" \
			-test.fuzztime "$fuzztime" -test.fuzzminimizetime "$minimize" \
			-test.fuzzcachedir "$cachedir/$pkg" "${extra[@]}") >"$log" 2>&1 || status=$?
		execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
		execs=${execs:-0}
		# A target whose seed corpus is as large as the count spends it on
		# the baseline (every seed input run once) and prints no "execs:"
		# line: those runs count.
		baseline=$(grep -o 'baseline coverage: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
		if [ -n "$baseline" ] && [ "$baseline" -gt "$execs" ]; then
			execs=$baseline
		fi
		outcome=ok
		if [ "$status" != 0 ] && [ "$mode" = time ] && grep -q 'context deadline exceeded' "$log" &&
			! grep -q 'Failing input written' "$log"; then
			outcome="ok (deadline race at the end of the budget, no failing input)"
		elif [ "$status" != 0 ]; then
			outcome="FAIL (exit $status)"
		elif grep -q 'not built with coverage instrumentation' "$log"; then
			outcome="FAIL (no coverage instrumentation)"
		elif [ "$execs" -lt "$minexecs" ]; then
			outcome="FAIL (fewer than $minexecs executions)"
		fi
		printf 'fuzz %-22s %-26s %6s execs in %6s  %s\n' "$short" "$target" "$execs" "$(since "$t")" "$outcome"
		if [ "${outcome%% *}" = ok ]; then
			passed=$((passed + 1))
		else
			cat "$log"
			echo "log: $log"
			failed=$((failed + 1))
			keep=1
		fi
	done
done <<<"$pkgs"
echo "fuzz: all targets took $(since "$start")"
echo "fuzz: $passed passed, $failed failed"
[ "$failed" = 0 ]
