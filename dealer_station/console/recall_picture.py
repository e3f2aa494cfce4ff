"""One round's record drawn as a picture, offscreen (``dealer-station recall ROUND_ID --png FILE``).

A plain, printable page: the round's id, dealer and times; both hands as card faces with the totals in
the result banner's order; a result bar in the winner's colour with the winner's name in words (colour
is never the only signal); then the incidents, acts and every scan in words. Colours are the roads
board's (:data:`dealer_station.console.roads_view.COLOURS`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPen

from dealer_station.app.record_words import (
    act_words,
    card_face,
    flag_words,
    incident_words,
    plain,
    reason_words,
    resolution_words,
    result_words,
    scan_words,
    seconds_words,
    status_words,
    time_words,
)
from dealer_station.app.records import RoundHistory
from dealer_station.console.roads_view import COLOURS, _ensure_gui_app
from dealer_station.domain.facts import RoundStatus

__all__ = ["CARD_SIZE", "WIDTH", "card_rects", "hand_caption", "render_round_png", "result_bar_rect", "result_colour"]

translate = QCoreApplication.translate

WIDTH = 1200
"""Width of the picture, pixels."""

CARD_SIZE = (120, 168)
"""A card face's width and height, pixels."""

_MARGIN = 40
_HANDS_TOP = 150
_LINE = 26
_FAMILY = "DejaVu Sans"


def hand_caption(hand: str, total: int | None) -> str:
    """The caption over a hand's cards, in the words of the language installed (the console's recall says the
    same): ``"Player (total 5)"``, ``"Banker"`` while it has no total. ``hand``: ``"player"`` or ``"banker"``.
    """
    name = translate("RecallTab", "Player") if hand == "player" else translate("RecallTab", "Banker")
    if total is None:
        return name
    words = translate("RecallTab", "total %1").replace("%1", str(total))
    return f"{name}   ({words})"


def result_colour(rnd: RoundHistory) -> str:
    """The result bar's colour: the winner's (banker red, player blue, tie green), grey for a void or an open round."""
    winner = str(rnd.result.winner or "") if rnd.result else ""
    return {"banker": COLOURS["banker"], "player": COLOURS["player"], "tie": COLOURS["tie"]}.get(winner, "#777777")


