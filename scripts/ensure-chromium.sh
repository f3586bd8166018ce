#!/usr/bin/env bash
# Makes Debian's chromium available for the HTML report's browser test
# (report/browser_test.go), which looks for the same names.
#
# Where a chromium is installed it does nothing: no apt call. Elsewhere, as
# root with apt-get, it installs the package, with apt's output in a log
# under $TMPDIR (the package lists are refreshed only when the install
# fails without them). Where it cannot install, it says so in one line and
# the browser test skips, saying why. It never fails make test.
set -u
for name in chromium chromium-browser /usr/bin/chromium; do
	if command -v "$name" >/dev/null 2>&1; then
		exit 0
	fi
done
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "chromium: not installed, and installing needs root and apt-get: the report's browser test will skip"
	exit 0
fi
log=$(mktemp -t hallumaze-chromium.XXXXXX)
echo "chromium: installing Debian's package for the report's browser test (log: $log)"
export DEBIAN_FRONTEND=noninteractive
install() { apt-get install -y -q --no-install-recommends chromium; }
if { install || { apt-get update -q && install; }; } >"$log" 2>&1 && command -v chromium >/dev/null 2>&1; then
	rm -f "$log"
	exit 0
fi
echo "chromium: could not install it (see $log): the report's browser test will skip"
exit 0
