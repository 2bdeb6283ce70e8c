"""The engine protocol's messages as Python types; requests parsed once, on arrival.

packages/engine/protocol.schema.json describes every message both ways. The frozen dataclasses
here are its requests' ``params``, one per method, and the TypedDicts its results;
tests/test_schema.py holds both to the schema (the same members, defaults and accepted values).
Parsing looks at the request alone: whether the file exists and the model is installed is found
out when the request runs.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypedDict

from . import models as models_mod
from .audio import SAMPLE_RATE
from .errors import EngineError
from .languages import Detection
from .models import ModelInfo

# Prompts longer than this would crowd out the 224 prompt tokens Whisper keeps anyway.
MAX_PROMPT_CHARS = 1000
MAX_BEAM_SIZE = 10
# Key terms: names and jargon the recognizer should prefer (faster-whisper's hotwords).
MAX_KEYTERMS = 100
MAX_KEYTERM_CHARS = 50
MAX_SPEAKERS = 10
MAX_CHANNELS = 8
# Languages a detection may choose among (expected_languages).
MAX_EXPECTED_LANGUAGES = 10
# A live stream's audio may come at any rate in this range; the engine resamples it to 16 kHz.
MIN_SAMPLE_RATE = 8000
MAX_SAMPLE_RATE = 48000
MAX_END_OF_TURN_MS = 60_000

Params = dict[str, object]


def _invalid(message: str) -> EngineError:
    return EngineError("invalid_params", message)


def _path(params: Params, name: str = "path") -> str:
    path = params.get(name)
    if not isinstance(path, str) or not path:
        raise _invalid(f"params.{name} must be a non-empty string")
    if not os.path.isabs(path):
        raise _invalid(f"params.{name} must be absolute: {path!r}")
    return path


def _boolean(params: Params, name: str, default: bool) -> bool:
    value = params.get(name, default)
    if not isinstance(value, bool):
        raise _invalid(f"params.{name} must be a boolean")
    return value


def _max_seconds(params: Params) -> float | None:
    value = params.get("max_seconds")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise _invalid("params.max_seconds must be a positive number or null")
    return value


def _language(params: Params) -> str | None:
    value = params.get("language")
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise _invalid("params.language must be a language code or null")
    return value.lower()


def _expected_languages(params: Params) -> tuple[str, ...] | None:
    value = params.get("expected_languages")
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not 1 <= len(value) <= MAX_EXPECTED_LANGUAGES
        or not all(isinstance(code, str) and code for code in value)
    ):
        raise _invalid(
            f"params.expected_languages must be a list of 1 to {MAX_EXPECTED_LANGUAGES} language codes, or null"
        )
    return tuple(code.lower() for code in value)


def _confidence_threshold(params: Params) -> float | None:
    value = params.get("language_confidence_threshold")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise _invalid("params.language_confidence_threshold must be a number from 0 to 1, or null")
    return value


def _fallback_language(params: Params) -> str:
    value = params.get("fallback_language", "en")
    if not isinstance(value, str) or not value:
        raise _invalid("params.fallback_language must be a language code")
    return value.lower()


class _Detecting:
    """The members that narrow language detection (``languages.Detection``), as both a
    transcription and a stream take them."""

    expected_languages: tuple[str, ...] | None
    language_confidence_threshold: float | None
    fallback_language: str

    @property
    def detection(self) -> Detection | None:
        """None when nothing narrows it: Whisper's own choice, unchanged."""
        if self.expected_languages is None and self.language_confidence_threshold is None:
            return None
        return Detection(self.expected_languages, self.language_confidence_threshold, self.fallback_language)


Task = Literal["transcribe", "translate"]


def _task(params: Params) -> Task:
    value = params.get("task", "transcribe")
    if value == "transcribe" or value == "translate":
        return value
    raise _invalid("params.task must be 'transcribe' or 'translate'")


def _integer(value: object, name: str, low: int, high: int, nullable: bool = False) -> int:
    """``value`` as an integer in low..high, or the invalid_params error naming ``name``."""
    # JSON has one number type: 5.0 is the integer 5 there, as the schema's "integer" says.
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _invalid(f"params.{name} must be an integer {low}..{high}{' or null' if nullable else ''}")
    return value


def _beam_size(params: Params, default: int) -> int:
    return _integer(params.get("beam_size", default), "beam_size", 1, MAX_BEAM_SIZE)


def _prompt(params: Params) -> str | None:
    value = params.get("prompt")
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_PROMPT_CHARS:
        raise _invalid(f"params.prompt must be a string of at most {MAX_PROMPT_CHARS} characters")
    return value


