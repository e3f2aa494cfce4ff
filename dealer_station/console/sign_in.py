"""Who is at the table: the dealer's sign-in screen and the badge reader.

A dealer signs in before betting can open (the controller refuses ``new_shoe`` and ``open_betting``
while nobody is signed in, :meth:`dealer_station.app.controller.Controller.sign_in`): the dealer id and
the PIN on the touch keypad, or a dealer badge. The shift rotation is the same sign-in, between rounds:
the next dealer signs in and replaces the one before (journaled).

Dealer badge (:data:`BADGE_PREFIX`): a barcode or card reader that acts as a keyboard types one line,
``DLR:`` then the dealer id (an account name: 1-32 letters, digits, ``_ . -``), then Enter, e.g.
``DLR:ana⏎``. The console reads it wherever the focus is (:class:`BadgeReader`); with
``[console] badge_signs_in = true`` the badge alone signs the dealer in, otherwise it fills the dealer id
and the PIN is asked. A ``D`` typed alone (the DRAW CARD key) still draws, a moment later.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_station.console.theme import COLORS
from dealer_station.domain.staff import Role, SignInMethod

__all__ = ["BADGE_PREFIX", "BadgeReader", "FirstAccountsDialog", "SignInScreen", "parse_badge"]

BADGE_PREFIX = "DLR:"
"""What a dealer badge's line starts with; the dealer id follows (``DLR:ana``)."""

_BADGE = re.compile(r"^DLR:([A-Za-z0-9_.-]{1,32})$")

BADGE_GAP_MS = 150
"""A badge reader types fast: a key of a badge comes within this many milliseconds of the one before."""


def parse_badge(text: str) -> str | None:
    """The dealer id of a badge line (``"DLR:ana"`` → ``"ana"``; surrounding blanks ignored), else None."""
    match = _BADGE.match(str(text or "").strip())
    return match.group(1) if match else None


