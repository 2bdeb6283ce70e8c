"""Error counts of transcripts against references, as the published evaluation set says to score.

English after Whisper's English text normaliser (the Open ASR Leaderboard's: lower case,
punctuation out, numbers and spellings unified, fillers such as uh and um dropped), other
languages after Whisper's basic normaliser, Chinese and Japanese by characters (spaces out).
The normalisers are the `whisper-normalizer` package's copies of openai/whisper's.

stdin: JSON [[language, reference, hypothesis], ...]
stdout: JSON [[errors, units, unit], ...] where errors = substitutions + deletions + insertions,
units = the normalised reference's length, and unit = "characters" for zh and ja, else "words".
"""

import json
import sys

from whisper_normalizer.basic import BasicTextNormalizer
from whisper_normalizer.english import EnglishTextNormalizer

from parlance_engine.textnorm import edit_distance

BY_CHARACTER = {"zh", "ja"}
english = EnglishTextNormalizer()
basic = BasicTextNormalizer()


def units(language: str, text: str) -> list[str]:
    if language == "en":
        return english(text).split()
    normalised = basic(text)
    if language in BY_CHARACTER:
        return [c for c in normalised if not c.isspace()]
    return normalised.split()


def errors(language: str, reference: str, hypothesis: str) -> tuple[int, int, str]:
    """(errors, units of the normalised reference, what a unit is)."""
    ref = units(language, reference)
    unit = "characters" if language in BY_CHARACTER else "words"
    return edit_distance(ref, units(language, hypothesis)), len(ref), unit


def main() -> None:
    json.dump([errors(*triple) for triple in json.load(sys.stdin)], sys.stdout)


if __name__ == "__main__":
    main()
