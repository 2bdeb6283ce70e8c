"""Error counts of transcripts against references, as the published evaluation set says to score.

English after Whisper's English text normaliser (the Open ASR Leaderboard's: lower case,
punctuation out, numbers and spellings unified, fillers such as uh and um dropped), other
languages after Whisper's basic normaliser, Chinese and Japanese by characters (spaces out).
The normalisers are the `whisper-normalizer` package's copies of openai/whisper's.

stdin: JSON [[language, reference, hypothesis], ...]
stdout: JSON [[errors, units], ...] where errors = substitutions + deletions + insertions and
units = words (characters for zh and ja) of the normalised reference.
"""

import json
import sys

from whisper_normalizer.basic import BasicTextNormalizer
from whisper_normalizer.english import EnglishTextNormalizer

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


def edit_distance(ref: list[str], hyp: list[str]) -> int:
    prev = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        cur = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (r != h))
        prev = cur
    return prev[-1]


def errors(language: str, reference: str, hypothesis: str) -> tuple[int, int]:
    """(errors, units of the normalised reference)."""
    ref = units(language, reference)
    return edit_distance(ref, units(language, hypothesis)), len(ref)


def main() -> None:
    json.dump([errors(*triple) for triple in json.load(sys.stdin)], sys.stdout)


if __name__ == "__main__":
    main()
