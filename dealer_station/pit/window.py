"""The pit view's window (PySide6) and ``run_pit``, what ``dealer-station pit`` calls.

One card per table (online/offline, state, shoe and round, a small bead plate, an open pause, edge
alerts), and beside them the open pauses oldest first (marked ``OVERDUE`` in red with an icon once
they waited past the wait alert) and the edge alerts. Built to be read from two metres on a
1920×1080 screen; colour is never the only signal (every coloured state has a word and an icon).

Threads: the feed's network thread reads the messages (:class:`~dealer_station.pit.feed.PitFeed`) and
emits them on :attr:`Inbox.arrived`, a queued signal; the model (:class:`~dealer_station.pit.model.PitModel`)
is only touched on the GUI thread.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import structlog
from PySide6.QtCore import QObject, QRectF, QSize, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_station.console.roads_view import paint_bead_plate
from dealer_station.console.theme import COLORS, STYLE_SHEET
from dealer_station.domain.roads import compute_roads
from dealer_station.pit.feed import Connection, Delivery, PitFeed, Refused, Unreadable
from dealer_station.pit.model import PauseRow, PitModel, TableRow
from dealer_station.signing import TrustStore

__all__ = ["BeadPlate", "Inbox", "PitWindow", "TableCard", "run_pit"]

log = structlog.get_logger(__name__)

REFRESH_MS = 500
"""How often the window redraws what changed and the waiting times (milliseconds)."""

BROKER_LINE = 640
"""The widest the header's broker line gets before it wraps (pixels)."""

PLATE_CELL = 34
"""Bead plate cell size (pixels): 6 rows, about 13 columns in a card of a 2 × 2 grid at 1920 × 1080."""

PIT_STYLE = STYLE_SHEET + f"""
QFrame#tableCard {{ background: {COLORS['panel']}; border: 3px solid {COLORS['panel_edge']}; border-radius: 14px; }}
QFrame#tableCardOffline {{ background: #1a1a1a; border: 3px solid {COLORS['danger']}; border-radius: 14px; }}
QFrame#tableCardPaused {{ background: {COLORS['panel']}; border: 4px solid {COLORS['alert']}; border-radius: 14px; }}
QLabel#tableId {{ color: {COLORS['gold']}; font-size: 46px; font-weight: bold; }}
QLabel#online {{ color: #06100b; background: {COLORS['ok']}; border-radius: 8px; padding: 2px 14px;
                 font-size: 28px; font-weight: bold; }}
QLabel#offline {{ color: #ffffff; background: {COLORS['danger']}; border-radius: 8px; padding: 2px 14px;
                  font-size: 28px; font-weight: bold; }}
QLabel#nostatus {{ color: #06100b; background: {COLORS['muted']}; border-radius: 8px; padding: 2px 14px;
                   font-size: 28px; font-weight: bold; }}
QLabel#stationDetail {{ color: {COLORS['muted']}; font-size: 22px; }}
QLabel#state {{ color: {COLORS['text']}; font-size: 32px; font-weight: bold; }}
QLabel#stateStale {{ color: {COLORS['muted']}; font-size: 32px; font-weight: bold; font-style: italic; }}
QLabel#shoeRound {{ color: {COLORS['text']}; font-size: 28px; }}
QLabel#shoeRoundStale {{ color: {COLORS['muted']}; font-size: 28px; font-style: italic; }}
QLabel#pause {{ color: {COLORS['alert']}; background: {COLORS['alert_bg']}; border: 3px solid {COLORS['alert']};
                border-radius: 10px; padding: 6px 10px; font-size: 26px; font-weight: bold; }}
QLabel#pauseOverdue {{ color: #ffffff; background: {COLORS['danger_bg']}; border: 4px solid {COLORS['danger']};
                       border-radius: 10px; padding: 6px 10px; font-size: 26px; font-weight: bold; }}
QLabel#edge {{ color: {COLORS['gold']}; font-size: 24px; font-weight: bold; }}
QLabel#alert {{ color: {COLORS['alert']}; font-size: 22px; }}
QLabel#heading {{ color: {COLORS['gold']}; font-size: 30px; font-weight: bold; letter-spacing: 1px; }}
QLabel#header {{ color: {COLORS['text']}; font-size: 34px; font-weight: bold; }}
QLabel#broker {{ color: {COLORS['muted']}; font-size: 24px; }}
QLabel#brokerDown {{ color: #ffffff; background: {COLORS['danger']}; border-radius: 8px; padding: 2px 12px;
                     font-size: 24px; font-weight: bold; }}
QLabel#empty {{ color: {COLORS['muted']}; font-size: 24px; }}
"""
"""The console's style sheet plus the pit view's own labels."""

