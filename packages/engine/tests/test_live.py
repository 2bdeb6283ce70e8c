"""Live streams over the protocol (live.py): a real engine process, audio sent as a client would."""

import base64
import json

import numpy as np
import pytest

from conftest import FIXTURES, EngineProc, validator
from parlance_engine.audio import SAMPLE_RATE as SR
from parlance_engine.audio import iter_pcm
from parlance_engine.textnorm import wer


def pcm(samples: np.ndarray) -> str:
    return base64.b64encode((np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes()).decode()


def send(engine: EngineProc, rid: str, method: str, params: dict) -> None:
    engine.send_raw(json.dumps({"id": rid, "method": method, "params": params}))


def collect(engine: EngineProc, until, timeout=120) -> list[dict]:
    """Every message, each checked against the schema, until ``until(message)`` is true."""
    messages = []
    while True:
        message = engine.read(timeout)
        validator("Response").validate(message)
        messages.append(message)
        if until(message):
            return messages


def answer_to(rid):
    return lambda m: m["id"] == rid and ("result" in m or "error" in m)


@pytest.fixture(scope="module")
def live():
    e = EngineProc({"PARLANCE_MAX_STREAMS": "2"})
    yield e
    assert e.close() == 0


def test_a_stream_is_heard_live_and_ends_with_its_length(live, refs):
    audio = np.concatenate(list(iter_pcm(str(FIXTURES / "jfk.wav"))))
    send(live, "s1", "stream_open", {"model": "tiny.en"})
    chunk = SR // 10
    starts = list(range(0, audio.size, chunk))
    for k, at in enumerate(starts):
        send(live, f"a{k}", "stream_audio", {"stream": "s1", "pcm": pcm(audio[at : at + chunk])})
        if k == 19:
            # Two seconds in, mid-phrase ("And so my fellow"): the phrase so far is sent as a partial.
            messages = collect(live, lambda m: "event" in m)
    send(live, "end", "stream_end", {"stream": "s1"})
    messages += collect(live, answer_to("s1"))
    audio_answers = [m for m in messages if str(m["id"]).startswith("a")]
    assert len(audio_answers) == len(starts)
    for m in audio_answers:
        validator("StreamAudioResult").validate(m["result"])
    assert [m["result"] for m in messages if m["id"] == "end"] == [{"ended": True}]
    events = [m["event"] for m in messages if "event" in m]
    assert all(m["id"] == "s1" for m in messages if "event" in m)
    finals = [e for e in events if e["type"] == "final"]
    assert events[0]["type"] == "partial" and finals
    assert wer(refs["jfk"], " ".join(e["text"] for e in finals)) < 0.2
    result = messages[-1]["result"]
    validator("StreamResult").validate(result)
    assert result == {"seconds": pytest.approx(11.0, abs=0.01), "model": "tiny.en"}


def test_streams_beyond_capacity_are_refused_at_once_and_capacity_comes_back(live):
    send(live, "c1", "stream_open", {})
    send(live, "c2", "stream_open", {})
    send(live, "c3", "stream_open", {})
    refused = collect(live, lambda m: m["id"] == "c3")[-1]
    assert refused["error"]["code"] == "too_many_streams"
    send(live, "e1", "stream_end", {"stream": "c1"})
    ended = collect(live, answer_to("c1"))
    assert ended[-1]["result"] == {"seconds": 0.0, "model": "tiny.en"}
    send(live, "c4", "stream_open", {})
    send(live, "a", "stream_audio", {"stream": "c4", "pcm": pcm(np.zeros(SR // 10))})
    assert collect(live, answer_to("a"))[-1]["result"] == {"queued_seconds": pytest.approx(0.1, abs=0.01)}
    for stream in ("c2", "c4"):
        send(live, f"end-{stream}", "stream_end", {"stream": stream})
        collect(live, answer_to(stream))


@pytest.mark.parametrize(
    "method, params, code",
    [
        ("stream_audio", {"stream": "nobody", "pcm": ""}, "stream_not_found"),
        ("stream_end", {"stream": "nobody"}, "stream_not_found"),
        ("stream_audio", {"stream": "nobody", "pcm": "AA=="}, "invalid_params"),  # one byte: half a sample
        ("stream_audio", {"stream": "nobody", "pcm": "not base64!"}, "invalid_params"),
        ("stream_open", {"model": "not-installed"}, "model_not_found"),
        ("stream_open", {"language": "fr"}, "unsupported_language"),
    ],
)
def test_bad_requests_get_a_clear_error(live, method, params, code):
    send(live, "bad", method, params)
    message = collect(live, answer_to("bad"))[-1]
    validator("ErrorMessage").validate(message)
    assert message["error"]["code"] == code


def test_an_ended_stream_takes_no_more_audio(live):
    send(live, "s", "stream_open", {})
    send(live, "e", "stream_end", {"stream": "s"})
    send(live, "late", "stream_audio", {"stream": "s", "pcm": pcm(np.zeros(160))})
    messages = collect(live, lambda m: m["id"] == "late")
    assert messages[-1]["error"]["code"] == "stream_not_found"
    if not any(answer_to("s")(m) for m in messages):
        collect(live, answer_to("s"))
