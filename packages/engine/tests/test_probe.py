"""A file that states no length is measured by its packets: a jump in their timestamps (a recording
that reconnected, a remux) is not taken for the hours it skips. (Raw FLAC's packets, which state
no durations, are counted by the steps between them: transcription.probes.test.ts.)"""

import io
import shutil
import subprocess

import av
import pytest

from conftest import FIXTURES
from parlance_engine.audio import probe


class _Unseekable(io.RawIOBase):
    """A pipe, as a live recorder writes: the muxer cannot go back to state a length."""

    def __init__(self, out):
        self.out = out

    def writable(self):
        return True

    def write(self, b):
        return self.out.write(b)


def _webm(tmp_path, name, shift):
    """jfk.wav as Opus in WebM with no stated length, each packet's timestamps moved by
    ``shift(n, time_base)`` (in the stream's time base)."""
    plain = tmp_path / "plain.webm"
    with open(plain, "wb") as f:
        subprocess.run(["ffmpeg", "-v", "error", "-i", str(FIXTURES / "jfk.wav"), "-c:a", "libopus", "-f", "webm",
                        "pipe:1"], check=True, stdout=f)
    out = tmp_path / name
    with av.open(str(plain)) as src, open(out, "wb") as f, av.open(_Unseekable(f), "w", format="webm") as dst:
        audio = src.streams.audio[0]
        stream = dst.add_stream_from_template(audio)
        for n, packet in enumerate(p for p in src.demux(audio) if p.dts is not None):
            moved = shift(n, audio.time_base)
            packet.pts += moved
            packet.dts += moved
            packet.stream = stream
            dst.mux(packet)
    return out


@pytest.fixture(autouse=True)
def _ffmpeg():
    if not shutil.which("ffmpeg"):
        pytest.skip("ffmpeg not installed")


def test_a_jump_in_the_timestamps_is_not_counted(tmp_path):
    three_hours_on = _webm(tmp_path, "gap.webm", lambda n, base: int(3 * 3600 / base) if n >= 50 else 0)
    r = probe(str(three_hours_on), max_seconds=7201)
    assert (r["source"], r["truncated"]) == ("packets", False)
    assert r["duration"] == pytest.approx(11.0, abs=0.1)
