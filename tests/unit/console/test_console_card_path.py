"""One card's path through the console (docs/runtime.md "One card's path"): the token is parsed once, where the
table takes the shoe's frame, and the widgets are told the views and facts the controller's thread made; nothing
on the way asks the controller for a view of its own or reads the journal's rounds back.
"""

from __future__ import annotations

import sys
import threading

import pytest

from dealer_station.app.controller import Controller
from dealer_station.domain import cards as cards_module
from dealer_station.domain.facts import FactKind
from tests.unit.console.conftest import DEALER, SUPERVISOR

CARD_FACTS = (FactKind.BURN_INDICATOR, FactKind.CARD_BURNED, FactKind.CARD_ACCEPTED)
"""The facts of a card the shoe read and the table took: one each."""


class _CountingTokens(dict):
    """The card table :func:`~dealer_station.domain.cards.parse_card` looks tokens up in, counting the look-ups."""

    def __init__(self, table: dict) -> None:
        super().__init__(table)
        self.lookups = 0
        self.threads: set[str] = set()

    def get(self, key, default=None):
        self.lookups += 1
        self.threads.add(threading.current_thread().name)
        return super().get(key, default)


@pytest.fixture
def dealt(qtbot, console_station, console):
    """Four rounds dealt through the console (three confirmed) by its automatic dealer on the simulated shoe,
    under watch: ``(window, parses, pulls, recalls, card_facts)``.
    """
    station = console_station(accounts=(SUPERVISOR, DEALER), sign_in=("dan", "0000"))
    win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    pulls: list[str] = []
    recalls: list[int | None] = []
    snapshot, recall = Controller.snapshot, Controller.recall

    def counted_snapshot(self):
        caller = sys._getframe(1)
        if not (caller.f_code.co_name == "after" and caller.f_code.co_filename.endswith("station_listeners.py")):
            pulls.append(f"{caller.f_code.co_filename}:{caller.f_lineno} {caller.f_code.co_name}")
        return snapshot(self)

    def counted_recall(self, shoe=None):
        recalls.append(shoe)
        return recall(self, shoe)

    tokens = _CountingTokens(cards_module._BY_TOKEN)
    card_facts: list = []
    win.host.fact.connect(lambda fact: card_facts.append(fact) if fact.kind in CARD_FACTS else None)
    with pytest.MonkeyPatch.context() as watch:
        watch.setattr(Controller, "snapshot", counted_snapshot)
        watch.setattr(Controller, "recall", counted_recall)
        watch.setattr(cards_module, "_BY_TOKEN", tokens)
        assert win.run_auto(4, timeout=90)
        qtbot.waitUntil(lambda: win.rounds_completed >= 3, timeout=10000)  # the last on screen, unconfirmed
    return win, tokens, pulls, recalls, card_facts


def test_a_shoe_dealt_through_the_console_asks_the_controller_for_no_view_and_reads_no_rounds_back(dealt):
    """The views come from the station's step (its listener's one ``snapshot`` a step), never pulled by the
    console or its automatic dealer, and the roads and statistics from the views: no recall after a round."""
    win, _tokens, pulls, recalls, _facts = dealt
    assert win.rounds_completed >= 3
    assert pulls == [] and recalls == []


def test_each_card_is_parsed_once_on_its_way_to_the_screen(dealt):
    """A card read by the shoe is looked up once, where the table takes the frame (on the controller's thread);
    the facts, the views and every paint of its face carry the :class:`Card` itself."""
    win, tokens, _pulls, _recalls, card_facts = dealt
    assert len(card_facts) >= 3 * 4 + 1                  # the burn card and at least four cards a round
    assert all(isinstance(fact.data.card, cards_module.Card) for fact in card_facts)
    assert tokens.lookups == len(card_facts), (tokens.lookups, len(card_facts))
    assert tokens.threads == {"controller"}
    faces = [face.card for face in win.dealer.player.cards + win.dealer.banker.cards if face.card is not None]
    assert faces and all(isinstance(card, cards_module.Card) for card in faces)


def test_a_card_dealt_is_painted_while_its_view_is_rendered(qtbot, console_station, console, monkeypatch):
    """The hands are rendered first and a face given a new card paints it at once (with what else of the hands
    changed), before the banner's and the statistics' words are fitted and before the event loop runs again."""
    from dataclasses import replace

    from dealer_station.console.cards import CardFace
    from dealer_station.domain.cards import parse_card
    from dealer_station.domain.outcome import Position
    from dealer_station.domain.states import TableState

    painted: list[tuple[str, object]] = []
    paint = CardFace.paintEvent   # Qt takes a widget's paint override when the widget is made: patched first
    monkeypatch.setattr(CardFace, "paintEvent",
                        lambda face, event: (painted.append((face.position, face.card)), paint(face, event)))
    station = console_station(accounts=(SUPERVISOR, DEALER), sign_in=("dan", "0000"))
    win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=60000)
    banner_set = win.dealer.banner.setText

    def banner_text(text):
        painted.append(("banner", text))
        banner_set(text)

    monkeypatch.setattr(win.dealer.banner, "setText", banner_text)
    base = win.host.snapshot()

    def view(player, banker, due):
        return replace(base, state=TableState.DEALING, player=tuple(map(parse_card, player)),
                       banker=tuple(map(parse_card, banker)), next_position=Position(due))

    win.dealer.show_view(view((), (), "player1"))   # the hands on the felt, no card yet
    qtbot.waitUntil(lambda: any(entry[0] == "player1" for entry in painted), timeout=60000)
    painted.clear()
    win.dealer.show_view(view(("9H",), (), "banker1"))
    faces = [entry for entry in painted if entry[0] != "banner"]
    assert [(position, card.token if card else None) for position, card in faces] == [("player1", "9H")]
    assert painted.index(faces[0]) < next(i for i, entry in enumerate(painted) if entry[0] == "banner")
    painted.clear()
    win.dealer.show_view(view(("9H",), ("KD",), "player2"))
    assert [(position, card.token) for position, card in painted if position == "banker1"] == [("banker1", "KD")]
    assert painted.index(("banker1", parse_card("KD"))) < next(
        i for i, entry in enumerate(painted) if entry[0] == "banner")
