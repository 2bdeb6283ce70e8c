"""Live transcription (streaming.py) on real speech fed as a client sends it: 100 ms at a time."""

from types import SimpleNamespace

import faster_whisper.transcribe as fw
import numpy as np
import pytest

from conftest import FIXTURES
from parlance_engine.audio import SAMPLE_RATE as SR
from parlance_engine.audio import iter_pcm
from parlance_engine.engine import Engine
from parlance_engine.streaming import StreamingTranscriber, StreamSettings
from parlance_engine.textnorm import normalize, wer

CHUNK = SR // 10
SETTINGS = StreamSettings()


@pytest.fixture(scope="module")
def model():
    return Engine().get_model("tiny.en")


def clip(name: str) -> np.ndarray:
    return np.concatenate(list(iter_pcm(str(FIXTURES / name))))


def stream(model, audio, settings=None):
    """Feeds ``audio`` in 100 ms chunks, then ends the stream; returns the events in order, each
    with the stream time (seconds received) it was sent at."""
    st = StreamingTranscriber(model, settings=settings)
    events = []
    for i in range(0, audio.size, CHUNK):
        events += [(st.seconds_received, e) for e in st.feed(audio[i : i + CHUNK])]
    events += [(st.seconds_received, e) for e in st.finish()]
    return st, events


@pytest.fixture(scope="module")
def jfk_events(model):
    return stream(model, clip("jfk.wav"))[1]


def finals(events):
    return [e for _, e in events if e["type"] == "final"]


def test_finals_are_as_accurate_as_the_batch_result(model, jfk_events, refs):
    streamed = " ".join(e["text"] for e in finals(jfk_events))
    batch = " ".join(s.text for s in model.transcribe(str(FIXTURES / "jfk.wav"), language="en")[0])
    print("streamed:", streamed, "\nbatch:   ", batch)
    assert len(finals(jfk_events)) >= 2  # the pauses between phrases end them
    assert wer(refs["jfk"], streamed) <= wer(refs["jfk"], batch) + 0.01


def test_partials_come_first_and_never_take_back_committed_words(jfk_events):
    phrase: list[dict] = []
    for _, event in jfk_events:
        if event["type"] == "final":
            assert phrase, "a phrase is shown as partials before its final"
            phrase = []
            continue
        # Local agreement: each partial starts with the previous one's committed prefix, which only grows.
        if phrase:
            assert event["text"].startswith(phrase[-1]["stable"])
            assert event["stable"].startswith(phrase[-1]["stable"])
            assert event["start"] == phrase[-1]["start"] and event["end"] > phrase[-1]["end"]
        assert event["text"].startswith(event["stable"])
        phrase.append(event)
    assert any(e["stable"] for _, e in jfk_events if e["type"] == "partial")


def test_finals_are_in_order_with_timed_words_and_arrive_soon_after_the_phrase(jfk_events):
    previous_end = 0.0
    for sent_at, event in jfk_events:
        if event["type"] != "final":
            continue
        words = event["words"]
        # English-only: nothing is detected.
        assert (event["language"], event["detected_language"], event["language_fallback"]) == ("en", None, False)
        assert previous_end <= event["start"] == words[0]["start"] <= event["end"] == words[-1]["end"] <= 11.05
        assert all(w["start"] <= w["end"] and 0 < w["confidence"] <= 1 for w in words)
        assert " ".join(w["text"] for w in words).split() == event["text"].split()
        # Sent once the pause after the phrase is heard (or the stream ends), not much later; a short
        # phrase waits for a longer pause.
        short = event["end"] - event["start"] < SETTINGS.min_phrase_seconds
        pause = SETTINGS.short_phrase_silence_seconds if short else SETTINGS.end_silence_seconds
        assert sent_at - event["end"] <= pause + 0.5
        previous_end = event["end"]


class _Counting:
    """The model, counting its decodes."""

    def __init__(self, model):
        self.model, self._model, self.decodes = model.model, model, 0

    def transcribe(self, audio, **options):
        self.decodes += 1
        return self._model.transcribe(audio, **options)


