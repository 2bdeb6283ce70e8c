"""Transcription with faster-whisper, windowed over streamed audio.

Memory: faster-whisper's own ``transcribe(path)`` decodes the whole file to
float32 (2 h = 460 MB) and then computes the log-mel spectrogram of all of it
at once (its STFT intermediate is several times larger). Instead we stream the
decode (``audio.iter_pcm``) and hand faster-whisper windows of about
``PARLANCE_WINDOW_SECONDS`` (default 600 s) cut at the quietest 100 ms near the
window end, so peak memory is bounded by the window size, not the file length.
Timestamps are shifted back to file time.

Segment times come from their first and last words (faster-whisper's word
alignment, 10 ms steps) rather than Whisper's timestamp tokens, which the small
models mostly put on whole seconds. Word timing is therefore always computed;
``words`` is returned only when asked for.

``max_seconds`` caps the decoded audio (a header can claim 2 s for a file that
holds hours), and ``cancelled`` is polled between decoded blocks and between
segments, so a cancelled request stops within about one segment's compute.
"""

from __future__ import annotations

import os
import threading
from typing import Callable, Optional

import numpy as np

from . import audio as audio_mod
from . import models as models_mod
from .errors import EngineError, cancelled_error

SR = audio_mod.SAMPLE_RATE
# Prompts longer than this would crowd out the 224 prompt tokens Whisper keeps anyway.
MAX_PROMPT_CHARS = 1000
ProgressFn = Callable[[float, str], None]
CancelledFn = Callable[[], bool]
# Whisper's own no-speech rule (no_speech_prob > 0.6 and a low average log-probability) lets
# through text made up for a near-silent stretch from the prompt or the previous text: with word
# timing on, faster-whisper re-decodes the tail after the last word, and a sampled fallback there
# can "hear" a whole sentence in 0.4 s. Such a segment is also what Whisper's hallucination test
# flags (improbable, crammed or stretched words), so both together drop it.
NO_SPEECH_PROB = 0.6
_PUNCTUATION = "\"'“¿([{-\"'.。,，!！?？:：”)]}、"


def _word_anomaly(word) -> float:
    duration = word.end - word.start
    score = 1.0 if word.probability < 0.15 else 0.0
    if duration < 0.133:
        score += (0.133 - duration) * 15
    if duration > 2.0:
        score += duration - 2.0
    return score


def looks_hallucinated(segment) -> bool:
    """openai-whisper's is_segment_anomaly (faster-whisper has it too, but not importable)."""
    words = [w for w in segment.words or [] if w.word.strip() not in _PUNCTUATION][:8]
    if not words:
        return False
    score = sum(_word_anomaly(w) for w in words)
    return score >= 3 or score + 0.01 >= len(words)


def made_up(segment) -> bool:
    """A segment Whisper thought was probably not speech, made of words the audio does not bear out."""
    return segment.no_speech_prob > NO_SPEECH_PROB and looks_hallucinated(segment)


def cpu_threads() -> int:
    env = os.environ.get("PARLANCE_ENGINE_THREADS")
    if env:
        try:
            n = int(env)
            if n > 0:
                return n
        except ValueError:
            pass
    return os.cpu_count() or 1


def window_seconds() -> float:
    try:
        return max(30.0, float(os.environ.get("PARLANCE_WINDOW_SECONDS", "600")))
    except ValueError:
        return 600.0


