"""Live transcription measured: latency, accuracy against the batch path, streams per engine.

  npm run bench:realtime            (.venv/bin/python scripts/bench_realtime.py [MODEL] [MAX_STREAMS])

Each stream is a "session" of real speech the engine was not built or tuned on (LibriSpeech 1088,
the AMI headset clip, the Common Voice clip; copied into tests/fixtures/held-out with provenance)
followed by the fixture clips with references (jfk, two LJ Speech clips), one second of silence
between clips. Audio is fed in 100 ms chunks at the pace a live client sends it, on a simulated
clock: a chunk arrives at its own stream time, and the engine's measured compute moves the clock
on. N streams share one engine, their chunks processed in arrival order, as one engine process
serves them; so the figures are the real compute of this machine without the idle waits.

- partial latency: how far behind the live audio a partial is when it is sent (it covers the audio
  up to the last chunk given); a stream that falls behind gets fewer partials, not later ones, so
  partials per stream-minute are printed too;
- final latency: from the end of a phrase's last word to its final being sent; the streams one
  engine sustains are counted until its median doubles;
- WER of the finals and of a batch decode of the same session (same model, the batch path's options:
  beam 5, VAD, word timing) on the clips with reference text, each clip scored on the words that
  start within it; and how much finals and batch disagree over the whole session.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from parlance_engine.audio import SAMPLE_RATE as SR
from parlance_engine.audio import iter_pcm
from parlance_engine.engine import Engine, cpu_threads
from parlance_engine.streaming import StreamingTranscriber
from parlance_engine.textnorm import wer, word_errors

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
HELD_OUT = ["held-out/libri-1088-134315-0000.wav", "held-out/ES2011a.Headset-0-40s-46s.wav",
            "held-out/common_voice_en_651325.mp3"]
WITH_REFERENCE = [("jfk", "jfk.wav"), ("LJ002-0020", "LJ002-0020.wav"), ("LJ002-0035", "LJ002-0035.wav")]
CHUNK = SR // 10
GAP = np.zeros(SR, dtype=np.float32)


def load(name: str) -> np.ndarray:
    return np.concatenate(list(iter_pcm(str(FIX / name))))


def join(clips: list[np.ndarray]) -> np.ndarray:
    return np.concatenate([part for clip in clips for part in (clip, GAP)])


def run(model, audio: np.ndarray, streams: int) -> dict[str, Any]:
    """``streams`` copies of ``audio`` fed live to one engine, each started 1/N chunk after the
    previous. The engine serves the stream whose audio has waited longest and gives it all of its
    audio that has arrived by then in one go, so a stream that falls behind is decoded less often
    rather than ever later. Returns latencies and the first stream's final words (start, text)."""
    live = [StreamingTranscriber(model) for _ in range(streams)]
    chunks = -(-audio.size // CHUNK)
    fed = [0] * streams  # chunks given to each stream so far
    clock = 0.0
    partial: list[float] = []
    final: list[float] = []
    words: list[tuple[float, str]] = []

    def arrival(i: int, k: int) -> float:
        """When chunk ``k`` (1-based) of stream ``i`` has fully arrived."""
        return k * CHUNK / SR + i * CHUNK / SR / streams

    while any(n < chunks for n in fed):
        i = min((i for i in range(streams) if fed[i] < chunks), key=lambda i: arrival(i, fed[i] + 1))
        clock = max(clock, arrival(i, fed[i] + 1))
        upto = fed[i] + 1
        while upto < chunks and arrival(i, upto + 1) <= clock:
            upto += 1
        start = time.perf_counter()
        events = live[i].feed(audio[fed[i] * CHUNK : upto * CHUNK])
        if upto == chunks:
            events += live[i].finish()
        clock += time.perf_counter() - start
        fed[i] = upto
        for event in events:
            if event["type"] == "partial":
                partial.append(clock - arrival(i, upto))
            else:
                final.append(clock - (arrival(i, 0) + event["end"]))
                if i == 0:
                    words += [(w["start"], w["text"]) for w in event["words"]]
    return {"partial": partial, "final": final, "words": words}


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def batch_words(model, audio: np.ndarray) -> list[tuple[float, str]]:
    """The batch path's words (start, text): Engine.transcribe's decode options."""
    segments, _ = model.transcribe(audio, language="en", beam_size=5, vad_filter=True, word_timestamps=True)
    return [(w.start, w.word.strip()) for s in segments for w in s.words or []]


def clip_errors(
    words: list[tuple[float, str]], spans: list[tuple[float, float]], references: list[str]
) -> tuple[int, int]:
    """(errors, reference words) over the clips, each scored on the words that start within it
    (joining the references would make number words of neighbouring clips one number)."""
    errors = total = 0
    for (start, end), reference in zip(spans, references, strict=True):
        said = " ".join(text for at, text in words if start <= at < end)
        e, n = word_errors(reference, said)
        errors, total = errors + e, total + n
    return errors, total


def text(words: list[tuple[float, str]]) -> str:
    return " ".join(t for _, t in words)


def main(model_name: str, max_streams: int) -> None:
    engine = Engine()
    model = engine.get_model(model_name)
    references = dict(line.split("\t", 1) for line in (FIX / "transcripts.tsv").read_text().splitlines() if line)
    held_out = [load(name) for name in HELD_OUT]
    scored = [load(file) for _, file in WITH_REFERENCE]
    session = join(held_out + scored)
    offset = sum(clip.size + GAP.size for clip in held_out) / SR
    spans = []
    for clip in scored:
        spans.append((offset, offset + (clip.size + GAP.size) / SR))
        offset = spans[-1][1]
    clip_references = [references[clip] for clip, _ in WITH_REFERENCE]
    print(f"model={model_name} cpu_threads={cpu_threads()} compute_type={engine.compute_type} "
          f"session={session.size / SR:.1f} s of audio")

    batch = batch_words(model, session)
    one = run(model, session, 1)
    (batch_errors, words), (live_errors, _) = (clip_errors(w, spans, clip_references) for w in (batch, one["words"]))
    print(f"\nWER on the clips with references ({words} words): batch {100 * batch_errors / words:.1f} %, "
          f"live finals {100 * live_errors / words:.1f} % ({live_errors - batch_errors:+d} words)")

    print("\n| streams | partial p50 s | partial p90 s | partials per stream-minute | final p50 s | final p90 s "
          "| finals vs batch |")
    print("|---|---|---|---|---|---|---|")
    baseline = None
    sustained = 0
    for n in range(1, max_streams + 1):
        r = one if n == 1 else run(model, session, n)
        final_p50 = statistics.median(r["final"])
        per_minute = len(r["partial"]) / n / (session.size / SR / 60)
        print(f"| {n} | {statistics.median(r['partial']):.2f} | {pct(r['partial'], 90):.2f} | {per_minute:.0f} | "
              f"{final_p50:.2f} | {pct(r['final'], 90):.2f} | {100 * wer(text(batch), text(r['words'])):.1f} % |")
        baseline = baseline or final_p50
        if final_p50 <= 2 * baseline:
            sustained = n
        else:
            break
    print(f"\nstreams sustained before the median final latency doubles: {sustained}"
          f"{'+' if sustained == max_streams else ''}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tiny.en", int(sys.argv[2]) if len(sys.argv) > 2 else 4)
