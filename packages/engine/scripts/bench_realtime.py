"""Live transcription measured: latency, accuracy against the batch path, streams per engine.

  npm run bench:realtime [-- --models tiny.en,base --max-streams 6 --eval DIR --save]

For each installed model (or --models): the latencies of one stream, the streams one engine serves
in real time before the median final latency doubles (written, with --save, to
DATA_DIR/live-capacity.json: the server admits live streams by it), and, on the published
evaluation set (--eval, default its copy in packages/server/test/fixtures/eval: English clips,
each streamed alone at the speed it plays), the word error rate of the finals against the batch
path's on the same clips, scored with the engine's Whisper-style normaliser (textnorm.py). Then
this process's peak memory (the engine with the models loaded). npm run bench:realtime prints the
figures that need the API first (/api/health under a burst, the API process tree's memory:
packages/server/scripts/bench-realtime-burst.ts); its arguments go to this script.

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
- first partial latency: from the start of a phrase's audio to its first partial;
- final latency: from the end of a phrase's last word to its final being sent; the streams one
  engine sustains are counted until its median doubles, or until the streams end more than 2 s
  after their audio (they fell behind real time);
- end of speech to final: the same, for the finals after which nobody speaks for a second or more
  (the speaker stopped, rather than paused), measured on one stream of the session and of three
  real telephone calls (../shared/conversations, read where they are: their licence keeps them
  out of the repository; without them, the session alone);
- WER of the finals and of a batch decode of each evaluation clip (same model, the batch path's
  options: beam 5, VAD, word timing), each clip streamed alone, scored on the whole set.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from parlance_engine.audio import SAMPLE_RATE as SR
from parlance_engine.audio import iter_pcm
from parlance_engine.cpu import cpu_threads
from parlance_engine.engine import Engine
from parlance_engine.models import list_models
from parlance_engine.streaming import StreamingTranscriber
from parlance_engine.textnorm import word_errors

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
REPO = Path(__file__).resolve().parents[3]
# A stream that ends this long after its audio has fallen behind real time.
LATE_SECONDS = 2.0
# Speech has ended where no word follows for this long (the speaker stopped, rather than paused).
SPEECH_END_GAP = 1.0
# Real telephone calls (SpokenWOZ, CC BY-NC: read where they are, never copied into the repository),
# for more ends of speech than the session has.
CALLS = REPO.parent / "shared" / "conversations"
CALL_IDS = ["SNG0072", "SNG0480", "SNG1263"]
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
    first_partial: list[float] = []
    final: list[float] = []
    # Per stream, each final with words: (start, end, latency).
    sent: list[list[tuple[float, float, float]]] = [[] for _ in range(streams)]
    words: list[tuple[float, str]] = []
    phrases_seen: set[tuple[int, float]] = set()

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
                if (i, event["start"]) not in phrases_seen:
                    phrases_seen.add((i, event["start"]))
                    first_partial.append(clock - (arrival(i, 0) + event["start"]))
            elif event["type"] == "final" and event["words"]:
                final.append(clock - (arrival(i, 0) + event["end"]))
                sent[i].append((event["start"], event["end"], final[-1]))
                if i == 0:
                    words += [(w["start"], w["text"]) for w in event["words"]]
    late = clock - arrival(streams - 1, chunks)
    return {"partial": partial, "first_partial": first_partial, "final": final, "words": words, "late": late,
            "end_of_speech": [lat for finals in sent for lat in speech_ends(finals)]}


def speech_ends(finals: list[tuple[float, float, float]]) -> list[float]:
    """The latencies of the finals that end speech: no word follows within ``SPEECH_END_GAP``."""
    return [lat for (_, end, lat), after in zip(finals, [*finals[1:], (np.inf, 0.0, 0.0)], strict=True)
            if after[0] - end >= SPEECH_END_GAP]


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def batch_words(model, audio: np.ndarray) -> list[tuple[float, str]]:
    """The batch path's words (start, text): Engine.transcribe's decode options."""
    segments, _ = model.transcribe(audio, language="en", beam_size=5, vad_filter=True, word_timestamps=True)
    return [(w.start, w.word.strip()) for s in segments for w in s.words or []]


def text(words: list[tuple[float, str]]) -> str:
    return " ".join(t for _, t in words)


def capacity(model, session: np.ndarray, max_streams: int) -> tuple[int, dict[str, Any]]:
    """Streams served in real time before the median final latency doubles, and the one-stream run."""
    one = run(model, session, 1)
    if one["late"] > LATE_SECONDS:
        return 0, one
    baseline = statistics.median(one["final"])
    print("| streams | final p50 s | final p95 s | partials per stream-minute | ends after its audio s |")
    print("|---|---|---|---|---|")
    sustained = 0
    for n in range(1, max_streams + 1):
        r = one if n == 1 else run(model, session, n)
        final_p50 = statistics.median(r["final"])
        per_minute = len(r["partial"]) / n / (session.size / SR / 60)
        print(f"| {n} | {final_p50:.2f} | {pct(r['final'], 95):.2f} | {per_minute:.0f} | {r['late']:.2f} |")
        if final_p50 > 2 * baseline or r["late"] > LATE_SECONDS:
            break
        sustained = n
    return sustained, one


def eval_clips(directory: Path) -> list[tuple[str, np.ndarray, str]]:
    """The published set's English clips: (id, audio, reference)."""
    rows = [line.split("\t") for line in (directory / "refs.tsv").read_text().splitlines() if line.strip()]
    clips = []
    for row in rows:
        if len(row) < 3 or row[1] != "en":
            continue
        [path] = [p for p in directory.iterdir() if p.stem == row[0]]
        clips.append((row[0], load_path(path), row[2]))
    return clips


