"""A small Whisper-style English text normaliser and word error rate.

Lower-cases, strips punctuation and turns number words into digits, so that
"In eighteen thirteen" and "in 1813." compare equal, and "Eight." equals "8.".
A much reduced version of Whisper's EnglishTextNormalizer; handles cardinals
("twenty one", "one hundred and five", "two thousand"), year-style pairs
("eighteen thirteen" -> 1813, "nineteen oh five" -> 1905) and digit strings
("one two three" -> 123).
"""

from __future__ import annotations

import re
import unicodedata

ONES = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}
SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
NUMBER_WORDS = set(ONES) | set(TENS) | set(SCALES)


def _pieces(words: list[str]) -> list[int]:
    """Split a run without scale words into sub-100 pieces: twenty one -> [21]."""
    out: list[int] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in TENS:
            v = TENS[w]
            if i + 1 < len(words) and words[i + 1] in ONES and ONES[words[i + 1]] < 10:
                v += ONES[words[i + 1]]
                i += 1
            out.append(v)
        else:
            out.append(ONES[w])
        i += 1
    return out


def _cardinal(words: list[str]) -> int:
    total, current = 0, 0
    for w in words:
        if w in ONES:
            current += ONES[w]
        elif w in TENS:
            current += TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        else:
            total += max(current, 1) * SCALES[w]
            current = 0
    return total + current


def _run_to_digits(words: list[str]) -> str:
    if any(w in SCALES for w in words):
        return str(_cardinal(words))
    pieces = _pieces(words)
    if len(pieces) == 1:
        return str(pieces[0])
    if all(p < 10 for p in pieces):  # "one two three" -> 123
        return "".join(str(p) for p in pieces)
    # year style: "eighteen thirteen" -> 1813, "nineteen five" -> 1905
    return str(pieces[0]) + "".join(f"{p:02d}" for p in pieces[1:])


def _numbers(tokens: list[str]) -> list[str]:
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            out.append(_run_to_digits(run))
            run.clear()

    for i, t in enumerate(tokens):
        if t in NUMBER_WORDS:
            run.append(t)
        elif t == "oh" and run and i + 1 < len(tokens) and tokens[i + 1] in ONES:
            continue  # "nineteen oh five": the next piece is zero-padded anyway
        elif t == "and" and run and run[-1] in SCALES and i + 1 < len(tokens) and tokens[i + 1] in NUMBER_WORDS:
            continue  # "one hundred and five"
        else:
            flush()
            out.append(t)
    flush()
    return out


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text)  # 1,000 -> 1000
    text = re.sub(r"[-‐–—]", " ", text)
    text = re.sub(r"'s\b", "s", text)
    text = re.sub(r"[^\w\s%.]", " ", text)
    text = re.sub(r"(?<!\d)\.|\.(?!\d)", " ", text)  # drop dots except decimal points
    return " ".join(_numbers(text.split()))


def word_errors(reference: str, hypothesis: str) -> tuple[int, int]:
    """(substitutions + deletions + insertions, words in the normalised reference).

    A set's WER is the sum of the first over the sum of the second, not the mean of per-clip
    rates, so a short clip weighs no more than its words.
    """
    ref = normalize(reference).split()
    return edit_distance(ref, normalize(hypothesis).split()), len(ref)


def edit_distance(ref: list[str], hyp: list[str]) -> int:
    """Substitutions + deletions + insertions turning `ref` into `hyp` (Levenshtein)."""
    prev = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        cur = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (r != h))
        prev = cur
    return prev[-1]


def wer(reference: str, hypothesis: str) -> float:
    errors, words = word_errors(reference, hypothesis)
    if not words:
        return 0.0 if not errors else 1.0
    return errors / words