WARN = "\u26a0"      # ⚠
DOT = "\u25cf"       # ●
CROSS = "\u2716"     # ✖
UP = "\u25b2"        # ▲


class Inbox(QObject):
    """Carries what the feed's network thread reads to the GUI thread: :meth:`deliver` emits a queued signal."""

    arrived = Signal(object)

    def deliver(self, item: object) -> None:
        """Thread-safe: called on the feed's network thread."""
        self.arrived.emit(item)


def _label(text: str, name: str, *, wrap: bool = False) -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(wrap)
    if wrap:   # a long word (an id, a time) wraps or is cut at the card's edge: it never widens the window
        label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
    label.setTextFormat(Qt.PlainText)
    return label


def _set_name(widget: QWidget, name: str) -> None:
    if widget.objectName() != name:
        widget.setObjectName(name)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


class BeadPlate(QWidget):
    """The current shoe's bead plate, small (6 rows; the latest columns that fit)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._roads = compute_roads(())
        self._key: tuple = ()
        self.setFixedHeight(6 * PLATE_CELL + 2)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.setAccessibleName("Bead plate")

    def set_beads(self, beads: Sequence) -> None:
        """Show ``beads`` (the bead plate's marks, oldest first); repainted only when they changed."""
        key = tuple(beads)
        if key != self._key:
            self._key = key
            self._roads = compute_roads(beads)
            self.setAccessibleDescription("".join(m.winner for m in beads) or "no results yet")
            self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        """Six bead-plate rows high."""
        return QSize(600, 6 * PLATE_CELL + 2)

    def paintEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt API)
        """Paint the bead plate into the widget."""
        painter = QPainter(self)
        try:
            paint_bead_plate(painter, QRectF(self.rect()).adjusted(1, 1, -1, -1), self._roads)
        finally:
            painter.end()


