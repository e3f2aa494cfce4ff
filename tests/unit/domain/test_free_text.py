"""Reasons and notes: blank text (invisible, control characters, escape sequences) is refused."""

from __future__ import annotations

import pytest

from dealer_station.domain.free_text import act_text_problem, free_text_problem, is_blank

BLANK = [
    "",
    " ",
    "\t\n\r ",
    "\u200b",                   # zero-width space
    "\u200b\u200c\u200d",       # zero-width space, non-joiner, joiner
    "\ufeff",                   # byte order mark
    "\x00",                     # NUL
    "\x00\x00\x00",
    "\x1b",                     # a lone ESC
    "\x1b[2J\x1b[H",            # clear the screen, cursor home
    "\x1b[31m\x1b[0m",          # colour on, colour off: nothing between
    "\x1b]0;title\x07",         # OSC: set the terminal's title
    "\x1b]8;;http://x\x1b\\",   # OSC hyperlink, ended by ST
    "\x9b2J",                   # C1 CSI
    "\x1bc",                    # reset the terminal
    "\x7f",                     # DEL
    "\x85\xa0",                 # NEL, no-break space
    "\u2028\u2029",             # line and paragraph separators
    "\u3000\u2003\u202f",       # ideographic, em and narrow no-break spaces
    "\u200e\u200f\u202e",       # direction marks and override
    "\u2060\u2061\u2064",       # word joiner, invisible operators
    "\u0301\u0308",             # combining marks with no letter
    "\ufe0f",                   # a variation selector
    "\u3164\u115f\uffa0",       # Hangul fillers
    "\u2800",                   # Braille blank
    "\U000e0041\U000e007f",     # tag characters
    "\ue000",                   # private use
    "\ud800",                   # a lone surrogate
    "\U0010ffff",               # a non-character
    None,
    b"note",
]

VISIBLE = [
    "lens dirty; cleaned",
    "x",
    "0",
    "\u200bx",                  # a zero-width space next to a letter: kept as typed
    "  card exposed  ",
    "\x1b[31mred\x1b[0m",       # an escape sequence around words: visible, but refused for its ESC
    "\u0645\u0644\u0627\u062d\u0638\u0629 \u200f",  # Arabic with a right-to-left mark
    "\U0001f468\u200d\U0001f4bb",  # an emoji sequence with a zero-width joiner
    "\u0c15\u0c3e",             # Telugu letter with a vowel sign
    "e\u0301",                  # e with a combining acute
    ".",
]


@pytest.mark.parametrize("text", BLANK, ids=repr)
def test_blank_text_is_refused(text):
    assert is_blank(text)
    problem = free_text_problem(text)
    assert problem is not None and "blank" in problem
    assert act_text_problem("scanner_misread", text).startswith("a reason code and a note are required")
    assert act_text_problem(text, "a note").startswith("a reason code and a note are required")


@pytest.mark.parametrize("text", VISIBLE, ids=repr)
def test_visible_text_is_not_blank(text):
    assert not is_blank(text)


@pytest.mark.parametrize("text, char", [("lens\x00dirty", "U+0000"), ("\x1b[31mred\x1b[0m", "U+001B"),
                                        ("ok\x7f", "U+007F"), ("c\x9bd", "U+009B"), ("bell\x07", "U+0007")])
def test_control_characters_inside_visible_text_are_refused(text, char):
    assert free_text_problem(text) == f"the note holds a control character ({char}): type plain text"
    assert act_text_problem("other", text) == free_text_problem(text)


@pytest.mark.parametrize("text", ["lens dirty; cleaned", "line one\nline two", "a\tb\r\n", "\u200bx",
                                  "\u0645\u0644\u0627\u062d\u0638\u0629 \u200f", "e\u0301"])
def test_plain_text_is_accepted_as_typed(text):
    assert free_text_problem(text) is None and act_text_problem("other", text) is None
