"""Real transcription with the packaged tiny.en model."""

import shutil
import subprocess

import pytest

from conftest import FIXTURES, EngineProc
from parlance_engine.textnorm import wer


def transcribe(engine, path, **params):
    p = {"path": str(path), "model": "tiny.en", "language": "en", "vad": True}
    p.update(params)
    m, progress = engine.call("transcribe", p, timeout=300)
    assert "result" in m, m
    return m["result"], progress


def test_jfk_wer_and_progress(engine, refs):
    r, progress = transcribe(engine, FIXTURES / "jfk.wav", language=None)
    print("jfk:", r["text"])
    assert wer(refs["jfk"], r["text"]) < 0.2
    assert r["language"] == "en" and r["language_probability"] == 1.0
    assert r["duration"] == pytest.approx(11.0, abs=0.01)
    assert "words" not in r
    segs = r["segments"]
    assert segs and all(set(s) == {"start", "end", "text"} for s in segs)
    assert all(0 <= s["start"] <= s["end"] <= r["duration"] + 0.05 for s in segs)
    assert [s["start"] for s in segs] == sorted(s["start"] for s in segs)
    # progress: starts with decoding at 0, ends at 100, never goes backwards
    assert progress[0] == {"percent": 0.0, "stage": "decoding"}
    assert progress[-1] == {"percent": 100.0, "stage": "transcribing"}
    pcts = [p["percent"] for p in progress]
    assert pcts == sorted(pcts) and all(0 <= x <= 100 for x in pcts)
    assert any(p["stage"] == "transcribing" and 0 < p["percent"] < 100 for p in progress)


@pytest.mark.parametrize("clip", ["LJ002-0020", "LJ002-0035"])
def test_ljspeech_clips(engine, refs, clip):
    r, _ = transcribe(engine, FIXTURES / f"{clip}.wav")
    print(clip, r["text"])
    # "In eighteen thirteen" vs "in 1813." must match after normalisation
    assert wer(refs[clip], r["text"]) == 0.0


def test_mp3(engine, refs):
    m, _ = engine.call("probe", {"path": str(FIXTURES / "jfk.mp3")})
    assert m["result"]["duration"] == pytest.approx(11.0, abs=0.15)
    r, _ = transcribe(engine, FIXTURES / "jfk.mp3")
    assert r["duration"] == pytest.approx(11.0, abs=0.15)
    assert wer(refs["jfk"], r["text"]) < 0.2


@pytest.mark.parametrize("name", [
    "jfk.ogg", "jfk.opus", "jfk.flac", "jfk.m4a", "jfk.webm", "jfk-stereo-44k.wav", "jfk-video.mp4"])
def test_converted_formats(engine, media, refs, name):
    m, _ = engine.call("probe", {"path": str(media[name])})
    assert m["result"]["duration"] == pytest.approx(11.0, abs=0.1), m
    m, _ = engine.call("probe", {"path": str(media[name]), "exact": True})
    assert m["result"]["exact"] is True
    assert m["result"]["duration"] == pytest.approx(11.0, abs=0.1), m
    r, _ = transcribe(engine, media[name])
    assert r["duration"] == pytest.approx(11.0, abs=0.1)
    assert wer(refs["jfk"], r["text"]) < 0.2, r["text"]


def test_silence_gives_empty_text(engine, media):
    for language in ("en", None):
        r, progress = transcribe(engine, media["silence.wav"], language=language)
        assert r["text"] == ""
        assert r["segments"] == []
        assert r["duration"] == pytest.approx(10.0, abs=0.01)
        assert progress[-1]["percent"] == 100.0


def test_word_timestamps_with_confidence(engine, refs):
    r, _ = transcribe(engine, FIXTURES / "jfk.wav", word_timestamps=True)
    words = r["words"]
    assert len(words) >= 20
    for w in words:
        assert set(w) == {"start", "end", "text", "confidence"}
        assert 0.0 <= w["confidence"] <= 1.0
        assert 0 <= w["start"] <= w["end"] <= 11.05
    assert [w["start"] for w in words] == sorted(w["start"] for w in words)
    assert wer(refs["jfk"], " ".join(w["text"] for w in words)) < 0.2
    assert sum(w["confidence"] for w in words) / len(words) > 0.7


def test_prompt_steers_the_style(engine, refs):
    plain, _ = transcribe(engine, FIXTURES / "jfk.wav")
    assert plain["text"] != plain["text"].upper()
    shouted, _ = transcribe(
        engine, FIXTURES / "jfk.wav", prompt="ASK NOT WHAT YOUR COUNTRY CAN DO FOR YOU"
    )
    print("jfk with an upper-case prompt:", shouted["text"])
    assert shouted["text"] == shouted["text"].upper()
    assert wer(refs["jfk"], shouted["text"]) < 0.35


def test_prompt_is_validated(engine):
    for prompt in (42, "x" * 1001):
        m, _ = engine.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "prompt": prompt})
        assert m["error"]["code"] == "invalid_params", m


@pytest.mark.skipif(not shutil.which("espeak-ng"), reason="espeak-ng not installed")
def test_espeak_sentence(engine, tmp_path):
    sentence = "The quick brown fox jumps over the lazy dog near the river bank."
    wav = tmp_path / "espeak.wav"
    subprocess.run(["espeak-ng", "-s", "140", "-w", str(wav), sentence], check=True)
    r, _ = transcribe(engine, wav)
    print("espeak:", r["text"])
    assert wer(sentence, r["text"]) < 0.5


def test_long_audio_is_windowed(tmp_path, refs):
    """73 s file, 30 s windows: three JFK copies separated by 20 s of silence
    land in different windows; timestamps come back in file time."""
    if not shutil.which("ffmpeg"):
        pytest.skip("ffmpeg not installed")
    src = str(FIXTURES / "jfk.wav")
    out = tmp_path / "long.wav"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", src, "-i", src, "-i", src,
         "-f", "lavfi", "-t", "20", "-i", "anullsrc=r=16000:cl=mono",
         "-f", "lavfi", "-t", "20", "-i", "anullsrc=r=16000:cl=mono",
         "-filter_complex", "[0:a][3:a][1:a][4:a][2:a]concat=n=5:v=0:a=1", "-ar", "16000", str(out)],
        check=True)
    e = EngineProc(env={"PARLANCE_WINDOW_SECONDS": "30"})
    try:
        m, progress = e.call("transcribe", {"path": str(out), "model": "tiny.en", "language": "en"}, timeout=300)
    finally:
        assert e.close() == 0
    r = m["result"]
    assert r["duration"] == pytest.approx(73.0, abs=0.05)
    assert wer(" ".join([refs["jfk"]] * 3), r["text"]) < 0.2, r["text"]
    starts = [s["start"] for s in r["segments"] if "fellow" in s["text"].lower()]
    assert len(starts) == 3, r["segments"]
    for got, want in zip(starts, (0.0, 31.0, 62.0)):
        assert got == pytest.approx(want, abs=1.0)
    pcts = [p["percent"] for p in progress]
    assert pcts == sorted(pcts) and len(pcts) >= 5
