"""Speaker labels measured: words with the right speaker, speakers counted, and what labelling
costs in time against transcription alone.

  npm run bench:speakers     (.venv/bin/python scripts/bench_speakers.py [MODEL])

Recordings are joined from real voices the labelling was not tuned on (jfk, LibriSpeech 1088, the
AMI meeting speaker: tests/joined_speakers.py). It was tuned (SAME_SPEAKER and the rules in
parlance_engine/speakers.py) on other voices: the two LJ Speech clips, the Common Voice clip and
two espeak-ng voices (en+f3, en-gb-x-rp+m7). Each recording is transcribed with and without
speaker_labels (the same model and options, word timing on), best of 3 runs each.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from joined_speakers import ARRANGEMENTS, join, words_right
from parlance_engine.engine import Engine
from parlance_engine.protocol import TranscribeParams

RUNS = 3


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


if __name__ == "__main__":
    main()
