"""Where the engine runs its models (PARLANCE_DEVICE, PARLANCE_COMPUTE_TYPE). Nothing here has a
GPU: the choice is tested with the GPU count given, and the engine on this machine says cpu."""

import pytest

from parlance_engine.engine import choose_device
from parlance_engine.errors import EngineError


def gpus(n: int):
    return lambda: n


def test_auto_takes_a_gpu_when_ctranslate2_sees_one_with_float16():
    assert choose_device({}, gpus(1)) == ("cuda", "float16")
    assert choose_device({"PARLANCE_DEVICE": "auto"}, gpus(2)) == ("cuda", "float16")


def test_auto_without_a_gpu_is_the_cpu_with_int8():
    assert choose_device({}, gpus(0)) == ("cpu", "int8")


def test_forced_devices_ignore_what_is_there():
    assert choose_device({"PARLANCE_DEVICE": "cpu"}, gpus(1)) == ("cpu", "int8")
    # Forced onto a GPU that is not there: the model load then fails, saying so.
    assert choose_device({"PARLANCE_DEVICE": " CUDA "}, gpus(0)) == ("cuda", "float16")


def test_compute_type_overrides_the_precision():
    assert choose_device({"PARLANCE_COMPUTE_TYPE": "int8_float16"}, gpus(1)) == ("cuda", "int8_float16")
    assert choose_device({"PARLANCE_COMPUTE_TYPE": "float32"}, gpus(0)) == ("cpu", "float32")


def test_an_unknown_device_is_refused_by_name():
    with pytest.raises(EngineError, match="PARLANCE_DEVICE must be auto, cpu or cuda, not 'gpu'"):
        choose_device({"PARLANCE_DEVICE": "gpu"}, gpus(1))
