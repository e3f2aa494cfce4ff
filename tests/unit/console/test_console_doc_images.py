"""docs/console.md's pictures: every screen ``make_doc_images.py`` takes is there in every language, 1920x1080, and
linked from the page; every picture the page links exists."""

from __future__ import annotations

import re
import struct

from tests.conftest import ROOT
from tests.unit.console.make_doc_images import LANGUAGES, SCREENS, picture

DOCS = ROOT / "docs"


def _size(path) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def test_every_screen_is_pictured_in_every_language_and_linked():
    page = (DOCS / "console.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\((img/[^)\s]+\.png)\)", page))
    missing = [f"{lang} {name}" for lang in LANGUAGES for name in SCREENS
               if not picture(DOCS / "img", name, lang).is_file()]
    assert not missing, f"not taken: {missing} (python tests/unit/console/make_doc_images.py docs/img)"
    unlinked = [str(picture(DOCS / "img", name, lang).relative_to(DOCS)) for lang in LANGUAGES for name in SCREENS]
    assert not [p for p in unlinked if p not in linked], "pictures docs/console.md does not link"
    assert [p for p in sorted(linked) if not (DOCS / p).is_file()] == []
    sizes = {f"{lang} {name}": _size(picture(DOCS / "img", name, lang)) for lang in LANGUAGES for name in SCREENS}
    assert {size for size in sizes.values()} == {(1920, 1080)}, sizes
