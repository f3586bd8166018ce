#!/usr/bin/env bash
# Installs Debian's chromium for the HTML report's browser test where it is
# missing and the machine allows it (root with apt-get). Elsewhere the test
# skips and says how to install it.
set -u
if command -v chromium >/dev/null 2>&1; then
	exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "installing chromium for the report's browser test"
	if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; then
		exit 0
	fi
	echo "could not install chromium: the browser test will skip"
	exit 0
fi
echo "chromium is not installed (apt-get install -y chromium): the browser test will skip"
