"""Transcription with faster-whisper, windowed over streamed audio.

Memory: faster-whisper's own ``transcribe(path)`` decodes the whole file to
float32 (2 h = 460 MB) and then computes the log-mel spectrogram of all of it
at once (its STFT intermediate is several times larger). Instead we stream the
decode (``audio.iter_pcm``) and hand faster-whisper windows of about
``PARLANCE_WINDOW_SECONDS`` (default 600 s) cut at the quietest 100 ms near the
window end, so peak memory is bounded by the window size, not the file length.
Timestamps are shifted back to file time.

``Engine.transcribe`` checks what the request asks of this machine (the file is audio, the model
loads and knows the language), then runs one step per window (``_Run.window``) over
``audio.windows`` of the decoded stream.

Segment times come from their first and last words (faster-whisper's word
alignment, 10 ms steps) rather than Whisper's timestamp tokens, which the small
models mostly put on whole seconds. Word timing is therefore always computed;
``words`` is returned only when asked for.

``max_seconds`` caps the decoded audio (a header can claim 2 s for a file that
holds hours), and ``cancelled`` is polled between decoded blocks and between
segments, so a cancelled request stops within about one segment's compute.

Checkpoints: once Whisper has moved past a 30 s pass, its segments are final, and a progress
notification carries them (``Checkpoint``: the segments and words since the last one, the stream
position transcribed to, and, first in each window, the run's state at the window's start). A run
given its checkpoints back (``resume``) restores that state, reads the stream from its start
(windows are cut where they were), and transcribes only from the last checkpoint's position on;
windows before it only give their voices again when speakers are labelled. The first pass after
the restart is prompted with the text before it in the same stretch, as Whisper's own
conditioning on previous text would have been.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from math import ceil
from typing import TYPE_CHECKING, Any

from . import audio as audio_mod
from . import languages, speakers, vad
from . import models as models_mod
from .cpu import cpu_threads
from .errors import EngineError, cancelled_error
from .protocol import (
    Checkpoint,
    Device,
    Segment,
    Span,
    TranscribeParams,
    TranscribeResult,
    Utterance,
    WindowState,
    Word,
)

if TYPE_CHECKING:
    # Imported where used at run time: loading faster-whisper takes a second the engine's other
    # requests need not wait for.
    from faster_whisper import WhisperModel
    from faster_whisper.transcribe import Segment as WhisperSegment
    from faster_whisper.transcribe import Word as WhisperWord

SR = audio_mod.SAMPLE_RATE
# percent, stage, the text of a segment just decoded and a checkpoint (None when the notification
# has none).
ProgressFn = Callable[[float, str, str | None, Checkpoint | None], None]
CancelledFn = Callable[[], bool]
# Whisper's own no-speech rule (no_speech_prob > 0.6 and a low average log-probability) lets
# through text made up for a near-silent stretch from the prompt or the previous text: with word
# timing on, faster-whisper re-decodes the tail after the last word, and a sampled fallback there
# can "hear" a whole sentence in 0.4 s. Such a segment is also what Whisper's hallucination test
# flags (improbable, crammed or stretched words), so both together drop it.
NO_SPEECH_PROB = 0.6
# Speech (by the VAD) at least this long that gave no word is named in the result's `untranscribed`.
UNHEARD_SECONDS = 1.5
# A transcription that has told nothing for this long tells its progress again, unchanged, at the
# next cancellation check (between decoded blocks, segments and batches of voices) or encoder pass
# (each of Whisper's 30 s passes, each language detection): the API takes an engine silent for
# much longer (ENGINE_STALL_SECONDS) and not computing for stuck.
ALIVE_SECONDS = 10.0
_PUNCTUATION = "\"'“¿([{-\"'.。,，!！?？:：”)]}、"


def _word_anomaly(word: WhisperWord) -> float:
    duration = word.end - word.start
    score = 1.0 if word.probability < 0.15 else 0.0
    if duration < 0.133:
        score += (0.133 - duration) * 15
    if duration > 2.0:
        score += duration - 2.0
    return score


def looks_hallucinated(segment: WhisperSegment) -> bool:
    """openai-whisper's is_segment_anomaly (faster-whisper has it too, but not importable)."""
    words = [w for w in segment.words or [] if w.word.strip() not in _PUNCTUATION][:8]
    if not words:
        return False
    score = sum(_word_anomaly(w) for w in words)
    return score >= 3 or score + 0.01 >= len(words)


