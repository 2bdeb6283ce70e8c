"""cancel: a queued transcription ends at once, a running one at its next check;
the engine keeps its loaded model and serves the next request."""

import itertools
import json

import numpy as np
import pytest

from conftest import FIXTURES, EngineProc
from parlance_engine import engine as engine_mod
from parlance_engine.engine import Engine
from parlance_engine.errors import EngineError
from parlance_engine.protocol import TranscribeParams


def send(engine, rid, method, params):
    engine.send_raw(json.dumps({"id": rid, "method": method, "params": params}))


def read_until_final(engine, ids):
    """Reads lines until every id in ``ids`` has had its final answer; returns
    (final answers in arrival order, progress notifications by id)."""
    finals, progress = [], {}
    while {m["id"] for m in finals} != set(ids):
        m = engine.read(timeout=300)
        if "progress" in m:
            progress.setdefault(m["id"], []).append(m["progress"]["percent"])
        else:
            finals.append(m)
    return finals, progress


def test_cancel_a_running_transcription(engine, long_media):
    send(engine, "run", "transcribe", {"path": str(long_media["wav"]), "model": "tiny.en", "language": "en"})
    # Wait until it is transcribing (past decoding) before cancelling.
    while True:
        m = engine.read(timeout=300)
        assert m["id"] == "run" and "progress" in m, m
        if m["progress"]["percent"] > 0:
            break
    send(engine, "c1", "cancel", {"request": "run"})
    finals, progress = read_until_final(engine, ["c1", "run"])
    by_id = {m["id"]: m for m in finals}
    assert by_id["c1"] == {"id": "c1", "result": {"cancelled": True}}
    assert by_id["run"]["error"]["code"] == "cancelled", by_id["run"]
    assert 100.0 not in progress.get("run", [])
    # The model stays loaded and the next request is served.
    m, _ = engine.call("info")
    assert m["result"]["loaded_models"]
    m, _ = engine.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "tiny.en"})
    assert "country" in m["result"]["text"]


