"""Write the generated parts of the table machine's documentation: ``python -m dealer_station.cli.statechart``.

docs/controller.md gets its transitions, state groups and dispatch tables (between the markers of
:data:`dealer_station.domain.statechart.BEGIN` and ``END``); docs/table-states.md its state diagram (Mermaid).
``tests/unit/domain/test_statechart.py`` fails when either differs from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dealer_station.domain.statechart import diagram_page, render_block, replace_block

__all__ = ["DOCS", "write"]

DOCS = Path(__file__).resolve().parents[2] / "docs"
"""The project's docs folder."""


def write(docs: Path = DOCS) -> list[Path]:
    """Rewrite the generated parts under ``docs``; return the files changed. Raises OSError, ValueError."""
    changed = []
    controller = docs / "controller.md"
    page = controller.read_text(encoding="utf-8")
    new = replace_block(page, render_block())
    if new != page:
        controller.write_text(new, encoding="utf-8")
        changed.append(controller)
    diagram = docs / "table-states.md"
    text = diagram_page()
    if not diagram.exists() or diagram.read_text(encoding="utf-8") != text:
        diagram.write_text(text, encoding="utf-8")
        changed.append(diagram)
    return changed


if __name__ == "__main__":
    for path in write():
        sys.stdout.write(f"wrote {path}\n")