def made_up(segment: WhisperSegment) -> bool:
    """A segment Whisper thought was probably not speech, made of words the audio does not bear out."""
    return segment.no_speech_prob > NO_SPEECH_PROB and looks_hallucinated(segment)


def unheard(regions: list[tuple[float, float]], heard: list[tuple[float, float]]) -> list[Span]:
    """The speech ``regions`` (seconds) of at least UNHEARD_SECONDS that no ``heard`` word overlaps."""
    return [
        {"start": round(start, 3), "end": round(end, 3)}
        for start, end in regions
        if end - start >= UNHEARD_SECONDS and not any(a < end and b > start for a, b in heard)
    ]


def choose_device(env: Mapping[str, str], cuda_devices: Callable[[], int]) -> tuple[Device, str]:
    """Where models run and in what precision: PARLANCE_DEVICE is ``auto`` (the default: a CUDA GPU
    when CTranslate2 sees one, else the CPU), ``cuda`` or ``cpu``; PARLANCE_COMPUTE_TYPE overrides
    the precision, float16 on a GPU and int8 on the CPU."""
    wanted = env.get("PARLANCE_DEVICE", "auto").strip().lower() or "auto"
    device: Device
    if wanted == "auto":
        device = "cuda" if cuda_devices() > 0 else "cpu"
    elif wanted in ("cpu", "cuda"):
        device = "cuda" if wanted == "cuda" else "cpu"
    else:
        raise EngineError("model_load_failed", f"PARLANCE_DEVICE must be auto, cpu or cuda, not {wanted!r}")
    return device, env.get("PARLANCE_COMPUTE_TYPE") or ("float16" if device == "cuda" else "int8")


def _cuda_devices() -> int:
    import ctranslate2  # noqa: PLC0415 (slow to import: only when an engine starts)

    try:
        return int(ctranslate2.get_cuda_device_count())
    except RuntimeError:  # a CUDA runtime that cannot start counts as none
        return 0


def window_seconds() -> float:
    try:
        return max(30.0, float(os.environ.get("PARLANCE_WINDOW_SECONDS", "600")))
    except ValueError:
        return 600.0


