"""Peak memory and speed on long audio: a short recording against a long one.

  .venv/bin/python scripts/bench_long.py [MINUTES] [MODEL]   (default: 120 tiny.en)
  .venv/bin/python scripts/bench_long.py build MINUTES OUT.ogg   (only build the audio)

Builds real read speech (the fixture clips with pauses between them, looped)
into a 10-minute baseline (one transcription window) and a MINUTES-long Opus
file with ffmpeg, transcribes each in a fresh engine process and prints audio length, compute time,
real-time factor, segment count, word error rate and peak resident memory, and the ratio of
the long run's peak memory to the baseline's. Bounded memory means a ratio
near 1, whatever MINUTES is. The baseline is also transcribed by faster-whisper's batched
pipeline (BATCH VAD chunks at a time, the file decoded whole), the engine's candidate for long
files: its compute, memory and error rate beside the engine's sequential path; and by two
engines at once with one thread each (two worker slots, PARLANCE_ENGINE_THREADS=1), against one
with the machine's threads: how much more audio the machine gets through.

The clips are looped whole (the recordings are a little shorter than MINUTES), so every run is
scored on speech it heard all of: a sentence cut off at the end is scored against a reference
that has all of it, and a decode that makes up its missing words scores as one that heard it.
"""

import functools
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from parlance_engine.cpu import cpu_threads
from parlance_engine.textnorm import wer

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
CLIPS = ["jfk.wav", "LJ002-0020.wav", "LJ002-0035.wav"]

# argv: path, model, and "sequential" (the engine's path) or a batch size for faster-whisper's
# BatchedInferencePipeline (VAD chunks decoded in batches; the whole file decoded into memory).
CHILD = """
import json, resource, sys, time
import numpy as np
from parlance_engine.audio import iter_pcm
from parlance_engine.engine import Engine
from parlance_engine.protocol import TranscribeParams
eng = Engine()
model = eng.get_model(sys.argv[2])
t = time.perf_counter()
if sys.argv[3] == "sequential":
    r = eng.transcribe(TranscribeParams(path=sys.argv[1], model=sys.argv[2], language="en"))
    duration, segments, text = r["duration"], len(r["segments"]), r["text"]
else:
    from faster_whisper import BatchedInferencePipeline
    audio = np.concatenate(list(iter_pcm(sys.argv[1])))
    segs, _ = BatchedInferencePipeline(model).transcribe(
        audio, language="en", batch_size=int(sys.argv[3]), beam_size=5, word_timestamps=True)
    segs = list(segs)
    duration, segments, text = audio.size / 16000, len(segs), " ".join(s.text.strip() for s in segs)
print(json.dumps({"compute": time.perf_counter() - t, "duration": duration, "segments": segments,
                  "text": text, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""
BATCH = 8
# The baseline run's length, in minutes: one window.
BASELINE_MINUTES = 10.0


@functools.cache
def loop_seconds() -> float:
    """One loop of the clips: each clip and its 1.5 s of silence (probed once)."""
    return sum(float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                                     str(FIX / clip)], check=True, capture_output=True, text=True).stdout) + 1.5
               for clip in CLIPS)


def loops(minutes: float) -> int:
    """Whole loops of the clips in about ``minutes`` (at least one)."""
    return max(1, math.floor(minutes * 60 / loop_seconds()))


def build(minutes: float, out: Path) -> None:
    """Loops the clips, each followed by 1.5 s of silence, whole, to about `minutes` of 16 kHz mono
    Opus."""
    inputs, labels = [], []
    for i, clip in enumerate(CLIPS):
        inputs += ["-i", str(FIX / clip)]
        labels.append(f"[{i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=1.5[a{i}]")
    graph = ";".join(labels) + ";" + "".join(f"[a{i}]" for i in range(len(CLIPS)))
    graph += f"concat=n={len(CLIPS)}:v=0:a=1[one]"
    once = out.with_suffix(".once.wav")
    subprocess.run(["ffmpeg", "-v", "error", "-y", *inputs, "-filter_complex", graph,
                    "-map", "[one]", str(once)], check=True)
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-stream_loop", str(loops(minutes) - 1), "-i", str(once),
                    "-c:a", "libopus", "-b:a", "24k", str(out)], check=True)
    once.unlink()


def run(path: Path, model: str, mode: str = "sequential", threads: int | None = None) -> subprocess.Popen[str]:
    """Starts transcribing ``path`` in a fresh engine process (``threads``: its
    PARLANCE_ENGINE_THREADS); ``result`` reads its figures."""
    env = {**os.environ, **({"PARLANCE_ENGINE_THREADS": str(threads)} if threads else {})}
    return subprocess.Popen([sys.executable, "-c", CHILD, str(path), model, mode],
                            stdout=subprocess.PIPE, text=True, env=env)


def result(child: subprocess.Popen[str]) -> dict:
    out, _ = child.communicate()
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, child.args)
    return json.loads(out.strip().splitlines()[-1])


def reference(minutes: float) -> str:
    """The clips' reference texts, looped as often as `build` loops them."""
    refs = dict(line.split("\t", 1) for line in (FIX / "transcripts.tsv").read_text().splitlines() if line.strip())
    return " ".join([refs[Path(clip).stem] for clip in CLIPS] * loops(minutes))


def main(minutes: float, model: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for label, length in (("baseline", BASELINE_MINUTES), ("long", minutes)):
            path = Path(tmp) / f"{label}.ogg"
            t = time.perf_counter()
            build(length, path)
            print(f"built {label}: {length:g} min, {path.stat().st_size / 1e6:.1f} MB "
                  f"in {time.perf_counter() - t:.1f} s", flush=True)
            rows.append((label, length, result(run(path, model))))
            if label == "baseline":
                baseline = path
                rows.append((f"baseline, batched {BATCH}", length, result(run(path, model, str(BATCH)))))
        # Two worker slots: two engines transcribing at once, one thread each.
        pair = [result(child) for child in [run(baseline, model, threads=1) for _ in range(2)]]
    print(f"\nmodel {model}; WER against the clips' references, looped")
    print("| run | audio min | compute s | RTF | segments | WER | peak RSS MiB |\n|---|---|---|---|---|---|---|")
    for label, length, r in rows:
        print(f"| {label} | {r['duration'] / 60:.1f} | {r['compute']:.1f} | "
              f"{r['compute'] / r['duration']:.3f} | {r['segments']} | {wer(reference(length), r['text']):.1%} | "
              f"{r['peak_mib']:.0f} |")
    base, batched, long = rows[0][2], rows[1][2], rows[2][2]
    print(f"\nbatched/sequential compute on the baseline: {batched['compute'] / base['compute']:.2f}x")
    print(f"peak memory long/baseline: {long['peak_mib'] / base['peak_mib']:.2f}x "
          f"for {long['duration'] / base['duration']:.0f}x the audio")
    together = max(r["compute"] for r in pair)
    errors = " and ".join(f"{wer(reference(BASELINE_MINUTES), r['text']):.1%}" for r in pair)
    print(f"two engines at once, one thread each: both baselines in {together:.1f} s, against "
          f"{2 * base['compute']:.1f} s for two one after the other with {cpu_threads()} threads: "
          f"{2 * base['compute'] / together:.2f}x the audio per second (WER {errors})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["build"]:
        build(float(sys.argv[2]), Path(sys.argv[3]))
        sys.exit(0)
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 120.0, sys.argv[2] if len(sys.argv) > 2 else "tiny.en")
