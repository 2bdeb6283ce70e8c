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
        ("stream_config", {"stream": "nobody"}, "stream_not_found"),
        ("stream_config", {"stream": "s", "end_of_turn_silence_ms": 0}, "invalid_params"),
        ("stream_open", {"end_of_turn_silence_ms": 60_001}, "invalid_params"),
        ("stream_open", {"sample_rate": 7999}, "invalid_params"),
        ("stream_open", {"sample_rate": 44100.5}, "invalid_params"),
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


def stream_jfk(
    engine: EngineProc, rid: str, audio: np.ndarray, rate: int, model: str = "tiny.en", **params: object
) -> list[dict]:
    """Opens a stream at ``rate`` (with ``params``), sends ``audio`` in 100 ms frames, ends it:
    every message until its answer."""
    send(engine, rid, "stream_open", {"model": model, "sample_rate": rate, **params})
    chunk = rate // 10
    for k, at in enumerate(range(0, audio.size, chunk)):
        send(engine, f"{rid}-a{k}", "stream_audio", {"stream": rid, "pcm": pcm(audio[at : at + chunk])})
    send(engine, f"{rid}-end", "stream_end", {"stream": rid})
    return collect(engine, answer_to(rid))


@pytest.mark.parametrize("rate", [8000, 44100, 48000])
def test_audio_at_other_rates_is_resampled_in_the_engine(live, refs, rate):
    """jfk.wav taken to another rate (linear interpolation, as a cheap sound card would), heard as
    well as at 16 kHz, and its length and backlog counted at its own rate."""
    audio = np.concatenate(list(iter_pcm(str(FIXTURES / "jfk.wav"))))
    positions = np.arange(round(audio.size * rate / SR)) * SR / rate
    at_rate = np.interp(positions, np.arange(audio.size), audio)
    messages = stream_jfk(live, f"r{rate}", at_rate, rate)
    queued = [m["result"]["queued_seconds"] for m in messages if "result" in m and "queued_seconds" in m["result"]]
    assert queued and max(queued) < 11.5  # counted in seconds at the stream's rate, not in bytes
    finals = " ".join(m["event"]["text"] for m in messages if "event" in m and m["event"]["type"] == "final")
    assert wer(refs["jfk"], finals) < 0.2
    assert messages[-1]["result"]["seconds"] == pytest.approx(11.0, abs=0.02)


def test_a_stream_detects_among_the_expected_languages_and_falls_back(live):
    """English speech where only French and German are expected: each phrase is detected as one of
    them with a low probability, under the threshold, so it is heard in the fallback, and says so."""
    audio = np.concatenate(list(iter_pcm(str(FIXTURES / "jfk.wav"))))
    messages = stream_jfk(
        live,
        "langs",
        audio,
        SR,
        model="base",
        expected_languages=["fr", "de"],
        language_confidence_threshold=0.9,
        fallback_language="de",
    )
    finals = [m["event"] for m in messages if "event" in m and m["event"]["type"] == "final" and m["event"]["text"]]
    assert finals, messages[-1]
    for final in finals:
        assert final["language"] == "de" and final["language_fallback"] is True, final
        assert final["detected_language"] in {"fr", "de"}


def test_a_cancelled_stream_stops_at_once_and_another_goes_on(live, refs):
    """A stream far behind is cancelled: its open request ends with the cancelled error within
    about a step of decoding, nothing of it is sent after that, and a stream beside it is heard to
    its end."""
    audio = np.concatenate(list(iter_pcm(str(FIXTURES / "jfk.wav"))))
    backlog = np.concatenate([audio, audio, audio])  # 33 s waiting at once
    send(live, "slow", "stream_open", {"model": "tiny.en"})
    send(live, "slow-a", "stream_audio", {"stream": "slow", "pcm": pcm(backlog)})
    send(live, "slow-b", "stream_audio", {"stream": "slow", "pcm": pcm(np.zeros(SR // 10))})
    send(live, "slow-end", "stream_end", {"stream": "slow"})
    send(live, "x", "stream_cancel", {"stream": "slow"})
    messages = collect(live, answer_to("x"))
    assert messages[-1]["result"] == {"cancelled": True}
    # The stream's thread takes a second at a time: the rest waits, and is said to wait.
    [behind] = [m["result"]["queued_seconds"] for m in messages if m["id"] == "slow-b"]
    assert behind > 25
    ended = [m for m in messages if answer_to("slow")(m)]
    assert [m["error"]["code"] for m in ended] == ["cancelled"]
    other = stream_jfk(live, "other", audio, SR)
    assert not [m for m in other if m["id"] == "slow"]  # nothing of the cancelled stream after its error
    events = [m["event"] for m in other if m["id"] == "other" and "event" in m]
    finals = " ".join(e["text"] for e in events if e["type"] == "final")
    assert wer(refs["jfk"], finals) < 0.2
    send(live, "y", "stream_cancel", {"stream": "slow"})
    assert collect(live, answer_to("y"))[-1]["result"] == {"cancelled": False}


def test_a_stream_takes_new_key_terms_and_turns_as_it_runs(live, refs):
    """stream_config mid-stream is answered at once and taken before the next decode: turns (at
    2 s, longer than jfk's pauses) switched on half-way through jfk end the turn when the stream
    ends."""
    audio = np.concatenate(list(iter_pcm(str(FIXTURES / "jfk.wav"))))
    send(live, "k", "stream_open", {"model": "tiny.en"})
    half = audio.size // 2
    send(live, "k-a", "stream_audio", {"stream": "k", "pcm": pcm(audio[:half])})
    send(live, "k-c", "stream_config", {"stream": "k", "keyterms": ["Americans"], "end_of_turn_silence_ms": 2000})
    send(live, "k-b", "stream_audio", {"stream": "k", "pcm": pcm(audio[half:])})
    send(live, "k-end", "stream_end", {"stream": "k"})
    messages = collect(live, answer_to("k"))
    assert [m["result"] for m in messages if m["id"] == "k-c"] == [{"configured": True}]
    events = [m["event"] for m in messages if m["id"] == "k" and "event" in m]
    turns = [e for e in events if e["type"] == "end_of_turn"]
    assert len(turns) == 1 and events[-1] == turns[0]
    assert wer(refs["jfk"], turns[0]["text"]) < 0.2
