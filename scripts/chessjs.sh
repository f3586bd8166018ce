#!/usr/bin/env bash
# Installs the pinned chess.js, the second rules engine the chess world's
# differential test (worlds/chess/differential_test.go) compares with, and
# prints the folder it is in (DIR, with DIR/node_modules/chess.js).
#
# DIR is $HALLUMAZE_CHESSJS, else ${XDG_CACHE_HOME:-$HOME/.cache}/hallumaze/chessjs/VERSION,
# the folder the test looks in. A folder that already holds the pinned
# version is kept as it is; otherwise npm installs the package into a
# staging folder beside it, the package's integrity is checked against the
# pin, and the staging folder is renamed into place.
#
# Without node or npm, or when npm cannot fetch the package (no registry in
# reach), it says so and exits 0: the test then skips and says how to
# install. A package whose integrity is not the pinned one exits 1.
set -euo pipefail

VERSION=1.4.0
INTEGRITY=sha512-BBJgrrtKQOzFLonR0l+k64A98NLemPwNsCskwb+29bRwobUa4iTm51E1kwGPbWXAcfdDa18nad6vpPPKPWarqw==

DIR=${HALLUMAZE_CHESSJS:-${XDG_CACHE_HOME:-${HOME:?HOME is not set}/.cache}/hallumaze/chessjs/$VERSION}

# installed reports whether folder $1 holds chess.js $VERSION.
installed() {
	local pkg="$1/node_modules/chess.js/package.json"
	[ -f "$pkg" ] && grep -q "\"version\": \"$VERSION\"" "$pkg"
}

if installed "$DIR"; then
	echo "$DIR"
	exit 0
fi
for tool in node npm; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "chessjs.sh: $tool is not installed: the chess.js differential test will skip (install Node.js 18 or later with npm)" >&2
		exit 0
	fi
done

mkdir -p "$(dirname "$DIR")"
STAGE=$(mktemp -d "$DIR.staging.XXXXXX")
chmod 755 "$STAGE"
trap 'rm -rf "$STAGE"' EXIT
echo "chessjs.sh: installing chess.js@$VERSION into $DIR" >&2
if ! npm install --no-save --no-audit --no-fund --ignore-scripts --fetch-retries=2 --fetch-timeout=60000 \
	--prefix "$STAGE" "chess.js@$VERSION" >&2; then
	echo "chessjs.sh: npm install chess.js@$VERSION failed: the chess.js differential test will skip" >&2
	exit 0
fi
got=$(node -e 'const l = require(process.argv[1]); process.stdout.write(l.packages["node_modules/chess.js"].integrity || "")' "$STAGE/node_modules/.package-lock.json")
if [ "$got" != "$INTEGRITY" ]; then
	echo "chessjs.sh: chess.js@$VERSION has integrity $got, want $INTEGRITY" >&2
	exit 1
fi
if ! installed "$STAGE"; then
	echo "chessjs.sh: npm did not install chess.js@$VERSION into $STAGE" >&2
	exit 1
fi
rm -rf "$DIR"
mv "$STAGE" "$DIR"
trap - EXIT
echo "$DIR"
