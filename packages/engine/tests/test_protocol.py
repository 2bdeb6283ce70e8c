"""The JSON protocol through a real engine subprocess: framing and errors."""

import json

from conftest import FIXTURES, EngineProc


def test_ping(engine):
    m, progress = engine.call("ping")
    assert m["result"] == "pong" and progress == []


def test_ping_without_id(engine):
    engine.send_raw('{"method": "ping"}')
    assert engine.read() == {"id": None, "result": "pong"}


def test_info_and_models(engine):
    m, _ = engine.call("models")
    names = {x["name"]: x for x in m["result"]["models"]}
    assert "tiny.en" in names
    tiny = names["tiny.en"]
    assert tiny["languages"] == "en" and tiny["multilingual"] is False
    assert tiny["source"] in ("package", "models_dir")
    assert tiny["size_bytes"] > 50_000_000
    m, _ = engine.call("info")
    assert m["result"]["cpu_threads"] >= 1


def test_a_probe_engine_loads_no_model():
    """What the API asks of its probe engines (the installed models, a file's length) loads no
    model: the transcription README's memory figures rest on it."""
    probe = EngineProc()
    try:
        assert probe.call("models")[0]["result"]["models"]
        assert probe.call("probe", {"path": str(FIXTURES / "jfk.wav"), "exact": True})[0]["result"]["duration"] > 10
        assert probe.call("info")[0]["result"]["loaded_models"] == []
    finally:
        assert probe.close() == 0


def test_parse_error_and_engine_survives(engine):
    engine.send_raw("this is not json")
    m = engine.read()
    assert m["id"] is None and m["error"]["code"] == "parse_error"
    engine.send_raw("[1, 2]")
    assert engine.read()["error"]["code"] == "parse_error"
    engine.send_raw("")  # blank lines are ignored
    assert engine.call("ping")[0]["result"] == "pong"


def test_unknown_method(engine):
    m, _ = engine.call("fly")
    assert m["error"]["code"] == "method_not_found"


def test_invalid_params(engine):
    assert engine.call("probe", {})[0]["error"]["code"] == "invalid_params"
    assert engine.call("probe", {"path": "relative.wav"})[0]["error"]["code"] == "invalid_params"
    m, _ = engine.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "vad": "yes"})
    assert m["error"]["code"] == "invalid_params"


def test_missing_file(engine):
    m, _ = engine.call("transcribe", {"path": "/nonexistent/x.wav", "model": "tiny.en"})
    assert m["error"]["code"] == "file_not_found"


def test_non_audio_is_unsupported(engine, media, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is not audio\n" * 50)
    garbage = tmp_path / "noise.mp3"
    garbage.write_bytes(bytes(range(256)) * 64)
    for p in (text, garbage, media["silent-video.mp4"], tmp_path):
        for method in ("probe", "transcribe"):
            m, progress = engine.call(method, {"path": str(p), "model": "tiny.en"})
            assert m["error"]["code"] == "unsupported_audio", (p, m)
            assert m["error"]["message"]
            assert progress == []


def test_unknown_model(engine):
    m, progress = engine.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "no-such-model"})
    assert m["error"]["code"] == "model_not_found"
    assert "no-such-model" in m["error"]["message"]
    assert progress == []


def test_model_name_cannot_be_a_path(engine):
    for bad in ("../../etc", "/abs/path", "a/b", ""):
        m, _ = engine.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": bad})
        assert m["error"]["code"] == "invalid_params", m


def test_english_only_model_rejects_other_language(engine):
    m, _ = engine.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "model": "tiny.en", "language": "fr"})
    assert m["error"]["code"] == "unsupported_language"


def test_ping_is_answered_during_a_transcription(engine):
    """The TypeScript supervisor health-checks with ping while jobs run."""
    engine.send_raw(json.dumps({"id": "long", "method": "transcribe",
                                "params": {"path": str(FIXTURES / "jfk.wav"), "model": "tiny.en"}}))
    engine.send_raw(json.dumps({"id": "hc", "method": "ping"}))
    order = []
    while "long" not in order:
        m = engine.read()
        if "progress" in m:
            continue
        order.append(m["id"])
        if m["id"] == "hc":
            assert m["result"] == "pong"
        else:
            assert "result" in m, m
    assert order == ["hc", "long"]


def test_json_nested_too_deep_is_a_parse_error(engine):
    """Python's JSON decoder raises RecursionError, not ValueError, past its stack: answered, not fatal."""
    engine.send_raw("[" * 100_000)
    m = engine.read()
    assert m["id"] is None and m["error"]["code"] == "parse_error"
    assert engine.call("ping")[0]["result"] == "pong"


def test_bad_params_are_answered_without_waiting_for_the_transcription_ahead(engine, long_media):
    engine.send_raw(json.dumps({"id": "ahead", "method": "transcribe",
                                "params": {"path": str(long_media["wav"]), "model": "tiny.en", "language": "en"}}))
    engine.send_raw(json.dumps({"id": "bad", "method": "transcribe",
                                "params": {"path": str(FIXTURES / "jfk.wav"), "beam_size": 99}}))
    m = engine.read()
    while "progress" in m:
        m = engine.read()
    assert m["id"] == "bad" and m["error"]["code"] == "invalid_params", m
    engine.send_raw(json.dumps({"id": "stop", "method": "cancel", "params": {"request": "ahead"}}))
    finals = {}
    while set(finals) != {"stop", "ahead"}:
        m = engine.read(timeout=300)
        if "progress" not in m:
            finals[m["id"]] = m
    assert finals["ahead"]["error"]["code"] == "cancelled"
