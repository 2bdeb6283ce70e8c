#!/bin/sh
# Creates (or refreshes) the Python environment of the API fuzz run and the SDK checks (Schemathesis,
# openai) at the versions pinned in requirements.txt, in node_modules/.cache/parlance-fuzz-venv. It lives under
# node_modules so the linters, Prettier and git pass over it (a venv ships .js and .json files),
# and `npm ci` rebuilds it with everything else. Idempotent: does nothing when the requirements
# have not changed since the last successful run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/../../../node_modules/.cache/parlance-fuzz-venv"
stamp="$venv/.requirements.sha256"
want=$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)
if [ -x "$venv/bin/st" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
python=${PYTHON:-python3}
echo "parlance fuzz: setting up $venv"
mkdir -p "$(dirname "$venv")"
"$python" -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
echo "$want" > "$stamp"
