"""A transcription taken up after its process stopped: given back the checkpoints its progress
told, a run transcribes only what lies past the last one, and its result is the whole file's."""

import pytest

from conftest import validator
from diarization_score import words_right
from joined_speakers import ARRANGEMENTS, join
from parlance_engine.engine import Engine
from parlance_engine.errors import EngineError
from parlance_engine.protocol import TranscribeParams, parse_request
from parlance_engine.textnorm import wer


def run(path, resume=None, **params):
    """The result, the checkpoints told and the texts told (each segment's as it is decoded)."""
    checkpoints, texts = [], []

    def progress(_percent, _stage, text, checkpoint):
        if checkpoint is not None:
            validator("Checkpoint").validate(checkpoint)
            checkpoints.append(checkpoint)
        if text is not None:
            texts.append(text)

    options = TranscribeParams(
        path=str(path), model="tiny.en", language="en", word_timestamps=True, resume=resume, **params
    )
    return Engine().transcribe(options, progress), checkpoints, texts


def test_a_pass_is_told_final_before_the_next_is_decoded(tmp_path, monkeypatch):
    """So a process killed while Whisper decodes a pass loses that pass alone (bench:faults prints
    the audio transcribed again per kill)."""
    join(ARRANGEMENTS["jfk, libri, ami"], tmp_path / "joined.wav")  # 35 s: two passes
    engine = Engine()
    model = engine.get_model("tiny.en")
    encode, encoded, told_after = model.encode, [], []

    def counted(features):
        out = encode(features)
        encoded.append(features)
        return out

    monkeypatch.setattr(model, "encode", counted)

    def progress(_percent, _stage, _text, checkpoint):
        if checkpoint is not None:
            told_after.append(len(encoded))

    params = TranscribeParams(path=str(tmp_path / "joined.wav"), model="tiny.en", language="en")
    engine.transcribe(params, progress)
    # The first pass's checkpoint came before the second pass was encoded; the last, at the end.
    assert told_after == [1, 2]


def without_speakers(segments):
    return [{k: v for k, v in s.items() if k != "speaker"} for s in segments]


@pytest.mark.parametrize(
    "windows, speaker_labels, turns, cut",
    [
        # Stopped between two of Whisper's 30 s passes (35 s, three turns): the run taken up goes
        # on inside the window.
        ("600", False, ARRANGEMENTS["jfk, libri, ami"], "first"),
        # 30 s windows (71 s, eight turns): stopped at the end of the second, so the run taken up
        # passes one window it does not transcribe again (giving only its voices), then the next,
        # and goes on after.
        ("30", True, ARRANGEMENTS["libri, jfk, ami, libri again"] * 2, "second window's last"),
    ],
)
def test_a_run_taken_up_from_its_checkpoints_transcribes_only_what_is_left(
    tmp_path, monkeypatch, windows, speaker_labels, turns, cut
):
    monkeypatch.setenv("PARLANCE_WINDOW_SECONDS", windows)
    truth = join(turns, tmp_path / "joined.wav")
    whole, checkpoints, _ = run(tmp_path / "joined.wav", speaker_labels=speaker_labels)

    # The checkpoints hold every segment and word, in order, up to the end of the stream; each
    # window's first also holds the state it started with.
    positions = [c["position"] for c in checkpoints]
    assert positions == sorted(set(positions)) and positions[-1] == whole["duration"]
    assert [s for c in checkpoints for s in c["segments"]] == without_speakers(whole["segments"])
    told_words = [(w["start"], w["end"], w["text"]) for c in checkpoints for w in c["words"]]
    assert told_words == [(w["start"], w["end"], w["text"]) for w in whole["words"]]
    seen = [c["window"] for c in checkpoints]
    assert [("state" in c) for c in checkpoints] == [i == 0 or w != seen[i - 1] for i, w in enumerate(seen)]

    at = 0 if cut == "first" else max(i for i, c in enumerate(checkpoints) if c["window"] == 1)
    position = checkpoints[at]["position"]
    assert 0 < position < whole["duration"] - 5
    taken_up, _, texts = run(tmp_path / "joined.wav", tuple(checkpoints[: at + 1]), speaker_labels=speaker_labels)
    kept = [s for c in checkpoints[: at + 1] for s in c["segments"]]
    assert without_speakers(taken_up["segments"][: len(kept)]) == kept
    # Only what lies past the checkpoint was transcribed again, and it was.
    rest = taken_up["segments"][len(kept) :]
    assert texts and texts == [s["text"] for s in rest]
    assert all(s["start"] >= position - 0.05 for s in rest)
    assert wer(whole["text"], taken_up["text"]) < 0.1
    assert (taken_up["duration"], taken_up["language"]) == (whole["duration"], whole["language"])
    if speaker_labels:
        # Labelled over the whole recording, the voices of the window passed included.
        assert words_right(taken_up["words"], truth) >= 0.95

    # Asked to stop before where the run had got (less credit now): transcribed afresh to the cap.
    cap = checkpoints[0]["position"] - 5
    capped, _, _ = run(tmp_path / "joined.wav", tuple(checkpoints), max_seconds=cap)
    assert capped["truncated"] and capped["duration"] == pytest.approx(cap, abs=0.01)
    assert capped["segments"] and all(s["end"] <= cap + 0.05 for s in capped["segments"])


def test_checkpoints_that_do_not_start_a_run_are_refused():
    """The first checkpoint carries its window's state; a list without it cannot be taken up."""
    told = {"window": 0, "position": 30.0, "segments": [], "words": []}
    state = {
        "language": "en",
        "language_probability": 1.0,
        "tentative_language": None,
        "spoken": {"en": [30.0, 30.0]},
        "detected": {},
        "language_fallback": False,
        "untranscribed": [],
    }
    request = {"method": "transcribe", "params": {"path": "/a.wav", "resume": [{**told, "state": state}, told]}}
    assert parse_request(request).params.resume == ({**told, "state": state}, told)
    for resume in ([told], [{**told, "state": {**state, "spoken": {"en": [1.0]}}}], [{**told, "position": -1}]):
        with pytest.raises(EngineError) as refused:
            parse_request({"method": "transcribe", "params": {"path": "/a.wav", "resume": resume}})
        assert refused.value.code == "invalid_params"