def _keyterms(params: Params) -> tuple[str, ...] | None:
    value = params.get("keyterms")
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) > MAX_KEYTERMS
        or not all(isinstance(term, str) and 1 <= len(term) <= MAX_KEYTERM_CHARS for term in value)
    ):
        raise _invalid(
            f"params.keyterms must be a list of at most {MAX_KEYTERMS} strings of 1 to {MAX_KEYTERM_CHARS} characters"
        )
    return tuple(value)


def _speakers_expected(params: Params) -> int | None:
    value = params.get("speakers_expected")
    return None if value is None else _integer(value, "speakers_expected", 1, MAX_SPEAKERS, nullable=True)


def _channel(params: Params) -> int | None:
    value = params.get("channel")
    return None if value is None else _integer(value, "channel", 1, MAX_CHANNELS, nullable=True)


def _model(params: Params, default: str) -> str:
    value = params.get("model")
    if value is None:
        return default
    if not isinstance(value, str) or not models_mod.is_model_name(value):
        raise _invalid(f"invalid model name {value!r}: use letters, digits, '.', '_' or '-' (no paths)")
    return value


@dataclass(frozen=True)
class PingParams:
    pass


@dataclass(frozen=True)
class ModelsParams:
    pass


@dataclass(frozen=True)
class InfoParams:
    pass


@dataclass(frozen=True)
class ProbeParams:
    path: str
    exact: bool = False
    max_seconds: float | None = None

    @classmethod
    def parse(cls, params: Params) -> ProbeParams:
        return cls(path=_path(params), exact=_boolean(params, "exact", cls.exact), max_seconds=_max_seconds(params))


@dataclass(frozen=True)
class BleepParams:
    path: str
    out: str
    spans: tuple[tuple[float, float], ...]

    @classmethod
    def parse(cls, params: Params) -> BleepParams:
        spans = params.get("spans")
        if not isinstance(spans, list) or not all(
            _is_span(span) and 0 <= span["start"] <= span["end"] and math.isfinite(span["end"]) for span in spans
        ):
            raise _invalid("params.spans must be a list of {start, end}, 0 <= start <= end, finite")
        path, out = _path(params), _path(params, "out")
        if os.path.realpath(out) == os.path.realpath(path):
            raise _invalid("params.out must not be params.path: the copy is written beside it")
        return cls(
            path=path,
            out=out,
            spans=tuple((float(span["start"]), float(span["end"])) for span in spans),
        )


@dataclass(frozen=True)
class TranscribeParams(_Detecting):
    path: str
    model: str = models_mod.PACKAGED_DEFAULT
    language: str | None = None  # lower case; None = detect
    expected_languages: tuple[str, ...] | None = None  # lower case
    language_confidence_threshold: float | None = None
    fallback_language: str = "en"  # lower case
    task: Task = "transcribe"
    word_timestamps: bool = False
    vad: bool = True
    beam_size: int = 5
    prompt: str | None = None
    keyterms: tuple[str, ...] | None = None
    speaker_labels: bool = False
    speakers_expected: int | None = None
    max_seconds: float | None = None
    channel: int | None = None  # 1-based; None = all channels mixed
    resume: tuple[Checkpoint, ...] | None = None

    @classmethod
    def parse(cls, params: Params) -> TranscribeParams:
        return cls(
            path=_path(params),
            model=_model(params, cls.model),
            language=_language(params),
            expected_languages=_expected_languages(params),
            language_confidence_threshold=_confidence_threshold(params),
            fallback_language=_fallback_language(params),
            task=_task(params),
            word_timestamps=_boolean(params, "word_timestamps", cls.word_timestamps),
            vad=_boolean(params, "vad", cls.vad),
            beam_size=_beam_size(params, cls.beam_size),
            prompt=_prompt(params),
            keyterms=_keyterms(params),
            speaker_labels=_boolean(params, "speaker_labels", cls.speaker_labels),
            speakers_expected=_speakers_expected(params),
            max_seconds=_max_seconds(params),
            channel=_channel(params),
            resume=_resume(params),
        )


def _number(value: object, least: float | None = 0.0) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and (least is None or value >= least)


