"""WER and real-time factor per fixture clip, per model.

  .venv/bin/python scripts/bench.py [MODEL ...]      (default: tiny.en)

RTF = seconds of compute / seconds of audio (model already loaded; median of
3 runs). Uses the same Engine code path as the JSON server.
"""

import statistics
import sys
import time
from pathlib import Path

from parlance_engine.cpu import cpu_threads
from parlance_engine.engine import Engine
from parlance_engine.protocol import TranscribeParams
from parlance_engine.textnorm import wer

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures"


def main(names):
    lines = (FIX / "transcripts.tsv").read_text().splitlines()
    refs = dict(line.split("\t", 1) for line in lines if line.strip())
    eng = Engine()
    print(f"cpu_threads={cpu_threads()} compute_type={eng.compute_type}")
    for name in names:
        t = time.perf_counter()
        eng.get_model(name)
        print(f"\n## {name}: load {time.perf_counter() - t:.2f}s")
        print("| clip | audio s | compute s | RTF | WER | text |\n|---|---|---|---|---|---|")
        tot_a = tot_c = 0.0
        for clip, f in (("jfk", "jfk.wav"), ("jfk", "jfk.mp3"), ("LJ002-0020", "LJ002-0020.wav"),
                        ("LJ002-0035", "LJ002-0035.wav")):
            times = []
            for _ in range(3):
                t = time.perf_counter()
                r = eng.transcribe(TranscribeParams(path=str(FIX / f), model=name, language="en"))
                times.append(time.perf_counter() - t)
            c = statistics.median(times)
            tot_a += r["duration"]
            tot_c += c
            print(f"| {f} | {r['duration']:.2f} | {c:.2f} | {c / r['duration']:.3f} | "
                  f"{wer(refs[clip], r['text']):.3f} | {r['text']} |")
        print(f"| all | {tot_a:.2f} | {tot_c:.2f} | {tot_c / tot_a:.3f} | | |")


if __name__ == "__main__":
    main(sys.argv[1:] or ["tiny.en"])