class TableCard(QFrame):
    """One table: id, ONLINE/OFFLINE, state, shoe and round, an open pause, edge alerts, bead plate."""

    def __init__(self, table_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.setObjectName("tableCard")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(16, 10, 16, 12)
        lay.setSpacing(6)
        top = QHBoxLayout()
        self.name = _label(f"Table {table_id}", "tableId")
        self.station = _label("", "nostatus")
        top.addWidget(self.name)
        top.addStretch(1)
        top.addWidget(self.station)
        lay.addLayout(top)
        self.detail = _label("", "stationDetail", wrap=True)
        self.state = _label("", "state", wrap=True)
        self.shoe_round = _label("", "shoeRound", wrap=True)   # "Last known: " makes it long
        self.pause = _label("", "pause", wrap=True)
        self.edges = _label("", "edge", wrap=True)
        self.alert = _label("", "alert", wrap=True)
        self.beads = BeadPlate()
        for w in (self.detail, self.state, self.shoe_round, self.pause, self.edges, self.alert):
            lay.addWidget(w)
        lay.addStretch(1)
        lay.addWidget(self.beads)

    def show_row(self, row: TableRow) -> None:
        """Show one table's row of the pit model: online state, pause, edges and beads."""
        if row.online is True:
            self.station.setText(f"{DOT} ONLINE")
            _set_name(self.station, "online")
        elif row.online is False:
            self.station.setText(f"{CROSS} OFFLINE")
            _set_name(self.station, "offline")
        else:
            self.station.setText(f"? {row.station}")
            _set_name(self.station, "nostatus")
        self.detail.setText(row.station_detail)
        self.detail.setVisible(bool(row.station_detail))
        self.state.setText(row.state)
        _set_name(self.state, "stateStale" if row.stale else "state")
        self.shoe_round.setText(f"{row.shoe}  ·  {row.round}")
        _set_name(self.shoe_round, "shoeRoundStale" if row.stale else "shoeRound")
        pause = row.pause
        if pause is not None:
            mark = f"{WARN} OVERDUE: " if pause.overdue else f"{WARN} "
            self.pause.setText(f"{mark}{pause.incident}\n{_waiting_words(pause)}")
            _set_name(self.pause, "pauseOverdue" if pause.overdue else "pause")
        self.pause.setVisible(pause is not None)
        last_known = "last known: " if row.stale else ""
        self.edges.setText("\n".join(f"{UP} EDGE {last_known}{e.text}" for e in row.edges))
        self.edges.setVisible(bool(row.edges))
        alert = "\n".join(a for a in (row.unverified, row.alert) if a)
        self.alert.setText(f"{WARN} {alert}" if alert else "")
        self.alert.setVisible(bool(alert))
        self.beads.set_beads(row.beads)
        _set_name(self, "tableCardOffline" if row.online is False else
                  "tableCardPaused" if pause is not None else "tableCard")


def _waiting_words(p: PauseRow) -> str:
    """``"waiting 2 min 05 s"``; for an offline station's pause, said to be the last known."""
    if p.stale:
        return f"last known: waiting {p.waited_text} (station offline)"
    return f"waiting {p.waited_text}"


def _pause_text(n: int, p: PauseRow) -> str:
    where = f", round {p.round_number}" if p.round_number is not None else ""
    head = f"{WARN} OVERDUE" if p.overdue else "WAITING"
    if p.stale:
        head += " (last known: station offline)"
    detail = f"\n{p.detail}" if p.detail else ""
    return f"{n}. Table {p.table_id}{where}\n{head}: {p.waited_text}\n{p.incident}{detail}"


class PitWindow(QWidget):
    """The pit view. Feed it through :attr:`inbox` (any thread); it redraws every :data:`REFRESH_MS`.

    Parameters
    ----------
    model : PitModel
        The pure model; only this window's GUI thread touches it.
    broker : str
        The broker's address (the first of the list, and how many more), shown in the header while none is
        connected (then the one connected is).
    clock : callable, optional
        The wall clock, seconds since the epoch (default ``time.time``); tests step it.
    """

    def __init__(self, model: PitModel, broker: str = "", *, clock: Callable[[], float] = time.time,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.broker = broker
        self.clock = clock
        self.connection = Connection(False, False, "connecting")
        self.received = 0
        self.off_thread = 0
        """Messages taken on another thread than the window's (never expected: the signal is queued)."""
        self.last_message_at = 0.0
        self.setWindowTitle("dealer-station pit")
        self.setStyleSheet(PIT_STYLE)
        self.inbox = Inbox()
        self.inbox.arrived.connect(self._take, Qt.QueuedConnection)
        self._cards: dict[str, TableCard] = {}
        self._columns = 0

        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(10)
        head = QHBoxLayout()
        self.header = _label("PIT", "header")
        self.broker_label = _label("", "broker", wrap=True)   # a long address wraps: the window stays its size
        self.clock_label = _label("", "header")
        head.addWidget(self.header)
        head.addStretch(1)
        head.addWidget(self.broker_label)
        head.addSpacing(24)
        head.addWidget(self.clock_label)
        root.addLayout(head)

        body = QHBoxLayout()
        body.setSpacing(14)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(12)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setWidget(self.grid_host)
        body.addWidget(scroll, 3)

        side = QFrame()
        side.setObjectName("panel")
        side.setMinimumWidth(520)
        side.setMaximumWidth(640)
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(14, 10, 14, 10)
        side_lay.addWidget(_label(f"{WARN} PAUSED TABLES", "heading", wrap=True))
        side_lay.addWidget(_label("waiting for a supervisor, oldest first", "stationDetail", wrap=True))
        self.pause_list = QVBoxLayout()
        side_lay.addLayout(self.pause_list)
        side_lay.addSpacing(18)
        side_lay.addWidget(_label(f"{UP} EDGE ALERTS", "heading", wrap=True))
        self.edge_list = QVBoxLayout()
        side_lay.addLayout(self.edge_list)
        side_lay.addStretch(1)
        body.addWidget(side, 1)
        root.addLayout(body, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()

    # ------------------------------------------------------------------ input (GUI thread)
    def _take(self, item: object) -> None:
        if QThread.currentThread() is not self.thread():
            self.off_thread += 1
        if isinstance(item, Delivery):
            self.received += 1
            self.last_message_at = time.monotonic()
            try:
                self.model.apply(item.message, item.received, retained=item.retained)
            except Exception as err:  # noqa: BLE001 - one strange message never stops the pit's screen
                self.model.bad(item.message.table_id)
                log.error("pit_message_not_applied", table_id=item.message.table_id, kind=item.message.kind,
                          error=f"{type(err).__name__}: {err}")
        elif isinstance(item, Unreadable):
            self.model.bad(item.table_id)
        elif isinstance(item, Refused):
            self.model.refused(item.table_id, item.kind, item.reason)
        elif isinstance(item, Connection):
            self.connection = item

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw from the model at the clock's now."""
        now = self.clock()
        rows = self.model.rows(now)
        self._layout_cards([r.table_id for r in rows])
        for row in rows:
            self._cards[row.table_id].show_row(row)
        pauses = self.model.pauses(now)
        self._fill(self.pause_list, [(_pause_text(i, p), "pauseOverdue" if p.overdue else "pause")
                                     for i, p in enumerate(pauses, 1)], "no table is waiting")
        self._fill(self.edge_list, [(f"Table {e.table_id}: {e.text}", "edge") for e in self.model.edges()],
                   "no edge alert")
        online = sum(r.online is True for r in rows)
        offline = sum(r.online is False for r in rows)
        unknown = len(rows) - online - offline
        parts = [f"PIT: {len(rows)} table{'s' if len(rows) != 1 else ''}", f"{online} online"]
        if offline:
            parts.append(f"{offline} OFFLINE")
        if unknown:
            parts.append(f"{unknown} no status yet")
        if pauses:
            parts.append(f"{len(pauses)} waiting")
        self.header.setText(" · ".join(parts))
        c = self.connection
        if c.connected:
            fallback = " (fallback: the first of the list does not answer)" if c.fallback else ""
            self.broker_label.setText(f"broker {c.broker or self.broker}{fallback}: connected")
            _set_name(self.broker_label, "broker")
        else:
            self.broker_label.setText(f"{CROSS} broker {self.broker}: NOT CONNECTED, retrying")
            _set_name(self.broker_label, "brokerDown")
        # on one line when it fits beside the counts, wrapped when longer: the window keeps its size
        label = self.broker_label
        label.setMinimumWidth(min(BROKER_LINE, label.fontMetrics().horizontalAdvance(label.text()) + 32))
        self.clock_label.setText(time.strftime("%H:%M:%S", time.localtime(now)))

    def _layout_cards(self, table_ids: list[str]) -> None:
        n = len(table_ids)
        columns = 1 if n <= 1 else 2 if n <= 4 else 3 if n <= 9 else 4
        if set(table_ids) == set(self._cards) and columns == self._columns:
            return
        for card in self._cards.values():
            self.grid.removeWidget(card)
        for table_id in table_ids:
            if table_id not in self._cards:
                self._cards[table_id] = TableCard(table_id)
        for i, table_id in enumerate(table_ids):
            self.grid.addWidget(self._cards[table_id], i // columns, i % columns)
        self._columns = columns
        if not table_ids:
            self.grid.addWidget(_label("No table yet: waiting for the stations' status on the broker", "empty"),
                                0, 0)

    @staticmethod
    def _fill(layout: QVBoxLayout, items: list[tuple[str, str]], empty: str) -> None:
        """Show ``items`` (text, style name) as the labels of ``layout``, reusing those of the same style."""
        items = items or [(empty, "empty")]
        for i, (text, name) in enumerate(items):
            old = layout.itemAt(i).widget() if i < layout.count() else None
            if old is not None and old.objectName() == name:
                old.setText(text)
                old.show()
                continue
            label = _label(text, name, wrap=True)
            if old is None:
                layout.addWidget(label)
            else:       # a new label: a restyled one keeps its old padding (Qt caches the style's margins)
                layout.replaceWidget(old, label)
                old.hide()
                old.deleteLater()
            label.show()        # a child made after its window was shown stays hidden until told
        for i in range(len(items), layout.count()):
            layout.itemAt(i).widget().hide()

    def card(self, table_id: str) -> TableCard:
        """The card of ``table_id`` (KeyError before the table was seen)."""
        return self._cards[table_id]

    def pause_texts(self) -> list[str]:
        """The texts of the pause list, top (oldest) first."""
        labels = [self.pause_list.itemAt(i).widget() for i in range(self.pause_list.count())]
        return [w.text() for w in labels if not w.isHidden() and w.objectName() != "empty"]

    def save_png(self, path: str | Path) -> Path:
        """Write the window as it is drawn into a PNG file; OSError when it cannot be written."""
        self.refresh()
        QApplication.processEvents()
        if not self.grab().save(str(path), "PNG"):
            raise OSError(f"cannot write PNG image to {path}")
        return Path(path)


def _quit_on_signals(app) -> None:
    """SIGINT and SIGTERM close the pit view (exit 0). A timer wakes the interpreter a few times a
    second so Python runs the handler while Qt's event loop runs.
    """
    import signal

    def stop(signum, _frame) -> None:  # noqa: ANN001
        log.info("pit_signal", signal=signum)
        app.quit()

    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(sig, stop)
        except (ValueError, OSError):  # not the main thread
            pass
    wake = QTimer(app)
    wake.setInterval(200)
    wake.timeout.connect(lambda: None)
    wake.start()


def _application():
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("dealer-station pit")
    return app


def run_pit(config, tables: Sequence[str] | None = None, *, wait_alert_seconds: float, screenshot: str | None = None,
            screenshot_wait: float = 10.0, size: tuple[int, int] = (1920, 1080), fullscreen: bool = False,
            on_ready: Callable[[PitFeed], None] | None = None, trust: TrustStore | None = None) -> int:
    """Open the pit view on ``config``'s broker (and its fallbacks, in order); return the exit status.

    With ``screenshot`` (a PNG path): connect, wait until every named table's status arrived (no
    table named: the broker's retained statuses, then one second without a message), at most
    ``screenshot_wait`` seconds, write the window and return 0 (1 when the broker could not be
    reached or a named table sent no status in time: the picture is still written). ``trust``: the public keys
    trusted per table (``--trust DIR``); a message not signed by its table's key is refused and the table marked
    UNVERIFIED.

    Raises
    ------
    BrokerConfigError
        A table id that cannot name a topic.
    ValueError
        ``wait_alert_seconds`` not > 0.
    OSError
        The PNG cannot be written.
    """
    app = _application()
    model = PitModel(tables, wait_alert_seconds=wait_alert_seconds)
    more = len(config.fallbacks)
    window = PitWindow(model, config.url + (f" (or {more} more)" if more else ""))
    window.broker_label.setToolTip("\n".join(config.urls))
    feed = PitFeed(config, window.inbox.deliver, tables, trust=trust)
    window.resize(*size)
    if fullscreen and not screenshot:
        window.showFullScreen()
    else:
        window.show()
    feed.start()
    if on_ready is not None:
        on_ready(feed)
    try:
        if not screenshot:
            _quit_on_signals(app)
            return int(app.exec())
        deadline = time.monotonic() + screenshot_wait
        subscribed_at = None

        def ready() -> bool:
            nonlocal subscribed_at
            if not window.connection.subscribed:
                return False
            subscribed_at = subscribed_at or time.monotonic()
            if tables and not all(model.has_status(t) for t in tables):
                return False
            quiet_since = max(subscribed_at, window.last_message_at)
            return time.monotonic() - quiet_since >= 1.0

        while time.monotonic() < deadline and not ready():
            app.processEvents()
            time.sleep(0.01)
        ok = ready()
        window.save_png(screenshot)
        missing = [t for t in tables or () if not model.has_status(t)]
        log.info("pit_screenshot_saved", path=screenshot, tables=len(model.table_ids()),
                 subscribed=window.connection.subscribed, missing=missing)
        return 0 if ok or (window.connection.subscribed and not missing) else 1
    finally:
        feed.stop()
        window.timer.stop()
        window.close()