class Engine:
    def __init__(self, compute_type: str = "int8"):
        self.compute_type = os.environ.get("PARLANCE_COMPUTE_TYPE", compute_type)
        self._models: dict[str, object] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------ models
    def get_model(self, name: str):
        path = models_mod.resolve(name)
        key = str(path)
        with self._lock:
            m = self._models.get(key)
            if m is None:
                from faster_whisper import WhisperModel

                try:
                    m = WhisperModel(
                        key,
                        device="cpu",
                        compute_type=self.compute_type,
                        cpu_threads=cpu_threads(),
                        num_workers=1,
                        local_files_only=True,
                    )
                except Exception as exc:
                    raise EngineError(
                        "model_load_failed", f"cannot load model {name!r} from {key}: {exc}"
                    ) from exc
                self._models[key] = m
            return m

    def loaded_models(self) -> list[str]:
        return list(self._models)

    # ------------------------------------------------------------ transcribe
    def transcribe(
        self, params: dict, progress: Optional[ProgressFn] = None, cancelled: Optional[CancelledFn] = None
    ) -> dict:
        progress = progress or (lambda p, s: None)
        is_cancelled = cancelled or (lambda: False)
        path = params.get("path")
        model_name = params.get("model")
        if model_name is None:
            model_name = models_mod.PACKAGED_DEFAULT
        language = params.get("language")
        word_ts = bool(params.get("word_timestamps", False))
        vad = params.get("vad", True)
        beam_size = params.get("beam_size", 5)
        prompt = params.get("prompt")
        if language is not None and (not isinstance(language, str) or not language):
            raise EngineError("invalid_params", "params.language must be a language code or null")
        if not isinstance(vad, bool):
            raise EngineError("invalid_params", "params.vad must be a boolean")
        if not isinstance(beam_size, int) or not 1 <= beam_size <= 10:
            raise EngineError("invalid_params", "params.beam_size must be an integer 1..10")
        if prompt is not None and (not isinstance(prompt, str) or len(prompt) > MAX_PROMPT_CHARS):
            raise EngineError(
                "invalid_params", f"params.prompt must be a string of at most {MAX_PROMPT_CHARS} characters"
            )
        cap = audio_mod.max_samples(params.get("max_seconds"))

        # Only the container's claim, for progress: validates the path without decoding anything.
        est = audio_mod.estimate_duration(path)
        model = self.get_model(model_name)  # model_not_found / model_load_failed
        progress(0.0, "decoding")
        if language is not None:
            language = language.lower()
            if not model.model.is_multilingual and language != "en":
                raise EngineError(
                    "unsupported_language",
                    f"model {model_name!r} is English-only; language {language!r} not supported",
                )
            if model.model.is_multilingual and language not in model.supported_languages:
                raise EngineError("unsupported_language", f"unknown language code {language!r}")

        def check_cancelled() -> None:
            if is_cancelled():
                raise cancelled_error()

        win = int(window_seconds() * SR)
        search = min(15 * SR, win // 4)  # look for a pause in the last 15 s of a window
        segments: list[dict] = []
        words: list[dict] = []
        detected_lang: Optional[str] = language
        lang_prob: Optional[float] = 1.0 if language else None
        offset = 0  # samples already transcribed
        pcm = audio_mod.PcmStream(path, cap)
        buf: list[np.ndarray] = []
        buf_n = 0
        last_pct = -1.0
        tentative_lang: list = [None]

        def report(t: float):
            nonlocal last_pct
            # The header may under- or overstate the audio: what has been decoded
            # beyond its claim counts too, and nothing past the cap will be.
            expected = max(est or 0.0, pcm.samples / SR)
            if cap is not None:
                expected = min(expected, cap / SR)
            if expected > 0:
                pct = round(min(99.0, 100.0 * t / expected), 1)
                if pct > last_pct:
                    last_pct = pct
                    progress(pct, "transcribing")

        def add_segment(s, t0: float) -> None:
            text = s.text.strip()
            ws = s.words or []
            start, end = (float(ws[0].start), float(ws[-1].end)) if ws else (s.start, s.end)
            if text:
                segments.append({"start": round(t0 + start, 3), "end": round(t0 + end, 3), "text": text})
            if word_ts:
                for w in ws:
                    words.append(
                        {
                            "start": round(t0 + float(w.start), 3),
                            "end": round(t0 + float(w.end), 3),
                            "text": w.word.strip(),
                            "confidence": round(float(w.probability), 4),
                        }
                    )
            report(t0 + end)

        def run_window(chunk: np.ndarray, start_sample: int):
            nonlocal detected_lang, lang_prob
            check_cancelled()
            t0 = start_sample / SR
            segs, info = model.transcribe(
                chunk,
                language=detected_lang,
                beam_size=beam_size,
                vad_filter=vad,
                word_timestamps=True,
                condition_on_previous_text=True,
                # The caller's vocabulary or style hint (OpenAI's `prompt`), given to every window.
                initial_prompt=prompt or None,
            )
            got_any = False
            for s in segs:
                got_any = True
                if not made_up(s):
                    add_segment(s, t0)
                check_cancelled()
            # Fix the language once a window has produced speech, so all windows agree.
            if detected_lang is None and (got_any or lang_prob is None):
                lang_prob = float(info.language_probability)
                if got_any:
                    detected_lang = info.language
                else:
                    tentative_lang[0] = info.language
            report((start_sample + chunk.shape[0]) / SR)

        for block in pcm:
            check_cancelled()
            buf.append(block)
            buf_n += block.shape[0]
            if buf_n >= win + search:
                data = np.concatenate(buf)
                cut = audio_mod.find_cut(data, win - search, win)
                run_window(data[:cut], offset)
                offset += cut
                rest = data[cut:]
                buf, buf_n = [rest], rest.shape[0]
                del data
        if buf_n > 0:
            data = np.concatenate(buf)
            buf = []
            run_window(data, offset)
            del data
        if pcm.samples == 0:
            raise EngineError("unsupported_audio", f"audio track decodes to nothing: {path}")

        if detected_lang is None:
            detected_lang = tentative_lang[0] or "en"
        if not model.model.is_multilingual:
            detected_lang, lang_prob = "en", 1.0
        progress(100.0, "transcribing")
        result = {
            "text": " ".join(s["text"] for s in segments).strip(),
            "language": detected_lang,
            "language_probability": round(float(lang_prob if lang_prob is not None else 0.0), 4),
            "duration": round(pcm.samples / SR, 3),
            "truncated": pcm.truncated,
            "model": model_name,
            "segments": segments,
        }
        if word_ts:
            result["words"] = words
        return result
