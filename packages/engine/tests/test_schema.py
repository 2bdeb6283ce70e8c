"""protocol.schema.json and the engine agree: requests the schema allows are exactly those the
parser accepts, parsed to the values and defaults it states, and every message the engine sends
is one the schema describes."""

import dataclasses
from typing import get_args

import pytest
from jsonschema import Draft202012Validator

from conftest import DEFS, FIXTURES, SCHEMA, validator
from parlance_engine import protocol
from parlance_engine.errors import EngineError, ErrorCode

Draft202012Validator.check_schema(SCHEMA)



def resolved(prop: dict) -> dict:
    """A property with its $ref (one level, as the schema uses them) merged in."""
    return {**DEFS[prop["$ref"].split("/")[-1]], **prop} if "$ref" in prop else prop


# Every method the schema names, with the params dataclass it parses to and params it accepts.
METHODS = {
    request["properties"]["method"]["const"]: (name.removesuffix("Request"), request)
    for name, request in ((r["$ref"].split("/")[-1], DEFS[r["$ref"].split("/")[-1]]) for r in DEFS["Request"]["oneOf"])
}
VALID_PARAMS = {
    "probe": {"path": "/a.wav"},
    "bleep": {"path": "/a.wav", "out": "/b.flac", "spans": []},
    "transcribe": {"path": "/a.wav"},
    "cancel": {"request": "7"},
    "stream_open": {},
    "stream_audio": {"stream": "s", "pcm": ""},
    "stream_end": {"stream": "s"},
    "stream_cancel": {"stream": "s"},
    "stream_config": {"stream": "s"},
}
ALL_METHODS = [
    *["ping", "models", "info", "probe", "bleep", "transcribe", "cancel"],
    *["stream_open", "stream_audio", "stream_end", "stream_cancel", "stream_config"],
]
# JSON values of every type, around each limit the schema sets.
CANDIDATES = [
    None, True, False, 0, 1, 5, 5.0, 5.5, 10, 11, -1, 0.25, 1e9,
    "", "x", "EN", "fr", "/abs/a.wav", "relative.wav", "a/b", "../../etc", "a..b", "tiny.en", "tiny.en\n",
    "-lead", "m" * 64, "m" * 65, "p" * 1000, "p" * 1001, [], ["x"], {}, {"a": 1},
    [""], ["k" * 50], ["k" * 51], [1], ["x"] * 100, ["x"] * 101,
]


# Members holding language codes, which parse to lower case.
LANGUAGE_CODES = {"language", "expected_languages", "fallback_language"}


def parses(message: dict) -> protocol.Request | None:
    try:
        return protocol.parse_request(message)
    except EngineError as e:
        assert e.code in ("invalid_params", "invalid_request", "method_not_found"), e.to_json()
        return None


def test_every_method_parses_to_its_own_params_class():
    assert set(METHODS) == set(ALL_METHODS)
    for method, (kind, _) in METHODS.items():
        request = protocol.parse_request({"id": 1, "method": method, "params": VALID_PARAMS.get(method, {})})
        assert type(request.params).__name__ == f"{kind}Params"
    with pytest.raises(EngineError) as exc:
        protocol.parse_request({"method": "fly"})
    assert exc.value.code == "method_not_found"


@pytest.mark.parametrize("method", ALL_METHODS)
def test_params_dataclass_has_the_schemas_members_and_defaults(method):
    kind, request = METHODS[method]
    cls = getattr(protocol, f"{kind}Params")
    params_schema = resolved(request["properties"]["params"])
    props = params_schema.get("properties", {})
    fields = {f.name: f for f in dataclasses.fields(cls)}
    assert set(fields) == set(props)
    assert set(params_schema.get("required", [])) == {
        name for name, f in fields.items() if f.default is dataclasses.MISSING
    }
    for name, f in fields.items():
        if f.default is not dataclasses.MISSING:
            assert resolved(props[name])["default"] == f.default, name


@pytest.mark.parametrize("method", ALL_METHODS)
def test_schema_and_parser_accept_the_same_params(method):
    kind, _ = METHODS[method]
    check = validator(f"{kind}Request")
    base = VALID_PARAMS.get(method, {})
    messages = [{"id": "r", "method": method, "params": value} for value in CANDIDATES]
    messages.append({"id": "r", "method": method})
    members = set(base) | set(resolved(DEFS[f"{kind}Request"]["properties"]["params"]).get("properties", {}))
    for member in members:
        without = {k: v for k, v in base.items() if k != member}
        messages.append({"id": "r", "method": method, "params": without})
        messages += [{"id": "r", "method": method, "params": {**base, member: v}} for v in CANDIDATES]
    for message in messages:
        assert check.is_valid(message) == (parses(message) is not None), message


