"""Speaker labels: on recordings joined from real speakers with known turns (joined_speakers.py),
at least 95 % of words carry the right speaker and the speaker count is right; one voice gets one
label; the speaker model loads without running code from its file."""

import io
import pickle
import sys
import types
import zipfile
from pathlib import Path

import numpy as np
import pytest

from conftest import validator
from diarization_score import best_mapping, der, words_right
from joined_speakers import ARRANGEMENTS, FIXTURES, join
from parlance_engine import speakers
from parlance_engine.audio import SAMPLE_RATE as SR
from parlance_engine.audio import iter_pcm
from parlance_engine.errors import EngineError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import speaker_model


def transcribe(engine, path, **params):
    m, _ = engine.call(
        "transcribe", {"path": str(path), "word_timestamps": True, "speaker_labels": True, **params}, timeout=300
    )
    assert "result" in m, m
    validator("TranscribeResult").validate(m["result"])
    return m["result"]


@pytest.mark.parametrize("name", list(ARRANGEMENTS))
@pytest.mark.parametrize("told", [False, True])
def test_labels_the_speakers_of_a_joined_recording(engine, tmp_path, name, told):
    truth = join(ARRANGEMENTS[name], tmp_path / "joined.wav")
    voices = {v for _, _, v in truth}
    r = transcribe(engine, tmp_path / "joined.wav", speakers_expected=len(voices) if told else None)
    assert len(r["words"]) > 50
    assert words_right(r["words"], truth) >= 0.95
    assert {w["speaker"] for w in r["words"]} == set(speakers.LABELS[: len(voices)])
    # Utterances are the words' turns, in order, with the first voice heard as "A".
    assert r["utterances"][0]["speaker"] == "A"
    assert " ".join(u["text"] for u in r["utterances"]) == " ".join(w["text"] for w in r["words"] if w["text"])
    assert all(a["speaker"] != b["speaker"] for a, b in zip(r["utterances"], r["utterances"][1:], strict=False))
    assert all(s["speaker"] in "ABC" for s in r["segments"])


def test_one_voice_is_one_speaker(engine):
    r = transcribe(engine, FIXTURES / "jfk.wav")
    assert {w["speaker"] for w in r["words"]} == {"A"}
    assert len(r["utterances"]) == 1
    assert r["utterances"][0]["text"].startswith("And so, my fellow Americans")


def test_without_speaker_labels_there_are_none(engine):
    m, _ = engine.call("transcribe", {"path": str(FIXTURES / "jfk.wav"), "word_timestamps": True}, timeout=300)
    r = m["result"]
    assert "utterances" not in r
    assert not any("speaker" in w for w in r["words"]) and not any("speaker" in s for s in r["segments"])


def test_told_one_speaker_labels_everything_a():
    vectors = np.eye(4, dtype=np.float32)[[0, 0, 1, 1, 2, 2]]
    assert speakers.cluster(vectors, np.full(6, 1.0), 1).tolist() == [0] * 6
    assert len(set(speakers.cluster(vectors, np.full(6, 1.0), 3).tolist())) == 3


