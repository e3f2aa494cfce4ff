"""Codecs: table-driven cases, split invariance, token timeouts, encode/decode round trips, fuzzing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.cardcodes import card_token, from_saopai, to_saopai
from drivers.codecs import CODECS, NOREAD, decode_all, make_codec
from drivers.deck import deck_tokens
from drivers.errors import ShoeConfigError
from drivers.frames import CardRead, CutCard, Garbage, NoRead
from drivers.framing import lrc
from drivers.hidkeys import decode_text, reports_for_text


def kinds(frames):
    out = []
    for f in frames:
        if isinstance(f, CardRead):
            out.append(f.token)
        elif isinstance(f, NoRead):
            out.append(f"NR:{f.reason}")
        elif isinstance(f, CutCard):
            out.append("CUT")
        else:
            assert isinstance(f, Garbage)
            out.append("GARBAGE")
    return out


LINES_CASES = [
    (b"AS\r\n", ["AS"]),
    (b"AS\n", ["AS"]),
    (b"AS\r", ["AS"]),
    (b"as\r\n10d\r\nTd\r\n", ["AS", "TD", "TD"]),
    (b"\r\n\r\n\n", []),
    (b"]C0QH\r\n", ["QH"]),
    (b"NR\r\nNOREAD\r\n%%NoRead\r\nNO LABEL\r\nnoread\r\n", ["NR:no_read"] * 5),
    (b"CUT\r\n", ["CUT"]),
    (b"ZZ\r\n", ["NR:unknown_code"]),
    (b"1S\r\n", ["NR:unknown_code"]),
    (b"D12\r\n", ["QD"]),  # the default map reads saopai codes too
    (b"\x00\xff\x7f\r\n", ["GARBAGE"]),
    (b"##\r\n", ["GARBAGE"]),
    (b"\x00AS\r\n", ["NR:unknown_code"]),  # noise glued to a card: a rescan, never a guess
    (b"A" * 70 + b"\r\n", ["NR:unknown_code", "NR:unknown_code"]),  # bounded buffer
]


@pytest.mark.parametrize(("data", "expected"), LINES_CASES)
def test_lines_codec_table(data, expected):
    assert kinds(decode_all(make_codec("lines"), [data])) == expected


def test_lines_prefix_suffix_and_custom_tokens():
    codec = make_codec("lines", {"prefix": "<", "suffix": ">", "noread_tokens": ["ERR"], "cut_tokens": "STOP"})
    assert kinds(codec.feed(b"<AS>\r\nERR\r\nSTOP\r\nNR\r\n")) == ["AS", "NR:no_read", "CUT", "NR:unknown_code"]


def test_lines_canonical_map_refuses_saopai():
    assert kinds(make_codec("lines", {"cards": "canonical"}).feed(b"D12\r\nQD\r\n")) == ["NR:unknown_code", "QD"]


SAOPAI_CASES = [
    (b"A01\r\n", ["AS"]),
    (b"A13\r\nH01\r\nC10\r\nD12\r\n", ["KS", "AH", "TC", "QD"]),
    (b"D00\r\nD14\r\nE01\r\n", ["NR:unknown_code"] * 3),
    (b"AS\r\n", ["NR:unknown_code"]),  # saopai shoes never send canonical tokens
    (b"NR\r\nCUT\r\n", ["NR:no_read", "CUT"]),
]


@pytest.mark.parametrize(("data", "expected"), SAOPAI_CASES)
def test_saopai_codec_table(data, expected):
    assert kinds(decode_all(make_codec("saopai"), [data])) == expected


def test_stx_etx_issue_example():
    frame = bytes.fromhex("024431320344")
    assert lrc(bytes.fromhex("44313203")) == 0x44
    assert make_codec("stx-etx").feed(frame) == [CardRead("QD", frame)]


STX_CASES = [
    (bytes.fromhex("024431320344"), ["QD"]),
    (bytes.fromhex("024431320345"), ["NR:bad_lrc"]),
    (b"xx" + bytes.fromhex("024431320344"), ["GARBAGE", "QD"]),
    (b"\x02D1\x02D12\x03D", ["GARBAGE", "QD"]),  # a frame cut short by a new STX
    (b"\x02NR\x03" + bytes([lrc(b"NR\x03")]), ["NR:no_read"]),
    (b"\x02CUT\x03" + bytes([lrc(b"CUT\x03")]), ["CUT"]),
    (b"\x02\x03\x03", ["GARBAGE"]),  # an empty payload with a right LRC: no letter or digit
]


@pytest.mark.parametrize(("data", "expected"), STX_CASES)
def test_stx_etx_codec_table(data, expected):
    assert kinds(decode_all(make_codec("stx-etx"), [data])) == expected


def test_stx_etx_lrc_may_equal_stx():
    # a payload whose LRC byte is 0x02 must not be taken for the start of a frame
    payload = None
    for a in range(0x30, 0x7F):
        for b in range(0x30, 0x7F):
            body = bytes([a, b, 0x03])
            if lrc(body) == 0x02:
                payload = body
                break
        if payload:
            break
    assert payload is not None
    frames = make_codec("stx-etx", {"cards": "canonical"}).feed(b"\x02" + payload + b"\x02" + b"\x02AS\x03"
                                                                + bytes([lrc(b"AS\x03")]))
    assert kinds(frames)[-1] == "AS"
    assert len(frames) == 2


def hid(*reports):
    return b"".join(bytes(r) for r in reports)


HID_CASES = [
    # A (shift), S (shift), Enter, each with a key-up
    (hid([2, 0, 4, 0, 0, 0, 0, 0], [0] * 8, [2, 0, 0x16, 0, 0, 0, 0, 0], [0] * 8, [0, 0, 0x28, 0, 0, 0, 0, 0], [0] * 8),
     ["AS"]),
    # right shift (0x20) and overlapping reports: J down, J+D down, D down, up, Enter
    (hid([0x20, 0, 0x0D, 0, 0, 0, 0, 0], [0x20, 0, 0x0D, 0x07, 0, 0, 0, 0], [0x20, 0, 0x07, 0, 0, 0, 0, 0], [0] * 8,
         [0, 0, 0x28, 0, 0, 0, 0, 0], [0] * 8), ["JD"]),
    # lower case without shift still reads as a card
    (hid([0, 0, 0x14, 0, 0, 0, 0, 0], [0] * 8, [0, 0, 0x07, 0, 0, 0, 0, 0], [0] * 8, [0, 0, 0x58, 0, 0, 0, 0, 0]),
     ["QD"]),  # "qd", ended by keypad Enter
    (hid([0, 0, 0x14, 0, 0, 0, 0, 0], [0] * 8, [0, 0, 0x0E, 0, 0, 0, 0, 0], [0] * 8, [0, 0, 0x28, 0, 0, 0, 0, 0]),
     ["NR:unknown_code"]),  # "qk" is no card
    # ErrorRollOver mid-token: a misread, then the rescan
    (hid([2, 0, 0x0D, 0, 0, 0, 0, 0], [0, 0, 1, 1, 1, 1, 1, 1], [0] * 8, *reports_for_text("JD\n")),
     ["NR:rollover", "JD"]),
    # a reserved usage: garbage, and it does not disturb the next token
    (hid([0, 0, 0xF0, 0, 0, 0, 0, 0], [0] * 8, *reports_for_text("9C\n")), ["GARBAGE", "9C"]),
    # a held key repeats no character: only new keys count
    (hid([2, 0, 4, 0, 0, 0, 0, 0], [2, 0, 4, 0, 0, 0, 0, 0], [2, 0, 4, 0, 0, 0, 0, 0], [0] * 8,
         [2, 0, 0x16, 0, 0, 0, 0, 0], [0] * 8, [0, 0, 0x28, 0, 0, 0, 0, 0]), ["AS"]),
    # an arrow key inside a token: no card
    (hid(*reports_for_text("A"), [0, 0, 0x50, 0, 0, 0, 0, 0], [0] * 8, *reports_for_text("S\n")), ["NR:unknown_code"]),
]


@pytest.mark.parametrize(("data", "expected"), HID_CASES)
def test_hid_keyboard_codec_table(data, expected):
    assert kinds(decode_all(make_codec("hid-keyboard"), [data])) == expected


def test_hid_report_id():
    codec = make_codec("hid-keyboard", {"report_id": 1})
    data = b"".join(reports_for_text("QD\n", report_id=1))
    assert kinds(codec.feed(data)) == ["QD"]
    assert kinds(codec.feed(b"\x02" + bytes(8))) == ["GARBAGE"]


@pytest.mark.parametrize("name", sorted(CODECS))
def test_every_card_round_trips_through_every_codec(name):
    codec = make_codec(name)
    tokens = [*deck_tokens(1), "CUT", NOREAD]
    data = b"".join(codec.encode(t) for t in tokens)
    assert kinds(codec.feed(data)) == [*deck_tokens(1), "CUT", "NR:no_read"]
    assert codec.pending == b""


@pytest.mark.parametrize("name", sorted(CODECS))
def test_frames_do_not_depend_on_how_reads_split_the_bytes(name):
    codec = make_codec(name)
    rng = random.Random(5)
    data = b"".join(codec.encode(t) for t in ["AS", "TD", "CUT", NOREAD, "KC"])
    data += codec.encode_garbage(rng) + codec.encode("2H")
    whole = kinds(make_codec(name).feed(data))
    for _ in range(20):
        cuts = sorted(rng.sample(range(1, len(data)), 6))
        chunks = [data[i:j] for i, j in zip([0, *cuts], [*cuts, len(data)], strict=True)]
        assert kinds(decode_all(make_codec(name), chunks)) == whole
    one_by_one = kinds(decode_all(make_codec(name), [bytes([b]) for b in data]))
    assert one_by_one == whole
    assert whole[-1] == "2H" and "GARBAGE" in whole


@pytest.mark.parametrize("name", sorted(CODECS))
def test_encode_garbage_is_only_garbage(name):
    rng = random.Random(1)
    for _ in range(50):
        codec = make_codec(name)
        frames = decode_all(codec, [codec.encode_garbage(rng)])
        assert frames and all(isinstance(f, Garbage) for f in frames)


def test_token_timeout_without_clock():
    codec = make_codec("lines", {"token_timeout": 1.0})
    assert codec.feed(b"J", now=10.0) == []
    assert codec.feed(b"D", now=10.5) == []
    assert codec.deadline() == 11.0
    assert codec.tick(10.99) == []
    assert codec.tick(11.0) == [NoRead(b"JD", "token_timeout")]
    assert codec.pending == b""
    assert codec.tick(20.0) == []
    # a terminated token never times out
    assert kinds(codec.feed(b"AS\r\n", now=30.0)) == ["AS"]
    assert codec.tick(40.0) == []


@pytest.mark.parametrize("name", sorted(CODECS))
def test_token_timeout_counts_from_the_start_of_the_pending_token(name):
    codec = make_codec(name, {"token_timeout": 1.0})
    first, second = codec.encode("JD"), codec.encode("AS")
    assert codec.feed(first[:1], now=0.0) == []
    # the first token ends and the second begins in the same read, 0.9 s later
    assert kinds(codec.feed(first[1:] + second[: len(second) // 2], now=0.9)) == ["JD"]
    assert codec.tick(1.5) == []  # 0.6 s into the second token: not yet
    assert kinds(codec.tick(2.0)) == ["NR:token_timeout"]


def test_token_timeout_of_noise_is_garbage_and_flush_never_drops():
    codec = make_codec("stx-etx")
    codec.feed(b"\x02D1", now=0.0)
    assert codec.flush() == [NoRead(b"\x02D1", "token_timeout")]
    codec = make_codec("lines")
    codec.feed(b"\x00\x00", now=0.0)
    assert codec.tick(5.0) == [Garbage(b"\x00\x00")]


def test_make_codec_refuses_bad_options():
    with pytest.raises(ShoeConfigError, match="accepted are"):
        make_codec("lines", {"baud": 9600})
    with pytest.raises(ShoeConfigError, match="use one of"):
        make_codec("morse")
    with pytest.raises(ShoeConfigError, match="token_timeout"):
        make_codec("lines", {"token_timeout": 0})
    with pytest.raises(ValueError):  # ShoeConfigError is a ValueError too
        make_codec("lines", {"cards": "tarot"})


def test_card_code_maps():
    assert from_saopai("D12") == "QD" and to_saopai("QD") == "D12"
    assert all(from_saopai(to_saopai(t)) == t for t in deck_tokens(1))
    assert card_token("10h") == "TH" and card_token("th", "canonical") == "TH"
    assert card_token("A01", "canonical") is None and card_token("AS", "saopai") is None
    with pytest.raises(ValueError):
        card_token("AS", "bogus")


def test_decode_text_names_keys():
    reports = [bytes([0x01, 0, 0x06, 0, 0, 0, 0, 0]), bytes(8), bytes([0, 0, 0x29, 0, 0, 0, 0, 0]), bytes(8),
               bytes([0, 0, 0x2A, 0, 0, 0, 0, 0]), bytes(8), bytes([0, 0, 0x2B, 0, 0, 0, 0, 0]), bytes(8),
               bytes([0x02, 0, 0x1E, 0, 0, 0, 0, 0]), bytes(8), bytes([0, 0, 0x28, 0, 0, 0, 0, 0])]
    assert decode_text(reports) == "<CTRL+c><ESC><BS>\t!\n"


# -- fuzzing: arbitrary bytes never raise ------------------------------------------------------------

FRAME_TYPES = (CardRead, NoRead, CutCard, Garbage)


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(CODECS)), chunks=st.lists(st.binary(max_size=64), max_size=12),
       times=st.lists(st.floats(min_value=0, max_value=10, allow_nan=False), min_size=12, max_size=12))
def test_fuzz_arbitrary_bytes_never_raise(name, chunks, times):
    codec = make_codec(name)
    frames = []
    for chunk, t in zip(chunks, sorted(times), strict=False):
        frames += codec.feed(chunk, now=t)
        frames += codec.tick(t)
    frames += codec.flush()
    assert all(isinstance(f, FRAME_TYPES) for f in frames)
    assert codec.pending == b""
    for f in frames:
        if isinstance(f, CardRead):
            assert len(f.token) == 2 and f.token[1] in "SHDC"


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(sorted(CODECS)), noise=st.binary(max_size=40), report_id=st.none())
def test_fuzz_noise_then_card_then_card(name, noise, report_id):
    """Whatever noise comes first, the codec is back in step after it: of two good frames sent
    after a flush, both are read."""
    codec = make_codec(name)
    codec.feed(noise, now=0.0)
    codec.flush()
    assert kinds(codec.feed(codec.encode("7H") + codec.encode("8D"), now=1.0)) == ["7H", "8D"]


def _lines_by_the_byte(data: bytes, max_token: int) -> tuple[list[bytes], bytes]:
    """The ``lines`` wire format read a byte at a time: CR or LF ends a token, a token is cut every
    ``max_token`` bytes, empty tokens are nothing. Returns (tokens, the unfinished token's bytes)."""
    tokens, token = [], b""
    for b in data:
        if b in b"\r\n":
            if token:
                tokens.append(token)
            token = b""
            continue
        token += bytes([b])
        if len(token) >= max_token:
            tokens.append(token)
            token = b""
    return tokens, token


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=120).map(lambda b: b.replace(b"\x00", b"\n")),
       cuts=st.lists(st.integers(min_value=0, max_value=120), max_size=8),
       max_token=st.sampled_from([4, 5, 9, 32]))
def test_lines_codec_reads_any_split_as_the_byte_at_a_time_definition(data, cuts, max_token):
    codec = make_codec("lines", {"max_token": max_token})
    bounds = sorted({min(c, len(data)) for c in cuts} | {0, len(data)})
    frames = [f for i, j in zip(bounds, bounds[1:], strict=False) for f in codec.feed(data[i:j])]
    tokens, rest = _lines_by_the_byte(data, max_token)
    reference = make_codec("lines", {"max_token": max_token}).rules
    assert frames == [reference.classify(t) for t in tokens] and codec.pending == rest