def test_finals_are_decoded_ahead_and_sent_once_the_pause_is_long_enough(model):
    """Each final is decoded as its pause begins, so the step at which the pause is long enough
    sends it without decoding; and a short phrase after words ("ask not", after "my fellow
    Americans") is decoded with them as context, so it need not wait for a longer pause."""
    counting = _Counting(model)
    st = StreamingTranscriber(counting)
    audio = clip("jfk.wav")
    sent = []
    for i in range(0, audio.size, CHUNK):
        before = counting.decodes
        sent += [(e, counting.decodes - before, st.seconds_received) for e in st.feed(audio[i : i + CHUNK])]
    finals = [(e, decodes, at) for e, decodes, at in sent if e["type"] == "final"]
    assert len(finals) >= 3
    assert [decodes for _, decodes, _ in finals] == [0] * len(finals)
    [(ask_not, _, at)] = [f for f in finals if f[0]["text"].lower().strip(".,!") == "ask not"]
    assert ask_not["end"] - ask_not["start"] < SETTINGS.min_phrase_seconds
    assert at - ask_not["end"] < SETTINGS.short_phrase_silence_seconds


def test_a_partial_encodes_its_phrase_and_some_padding_a_final_whisper_s_window(model, monkeypatch):
    """The encoder's cost grows with its input: a partial's decode gives it the phrase and
    ``partial_padding_seconds`` of Whisper's padding; a final's, Whisper's whole 30 s window, as the
    batch path does (and the thread's next decode too)."""
    encoded = []
    storage = fw.get_ctranslate2_storage

    def counted(features):
        encoded.append(features.shape[-1])
        return storage(features)

    monkeypatch.setattr(fw, "get_ctranslate2_storage", counted)
    _, events = stream(model, clip("jfk.wav"))
    partial = [frames for frames in encoded if frames < 3000]
    padding = SETTINGS.partial_padding_seconds * 100
    # jfk's phrases last under 6 s.
    assert partial and all(padding < frames <= padding + 600 for frames in partial), encoded
    assert encoded.count(3000) >= len(finals(events)) >= 3
    encoded.clear()
    list(model.transcribe(clip("jfk.wav"), language="en")[0])
    assert encoded == [3000]


def test_silence_is_neither_transcribed_nor_kept(model):
    noise = (np.random.default_rng(7).standard_normal(8 * SR) * 0.002).astype(np.float32)
    st, events = stream(model, noise)
    assert events == []
    # Only a pre-roll of the silence is held, however long it lasts.
    assert st.audio.size <= SR // 2


def test_the_end_of_the_stream_finalises_the_phrase_in_progress(model):
    # Cut in the middle of "ask what you can do for your country".
    _, events = stream(model, clip("jfk.wav")[: int(10.2 * SR)])
    last = finals(events)[-1]
    assert "ask what you can do" in last["text"].lower()


def test_a_phrase_without_pauses_is_cut_into_finals(model, refs):
    # No pause ends a phrase here: only the length limit does.
    settings = StreamSettings(end_silence_seconds=30.0, max_phrase_seconds=4.0)
    _, events = stream(model, clip("jfk.wav"), settings)
    cut = finals(events)
    assert len(cut) >= 3
    assert all(e["end"] - e["start"] <= 4.0 for e in cut)
    assert wer(refs["jfk"], " ".join(e["text"] for e in cut)) <= 0.15


def test_audio_that_arrives_in_one_go_is_taken_as_if_live(model, jfk_events):
    st = StreamingTranscriber(model)
    events = st.feed(clip("jfk.wav")) + st.finish()
    # The same finals as when it came 100 ms at a time (how a stream that fell behind catches
    # up), and only the latest audio shown as a partial. The same up to case and punctuation: a
    # machine under load can split CTranslate2's sums otherwise and tip a near tie ("Ask"/"ask").
    at_once, live = finals([(0, e) for e in events]), finals(jfk_events)
    assert [normalize(e["text"]) for e in at_once] == [normalize(e["text"]) for e in live]
    for a, b in zip(at_once, live, strict=True):
        assert abs(a["start"] - b["start"]) <= 0.1 and abs(a["end"] - b["end"]) <= 0.1
    assert sum(e["type"] == "partial" for e in events) <= 1


