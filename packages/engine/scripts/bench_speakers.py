"""Speaker labels measured: words with the right speaker, speakers counted, and what labelling
costs in time against transcription alone.

  npm run bench:speakers     (.venv/bin/python scripts/bench_speakers.py [MODEL])

Joined voices (held out): recordings joined from real voices the labelling was not tuned on (jfk,
LibriSpeech 1088, the AMI meeting speaker: tests/joined_speakers.py). Each recording is transcribed
with and without speaker_labels (the same model and options, word timing on), best of 3 runs each.

Conversations: the real calls and meetings of ../shared/conversations (development set; read from
there, never copied: SpokenWOZ is non-commercial), each transcribed with speaker_labels and scored
against its reference turns (tests/diarization_score.py): words with the right speaker, speakers
found, and the diarization error rate (collar 0.25 s, overlap scored); then again told how many
speak (speakers_expected): the words right then. Each is run RUNS times, as Whisper's sampling
fallback can change the words heard: the mean, the range and the speaker counts seen. Each call's
two channels are then labelled alone: one talker each, so one speaker each. SAME_SPEAKER
(parlance_engine/speakers.py) was chosen on these, with the two LJ Speech clips joined as one
voice: they are a development set.
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from diarization_score import der, read_rttm, turns_of, words_right
from joined_speakers import ARRANGEMENTS, join
from parlance_engine.engine import Engine
from parlance_engine.protocol import TranscribeParams

RUNS = 3
CONVERSATIONS = Path(__file__).resolve().parents[4] / "shared" / "conversations"
# Its calls (two people, 8 kHz, mixed to mono), a meeting excerpt with overlap, a discussion.
CONVERSATION_IDS = ["SNG0072", "SNG0480", "SNG1263", "EN2002a_30s", "diarizationExample"]


def main() -> None:
    model = sys.argv[1] if len(sys.argv) > 1 else "tiny.en"
    engine = Engine()
    print(f"speaker labels, model {model}, best of {RUNS} runs")
    columns = ("audio s", "words", "right", "speakers", "alone s", "+labels s", "ratio")
    print(f"{'recording':32} " + " ".join(f"{c:>9}" for c in columns))
    with tempfile.TemporaryDirectory() as tmp:
        for name, turns in ARRANGEMENTS.items():
            path = Path(tmp) / "joined.wav"
            truth = join(turns, path)
            times = {}
            result = None
            for labels in (False, True):
                params = TranscribeParams(path=str(path), model=model, word_timestamps=True, speaker_labels=labels)
                best = float("inf")
                for _ in range(RUNS):
                    t0 = time.perf_counter()
                    result = engine.transcribe(params)
                    best = min(best, time.perf_counter() - t0)
                times[labels] = best
            assert result is not None
            words = result["words"]
            found = len({w["speaker"] for w in words})
            voices = len({v for _, _, v in truth})
            cells = (
                f"{result['duration']:.1f}",
                str(len(words)),
                f"{100 * words_right(words, truth):.1f} %",
                f"{found} of {voices}",
                f"{times[False]:.2f}",
                f"{times[True]:.2f}",
                f"{times[True] / times[False]:.2f}",
            )
            print(f"{name:32} " + " ".join(f"{c:>9}" for c in cells))
    conversations(engine, model)


def spoken(result: dict) -> list[dict]:
    """The result's words that hold text (the ones a speaker is scored on)."""
    return [w for w in result["words"] if w["text"].strip()]


def span(values: list[int]) -> str:
    """The least and most of counts, or the one count when all are the same."""
    return "-".join(map(str, sorted({min(values), max(values)})))


def spread(values: list[float]) -> str:
    """The mean of percentages, with their range when runs differ."""
    mean, low, high = (100 * f(values) for f in (statistics.fmean, min, max))
    return f"{mean:.1f} %" if high - low < 0.05 else f"{mean:.1f} % ({low:.0f}-{high:.0f})"


def conversations(engine: Engine, model: str) -> None:
    if not CONVERSATIONS.is_dir():
        print(f"conversations: {CONVERSATIONS} is not here, not measured")
        return
    # Whisper falls back to sampling where it is unsure, so a recording's words (and with them the
    # speakers heard) can differ from run to run: each is measured RUNS times.
    print(f"conversations ({CONVERSATIONS}), {RUNS} runs each: mean (range)")
    columns = ("audio s", "words", "right", "speakers", "DER", "told")
    print(f"{'recording':32} " + " ".join(f"{c:>16}" for c in columns))
    right, counted = [], 0
    for name in CONVERSATION_IDS:
        truth = read_rttm(CONVERSATIONS / f"{name}.rttm")
        params = TranscribeParams(
            path=str(CONVERSATIONS / f"{name}.wav"), model=model, word_timestamps=True, speaker_labels=True
        )
        voices = len({s for _, _, s in truth})
        runs = []
        for _ in range(RUNS):
            result = engine.transcribe(params)
            words = spoken(result)
            # Told how many speak (speakers_expected): words right then.
            told = engine.transcribe(dataclasses.replace(params, speakers_expected=voices))
            runs.append(
                (
                    len(words),
                    words_right(words, truth),
                    len({w["speaker"] for w in words}),
                    der(truth, turns_of(words)),
                    words_right(spoken(told), truth),
                )
            )
        sizes, rights, founds, ders, tolds = (list(column) for column in zip(*runs, strict=True))
        right.append(statistics.fmean(rights))
        counted += all(found == voices for found in founds)
        cells = (
            f"{result['duration']:.1f}",
            span(sizes),
            spread(rights),
            f"{span(founds)} of {voices}",
            spread(ders),
            spread(tolds),
        )
        print(f"{name:32} " + " ".join(f"{c:>16}" for c in cells))
    print(
        f"mean words right {100 * statistics.fmean(right):.1f} %, "
        f"speakers counted right in every run {counted} of {len(right)}"
    )
    # One voice must stay one speaker: each call's channels alone (one talker each).
    alone = []
    for name in CONVERSATION_IDS:
        stereo = CONVERSATIONS / f"{name}.stereo8k.wav"
        for channel in (1, 2) if stereo.is_file() else ():
            params = TranscribeParams(
                path=str(stereo), model=model, word_timestamps=True, speaker_labels=True, channel=channel
            )
            alone.append(len({w["speaker"] for w in spoken(engine.transcribe(params))}))
    print(f"speakers found on each call's channels alone (one talker each): {', '.join(map(str, alone))}")


if __name__ == "__main__":
    main()
