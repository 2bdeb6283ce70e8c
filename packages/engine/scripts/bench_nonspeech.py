"""Words made up from non-speech, and a sentence heard inside it (tests/nonspeech.py's clips).

  npm run bench:nonspeech [-- --seconds 180]

With the models a request gets by default (tiny.en for English, base when the language is
detected), through the engine's batch path: the words produced on each kind of non-speech (target
0), then the sentence (jfk.wav) in the middle of each, 12 dB and 6 dB above it, with its word
errors against the sentence alone (target: as alone) and any word heard away from it.

Music is whole tracks of Debian's wesnoth-1.16-music (GPL-2+: choral and orchestral recordings),
fetched once with `apt-get download` into packages/engine/.cache; where apt-get cannot fetch it,
the excerpts of them in tests/fixtures/music, and the output says so. The other clips are made:
``--seconds`` of each.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from conftest import references
from nonspeech import SENTENCE, clips, decode, with_sentence, words_outside, write
from parlance_engine.engine import Engine
from parlance_engine.protocol import TranscribeParams
from parlance_engine.textnorm import word_errors

CACHE = Path(__file__).resolve().parents[1] / ".cache" / "music"
PACKAGE = "wesnoth-1.16-music"
TRACKS = {"choral music": "nunc_dimittis.ogg", "orchestral music": "the_dangerous_symphony.ogg",
          "orchestral music, battle": "battle-epic.ogg"}
DEFAULTS = [("tiny.en", "en"), ("base", None)]


def _cached() -> dict[str, Path] | None:
    found = {name: next(CACHE.rglob(track), None) for name, track in TRACKS.items()}
    return {name: path for name, path in found.items() if path} if all(found.values()) else None


def music_tracks() -> dict[str, Path] | None:
    """The whole tracks, from the Debian package (downloaded once); None if apt-get cannot."""
    if tracks := _cached():
        return tracks
    CACHE.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(["apt-get", "download", PACKAGE], cwd=CACHE, check=True, capture_output=True)
        deb = next(CACHE.glob(f"{PACKAGE}_*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), str(CACHE)], check=True)
        deb.unlink()
    except (OSError, subprocess.CalledProcessError, StopIteration) as exc:
        print(f"{PACKAGE} could not be fetched ({exc}): using the excerpts in tests/fixtures/music")
        return None
    if tracks := _cached():
        return tracks
    print(f"{PACKAGE} holds not all of {', '.join(TRACKS.values())}: using the excerpts in tests/fixtures/music")
    return None


def run(engine: Engine, path: Path, model: str, language: str | None) -> dict:
    return engine.transcribe(TranscribeParams(path=str(path), model=model, language=language, word_timestamps=True))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=180.0)
    args = parser.parse_args()
    tracks = music_tracks()
    backgrounds = clips(args.seconds, tracks) if tracks else clips(args.seconds)
    reference = references()["jfk"]
    engine = Engine()
    sentence = decode(SENTENCE)
    broken = False
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        paths = {name: write(audio, out / f"{n}.wav") for n, (name, audio) in enumerate(backgrounds.items())}
        print("\n## Words produced on non-speech (target 0)\n")
        print("| clip | seconds | " + " | ".join(m for m, _ in DEFAULTS) + " |")
        print("|---|---|" + "---|" * len(DEFAULTS))
        for name, path in paths.items():
            results = [run(engine, path, model, language) for model, language in DEFAULTS]
            words = [len(r["text"].split()) for r in results]
            broken |= any(words)
            made_up = "; ".join(r["text"] for r in results if r["text"])
            print(f"| {name} | {backgrounds[name].size / 16000:.0f} | " + " | ".join(map(str, words)) + " |"
                  + (f" {made_up}" if made_up else ""))
        alone = {model: word_errors(reference, run(engine, SENTENCE, model, language)["text"])[0]
                 for model, language in DEFAULTS}
        for below in (12.0, 6.0):
            print(f"\n## The sentence (jfk.wav, {word_errors(reference, '')[0]} words) inside, "
                  f"the non-speech {below:.0f} dB below it\n")
            print("word errors (alone: " + ", ".join(f"{m} {e}" for m, e in alone.items())
                  + "); words heard away from the sentence in brackets\n")
            print("| clip | " + " | ".join(m for m, _ in DEFAULTS) + " |")
            print("|---|" + "---|" * len(DEFAULTS))
            for n, (name, background) in enumerate(backgrounds.items()):
                mixed, start, end = with_sentence(background, sentence, below)
                path = write(mixed, out / f"mixed-{n}.wav")
                cells = []
                for model, language in DEFAULTS:
                    r = run(engine, path, model, language)
                    errors, away = word_errors(reference, r["text"])[0], words_outside(r["words"], start, end)
                    broken |= bool(away) or (below == 12.0 and errors > alone[model] + 1)
                    cells.append(f"{errors}" + (f" [{' '.join(away)}]" if away else ""))
                print(f"| {name} | " + " | ".join(cells) + " |")
    if broken:
        sys.exit(1)


if __name__ == "__main__":
    main()