@pytest.mark.parametrize("method", ["probe", "transcribe", "stream_open"])
def test_parsed_params_hold_the_value_sent_or_the_schemas_default(method):
    kind, request = METHODS[method]
    props = resolved(request["properties"]["params"])["properties"]
    check = validator(f"{kind}Request")
    minimal = protocol.parse_request({"method": method, "params": VALID_PARAMS[method]}).params
    for member, prop in props.items():
        default = resolved(prop).get("default")
        if member not in VALID_PARAMS[method]:
            assert getattr(minimal, member) == default, member
        for value in CANDIDATES:
            message = {"method": method, "params": {**VALID_PARAMS[method], member: value}}
            if not check.is_valid(message):
                continue
            got = getattr(protocol.parse_request(message).params, member)
            want = default if value is None else value
            if member in LANGUAGE_CODES and isinstance(want, str):
                want = want.lower()  # codes are compared in lower case
            if member in LANGUAGE_CODES and isinstance(want, list):
                want = [code.lower() for code in want]
            if isinstance(want, list):
                want = tuple(want)  # arrays parse to tuples: the dataclasses are frozen
            assert got == want, (member, value, got)


def test_schema_and_parser_agree_on_the_method():
    for method in [*METHODS, "fly", *CANDIDATES]:
        message = {"id": 1, "method": method, "params": VALID_PARAMS.get(method, {}) if isinstance(method, str) else {}}
        assert validator("Request").is_valid(message) == (parses(message) is not None), message


def test_error_codes_are_the_schemas():
    cli_only = {"download_failed"}
    assert set(DEFS["ErrorCode"]["enum"]) == set(get_args(ErrorCode)) - cli_only


@pytest.mark.parametrize(
    "typed, name",
    [
        (protocol.TranscribeResult, "TranscribeResult"),
        (protocol.Segment, "Segment"),
        (protocol.Word, "Word"),
        (protocol.Span, "Span"),
        (protocol.ProbeResult, "ProbeResult"),
        (protocol.ModelsResult, "ModelsResult"),
        (protocol.ModelInfo, "ModelInfo"),
        (protocol.InfoResult, "InfoResult"),
        (protocol.CancelResult, "CancelResult"),
        (protocol.PartialEvent, "PartialEvent"),
        (protocol.FinalEvent, "FinalEvent"),
        (protocol.StreamResult, "StreamResult"),
        (protocol.StreamAudioResult, "StreamAudioResult"),
        (protocol.StreamEndResult, "StreamEndResult"),
        (protocol.StreamConfigResult, "StreamConfigResult"),
        (protocol.EndOfTurnEvent, "EndOfTurnEvent"),
        (protocol.Checkpoint, "Checkpoint"),
        (protocol.CheckpointWord, "CheckpointWord"),
        (protocol.WindowState, "WindowState"),
    ],
)
def test_result_types_have_the_schemas_members(typed, name):
    assert typed.__required_keys__ == set(DEFS[name]["required"])
    assert typed.__required_keys__ | typed.__optional_keys__ == set(DEFS[name]["properties"])




def test_what_the_engine_sends_is_in_the_schema(engine, tmp_path):
    """Each method's answers, progress and errors from a real engine, checked against the schema."""
    jfk = str(FIXTURES / "jfk.wav")
    calls = [
        ("ping", None, "Pong"),
        ("models", None, "ModelsResult"),
        ("info", None, "InfoResult"),
        ("probe", {"path": jfk}, "ProbeResult"),
        ("probe", {"path": jfk, "exact": True, "max_seconds": 2}, "ProbeResult"),
        ("transcribe", {"path": jfk, "word_timestamps": True, "max_seconds": 4}, "TranscribeResult"),
        ("transcribe", {"path": jfk, "model": None, "language": "EN", "max_seconds": 4}, "TranscribeResult"),
        ("cancel", {"request": "nothing"}, "CancelResult"),
        ("probe", {"path": str(tmp_path / "missing.wav")}, None),
        ("transcribe", {"path": jfk, "beam_size": 0}, None),
        ("transcribe", {"path": jfk, "model": "not-installed"}, None),
        ("fly", None, None),
    ]
    response = validator("Response")
    for method, params, result in calls:
        final, progress = engine.call(method, params)
        for p in progress:
            response.validate({"id": final["id"], "progress": p})
            validator("ProgressMessage").validate({"id": final["id"], "progress": p})
        response.validate(final)
        if result is None:
            validator("ErrorMessage").validate(final)
        else:
            validator(result).validate(final["result"])
    engine.send_raw("not json")
    validator("ErrorMessage").validate(engine.read())