def _whole(value: object, least: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= least


def _is_span(value: object) -> bool:
    return isinstance(value, dict) and _number(value.get("start"), None) and _number(value.get("end"), None)


def _is_segment(value: object) -> bool:
    return (
        _is_span(value)
        and isinstance(value, dict)
        and isinstance(value.get("text"), str)
        and isinstance(value.get("language"), str)
        and isinstance(value.get("speaker", ""), str)
    )


def _is_word(value: object) -> bool:
    return (
        _is_span(value)
        and isinstance(value, dict)
        and isinstance(value.get("text"), str)
        and isinstance(value.get("raw"), str)
        and _number(value.get("confidence"))
        and _whole(value.get("segment"), -1)
    )


def _is_state(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    spoken, detected = value.get("spoken"), value.get("detected")
    return (
        isinstance(value.get("language"), (str, type(None)))
        and (value.get("language_probability") is None or _number(value.get("language_probability")))
        and isinstance(value.get("tentative_language"), (str, type(None)))
        and isinstance(spoken, dict)
        and all(
            isinstance(heard, list) and len(heard) == 2 and all(_number(n) for n in heard)
            for heard in spoken.values()
        )
        and isinstance(detected, dict)
        and all(_number(seconds) for seconds in detected.values())
        and isinstance(value.get("language_fallback"), bool)
        and isinstance(value.get("untranscribed"), list)
        and all(_is_span(span) for span in value["untranscribed"])
    )


def _is_checkpoint(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    segments, words = value.get("segments"), value.get("words")
    return (
        _whole(value.get("window"), 0)
        and _number(value.get("position"))
        and isinstance(segments, list)
        and all(_is_segment(segment) for segment in segments)
        and isinstance(words, list)
        and all(_is_word(word) for word in words)
        and ("state" not in value or _is_state(value["state"]))
    )


def _resume(params: Params) -> tuple[Checkpoint, ...] | None:
    """The checkpoints of a run to take up: each as an earlier run told it, in order, the first
    with the state of its window."""
    value = params.get("resume")
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not all(_is_checkpoint(checkpoint) for checkpoint in value)
        or (value and "state" not in value[0])
    ):
        raise _invalid("params.resume must be a list of checkpoints, as transcribe's progress told them")
    return tuple(value)


@dataclass(frozen=True)
class CancelParams:
    request: object  # the id of a transcribe request: any JSON value

    @classmethod
    def parse(cls, params: Params) -> CancelParams:
        if "request" not in params:
            raise _invalid("params.request must be the id of a transcribe request")
        return cls(request=params["request"])


@dataclass(frozen=True)
class StreamOpenParams(_Detecting):
    model: str = models_mod.PACKAGED_DEFAULT
    language: str | None = None  # lower case; None = detect
    expected_languages: tuple[str, ...] | None = None  # lower case
    language_confidence_threshold: float | None = None
    fallback_language: str = "en"  # lower case
    keyterms: tuple[str, ...] | None = None
    end_of_turn_silence_ms: int | None = None
    sample_rate: int = SAMPLE_RATE

    @classmethod
    def parse(cls, params: Params) -> StreamOpenParams:
        return cls(
            model=_model(params, cls.model),
            language=_language(params),
            expected_languages=_expected_languages(params),
            language_confidence_threshold=_confidence_threshold(params),
            fallback_language=_fallback_language(params),
            keyterms=_keyterms(params),
            end_of_turn_silence_ms=_end_of_turn_silence(params),
            sample_rate=_sample_rate(params),
        )


def _end_of_turn_silence(params: Params) -> int | None:
    value = params.get("end_of_turn_silence_ms")
    return None if value is None else _integer(value, "end_of_turn_silence_ms", 1, MAX_END_OF_TURN_MS, nullable=True)


def _sample_rate(params: Params) -> int:
    return _integer(params.get("sample_rate", SAMPLE_RATE), "sample_rate", MIN_SAMPLE_RATE, MAX_SAMPLE_RATE)


def _stream(params: Params) -> object:
    if "stream" not in params:
        raise _invalid("params.stream must be the id of a stream_open request")
    return params["stream"]


@dataclass(frozen=True)
class StreamAudioParams:
    stream: object  # the id of a stream_open request: any JSON value
    pcm: str  # base64 of mono s16le samples at the stream's rate, decoded when the audio is taken

    @classmethod
    def parse(cls, params: Params) -> StreamAudioParams:
        pcm = params.get("pcm")
        if not isinstance(pcm, str):
            raise _invalid("params.pcm must be a base64 string of 16-bit samples")
        return cls(stream=_stream(params), pcm=pcm)


@dataclass(frozen=True)
class StreamEndParams:
    stream: object

    @classmethod
    def parse(cls, params: Params) -> StreamEndParams:
        return cls(stream=_stream(params))


@dataclass(frozen=True)
class StreamConfigParams:
    stream: object
    keyterms: tuple[str, ...] | None = None  # None: unchanged
    end_of_turn_silence_ms: int | None = None  # None: unchanged

    @classmethod
    def parse(cls, params: Params) -> StreamConfigParams:
        return cls(
            stream=_stream(params),
            keyterms=_keyterms(params),
            end_of_turn_silence_ms=_end_of_turn_silence(params),
        )


@dataclass(frozen=True)
class StreamCancelParams:
    stream: object

    @classmethod
    def parse(cls, params: Params) -> StreamCancelParams:
        return cls(stream=_stream(params))


RequestParams = (
    PingParams
    | ModelsParams
    | InfoParams
    | ProbeParams
    | BleepParams
    | TranscribeParams
    | CancelParams
    | StreamOpenParams
    | StreamAudioParams
    | StreamEndParams
    | StreamCancelParams
    | StreamConfigParams
)

_PARSERS: dict[str, Callable[[Params], RequestParams]] = {
    "ping": lambda _: PingParams(),
    "models": lambda _: ModelsParams(),
    "info": lambda _: InfoParams(),
    "probe": ProbeParams.parse,
    "bleep": BleepParams.parse,
    "transcribe": TranscribeParams.parse,
    "cancel": CancelParams.parse,
    "stream_open": StreamOpenParams.parse,
    "stream_audio": StreamAudioParams.parse,
    "stream_end": StreamEndParams.parse,
    "stream_cancel": StreamCancelParams.parse,
    "stream_config": StreamConfigParams.parse,
}


@dataclass(frozen=True)
class Request:
    id: object  # echoed back; any JSON value, None when absent
    params: RequestParams  # its type is the method


def parse_line(line: str) -> dict[str, object]:
    """A request line as a JSON object (``parse_error`` otherwise), to read its ``id`` from."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested deeper than Python's stack
        raise EngineError("parse_error", f"invalid JSON: {exc}") from exc
    if not isinstance(message, dict):
        raise EngineError("parse_error", "request must be a JSON object")
    return message


def parse_request(message: dict[str, object]) -> Request:
    method = message.get("method")
    params = message.get("params")
    if not isinstance(method, str):
        raise EngineError("invalid_request", 'missing "method"')
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise _invalid('"params" must be an object')
    parser = _PARSERS.get(method)
    if parser is None:
        raise EngineError("method_not_found", f"unknown method {method!r}")
    return Request(id=message.get("id"), params=parser(params))


class Span(TypedDict):
    start: float
    end: float


class _Segment(Span):
    text: str
    language: str


class Segment(_Segment, total=False):
    speaker: str  # only with speaker_labels


class _Word(Span):
    text: str
    confidence: float


class Word(_Word, total=False):
    speaker: str  # only with speaker_labels


class CheckpointWord(_Word):
    raw: str  # as Whisper wrote it: with its leading space, or none (Chinese, Japanese, Thai)
    segment: int  # its segment's index in the result; -1: a segment without text


class WindowState(TypedDict):
    language: str | None
    language_probability: float | None
    tentative_language: str | None
    spoken: dict[str, list[float]]  # seconds and probability * seconds per language
    detected: dict[str, float]  # seconds per language detected, before any fallback
    language_fallback: bool
    untranscribed: list[Span]


class _Checkpoint(TypedDict):
    window: int
    position: float
    segments: list[Segment]
    words: list[CheckpointWord]


class Checkpoint(_Checkpoint, total=False):
    state: WindowState  # on a window's first checkpoint: the run's state at the window's start


class Utterance(Span):
    speaker: str
    text: str
    confidence: float


class _TranscribeResult(TypedDict):
    text: str
    language: str
    language_probability: float
    detected_language: str | None
    language_fallback: bool
    duration: float
    truncated: bool
    model: str
    segments: list[Segment]
    untranscribed: list[Span]


class TranscribeResult(_TranscribeResult, total=False):
    words: list[Word]  # only when params.word_timestamps
    utterances: list[Utterance]  # only when params.speaker_labels


ProbeSource = Literal["header", "packets", "decoded"]


class ProbeResult(TypedDict):
    duration: float
    format: str
    codec: str
    sample_rate: int
    channels: int
    has_video: bool
    source: ProbeSource
    truncated: bool


class BleepResult(TypedDict):
    duration: float


Device = Literal["cpu", "cuda"]


class ModelsResult(TypedDict):
    models: list[ModelInfo]
    models_dir: str
    device: Device
    compute_type: str


class InfoResult(TypedDict):
    version: str
    cpu_threads: int
    device: Device
    compute_type: str
    loaded_models: list[str]


class CancelResult(TypedDict):
    cancelled: bool


class PartialEvent(TypedDict):
    type: Literal["partial"]
    # The phrase so far; replaces the previous partial.
    text: str
    # Its committed prefix: every later partial of this phrase starts with it.
    stable: str
    # Stream time (seconds) of the phrase's start and of the audio this partial covers.
    start: float
    end: float


class FinalEvent(TypedDict):
    type: Literal["final"]
    text: str
    start: float
    end: float
    words: list[Word]
    language: str
    detected_language: str | None
    language_fallback: bool


class EndOfTurnEvent(TypedDict):
    type: Literal["end_of_turn"]
    # Stream time (seconds) where the turn's speech began and ended; its finals, joined.
    start: float
    end: float
    text: str


StreamEvent = PartialEvent | FinalEvent | EndOfTurnEvent


class StreamResult(TypedDict):
    seconds: float
    model: str


class StreamAudioResult(TypedDict):
    queued_seconds: float


class StreamConfigResult(TypedDict):
    configured: Literal[True]


class StreamEndResult(TypedDict):
    ended: bool