def test_cancel_a_queued_transcription_ends_it_before_the_one_ahead(engine, long_media):
    send(engine, "ahead", "transcribe", {"path": str(long_media["wav"]), "model": "tiny.en", "language": "en"})
    send(engine, "queued", "transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "tiny.en"})
    send(engine, "c2", "cancel", {"request": "queued"})
    finals, progress = read_until_final(engine, ["ahead", "queued", "c2"])
    order = [m["id"] for m in finals]
    assert order.index("queued") < order.index("ahead") and order.index("c2") < order.index("ahead")
    by_id = {m["id"]: m for m in finals}
    assert by_id["queued"]["error"]["code"] == "cancelled"
    assert by_id["c2"]["result"] == {"cancelled": True}
    assert "queued" not in progress  # it never started
    # The one ahead ran to its end: all 66 s of it heard. (Not its exact words: six copies of one
    # sentence trip Whisper's repetition check, whose fallback samples, so a copy can differ by run.)
    ahead = by_id["ahead"]["result"]
    assert ahead["duration"] == pytest.approx(66.0, abs=0.1) and not ahead["truncated"]
    assert "country" in ahead["text"]


def test_cancel_what_is_not_running(engine):
    m, _ = engine.call("cancel", {"request": "never-sent"})
    assert m["result"] == {"cancelled": False}
    m, _ = engine.call("transcribe", {"path": str(FIXTURES / "LJ002-0020.wav"), "model": "tiny.en"})
    assert "result" in m
    m, _ = engine.call("cancel", {"request": m["id"]})  # the one just finished
    assert m["result"] == {"cancelled": False}
    m, _ = engine.call("cancel", {})
    assert m["error"]["code"] == "invalid_params"


def test_a_running_id_cannot_be_reused(engine, long_media):
    params = {"path": str(long_media["wav"]), "model": "tiny.en", "language": "en"}
    send(engine, "twice", "transcribe", params)
    send(engine, "twice", "transcribe", params)
    m = engine.read()
    while "progress" in m:
        m = engine.read()
    assert m["id"] == "twice" and m["error"]["code"] == "invalid_request", m
    send(engine, "c3", "cancel", {"request": "twice"})
    finals, _ = read_until_final(engine, ["c3", "twice"])
    assert {m["id"]: m for m in finals}["twice"]["error"]["code"] == "cancelled"


def test_an_engine_whose_caller_went_away_finishes_nothing_for_it(long_media):
    """Its standard input closed (the worker that ran it was killed): the transcription running
    ends cancelled, and the one waiting never starts."""
    e = EngineProc()
    send(e, "run", "transcribe", {"path": str(long_media["wav"]), "model": "tiny.en", "language": "en"})
    send(e, "next", "transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "tiny.en"})
    while (m := e.read(timeout=300)).get("progress", {}).get("percent", 0) == 0:
        assert m["id"] == "run", m
    e.p.stdin.close()
    # Within the pass it was decoding (seconds; much longer on a loaded machine), not the file.
    assert e.p.wait(timeout=120) == 0
    told = []
    while not any("progress" not in m for m in told):
        told.append(e.read(timeout=30))
    assert told[-1]["id"] == "run" and told[-1]["error"]["code"] == "cancelled", told[-1]
    assert e.lines.empty()  # nothing after it: the one waiting never started


@pytest.fixture(scope="module")
def in_process():
    return Engine()


def test_checked_between_decoded_blocks(in_process, long_media):
    """Cancelled before any window is transcribed: the model never runs."""
    progress = []
    with pytest.raises(EngineError) as exc:
        in_process.transcribe(
            TranscribeParams(path=str(long_media["wav"]), model="tiny.en", language="en"),
            lambda pct, stage, _text, _checkpoint: progress.append((pct, stage)),
            cancelled=lambda: True,
        )
    assert exc.value.code == "cancelled"
    assert progress == [(0.0, "decoding")]


def test_checked_between_segments(in_process, long_media):
    """Cancelled once the first segment is out: the rest of the 66 s (two more
    30 s Whisper windows) is never transcribed."""
    progress = []
    with pytest.raises(EngineError) as exc:
        in_process.transcribe(
            TranscribeParams(path=str(long_media["wav"]), model="tiny.en", language="en"),
            lambda pct, stage, _text, _checkpoint: progress.append(pct),
            cancelled=lambda: any(p > 0 for p in progress),
        )
    assert exc.value.code == "cancelled"
    assert 0 < max(progress) < 60, progress


def test_a_run_says_it_is_at_work_between_checks(in_process, long_media, monkeypatch):
    """A run that has told nothing for ALIVE_SECONDS tells its progress again at the next
    cancellation check, unchanged (the API takes an engine silent for long for stuck): with the
    limit at 0, at every check; at its default, never within this short run."""
    params = TranscribeParams(path=str(long_media["wav"]), model="tiny.en", language="en")

    def repeats() -> int:
        told: list[tuple[float, str, object, object]] = []
        in_process.transcribe(params, lambda pct, stage, text, checkpoint: told.append((pct, stage, text, checkpoint)))
        return sum(1 for a, b in itertools.pairwise(told) if b == (a[0], a[1], None, None))

    assert repeats() == 0
    monkeypatch.setattr(engine_mod, "ALIVE_SECONDS", 0.0)
    assert repeats() >= 5


def test_an_encoder_pass_says_the_run_is_at_work(in_process):
    """Whisper's passes (and language detection) go through the model's encoder, whose hook tells
    the run under way that it is at work: a long stretch with no segment still tells progress."""
    model = in_process.get_model("tiny.en")
    heard: list[int] = []
    engine_mod._pass_listener.alive = lambda: heard.append(1)
    try:
        model.encode(np.zeros((80, 3000), dtype=np.float32))
    finally:
        engine_mod._pass_listener.alive = None
    assert heard == [1]