def test_a_short_stray_voice_is_not_a_speaker():
    rng = np.random.default_rng(0)
    voice = rng.normal(size=(2, 16)).astype(np.float32)
    vectors = np.repeat(voice, [40, 1], axis=0) + rng.normal(scale=0.05, size=(41, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    assert set(speakers.cluster(vectors, np.full(41, speakers.STEP_SECONDS), None).tolist()) == {0}


def test_the_speaker_model_file_cannot_run_code():
    class Exploit:
        def __reduce__(self):
            return (print, ("ran",))

    # The weights are read at install (scripts/speaker_model.py), by an unpickler that builds
    # tensors and nothing else.
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("archive/data.pkl", pickle.dumps(Exploit(), protocol=2))
    with pytest.raises(pickle.UnpicklingError, match="print"):
        speaker_model.read_state(archive.getvalue())


def test_the_speaker_model_file_cannot_read_past_its_data(monkeypatch):
    # A tensor the pickle says is larger than its storage, or strided backwards, is refused.
    def _rebuild_tensor_v2(*args):
        raise AssertionError("only named, never called, while pickling")

    torch_utils = types.ModuleType("torch._utils")
    _rebuild_tensor_v2.__module__, _rebuild_tensor_v2.__qualname__ = "torch._utils", "_rebuild_tensor_v2"
    torch_utils._rebuild_tensor_v2 = _rebuild_tensor_v2
    monkeypatch.setitem(sys.modules, "torch", types.ModuleType("torch"))
    monkeypatch.setitem(sys.modules, "torch._utils", torch_utils)
    storage = object()

    class Tensor:
        def __init__(self, size, stride):
            self.size, self.stride = size, stride

        def __reduce__(self):
            return (_rebuild_tensor_v2, (storage, 0, self.size, self.stride))

    class Pickler(pickle.Pickler):
        def persistent_id(self, obj):
            return ("storage", "FloatStorage", "0", "cpu", 2) if obj is storage else None

    def saved(size, stride):
        data = io.BytesIO()
        Pickler(data, protocol=2).dump({"weight": Tensor(size, stride)})
        archive = io.BytesIO()
        with zipfile.ZipFile(archive, "w") as z:
            z.writestr("archive/data.pkl", data.getvalue())
            z.writestr("archive/data/0", np.array([1.0, 2.0], np.float32).tobytes())
        return archive.getvalue()

    assert speaker_model.read_state(saved((2,), (1,)))["weight"].tolist() == [1.0, 2.0]
    for size, stride in [((65536,), (1,)), ((2,), (-1,)), ((2, 2), (1,)), ((2,), (1 << 40,))]:
        with pytest.raises(pickle.UnpicklingError, match="speaker model"):
            speaker_model.read_state(saved(size, stride))


def test_labelling_stops_when_cancelled():
    def cancelled():
        raise EngineError("cancelled", "stop")

    pcm = np.random.default_rng(0).normal(scale=0.1, size=16000 * 5).astype(np.float32)
    with pytest.raises(EngineError, match="stop"):
        speakers.Voices().add(pcm, 0, [(0, pcm.shape[0])], cancelled)


def test_at_most_as_many_speakers_as_labels():
    voices = 30
    vectors = np.repeat(np.eye(32, dtype=np.float32)[:voices], 10, axis=0)
    groups = speakers.cluster(vectors, np.full(len(vectors), 1.0), None)
    assert len(set(groups.tolist())) == len(speakers.LABELS)


def test_the_speaker_model_tells_voices_apart():
    encoder = speakers.encoder()
    assert speakers.model_path().is_file()

    def described(path, start, end):
        pcm = np.concatenate(list(iter_pcm(str(path))))[int(start * SR) : int(end * SR)]
        return encoder.embed(encoder.features(pcm)[None])[0]

    first, second = described(FIXTURES / "jfk.wav", 0, 5), described(FIXTURES / "jfk.wav", 5, 10)
    other = described(FIXTURES / "LJ002-0020.wav", 0, 5)
    assert first.shape == (192,) and np.linalg.norm(first) == pytest.approx(1, abs=1e-5)
    assert first @ second > speakers.SAME_SPEAKER > first @ other


def test_scoring_counts_miss_false_alarm_and_confusion():
    truth = [(0.0, 10.0, "x"), (10.0, 20.0, "y")]
    assert der(truth, [(0.0, 10.0, "A"), (10.0, 20.0, "B")]) == 0
    # Labels are names: the best mapping is taken.
    assert der(truth, [(0.0, 10.0, "B"), (10.0, 20.0, "A")]) == 0
    # One label for both: half the speech confused.
    assert der(truth, [(0.0, 20.0, "A")]) == pytest.approx(0.5)
    # Half of y missed, and 5 s of speech where nobody spoke.
    assert der(truth, [(0.0, 10.0, "A"), (10.0, 15.0, "B"), (25.0, 30.0, "B")], collar=0) == pytest.approx(0.5)
    # Overlap: both speakers count; one heard of the two is a miss.
    assert der([(0.0, 10.0, "x"), (0.0, 10.0, "y")], [(0.0, 10.0, "A")], collar=0) == pytest.approx(0.5)
    words = [{"start": t, "end": t + 0.5, "speaker": s} for t, s in [(1, "A"), (2, "A"), (12, "B"), (13, "A")]]
    assert words_right(words, truth) == 0.75
    # A word between turns belongs to the nearest one.
    assert words_right([{"start": 10.2, "end": 10.4, "speaker": "A"}], [(0.0, 10.0, "x"), (11.0, 20.0, "y")]) == 1
    assert best_mapping(np.array([[5.0, 1.0], [6.0, 0.0], [0.0, 0.0]])) == {0: 1, 1: 0}


def test_a_broken_speaker_model_is_a_load_error(tmp_path, monkeypatch):
    broken = tmp_path / "campplus.onnx"
    broken.write_bytes(b"not a model")
    monkeypatch.setattr(speakers, "model_path", lambda: broken)
    speakers.encoder.cache_clear()
    try:
        with pytest.raises(EngineError) as refused:
            speakers.encoder()
        assert refused.value.code == "model_load_failed"
        broken.unlink()
        with pytest.raises(EngineError) as missing:
            speakers.encoder()
        assert missing.value.code == "model_not_found"
    finally:
        speakers.encoder.cache_clear()