def load_path(path: Path) -> np.ndarray:
    return np.concatenate(list(iter_pcm(str(path))))


def eval_wer(model, clips: list[tuple[str, np.ndarray, str]]) -> tuple[int, int, int]:
    """(finals' errors, batch's errors, reference words) over the clips, each streamed alone."""
    live_errors = batch_errors = words = 0
    for _, audio, reference in clips:
        finals = run(model, audio, 1)["words"]
        e, n = word_errors(reference, text(finals))
        b, _ = word_errors(reference, text(batch_words(model, audio)))
        live_errors, batch_errors, words = live_errors + e, batch_errors + b, words + n
    return live_errors, batch_errors, words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", help="comma-separated; default: every installed model")
    parser.add_argument("--max-streams", type=int, default=6)
    parser.add_argument("--eval", type=Path, default=REPO / "packages" / "server" / "test" / "fixtures" / "eval")
    parser.add_argument("--save", action="store_true", help="write DATA_DIR/live-capacity.json")
    args = parser.parse_args()
    engine = Engine()
    names = args.models.split(",") if args.models else [m["name"] for m in list_models()]
    held_out = [load(name) for name in HELD_OUT]
    scored = [load(file) for _, file in WITH_REFERENCE]
    session = join(held_out + scored)
    clips = eval_clips(args.eval) if (args.eval / "refs.tsv").is_file() else []
    talks = [load_path(CALLS / f"{name}.wav") for name in CALL_IDS if (CALLS / f"{name}.wav").is_file()]
    eval_words = sum(len(reference.split()) for _, _, reference in clips)
    print(f"cpu_threads={cpu_threads()} compute_type={engine.compute_type} session={session.size / SR:.1f} s of audio; "
          f"evaluation set: {len(clips)} English clips of {args.eval} ({eval_words} words)")
    measured: dict[str, int] = {}
    for name in names:
        model = engine.get_model(name)
        print(f"\n## {name}\n")
        sustained, one = capacity(model, session, args.max_streams)
        measured[name] = sustained
        print(f"\nstreams served in real time before the median final latency doubles: {sustained}"
              f"{'+' if sustained == args.max_streams else ''}")
        ends = one["end_of_speech"] + [lat for talk in talks for lat in run(model, talk, 1)["end_of_speech"]]
        print(f"one stream: end of speech to final p50 {statistics.median(ends):.2f} s, p95 {pct(ends, 95):.2f} s "
              f"({len(ends)} ends of speech: the session{f' and {len(talks)} calls of {CALLS}' if talks else ''}); "
              f"every final p50 {statistics.median(one['final']):.2f} s; first partial p50 "
              f"{statistics.median(one['first_partial']):.2f} s, p95 {pct(one['first_partial'], 95):.2f} s; "
              f"partials behind the audio p50 {statistics.median(one['partial']):.2f} s")
        if clips:
            live, batch, words = eval_wer(model, clips)
            print(f"published evaluation set, English ({words} words, {len(clips)} clips streamed at the speed they "
                  f"play): finals {100 * live / words:.1f} % WER, batch {100 * batch / words:.1f} % "
                  f"({100 * (live - batch) / words:+.1f} points)")
        else:
            print(f"(no evaluation set at {args.eval}: finals against batch not measured)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory of this process (the engine, {', '.join(names)} loaded): {peak:.0f} MB")
    if args.save:
        data_dir = Path(os.environ.get("DATA_DIR", REPO / ".data"))
        data_dir.mkdir(parents=True, exist_ok=True)
        record = {"measuredAt": datetime.now(UTC).isoformat(), "cpus": os.cpu_count() or 1, "streams": measured}
        (data_dir / "live-capacity.json").write_text(json.dumps(record, indent=2) + "\n")
        print(f"wrote {data_dir / 'live-capacity.json'}: {measured}")


if __name__ == "__main__":
    main()
