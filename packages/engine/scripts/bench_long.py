"""Peak memory and speed on long audio: a short recording against a long one.

  .venv/bin/python scripts/bench_long.py [MINUTES] [MODEL]   (default: 120 tiny.en)
  .venv/bin/python scripts/bench_long.py build MINUTES OUT.ogg   (only build the audio)

Builds real read speech (the fixture clips with pauses between them, looped)
into a 10-minute baseline (one transcription window) and a MINUTES-long Opus
file with ffmpeg, transcribes each in a fresh engine process and prints audio length, compute time,
real-time factor, segment count and peak resident memory, and the ratio of
the long run's peak memory to the baseline's. Bounded memory means a ratio
near 1, whatever MINUTES is.
"""

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
CLIPS = ["jfk.wav", "LJ002-0020.wav", "LJ002-0035.wav"]

CHILD = """
import json, resource, sys, time
from parlance_engine.engine import Engine
from parlance_engine.protocol import TranscribeParams
eng = Engine()
eng.get_model(sys.argv[2])
t = time.perf_counter()
r = eng.transcribe(TranscribeParams(path=sys.argv[1], model=sys.argv[2], language="en"))
print(json.dumps({"compute": time.perf_counter() - t, "duration": r["duration"],
                  "segments": len(r["segments"]), "words": len(r["text"].split()),
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def build(minutes: float, out: Path) -> None:
    """Loops the clips, each followed by 1.5 s of silence, to `minutes` of 16 kHz mono Opus."""
    inputs, labels = [], []
    for i, clip in enumerate(CLIPS):
        inputs += ["-i", str(FIX / clip)]
        labels.append(f"[{i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=1.5[a{i}]")
    graph = ";".join(labels) + ";" + "".join(f"[a{i}]" for i in range(len(CLIPS)))
    graph += f"concat=n={len(CLIPS)}:v=0:a=1[one]"
    once = out.with_suffix(".once.wav")
    subprocess.run(["ffmpeg", "-v", "error", "-y", *inputs, "-filter_complex", graph,
                    "-map", "[one]", str(once)], check=True)
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-stream_loop", "-1", "-i", str(once),
                    "-t", str(minutes * 60), "-c:a", "libopus", "-b:a", "24k", str(out)], check=True)
    once.unlink()


def run(path: Path, model: str) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(path), model],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(minutes: float, model: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for label, length in (("baseline", 10.0), ("long", minutes)):
            path = Path(tmp) / f"{label}.ogg"
            t = time.perf_counter()
            build(length, path)
            print(f"built {label}: {length:g} min, {path.stat().st_size / 1e6:.1f} MB "
                  f"in {time.perf_counter() - t:.1f} s", flush=True)
            rows.append((label, run(path, model)))
    print(f"\nmodel {model}")
    print("| run | audio min | compute s | RTF | segments | words | peak RSS MiB |\n|---|---|---|---|---|---|---|")
    for label, r in rows:
        print(f"| {label} | {r['duration'] / 60:.1f} | {r['compute']:.1f} | "
              f"{r['compute'] / r['duration']:.3f} | {r['segments']} | {r['words']} | {r['peak_mib']:.0f} |")
    base, long = rows[0][1], rows[1][1]
    print(f"\npeak memory long/baseline: {long['peak_mib'] / base['peak_mib']:.2f}x "
          f"for {long['duration'] / base['duration']:.0f}x the audio")


if __name__ == "__main__":
    if sys.argv[1:2] == ["build"]:
        build(float(sys.argv[2]), Path(sys.argv[3]))
        sys.exit(0)
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 120.0, sys.argv[2] if len(sys.argv) > 2 else "tiny.en")