class BadgeReader(QObject):
    """Reads dealer badges typed by a keyboard-wedge reader anywhere in ``window``.

    Installed on the application; keys that start a badge (``D``, then ``L``, ``R``, ``:``, then the id)
    are held back from the window's shortcuts, and Enter at the end emits :attr:`badge` with the id. Keys
    that turn out not to be a badge (a pause longer than :data:`BADGE_GAP_MS`, another key) are given back:
    typed into the line edit that has the focus, or, for a ``D`` alone, handed to ``on_plain_d`` (the
    DRAW CARD key).
    """

    badge = Signal(str)

    def __init__(self, window: QWidget, on_plain_d: Callable[[], None] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.on_plain_d = on_plain_d
        self.buffer = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(BADGE_GAP_MS)
        self._timer.timeout.connect(self.give_back)

    def _ours(self, obj: QObject) -> bool:
        return isinstance(obj, QWidget) and obj.window() is self.window and self.window.isActiveWindow()

    def _continues(self, text: str) -> bool:
        candidate = self.buffer + text
        if len(candidate) <= len(BADGE_PREFIX):
            return BADGE_PREFIX.startswith(candidate)
        return bool(re.fullmatch(r"DLR:[A-Za-z0-9_.-]{1,32}", candidate))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Hold back the keys that may start a badge (``DLR:...``) and emit :attr:`badge` at its Enter; True: taken."""
        if type(event) is not QKeyEvent:  # every event of the application comes here: the others leave at once
            return False
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) or not self._ours(obj):
            return False
        key, text = event.key(), event.text()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if not self.buffer:
                return False
            if kind == QEvent.Type.ShortcutOverride:
                event.accept()
                return True
            user = parse_badge(self.buffer)
            if user is None:
                self.give_back()
                return False
            self._timer.stop()
            self.buffer = ""
            self.badge.emit(user)
            return True
        if not text or not text.isprintable() or not self._continues(text):
            if self.buffer and kind == QEvent.Type.KeyPress:
                self.give_back()
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()  # no shortcut for a key of a badge; the key press follows
            return True
        self.buffer += text
        self._timer.start()
        return True

    def give_back(self) -> None:
        """Keys held as the start of a badge that was not one: typed where the focus is, or DRAW for ``D``."""
        self._timer.stop()
        held, self.buffer = self.buffer, ""
        if not held:
            return
        from PySide6.QtWidgets import QApplication

        focus = QApplication.focusWidget()
        if isinstance(focus, QLineEdit) and focus.window() is self.window:
            focus.insert(held)
        elif held == "D" and self.on_plain_d is not None:
            self.on_plain_d()


def _label(text: str = "", name: str | None = None) -> QLabel:
    lab = QLabel(text)
    if name:
        lab.setObjectName(name)
    lab.setWordWrap(True)
    return lab


class SignInScreen(QWidget):
    """The dealer's sign-in: dealer id, PIN (touch keypad or keyboard), a badge; sign out; back.

    Signals
    -------
    sign_in_requested(str, str, str)
        ``(dealer id, PIN, how)``: ``how`` is ``"pin"``, or ``"badge"`` when the id came from a badge.
    sign_out_requested()
        The dealer signs out (the table then waits for the next dealer).
    back_requested()
        Back to the dealer screen (only while a dealer is signed in).
    """

    sign_in_requested = Signal(str, str, str)
    sign_out_requested = Signal()
    back_requested = Signal()
    create_accounts_requested = Signal()

    def __init__(self, parent: QWidget | None = None, *, badge_signs_in: bool = False) -> None:
        super().__init__(parent)
        self.badge_signs_in = badge_signs_in
        self._how = SignInMethod.PIN
        root = QVBoxLayout(self)
        root.setContentsMargins(60, 40, 60, 40)
        root.setSpacing(18)
        title = _label(self.tr("DEALER SIGN-IN"))
        title.setStyleSheet(f"color: {COLORS['gold']}; font-size: 64px; font-weight: bold;")
        root.addWidget(title)
        self.who = _label("", None)
        self.who.setStyleSheet("font-size: 36px; font-weight: bold;")
        root.addWidget(self.who)
        self.accounts_note = _label("", "hint")
        self.accounts_note.setStyleSheet(f"color: {COLORS['alert']}; font-size: 28px;")
        self.accounts_note.hide()
        root.addWidget(self.accounts_note)
        self.help = _label(self.tr("Type your dealer id and PIN, or scan your dealer badge."), "hint")
        self.help.setStyleSheet("font-size: 28px;")
        root.addWidget(self.help)

        row = QHBoxLayout()
        row.setSpacing(16)
        self.user_edit = QLineEdit()
        self.user_edit.setPlaceholderText(self.tr("dealer id"))
        self.user_edit.setMinimumWidth(420)
        self.user_edit.setStyleSheet("font-size: 40px;")
        self.user_edit.returnPressed.connect(self._user_entered)
        self.user_edit.textEdited.connect(lambda _t: self._set_how(SignInMethod.PIN))
        self.pin_edit = QLineEdit()
        self.pin_edit.setPlaceholderText(self.tr("PIN"))
        self.pin_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_edit.setMinimumWidth(300)
        self.pin_edit.setStyleSheet("font-size: 40px;")
        self.pin_edit.returnPressed.connect(self.submit)
        row.addWidget(self.user_edit)
        row.addWidget(self.pin_edit)
        row.addStretch(1)
        root.addLayout(row)

        pad = QHBoxLayout()
        pad.setSpacing(10)
        self.keypad_buttons: dict[str, QPushButton] = {}
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫"):
            btn = QPushButton(key)
            btn.setFixedSize(110, 100)
            btn.setStyleSheet("font-size: 40px;")
            btn.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            btn.clicked.connect(lambda _=False, k=key: self.key_pin(k))
            self.keypad_buttons[key] = btn
            pad.addWidget(btn)
        pad.addStretch(1)
        root.addLayout(pad)

        buttons = QHBoxLayout()
        buttons.setSpacing(16)
        self.sign_in_button = QPushButton(self.tr("SIGN IN"))
        self.sign_in_button.setMinimumSize(320, 100)
        self.sign_in_button.setStyleSheet("font-size: 36px; font-weight: bold;")
        self.sign_in_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.sign_in_button.clicked.connect(self.submit)
        self.sign_out_button = QPushButton(self.tr("SIGN OUT"))
        self.sign_out_button.setMinimumSize(320, 100)
        self.sign_out_button.setStyleSheet("font-size: 36px;")
        self.sign_out_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.sign_out_button.clicked.connect(self.sign_out_requested)
        self.back_button = QPushButton(self.tr("DEALER SCREEN") + "  [Esc]")
        self.back_button.setMinimumSize(320, 100)
        self.back_button.setStyleSheet("font-size: 30px;")
        self.back_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.back_button.clicked.connect(self.back_requested)
        self.create_button = QPushButton(self.tr("CREATE THE FIRST ACCOUNTS"))
        self.create_button.setMinimumSize(320, 100)
        self.create_button.setStyleSheet("font-size: 30px;")
        self.create_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.create_button.clicked.connect(self.create_accounts_requested)
        self.create_button.hide()
        for b in (self.sign_in_button, self.sign_out_button, self.back_button, self.create_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        root.addLayout(buttons)
        self.message = _label("", None)
        self.message.setStyleSheet("font-size: 30px;")
        root.addWidget(self.message)
        root.addStretch(1)
        self.show_dealer(None, None)

    # ------------------------------------------------------------------ input
    def _set_how(self, how: str) -> None:
        self._how = how

    def key_pin(self, key: str) -> None:
        """A keypad key: a digit is added to the PIN, ``⌫`` removes the last one."""
        if key == "⌫":
            self.pin_edit.backspace()
        elif key.isdigit() and len(self.pin_edit.text()) < 12:
            self.pin_edit.setText(self.pin_edit.text() + key)

    def _user_entered(self) -> None:
        user = parse_badge(self.user_edit.text())
        if user is not None:  # a badge typed into the id field itself
            self.read_badge(user)
            return
        self.pin_edit.setFocus()

    def read_badge(self, user: str) -> None:
        """A dealer badge was read: sign in with it alone (``badge_signs_in``) or fill the id and ask the PIN."""
        self.user_edit.setText(user)
        self._how = SignInMethod.BADGE
        if self.badge_signs_in:
            self.sign_in_requested.emit(user, "", SignInMethod.BADGE)
            return
        self.pin_edit.clear()
        self.pin_edit.setFocus()
        self.show_message(self.tr("Badge of %1 read: enter the PIN").replace("%1", user), None)

    def submit(self) -> None:
        """Ask to sign in with the typed id and PIN."""
        user, pin = self.user_edit.text().strip(), self.pin_edit.text()
        if parse_badge(user) is not None:
            user = parse_badge(user) or user
            self._how = SignInMethod.BADGE
        if not user or not pin:
            self.show_message(self.tr("Type the dealer id and the PIN"), "danger")
            return
        self.sign_in_requested.emit(user, pin, self._how)

    # ------------------------------------------------------------------ output
    def show_message(self, text: str, color: str | None) -> None:
        """A line under the form (a refusal in red)."""
        self.message.setText(text)
        self.message.setStyleSheet(f"font-size: 30px; color: {COLORS[color]};" if color else "font-size: 30px;")

    def signed_in(self) -> None:
        """The sign-in was taken: the form is cleared."""
        self.pin_edit.clear()
        self.user_edit.clear()
        self._how = SignInMethod.PIN
        self.show_message("", None)

    def refused(self, why: str) -> None:
        """The sign-in was refused: the reason in red, the PIN cleared."""
        self.pin_edit.clear()
        self.show_message(self.tr("REFUSED: %1").replace("%1", why), "danger")

    def show_dealer(self, dealer: str | None, how: str | None, accounts_note: str = "") -> None:
        """Who is signed in now (``how``: pin, badge, configured, demo), and what to do about accounts."""
        if dealer is None:
            self.who.setText(self.tr("Nobody is signed in: betting cannot open until a dealer signs in."))
        elif how == SignInMethod.DEMO:
            self.who.setText(self.tr("Demo dealer signed in"))
        else:
            self.who.setText(self.tr("Signed in: %1").replace("%1", dealer))
        self.accounts_note.setText(accounts_note)
        self.accounts_note.setVisible(bool(accounts_note))
        self.sign_out_button.setEnabled(dealer is not None)
        self.back_button.setEnabled(dealer is not None)

    def offer_first_accounts(self, offered: bool) -> None:
        """Show CREATE THE FIRST ACCOUNTS (while the accounts file holds no account)."""
        self.create_button.setVisible(offered)

    def focus_form(self) -> None:
        """Put the keyboard focus in the dealer id (a badge reader types there too)."""
        self.user_edit.setFocus()


class FirstAccountsDialog(QDialog):
    """A small dialog that adds the first accounts of a fresh install (a dealer, a supervisor).

    ``create(user, role, pin)`` adds one (``Accounts.add``: it raises for a bad name, role or PIN, shown in
    red). Offered only while the accounts file holds no account; afterwards accounts are managed with
    ``dealer-station users``.
    """

    def __init__(self, create: Callable[[str, str, str], object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.create = create
        self.added: list[str] = []
        self.setWindowTitle(self.tr("The first accounts"))
        lay = QVBoxLayout(self)
        lay.addWidget(_label(self.tr("Add a dealer and a supervisor (PIN: 4 to 12 digits). Later accounts are "
                                     "added with dealer-station users add.")))
        row = QHBoxLayout()
        self.user_edit = QLineEdit()
        self.user_edit.setPlaceholderText(self.tr("name"))
        self.role = QComboBox()
        self.role.addItem(self.tr("dealer"), Role.DEALER)
        self.role.addItem(self.tr("supervisor"), Role.SUPERVISOR)
        self.pin_edit = QLineEdit()
        self.pin_edit.setPlaceholderText(self.tr("PIN"))
        self.pin_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_again = QLineEdit()
        self.pin_again.setPlaceholderText(self.tr("PIN again"))
        self.pin_again.setEchoMode(QLineEdit.EchoMode.Password)
        for w in (self.user_edit, self.role, self.pin_edit, self.pin_again):
            row.addWidget(w)
        lay.addLayout(row)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(self.tr("ADD"))
        self.add_button.clicked.connect(self.add)
        self.done_button = QPushButton(self.tr("DONE"))
        self.done_button.clicked.connect(self.accept)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.done_button)
        lay.addLayout(buttons)
        self.message = _label("", None)
        lay.addWidget(self.message)

    def add(self) -> bool:
        """Add the typed account; True when added (the form is cleared), False with the reason shown."""
        user, pin = self.user_edit.text().strip(), self.pin_edit.text()
        role = str(self.role.currentData())
        if pin != self.pin_again.text():
            self._say(self.tr("The two PINs differ"), "danger")
            return False
        try:
            self.create(user, role, pin)
        except Exception as err:
            self._say(str(err) or type(err).__name__, "danger")
            return False
        self.added.append(user)
        self._say(self.tr("Added %1 (%2)").replace("%1", user).replace("%2", self.role.currentText()), "ok")
        for edit in (self.user_edit, self.pin_edit, self.pin_again):
            edit.clear()
        return True

    def _say(self, text: str, color: str) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {COLORS[color]};")