class _HearsOnlyWhilePartial:
    """A model that hears words in the cheap partial decode and none in the final one (as when
    noise passes for speech): the phrase shown must still get its final."""

    model = SimpleNamespace(is_multilingual=False)

    def transcribe(self, audio, **options):
        if options.get("without_timestamps"):
            return [SimpleNamespace(text=" Thank you")], None
        return [], SimpleNamespace(language="en")


def test_a_phrase_shown_in_partials_always_gets_its_final():
    speech_then_silence = np.concatenate([clip("jfk.wav")[: 2 * SR], np.zeros(3 * SR, dtype=np.float32)])
    _, events = stream(_HearsOnlyWhilePartial(), speech_then_silence)
    assert events[0][1]["type"] == "partial" and events[0][1]["text"] == "Thank you"
    last = events[-1][1]
    assert last["type"] == "final" and last["text"] == "" and last["words"] == []


def test_turns_end_after_their_silence_with_their_finals(model, refs):
    """jfk, 3 s of silence, jfk again: with turns at 2 s (longer than jfk's own pauses), each jfk
    is a turn, ended once 2 s of silence follow it (the first before the second begins), after its
    finals, carrying them; without the setting there are no turns."""
    jfk = clip("jfk.wav")
    audio = np.concatenate([jfk, np.zeros(3 * SR, dtype=np.float32), jfk])
    st = StreamingTranscriber(model, end_of_turn_silence=2.0)
    events = []
    for i in range(0, audio.size, CHUNK):
        events += [(st.seconds_received, e) for e in st.feed(audio[i : i + CHUNK])]
    events += [(st.seconds_received, e) for e in st.finish()]
    turns = [(at, e) for at, e in events if e["type"] == "end_of_turn"]
    assert len(turns) == 2
    (first_at, first), (_, second) = turns
    second_start = (jfk.size + 3 * SR) / SR
    # Said once the silence was long enough: 2 s after the speech ended, give or take a VAD step.
    assert first["end"] + 2.0 <= first_at <= first["end"] + 2.0 + 0.25
    assert first_at < second_start
    assert first["start"] < 0.5 and first["end"] > 10
    before = [e for at, e in events if at <= first_at and e["type"] == "final"]
    assert first["text"] == " ".join(e["text"] for e in before if e["text"])
    assert wer(refs["jfk"], first["text"]) < 0.2
    assert wer(refs["jfk"], second["text"]) < 0.2
    assert events[-1][1]["type"] == "end_of_turn"  # the stream's end ends the last turn
    assert not [e for _, e in stream(model, jfk)[1] if e["type"] == "end_of_turn"]


def test_key_terms_and_turns_can_change_mid_stream(model):
    st = StreamingTranscriber(model, keyterms=("Parlance",))
    st.configure(("Kubernetes", "gRPC"), 0.5)
    assert (st.hotwords, st.end_of_turn_silence) == ("Kubernetes, gRPC", 0.5)
    st.configure(None, None)  # unchanged
    assert (st.hotwords, st.end_of_turn_silence) == ("Kubernetes, gRPC", 0.5)
    st.configure((), None)  # none any more
    assert st.hotwords is None


def test_a_key_term_costs_the_next_phrase_none_of_its_words(model, refs):
    """With "Americans" as a key term, Whisper leaves that context word out and stretches "Ask"
    back over it: the context's words are told by what they say, so "Ask" is kept, not taken for
    a context word by its timing."""
    st = StreamingTranscriber(model, keyterms=("Americans",))
    audio = clip("jfk.wav")
    events = [e for i in range(0, audio.size, CHUNK) for e in st.feed(audio[i : i + CHUNK])] + st.finish()
    streamed = " ".join(e["text"] for e in events if e["type"] == "final")
    assert wer(refs["jfk"], streamed) == 0, streamed

