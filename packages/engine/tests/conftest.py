import json
import os
import queue
import shutil
import struct
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "protocol.schema.json").read_text())
DEFS = SCHEMA["$defs"]


# Fixtures that load a speech model (or start an engine that does): the tests using them are marked
# ``model``, and ``npm run test:fast`` leaves them out (pytest -m "not model").
MODEL_FIXTURES = {"engine", "in_process", "live", "model"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.model)


def validator(name: str) -> Draft202012Validator:
    """Checks a message (or part of one) against the protocol schema's definition ``name``."""
    return Draft202012Validator({"$defs": DEFS, "$ref": f"#/$defs/{name}"})


def references() -> dict:
    refs = {}
    for line in (FIXTURES / "transcripts.tsv").read_text().splitlines():
        if line.strip():
            k, v = line.split("\t", 1)
            refs[k] = v
    return refs


class EngineProc:
    """The engine as the TypeScript workers run it: a child process spoken to
    with newline-delimited JSON on stdin/stdout."""

    def __init__(self, env=None):
        e = dict(os.environ)
        e.update(env or {})
        self.p = subprocess.Popen(
            [sys.executable, "-m", "parlance_engine"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1, env=e,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._pump, args=(self.p.stdout, self.lines.put), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.p.stderr, self.stderr.append), daemon=True).start()
        self.n = 0

    @staticmethod
    def _pump(stream, sink):
        for line in stream:
            sink(line)

    def send_raw(self, line: str) -> None:
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read(self, timeout=120) -> dict:
        line = self.lines.get(timeout=timeout)
        return json.loads(line)  # every stdout line must be valid JSON

    def call(self, method, params=None, timeout=120):
        """Returns (final message, [progress notifications])."""
        self.n += 1
        rid = f"req-{self.n}"
        msg = {"id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send_raw(json.dumps(msg))
        progress = []
        while True:
            m = self.read(timeout)
            assert m["id"] == rid, m
            if "progress" in m:
                progress.append(m["progress"])
                continue
            assert ("result" in m) != ("error" in m), m
            return m, progress

    def close(self):
        self.p.stdin.close()
        try:
            return self.p.wait(timeout=30)
        finally:
            if self.p.poll() is None:
                self.p.kill()


@pytest.fixture(scope="session")
def engine():
    e = EngineProc()
    yield e
    assert e.close() == 0


@pytest.fixture(scope="session")
def refs():
    return references()


@pytest.fixture(scope="session")
def stereo(tmp_path_factory):
    """jfk on the left, LJ002-0035 on the right (padded with silence to jfk's length)."""
    if not shutil.which("ffmpeg"):
        pytest.skip("ffmpeg not installed")
    out = tmp_path_factory.mktemp("channels") / "two-talkers.wav"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", str(FIXTURES / "jfk.wav"),
         "-i", str(FIXTURES / "LJ002-0035.wav"), "-filter_complex", "[1:a]apad[b];[0:a][b]amerge=inputs=2",
         "-ac", "2", str(out)], check=True)
    return out


@pytest.fixture(scope="session")
def media(tmp_path_factory):
    """jfk.wav converted by ffmpeg into other containers/codecs."""
    if not shutil.which("ffmpeg"):
        pytest.skip("ffmpeg not installed")
    d = tmp_path_factory.mktemp("media")
    src = str(FIXTURES / "jfk.wav")
    jobs = {
        "jfk.ogg": ["-c:a", "libvorbis"],
        "jfk.opus": ["-c:a", "libopus", "-b:a", "32k"],
        "jfk.flac": ["-c:a", "flac"],
        "jfk.m4a": ["-c:a", "aac", "-b:a", "64k"],
        "jfk.webm": ["-c:a", "libopus", "-b:a", "32k"],
        "jfk-stereo-44k.wav": ["-ac", "2", "-ar", "44100"],
    }
    out = {}
    for name, args in jobs.items():
        dst = d / name
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", src, *args, str(dst)], check=True)
        out[name] = dst
    # a video with an audio track
    dst = d / "jfk-video.mp4"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=blue:s=64x64:r=5",
         "-i", src, "-shortest", "-c:v", "mpeg4", "-c:a", "aac", str(dst)], check=True)
    out["jfk-video.mp4"] = dst
    # a video without audio, and an image: not audio
    dst = d / "silent-video.mp4"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=64x64:r=5",
         "-t", "2", "-c:v", "mpeg4", str(dst)], check=True)
    out["silent-video.mp4"] = dst
    # 10 s of digital silence
    dst = d / "silence.wav"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono",
         "-t", "10", str(dst)], check=True)
    out["silence.wav"] = dst
    return out


@pytest.fixture(scope="session")
def long_media(tmp_path_factory):
    """66 s of speech (jfk six times) in three shapes: a WAV; a Matroska/Opus file
    whose header claims 2 s; a FLAC stream with no length anywhere (as ffmpeg
    writes to a pipe), so only its packets or decoding tell its duration."""
    if not shutil.which("ffmpeg"):
        pytest.skip("ffmpeg not installed")
    d = tmp_path_factory.mktemp("long")
    loop = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-stream_loop", "5", "-i", str(FIXTURES / "jfk.wav")]
    wav = d / "jfk-x6.wav"
    subprocess.run([*loop, str(wav)], check=True)
    flac = d / "jfk-x6-no-length.flac"
    with open(flac, "wb") as f:
        subprocess.run([*loop, "-c:a", "flac", "-f", "flac", "pipe:"], check=True, stdout=f)
    mka = d / "jfk-x6-claims-2s.mka"
    subprocess.run([*loop, "-c:a", "libopus", "-b:a", "24k", str(mka)], check=True)
    # Segment Info's Duration (EBML id 0x4489, an 8-byte float in ms): 66008 -> 2000.
    data = bytearray(mka.read_bytes())
    at = data.find(b"\x44\x89\x88")
    assert at > 0 and struct.unpack(">d", data[at + 3 : at + 11])[0] > 60_000
    data[at + 3 : at + 11] = struct.pack(">d", 2000.0)
    mka.write_bytes(bytes(data))
    return {"wav": wav, "flac": flac, "mka": mka}