def card_rects() -> dict[str, QRectF]:
    """Where each dealt position's card face is drawn (``{"player1": QRectF, ...}``): Player on the left,
    Banker on the right, three slots each, in deal order.
    """
    w, h = CARD_SIZE
    out = {}
    for hand, left in (("player", _MARGIN), ("banker", WIDTH // 2 + 20)):
        for i in range(3):
            out[f"{hand}{i + 1}"] = QRectF(left + i * (w + 16), _HANDS_TOP + 40, w, h)
    return out


def result_bar_rect() -> QRectF:
    """Where the result bar (the winner's colour, the result in words) is drawn."""
    return QRectF(_MARGIN, _HANDS_TOP + 40 + CARD_SIZE[1] + 24, WIDTH - 2 * _MARGIN, 60)


def _font(pixels: int, bold: bool = False) -> QFont:
    f = QFont(_FAMILY)
    f.setPixelSize(pixels)
    f.setBold(bold)
    return f


def _lines(rnd: RoundHistory) -> list[tuple[str, str]]:
    """The text below the hands: ``(style, text)`` with style ``"head"`` or ``"body"``."""
    out: list[tuple[str, str]] = []
    if rnd.result is not None:
        out.append(("head", f"Flags: {', '.join(flag_words(rnd.result)) or 'none'}"))
    out.append(("head", "Incidents" if rnd.incidents else "Incidents: none"))
    for i in rnd.incidents:
        text = f"{time_words(i.ts)}  {incident_words(i)}"
        if i.detail:
            text += f"; {plain(i.detail)}"
        if i.evidence:
            text += f"; evidence {i.evidence}"
        if i.resolved_act:
            text += f"; resolved: {resolution_words(i)}"
        out.append(("body", text))
    out.append(("head", "Acts"))
    for a in rnd.acts:
        out.append(("body", f"{time_words(a.ts)}  {act_words(a, rnd.dealer)}"))
    out.append(("head", "Scans"))
    for s in rnd.scans:
        out.append(("body", f"{time_words(s.ts)}  {scan_words(s)}"))
    return out


def render_round_png(rnd: RoundHistory, path: str | Path) -> Path:
    """Draw one round's record into a PNG file (offscreen; replaced if it exists).

    Parameters
    ----------
    rnd : RoundHistory
        The round (:func:`dealer_station.app.record_fold.fold_journal`).
    path : str or Path
        The PNG file to write.

    Returns
    -------
    Path
        ``path``. The image is :data:`WIDTH` pixels wide and as tall as its lines need.

    Raises
    ------
    OSError
        When the file cannot be written.
    """
    path = Path(path)
    _ensure_gui_app()
    lines = [(style, part) for style, text in _lines(rnd)
             for part in _wrap(text, _font(22, True) if style == "head" else _font(18), WIDTH - 2 * _MARGIN)]
    text_top = _HANDS_TOP + 40 + CARD_SIZE[1] + 110
    height = text_top + _LINE * (len(lines) + 1) + _MARGIN
    image = QImage(WIDTH, height, QImage.Format_ARGB32)
    image.fill(QColor(COLOURS["paper"]))
    p = QPainter(image)
    try:
        p.setRenderHint(QPainter.Antialiasing)
        ink = QColor(COLOURS["ink"])
        p.setPen(ink)
        p.setFont(_font(34, True))
        p.drawText(QRectF(_MARGIN, 20, WIDTH - 2 * _MARGIN, 44), Qt.AlignLeft | Qt.AlignVCenter,
                   f"Round {rnd.round_id}")
        p.setFont(_font(20))
        status = status_words(rnd.status)
        day = (rnd.opened_at or rnd.ended_at or "")[:10]
        p.drawText(QRectF(_MARGIN, 66, WIDTH - 2 * _MARGIN, 28), Qt.AlignLeft | Qt.AlignVCenter,
                   f"Shoe {rnd.shoe}, round {rnd.round}, {status}; dealer {rnd.dealer_name}; {day} (UTC)")
        took = rnd.duration_seconds
        ended = "confirmed" if rnd.confirmed_at else "ended"
        p.drawText(QRectF(_MARGIN, 94, WIDTH - 2 * _MARGIN, 28), Qt.AlignLeft | Qt.AlignVCenter,
                   f"betting opened {_clock(rnd.opened_at)}, first card {_clock(rnd.first_card_at)}, "
                   f"{ended} {_clock(rnd.ended_at)}" + (f" ({seconds_words(took)} from the first card)"
                                                       if took is not None else ""))
        record = rnd.result
        player = list(record.player) if record else [c.card for c in rnd.cards if c.position.startswith("player")]
        banker = list(record.banker) if record else [c.card for c in rnd.cards if c.position.startswith("banker")]
        manual = {c.position for c in rnd.manual}
        rects = card_rects()
        for hand, cards, total, left in (("player", player, record.player_total if record else None, _MARGIN),
                                         ("banker", banker, record.banker_total if record else None,
                                          WIDTH // 2 + 20)):
            p.setPen(QColor(COLOURS[hand]))
            p.setFont(_font(26, True))
            caption = hand_caption(hand, total)
            p.drawText(QRectF(left, _HANDS_TOP, WIDTH // 2 - 60, 34), Qt.AlignLeft | Qt.AlignVCenter, caption)
            for i in range(3):
                position = f"{hand}{i + 1}"
                rect = rects[position]
                if i < len(cards):
                    _card(p, rect, cards[i], position in manual)
                else:
                    p.setPen(QPen(QColor(COLOURS["grid"]), 2, Qt.DashLine))
                    p.setBrush(Qt.NoBrush)
                    p.drawRoundedRect(rect, 10, 10)
        bar = result_bar_rect()
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(result_colour(rnd)))
        p.drawRoundedRect(bar, 8, 8)
        p.setPen(QColor("#ffffff"))
        p.setFont(_font(32, True))
        words = result_words(record)
        if record is not None and record.status == RoundStatus.VOIDED:
            words += f": {reason_words(record.reason)}" + (f" ({record.note})" if record.note else "")
        p.drawText(bar, Qt.AlignCenter, words)
        y = text_top
        for style, text in lines:
            p.setPen(ink if style == "body" else QColor(COLOURS["muted"]))
            p.setFont(_font(22, True) if style == "head" else _font(18))
            p.drawText(QRectF(_MARGIN, y, WIDTH - 2 * _MARGIN, _LINE), Qt.AlignLeft | Qt.AlignVCenter, text)
            y += _LINE
    finally:
        p.end()
    if not image.save(str(path), "PNG"):
        raise OSError(f"cannot write PNG image to {path}")
    return path


def _wrap(text: str, font: QFont, width: int) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` pixels; the lines after the first are
    indented. A word wider than the line is cut, never clipped.
    """
    metrics = QFontMetrics(font)
    indent = "        "
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if metrics.horizontalAdvance(trial) <= width or not line.strip():
            line = trial
        else:
            out.append(line)
            line = indent + word
        while metrics.horizontalAdvance(line) > width and len(line) > len(indent) + 1:
            cut = len(line) - 1
            while cut > len(indent) + 1 and metrics.horizontalAdvance(line[:cut]) > width:
                cut -= 1
            out.append(line[:cut])
            line = indent + line[cut:]
    out.append(line)
    return out


def _clock(ts: str | None) -> str:
    """``"2026-11-30T04:00:31.000000Z"`` → ``"04:00:31.000"``; None → ``"-"``."""
    return str(ts)[11:23] if ts and len(str(ts)) >= 23 else (ts or "-")


def _card(p: QPainter, rect: QRectF, token: str, manual: bool) -> None:
    """One card face: white, black border, rank and suit in red or black; ``BY HAND`` under a manual card."""
    p.setPen(QPen(QColor(COLOURS["ink"]), 3))
    p.setBrush(QColor("#ffffff"))
    p.drawRoundedRect(rect, 10, 10)
    face = card_face(token)
    red = face[-1:] in ("♥", "♦")
    p.setPen(QColor(COLOURS["banker"] if red else COLOURS["ink"]))
    p.setFont(_font(48, True))
    p.drawText(rect, Qt.AlignCenter, face)
    if manual:
        p.setPen(QColor(COLOURS["muted"]))
        p.setFont(_font(14, True))
        p.drawText(QRectF(rect.left(), rect.bottom() - 26, rect.width(), 22), Qt.AlignCenter, "BY HAND")