class Engine:
    def __init__(self) -> None:
        self.device, self.compute_type = choose_device(os.environ, _cuda_devices)
        self._models: dict[str, WhisperModel] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------ models
    def get_model(self, name: str) -> WhisperModel:
        path = models_mod.resolve(name)
        key = str(path)
        with self._lock:
            m = self._models.get(key)
            if m is None:
                from faster_whisper import WhisperModel  # noqa: PLC0415 (see the TYPE_CHECKING import)

                try:
                    m = WhisperModel(
                        key,
                        device=self.device,
                        compute_type=self.compute_type,
                        cpu_threads=cpu_threads(),
                        num_workers=1,
                        local_files_only=True,
                    )
                except Exception as exc:
                    raise EngineError("model_load_failed", f"cannot load model {name!r} from {key}: {exc}") from exc
                _hook_encoder(m)
                self._models[key] = m
            return m

    def loaded_models(self) -> list[str]:
        return list(self._models)

    # ------------------------------------------------------------ transcribe
    def transcribe(
        self,
        params: TranscribeParams,
        progress: ProgressFn | None = None,
        cancelled: CancelledFn | None = None,
    ) -> TranscribeResult:
        model, claimed = self._check(params)
        run = _Run(params, model, claimed, progress or _no_progress, cancelled or _never_cancelled)
        run.progress(0.0, "decoding", None, None)
        size = int(window_seconds() * SR)
        search = min(15 * SR, size // 4)  # look for a pause in the last 15 s of a window
        _pass_listener.alive = run.alive
        try:
            for index, (chunk, start) in enumerate(audio_mod.windows(run.blocks(), size, search)):
                run.window(index, chunk, start)
            return run.result()
        finally:
            _pass_listener.alive = None

    def _check(self, params: TranscribeParams) -> tuple[WhisperModel, float | None]:
        """What the request asks of this machine: the file is audio, the model loads and knows the
        language. Returns the model and the duration the file's header claims (None: no claim)."""
        # Only the container's claim, for progress: validates the path without decoding anything.
        claimed = audio_mod.estimate_duration(params.path)
        model = self.model_for(params.model, params.language, params.detection)
        if params.task == "translate" and not model.model.is_multilingual:
            raise EngineError(
                "unsupported_language",
                f"model {params.model!r} is English-only: translation needs a multilingual model such as 'base'",
            )
        return model, claimed

    def model_for(self, name: str, language: str | None, detection: languages.Detection | None = None) -> WhisperModel:
        """The model ``name``, loaded, once it is known to handle ``language`` (None: detect) and the
        languages a ``detection`` may choose."""
        model = self.get_model(name)  # model_not_found / model_load_failed
        if language is not None:
            _check_language(model, name, language)
        elif detection is not None:
            for expected in detection.expected or ():
                _check_language(model, name, expected)
            # An English-only model never detects: its fallback is never used.
            if model.model.is_multilingual:
                _check_language(model, name, detection.fallback)
        return model


def _check_language(model: WhisperModel, name: str, language: str) -> None:
    if not model.model.is_multilingual and language != "en":
        raise EngineError(
            "unsupported_language",
            f"model {name!r} is English-only; language {language!r} not supported",
        )
    # faster-whisper lists every Whisper code for every multilingual model, but a model knows only
    # the languages its tokenizer has a token for (Cantonese, 'yue', is large-v3's alone).
    if model.model.is_multilingual and (
        language not in model.supported_languages or model.hf_tokenizer.token_to_id(f"<|{language}|>") is None
    ):
        raise EngineError("unsupported_language", f"unknown language code {language!r} for model {name!r}")


def _no_progress(percent: float, stage: str, text: str | None, checkpoint: Checkpoint | None) -> None:
    pass


def _never_cancelled() -> bool:
    return False


# What this thread does as Whisper begins a pass: `begins` (`_Run.decode` sets it while it
# transcribes) and `alive` (`Engine.transcribe` sets it for the whole run).
_pass_listener = threading.local()
# How many mel frames of Whisper's 30 s window this thread's decodes encode (`encoder_window` sets
# it; None: all of them).
_window = threading.local()
# Whisper's window: 30 s of 10 ms mel frames.
WINDOW_FRAMES = 3000


@contextmanager
def encoder_window(seconds: float) -> Iterator[None]:
    """Within it, this thread's decodes encode only the first ``seconds`` of Whisper's 30 s window
    (whole seconds, rounded up), not the silence it pads shorter audio with beyond them. The
    encoder's cost grows with its input (tiny.en on this machine: 0.30 s for 30 s, 0.07 s for
    15 s); CTranslate2 takes a shorter input, and Whisper's decoder reads what it is given.
    Segments are produced as they are iterated: iterate them within."""
    _window.frames = min(WINDOW_FRAMES, ceil(seconds) * 100)
    try:
        yield
    finally:
        _window.frames = None


def _hook_encoder(model: WhisperModel) -> None:
    """Makes ``model`` call this thread's ``_pass_listener.begins`` and ``alive`` before it encodes a
    pass (or detects a language), and encode only the thread's ``encoder_window``. faster-whisper
    encodes a 30 s pass only once it has yielded every segment of the one before, so that one is
    final then: its checkpoint need not wait for the next pass's decode, and a kill during it costs
    that pass alone."""
    encode = model.encode

    def hooked_encode(features: Any) -> Any:
        begins = getattr(_pass_listener, "begins", None)
        if begins is not None:
            begins()
        alive = getattr(_pass_listener, "alive", None)
        if alive is not None:
            alive()
        frames = getattr(_window, "frames", None)
        return encode(features if frames is None else features[..., :frames])

    setattr(model, "encode", hooked_encode)  # noqa: B010 (the instance's own method, wrapped)


class _Run:
    """One transcription, window by window: the decoded stream, what has been heard so far, and
    the progress told. ``cancelled`` is polled between decoded blocks and between segments, and
    a run that has told nothing for ``ALIVE_SECONDS`` then says it is still at work."""

    def __init__(
        self,
        params: TranscribeParams,
        model: WhisperModel,
        claimed: float | None,
        progress: ProgressFn,
        cancelled: CancelledFn,
    ):
        self.params = params
        self.model = model
        self.claimed = claimed
        self.tell = progress
        # When progress was last told, and at what stage.
        self.told_at = time.monotonic()
        self.stage = "decoding"
        self.cancelled = cancelled
        self.cap = audio_mod.max_samples(params.max_seconds)
        self.pcm = audio_mod.PcmStream(params.path, self.cap, channel=params.channel)
        self.segments: list[Segment] = []
        # Every word heard, asked for or not (what the speech regions are checked against, and what
        # speakers are labelled by), with its segment's index (-1: a segment without text).
        self.words: list[Word] = []
        self.word_segment: list[int] = []
        # Each word as Whisper wrote it, with its leading space or none (Chinese, Japanese, Thai).
        self.word_texts: list[str] = []
        self.voices = speakers.Voices() if params.speaker_labels else None
        self.untranscribed: list[Span] = []
        # Asked to detect with a multilingual model: the language is found per span (languages.py),
        # and the result's is the one spoken longest: seconds and probability * seconds per language,
        # and seconds per language detected (before any fallback).
        self.per_span = params.language is None and model.model.is_multilingual
        self.detection = params.detection
        self.spoken: dict[str, list[float]] = {}
        self.detected: dict[str, float] = {}
        self.fell_back = False
        # Otherwise fixed once a window has produced speech, so that all windows agree.
        self.language = params.language
        self.language_probability: float | None = 1.0 if params.language else None
        # Detected in a window without speech: used only if no window has any.
        self.tentative_language: str | None = None
        self.last_pct = -1.0
        # Checkpoints: the window being transcribed, its state at its start (until a checkpoint
        # has carried it), how many segments and words checkpoints have carried, and to where.
        self.window_index = 0
        self.window_state: WindowState | None = None
        self.told = (0, 0)
        self.told_position = 0.0
        # Resumed: the window and stream sample transcription goes on from (0: from the start).
        self.resume_window = 0
        self.resume_sample = 0
        if params.resume:
            self.restore(params.resume)

    def state(self) -> WindowState:
        return {
            "language": self.language,
            "language_probability": self.language_probability,
            "tentative_language": self.tentative_language,
            "spoken": {language: list(heard) for language, heard in self.spoken.items()},
            "detected": dict(self.detected),
            "language_fallback": self.fell_back,
            "untranscribed": list(self.untranscribed),
        }

    def restore(self, checkpoints: tuple[Checkpoint, ...]) -> None:
        """Takes up a run that stopped after ``checkpoints``: its state at the start of the last
        checkpoint's window, and every segment and word before the last checkpoint's position."""
        last = checkpoints[-1]
        resume_sample = round(last["position"] * SR)
        if self.cap is not None and resume_sample > self.cap:
            return  # asked to stop before where the run had got: transcribed afresh
        state = next(c["state"] for c in reversed(checkpoints) if "state" in c)
        for checkpoint in checkpoints:
            self.segments.extend({**segment} for segment in checkpoint["segments"])
            for word in checkpoint["words"]:
                self.words.append(
                    {"start": word["start"], "end": word["end"], "text": word["text"], "confidence": word["confidence"]}
                )
                self.word_texts.append(word["raw"])
                self.word_segment.append(word["segment"])
        self.language = state["language"]
        self.language_probability = state["language_probability"]
        self.tentative_language = state["tentative_language"]
        self.spoken = {language: list(heard) for language, heard in state["spoken"].items()}
        self.detected = dict(state["detected"])
        self.fell_back = state["language_fallback"]
        self.untranscribed = list(state["untranscribed"])
        self.told = (len(self.segments), len(self.words))
        self.told_position = last["position"]
        self.window_index = self.resume_window = last["window"]
        self.resume_sample = resume_sample

    def progress(self, percent: float, stage: str, text: str | None, checkpoint: Checkpoint | None) -> None:
        self.told_at, self.stage = time.monotonic(), stage
        self.tell(percent, stage, text, checkpoint)

    def check_cancelled(self) -> None:
        if self.cancelled():
            raise cancelled_error()
        self.alive()

    def alive(self) -> None:
        """Tells the progress again, unchanged, if nothing was told for ``ALIVE_SECONDS``."""
        if time.monotonic() - self.told_at >= ALIVE_SECONDS:
            self.progress(max(self.last_pct, 0.0), self.stage, None, None)

    def blocks(self) -> Iterator[audio_mod.Pcm]:
        for block in self.pcm:
            self.check_cancelled()
            yield block

    def window(self, index: int, chunk: audio_mod.Pcm, start_sample: int) -> None:
        """Transcribe window ``index``, starting ``start_sample`` into the stream."""
        self.check_cancelled()
        end = (start_sample + chunk.shape[0]) / SR
        if index < self.resume_window:
            self.passed(chunk, start_sample)
            return
        if index > self.resume_window or not self.resume_sample:
            self.window_index, self.window_state = index, self.state()
        regions = languages.speech_regions(chunk)
        if self.voices is not None:
            self.voices.add(chunk, start_sample, regions, self.check_cancelled)
        spans = (
            languages.language_spans(self.model, chunk, regions, self.detection or languages.Detection())
            if self.per_span
            else []
        )
        for span in spans:
            self.check_cancelled()
            self.decode(chunk[span.start : span.end], start_sample + span.start, span.language)
            seconds = (span.end - span.start) / SR
            heard = self.spoken.setdefault(span.language, [0.0, 0.0])
            heard[0] += seconds
            heard[1] += span.choice.probability * seconds
            self.detected[span.choice.detected] = self.detected.get(span.choice.detected, 0.0) + seconds
            self.fell_back = self.fell_back or span.choice.fell_back
        if not spans:
            # No speech here: a request that narrows detection has it narrowed even so.
            detecting = self.per_span and self.detection and self.language is None
            chosen = self.detection.choose(self.model, chunk) if detecting and self.detection else None
            got_any, language, probability = self.decode(
                chunk, start_sample, self.language or (chosen.language if chosen else None)
            )
            if chosen is not None:
                language, probability = chosen.language, chosen.probability
                self.fell_back = self.fell_back or (got_any and chosen.fell_back)
                if got_any:
                    self.detected[chosen.detected] = self.detected.get(chosen.detected, 0.0) + chunk.shape[0] / SR
            if self.language is None and (got_any or self.language_probability is None):
                self.language_probability = probability
                if got_any:
                    self.language = language
                else:
                    self.tentative_language = language
        said = [(w["start"], w["end"]) for w in self.words]
        self.untranscribed.extend(
            unheard([((start_sample + a) / SR, (start_sample + b) / SR) for a, b in regions], said)
        )
        self.report(end)

    def passed(self, chunk: audio_mod.Pcm, start_sample: int) -> None:
        """A window transcribed before the restart: only its voices, which checkpoints do not hold."""
        if self.voices is not None:
            self.voices.add(chunk, start_sample, languages.speech_regions(chunk), self.check_cancelled)
        self.report((start_sample + chunk.shape[0]) / SR)

    def decode(self, audio: audio_mod.Pcm, start_sample: int, language: str | None) -> tuple[bool, str, float]:
        """Transcribe ``audio`` (``start_sample`` into the stream) in ``language`` (None: Whisper
        detects it); answers whether any segment came, and the language and its probability.
        Resumed, only what lies past the resume position is transcribed."""
        end_sample = start_sample + audio.shape[0]
        # Segments of this stretch a resumed run kept (none otherwise: no scan of every segment).
        before = (
            [s for s in self.segments if start_sample / SR <= s["start"] < self.resume_sample / SR]
            if start_sample < self.resume_sample
            else []
        )
        if end_sample <= self.resume_sample:
            known = before[-1]["language"] if before else (self.language or "en")
            return bool(before), known, self.language_probability or 0.0
        prompt = self.params.prompt
        if start_sample < self.resume_sample:
            audio = audio[self.resume_sample - start_sample :]
            start_sample = self.resume_sample
            # As Whisper would have been conditioned on the text before, had it not stopped.
            prompt = " ".join([*([prompt] if prompt else []), *(s["text"] for s in before)]) or None
        t0 = start_sample / SR
        segs, info = vad.transcribe(
            self.model,
            audio,
            self.params.vad,
            language=language,
            task=self.params.task,
            beam_size=self.params.beam_size,
            word_timestamps=True,
            condition_on_previous_text=True,
            # The caller's vocabulary or style hint (OpenAI's `prompt`), given to every window.
            initial_prompt=prompt or None,
            # Key terms the recognizer should prefer when it hears them (names, jargon).
            hotwords=", ".join(self.params.keyterms) if self.params.keyterms else None,
        )
        got_any = bool(before)
        # Where Whisper's last pass (30 s) ended, once a segment came from it: when the next pass
        # begins, it is final (_hook_encoder), and Whisper's next pass starts at its last word's end.
        pass_end: float | None = None

        def pass_begins() -> None:
            if pass_end is not None:
                self.checkpoint(pass_end)

        _pass_listener.begins = pass_begins
        try:
            for s in segs:
                pass_end = t0 + float(s.words[-1].end if s.words else s.end)
                got_any = True
                if not made_up(s):
                    self.add_segment(s, t0, info.language)
                self.check_cancelled()
        finally:
            _pass_listener.begins = None
        self.checkpoint(end_sample / SR)
        return got_any, info.language, float(info.language_probability)

    def checkpoint(self, position: float) -> None:
        """Tells the segments and words since the last checkpoint, final up to ``position``."""
        segments, words = self.told
        if position <= self.told_position and self.window_state is None:
            return
        told: Checkpoint = {
            "window": self.window_index,
            "position": round(position, 3),
            # Copies: speakers are written into the run's own at its end.
            "segments": [{**segment} for segment in self.segments[segments:]],
            "words": [
                {
                    "start": word["start"],
                    "end": word["end"],
                    "text": word["text"],
                    "confidence": word["confidence"],
                    "raw": raw,
                    "segment": index,
                }
                for word, raw, index in zip(
                    self.words[words:], self.word_texts[words:], self.word_segment[words:], strict=True
                )
            ],
        }
        if self.window_state is not None:
            told["state"], self.window_state = self.window_state, None
        self.told, self.told_position = (len(self.segments), len(self.words)), position
        self.progress(max(self.last_pct, 0.0), "transcribing", None, told)

    def add_segment(self, s: WhisperSegment, t0: float, language: str) -> None:
        text = s.text.strip()
        ws = s.words or []
        start, end = (float(ws[0].start), float(ws[-1].end)) if ws else (s.start, s.end)
        if text:
            self.segments.append(
                {"start": round(t0 + start, 3), "end": round(t0 + end, 3), "text": text, "language": language}
            )
        self.word_segment.extend([len(self.segments) - 1 if text else -1] * len(ws))
        self.word_texts.extend(w.word for w in ws)
        self.words.extend(
            {
                "start": round(t0 + float(w.start), 3),
                "end": round(t0 + float(w.end), 3),
                "text": w.word.strip(),
                "confidence": round(float(w.probability), 4),
            }
            for w in ws
        )
        self.report(t0 + end, text or None)

    def report(self, t: float, text: str | None = None) -> None:
        """Progress at ``t`` seconds into the stream, when it has grown by 0.1 % or more, and
        always with the text of a segment just decoded (live captions are built from these)."""
        # The header may under- or overstate the audio: what has been decoded
        # beyond its claim counts too, and nothing past the cap will be.
        expected = max(self.claimed or 0.0, self.pcm.samples / SR)
        if self.cap is not None:
            expected = min(expected, self.cap / SR)
        pct = round(min(99.0, 100.0 * t / expected), 1) if expected > 0 else 0.0
        if pct > self.last_pct or text is not None:
            self.last_pct = max(pct, self.last_pct)
            self.progress(self.last_pct, "transcribing", text, None)

    def result(self) -> TranscribeResult:
        if self.pcm.samples == 0:
            raise EngineError("unsupported_audio", f"audio track decodes to nothing: {self.params.path}")
        language = self.language or self.tentative_language or "en"
        probability = self.language_probability
        if self.spoken:
            language, (seconds, weighted) = max(self.spoken.items(), key=lambda item: item[1][0])
            probability = weighted / seconds
        detected: str | None = None
        if self.per_span:
            detected = max(self.detected, key=lambda lang: self.detected[lang]) if self.detected else language
        if not self.model.model.is_multilingual:
            language, probability = "en", 1.0
        utterances = self.label_speakers() if self.voices is not None else None
        self.progress(100.0, "transcribing", None, None)
        result: TranscribeResult = {
            "text": " ".join(s["text"] for s in self.segments).strip(),
            "language": language,
            "language_probability": round(float(probability if probability is not None else 0.0), 4),
            "detected_language": detected,
            "language_fallback": self.fell_back,
            "duration": round(self.pcm.samples / SR, 3),
            "truncated": self.pcm.truncated,
            "model": self.params.model,
            "segments": self.segments,
            "untranscribed": self.untranscribed,
        }
        if utterances is not None:
            result["utterances"] = utterances
        if self.params.word_timestamps:
            result["words"] = self.words
        return result

    def label_speakers(self) -> list[Utterance]:
        """Give every word and segment its speaker (``speakers``), and the words' turns."""
        assert self.voices is not None
        labels = self.voices.label(
            [(w["start"], w["end"]) for w in self.words], self.params.speakers_expected, self.check_cancelled
        )
        votes: list[dict[str, float]] = [{} for _ in self.segments]
        for word, index, label in zip(self.words, self.word_segment, labels, strict=True):
            word["speaker"] = label
            if index >= 0:
                votes[index][label] = votes[index].get(label, 0.0) + word["end"] - word["start"]
        for segment, counted in zip(self.segments, votes, strict=True):
            if counted:
                segment["speaker"] = max(counted, key=lambda label: counted[label])
        utterances: list[Utterance] = []
        turns = itertools.groupby(zip(self.words, self.word_texts, labels, strict=True), key=lambda word: word[2])
        for speaker, grouped in turns:
            turn, texts, _ = zip(*grouped, strict=True)
            utterances.append(
                {
                    "speaker": speaker,
                    "start": turn[0]["start"],
                    "end": turn[-1]["end"],
                    "text": "".join(texts).strip(),
                    "confidence": round(sum(w["confidence"] for w in turn) / len(turn), 4),
                }
            )
        return utterances
