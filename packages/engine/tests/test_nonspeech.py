"""No words from non-speech (nonspeech.py: music, noises, tones, silence), and a sentence inside it
heard as well as alone, with the models a request gets by default: tiny.en for English, base when
the language is detected. Short versions of scripts/bench_nonspeech.py's clips."""

import numpy as np
import pytest

from nonspeech import MUSIC_EXCERPTS, SENTENCE, clips, decode, with_sentence, words_outside, write
from parlance_engine.textnorm import word_errors

DEFAULTS = [("tiny.en", "en"), ("base", None)]
SECONDS = 15


def transcribe(engine, path, model, language):
    params = {"path": str(path), "model": model, "word_timestamps": True}
    m, _ = engine.call("transcribe", params | ({"language": language} if language else {}), timeout=300)
    assert "result" in m, m
    return m["result"]


@pytest.fixture(scope="module")
def nonspeech(tmp_path_factory):
    out = tmp_path_factory.mktemp("nonspeech")
    return {name: write(audio, out / f"{n}.wav") for n, (name, audio) in enumerate(clips(SECONDS).items())}


@pytest.mark.parametrize(("model", "language"), DEFAULTS)
def test_non_speech_gives_no_words(engine, nonspeech, model, language):
    heard = {name: transcribe(engine, path, model, language)["text"] for name, path in nonspeech.items()}
    assert heard == dict.fromkeys(nonspeech, "")


@pytest.mark.parametrize(("model", "language"), DEFAULTS)
def test_a_sentence_inside_non_speech_is_heard_as_alone(engine, refs, tmp_path, model, language):
    alone, _ = word_errors(refs["jfk"], transcribe(engine, SENTENCE, model, language)["text"])
    sentence = decode(SENTENCE)
    errors = {}
    for n, (name, background) in enumerate(clips(SECONDS).items()):
        mixed, start, end = with_sentence(background, sentence)
        r = transcribe(engine, write(mixed, tmp_path / f"{n}.wav"), model, language)
        assert words_outside(r["words"], start, end) == [], name
        errors[name] = word_errors(refs["jfk"], r["text"])[0]
    # As alone, give or take one word (the noise is 12 dB below the voice: a podcast's music bed).
    assert all(e <= alone + 1 for e in errors.values()), (alone, errors)


@pytest.mark.parametrize("music", list(MUSIC_EXCERPTS))
def test_a_sentence_after_minutes_of_music_keeps_its_first_words(engine, refs, tmp_path, music):
    """Silero's state, carried through a minute of music, hid a sentence's first words (vad.py)."""
    background = np.tile(decode(MUSIC_EXCERPTS[music]), 7)
    mixed, _, _ = with_sentence(background, decode(SENTENCE))
    r = transcribe(engine, write(mixed, tmp_path / "mixed.wav"), "tiny.en", "en")
    assert word_errors(refs["jfk"], r["text"])[0] <= 1, r["text"]
