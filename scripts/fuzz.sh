#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (default 2s).
# make test uses it as a smoke run; make fuzz runs it longer.
set -euo pipefail
fuzztime="${FUZZTIME:-2s}"
cd "$(dirname "$0")/.."
status=0
passed=0
failed=0
for pkg in $(go list ./...); do
	targets=$(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true)
	for target in $targets; do
		echo "fuzz $pkg $target ($fuzztime)"
		if go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" >/tmp/hallumaze-fuzz.log 2>&1; then
			passed=$((passed + 1))
		else
			cat /tmp/hallumaze-fuzz.log
			failed=$((failed + 1))
			status=1
		fi
	done
done
echo "fuzz: $passed passed, $failed failed"
exit $status
