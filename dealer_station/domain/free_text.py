"""Free text a person types for the record (a supervisor's reason and note): what is accepted.

Rule source: docs/rules.md §5 (every supervisor act carries a reason and a note) and docs/design.md "Users".
A reason or a note is there to be read later by someone else; text nobody can read is no reason.
Pure functions, no I/O.

* **Blank** text is refused: empty, or made only of characters that show nothing — white space
  and separators (Unicode Zs, Zl, Zp), control characters (Cc: NUL, ESC, DEL, the C1 range),
  format characters (Cf: zero-width space U+200B, zero-width joiner, byte order mark U+FEFF,
  direction marks), marks with no letter to sit on (M*), unassigned, private-use and surrogate
  code points (Cn, Co, Cs), the blank "letters" (Hangul fillers, Braille blank) and terminal
  escape sequences (``ESC [ … m`` and the like: their printable tail is not text either).
* **Control characters** (Cc other than tab, line feed and carriage return) are refused anywhere
  in the text, even next to visible words: NUL truncates the text in C programs, ESC sequences
  rewrite a terminal that shows the journal or the log. Format characters inside visible text
  stay (an emoji's zero-width joiner, a right-to-left mark in an Arabic note).

Visible text is kept as typed: nothing is stripped or rewritten.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["BLANK_LETTERS", "act_text_problem", "free_text_problem", "is_blank"]

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u180e")
"""Characters whose category says letter, symbol or mark but which draw nothing (Hangul fillers,
the Braille blank, the combining grapheme joiner, the Mongolian vowel separator)."""

_INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cn", "Co", "Cs", "Mn", "Mc", "Me"})

_ESCAPE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"                     # CSI: ESC [ params final (colours, cursor, clear)
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|$)"  # OSC/DCS/SOS/PM/APC … BEL or ST
    r"|\x1b[ -/]*[0-~]",                                    # two-character escapes (ESC c, ESC ( B, …)
    re.DOTALL,
)

_ALLOWED_CONTROLS = frozenset("\t\n\r")


def is_blank(text: object) -> bool:
    r"""True when ``text`` shows nothing a reader could read.

    Parameters
    ----------
    text:
        Any value; only a ``str`` can be non-blank (None, numbers and bytes are blank).

    Returns
    -------
    bool
        True for ``""``, ``"  "``, ``"\u200b"``, ``"\x00"``, ``"\x1b[2J"``, ``"\ufeff\u200d"`` …;
        False as soon as one visible character remains once escape sequences are taken out.
    """
    if not isinstance(text, str):
        return True
    rest = _ESCAPE.sub("", text)
    return not any(ch not in BLANK_LETTERS and unicodedata.category(ch) not in _INVISIBLE_CATEGORIES
                   for ch in rest)


def free_text_problem(text: object, what: str = "the note") -> str | None:
    """Why ``text`` cannot be recorded as a reason or a note, or None when it can.

    Parameters
    ----------
    text:
        The typed text (a ``str``; anything else is blank).
    what:
        How the text is named in the answer (``"the note"``, ``"the reason code"``).

    Returns
    -------
    str or None
        ``"the note is blank: type what happened in words"`` for blank text (see :func:`is_blank`),
        ``"the note holds a control character (U+001B): type plain text"`` for a control character
        other than tab, line feed and carriage return; None when the text is accepted as typed.
    """
    if is_blank(text):
        return f"{what} is blank: type what happened in words"
    for ch in str(text):
        if unicodedata.category(ch) == "Cc" and ch not in _ALLOWED_CONTROLS:
            return f"{what} holds a control character (U+{ord(ch):04X}): type plain text"
    return None


def act_text_problem(reason: object, note: object) -> str | None:
    """Why a supervisor act's ``reason`` code and ``note`` cannot be recorded, or None when both can.

    Missing or blank text gives ``"a reason code and a note are required"`` with the reason why
    (``"...: the note is blank: ..."``); a control character names the character
    (see :func:`free_text_problem`).
    """
    for text, what in ((reason, "the reason code"), (note, "the note")):
        problem = free_text_problem(text, what)
        if problem is not None:
            if is_blank(text):
                return f"a reason code and a note are required: {problem}"
            return problem
    return None
