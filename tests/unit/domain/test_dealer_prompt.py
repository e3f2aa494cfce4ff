"""What the dealer is told (dealer_station.domain.dealer_prompt): one value per state, and its English."""

from __future__ import annotations

import pytest

from dealer_station.domain.dealer_prompt import DealerPrompt, Say, dealer_prompt, prompt_text
from dealer_station.domain.outcome import Position
from dealer_station.domain.states import TableState as S

P1, B3 = Position.PLAYER1, Position.BANKER3


@pytest.mark.parametrize(("state", "given", "said", "english"), [
    (S.NO_SHOE, {}, DealerPrompt(Say.LOAD_SHOE), "LOAD A NEW SHOE"),
    (S.SHUFFLE, {"misread": True}, DealerPrompt(Say.SHUFFLE), "SHUFFLE AND LOAD THE SHOE"),
    (S.BURN_INDICATOR, {}, DealerPrompt(Say.SHOW_BURN_CARD), "DRAW AND SHOW THE BURN CARD"),
    (S.BURN_INDICATOR, {"misread": True}, DealerPrompt(Say.RESCAN_BURN_CARD), "RESCAN THE BURN CARD"),
    (S.BURNING, {"burn_remaining": 1}, DealerPrompt(Say.BURN, count=1), "BURN 1 MORE CARD"),
    (S.BURNING, {"burn_remaining": 7, "misread": True}, DealerPrompt(Say.RESCAN_BURNED, count=7),
     "RESCAN: BURN 7 MORE CARDS"),
    (S.READY, {"round_number": 4}, DealerPrompt(Say.OPEN_BETTING, round=5), "OPEN BETTING FOR ROUND 5"),
    (S.READY, {"round_number": 4, "needs_dealer": True}, DealerPrompt(Say.SIGN_IN, round=5),
     "DEALER: SIGN IN TO OPEN BETTING"),
    (S.BETTING_OPEN, {}, DealerPrompt(Say.PLACE_BETS), "PLACE YOUR BETS"),
    (S.BETTING_CLOSED, {"next_position": P1}, DealerPrompt(Say.NO_MORE_BETS, P1), "DEAL PLAYER CARD 1"),
    (S.BETTING_CLOSED, {"next_position": P1, "misread": True}, DealerPrompt(Say.RESCAN, P1), "RESCAN PLAYER CARD 1"),
    (S.DEALING, {"next_position": B3}, DealerPrompt(Say.DEAL, B3), "DEAL BANKER CARD 3"),
    (S.DEALING, {"next_position": B3, "misread": True}, DealerPrompt(Say.RESCAN, B3), "RESCAN BANKER CARD 3"),
    (S.DEALING, {}, DealerPrompt(Say.NO_MORE_CARDS), "NO MORE CARDS"),
    (S.RESULT, {}, DealerPrompt(Say.CONFIRM_RESULT), "CONFIRM THE RESULT"),
    (S.PAUSED, {"incident": "misread_limit"}, DealerPrompt(Say.PAUSED, incident="misread_limit"),
     "PAUSED: MISREAD LIMIT: CALL THE SUPERVISOR"),
    (S.PAUSED, {}, DealerPrompt(Say.PAUSED), "PAUSED: INCIDENT: CALL THE SUPERVISOR"),
    (S.SHOE_CHANGE, {"shoe_number": 2}, DealerPrompt(Say.SHOE_CHANGE, shoe=3),
     "SHOE CHANGE: CARDS OUT, NEW DECKS IN, THEN CONFIRM NEW SHOE 3"),
    (S.SHOE_END, {}, DealerPrompt(Say.SHOE_ENDED), "SHOE ENDED: ANNOUNCE IT, THEN CHANGE THE SHOE"),
])
def test_each_state_tells_the_dealer_one_thing(state, given, said, english):
    assert dealer_prompt(state, **given) == said
    assert prompt_text(said) == english


def test_every_instruction_has_its_english():
    for say in Say:
        assert prompt_text(DealerPrompt(say, P1, count=2, round=1, shoe=1)), say


def test_the_machines_prompt_is_the_english_of_its_instruction():
    from dealer_station.domain.table import TableMachine

    m = TableMachine()
    assert m.instruction() == DealerPrompt(Say.LOAD_SHOE) and m.prompt() == "LOAD A NEW SHOE"
