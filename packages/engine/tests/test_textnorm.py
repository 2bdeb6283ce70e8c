import pytest

from parlance_engine.textnorm import normalize, wer, word_errors


@pytest.mark.parametrize("text,expected", [
    ("In eighteen thirteen", "in 1813"),
    (" in 1813.", "in 1813"),
    ("Eight. The press yard", "8 the press yard"),
    (" 8. The Press Yard.", "8 the press yard"),
    ("And so, my fellow Americans: ask not!", "and so my fellow americans ask not"),
    ("twenty one guns", "21 guns"),
    ("one hundred and five", "105"),
    ("two thousand and twenty four", "2024"),
    ("nineteen oh five", "1905"),
    ("nineteen ninety nine", "1999"),
    ("one two three", "123"),
    ("It cost 1,000 dollars", "it cost 1000 dollars"),
    ("well-known", "well known"),
])
def test_normalize(text, expected):
    assert normalize(text) == expected


def test_wer():
    assert wer("In eighteen thirteen", " in 1813.") == 0.0
    assert wer("a b c d", "a x c d") == 0.25
    assert wer("a b c d", "a b c d e") == 0.25
    assert wer("a b c d", "") == 1.0
    assert wer("", "") == 0.0


def test_word_errors_counts_normalised_words():
    # "I'm" is two words once the apostrophe goes, on both sides alike.
    assert word_errors("I'M ABIGAIL CLAFLIN", "I'm Abigail Klafflin.") == (1, 4)
    assert word_errors("In eighteen thirteen", "in 1813") == (0, 2)
    assert word_errors("", "extra words") == (2, 0)
