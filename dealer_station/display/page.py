"""The table display's page: its parts as HTML in the chosen language, the roads as SVG (docs/display.md).

Every word is the console's where the console says it (Qt's translations, contexts ``Prompts``,
``DealerScreen``, ``RoadsView``: :mod:`dealer_station.console.prompts`, :func:`~dealer_station.console.
road_marks.road_names`), or the display's own (context ``Display``), so the page speaks the language the
process installed (:func:`dealer_station.console.app.install_language`). The roads are drawn from the domain's
cells (:meth:`dealer_station.domain.roads.Roads.cells`, every column of the whole shoe) with the console's
marks and colours (:mod:`dealer_station.console.road_marks`): the page's script only puts the parts in place
and counts the betting timer down, it computes nothing of the game.

Each part is one element of the page, by id (:data:`PARTS`); the cells of each road are ``<g class="cell">``
with ``data-col``, ``data-row`` and ``data-winner`` / ``data-ties`` / ``data-colour`` as the domain gives
them, so a test or a stream tool can read the roads back.
"""

from __future__ import annotations

import html
import json
from decimal import Decimal, InvalidOperation

from PySide6.QtCore import QCoreApplication

from dealer_station.console.cards import token_label
from dealer_station.console.prompts import WARN_SECONDS, Prompts, bet_name, result_line, state_name
from dealer_station.console.road_marks import COLOURS, road_names, stats_words
from dealer_station.display.model import TableDisplay
from dealer_station.domain.roads import ROWS, Roads
from dealer_station.domain.states import TableState

__all__ = ["COUNTDOWN_MAX", "PARTS", "countdown_texts", "page", "parts", "roads_svg"]

translate = QCoreApplication.translate

PARTS = ("head", "state", "result", "stats", "limits", "roads")
"""The page's parts, each an element id, in the order they are sent."""

COUNTDOWN_MAX = 600
"""Seconds of betting countdown sent in words (a longer window shows "PLACE YOUR BETS" until then)."""

CELL = 20
"""One road cell in SVG units."""

MIN_COLUMNS = {"bead_plate": 12, "big_road": 30, "big_eye_boy": 30, "small_road": 30, "cockroach_pig": 30}
"""Columns a road's drawing is at least as wide as (a longer shoe widens it and its cells get smaller)."""

_e = html.escape


_PROMPTS: list[Prompts] = []


def _prompts() -> Prompts:
    """The console's plural messages (context ``Prompts``), made once."""
    if not _PROMPTS:
        _PROMPTS.append(Prompts())
    return _PROMPTS[0]


def countdown_texts(window_ms: int | None) -> list[str]:
    """The betting countdown in words for 0, 1, … whole seconds left (at most :data:`COUNTDOWN_MAX`), as the
    dealer's banner says it: ``"PLACE YOUR BETS – 12 s"``, with ``LAST SECONDS`` in the last few.
    """
    if not window_ms:
        return []
    plurals = _prompts()
    top = min(COUNTDOWN_MAX, -(-window_ms // 1000))
    return [plurals.last_seconds(n) if n <= WARN_SECONDS else plurals.bet_seconds(n) for n in range(top + 1)]


def money(value: object) -> str:
    """A limit as shown: ``"10000.00"`` → ``"10,000"``, ``"12.50"`` → ``"12.50"``; None → "no limit"."""
    if value is None:
        return translate("Display", "no limit")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    if not amount.is_finite():
        return str(value)
    return f"{int(amount):,}" if amount == amount.to_integral_value() else f"{amount:,.2f}"


def _card(token: str) -> str:
    label = token_label(token)
    if label is None:
        return f'<span class="card">{_e(token)}</span>'
    rank, suit, red = label
    return f'<span class="card{" red" if red else ""}" data-card="{_e(token)}">{_e(rank)}{suit}</span>'


# ------------------------------------------------------------------ the parts
def _head(model: TableDisplay) -> str:
    items = [(translate("DealerScreen", "TABLE"), model.table_id, "table-id")]
    if model.shoe_number is not None:
        items.append((translate("DealerScreen", "SHOE"), str(model.shoe_number), "shoe-number"))
    if model.round_number is not None:
        items.append((translate("DealerScreen", "ROUND"), str(model.round_number), "round-number"))
    out = "".join(f'<span class="tile"><span class="label">{_e(label)}</span> '
                  f'<b id="{ident}">{_e(value)}</b></span>' for label, value, ident in items)
    if model.round.get("last_round"):
        out += f'<span class="tile last-round">{_e(translate("DealerScreen", "LAST ROUND"))}</span>'
    if model.online is not None:
        word = translate("DealerScreen", "ONLINE") if model.online else translate("DealerScreen", "OFFLINE")
        out += f'<span class="station {"online" if model.online else "offline"}">{"●" if model.online else "✖"} ' \
               f'{_e(word)}</span>'
    return out


def _state(model: TableDisplay, progress: tuple[int, int] | None) -> str:
    if progress is not None:
        here, wanted = progress
        text = translate("Display", "Waiting for the table")
        if wanted:
            text = translate("Display", "Getting the shoe so far from the table: %1 of %2 events") \
                .replace("%1", str(here)).replace("%2", str(wanted))
        return f'<div class="banner waiting" data-state="">{_e(text)}</div>'
    state = model.state
    if not state:
        return f'<div class="banner waiting" data-state="">{_e(translate("Display", "Waiting for the table"))}</div>'
    words = state_name(state)
    if state == TableState.BETTING_OPEN and model.betting_closes_ms is not None:
        texts = countdown_texts(model.round.get("betting_window_ms"))
        return (f'<div class="banner state-{_e(state)}" data-state="{_e(state)}" '
                f'data-closes-at="{model.betting_closes_ms}" data-warn="{WARN_SECONDS}" '
                f'data-countdown="{_e(json.dumps(texts, ensure_ascii=False))}" '
                f'data-open="{_e(translate("Prompts", "PLACE YOUR BETS"))}">'
                f'<span class="countdown">{_e(words)}</span></div>')
    if state == TableState.BETTING_OPEN:
        words = translate("Prompts", "PLACE YOUR BETS")
    return f'<div class="banner state-{_e(state)}" data-state="{_e(state)}">{_e(words)}</div>'


def _hand(name: str, cards: list[str], total: object, cls: str) -> str:
    shown = "".join(_card(c) for c in cards) or "&nbsp;"
    total_text = "" if total is None else f'<span class="total">{_e(str(total))}</span>'
    return (f'<div class="hand {cls}"><span class="who">{_e(name)}</span>{total_text}'
            f'<span class="cards">{shown}</span></div>')


def _result(model: TableDisplay) -> str:
    dealing = model.state in (TableState.DEALING, TableState.BETTING_CLOSED) or (
        model.state == TableState.PAUSED and model.cards)
    if dealing and model.cards:
        player = [model.cards[p] for p in ("player1", "player2", "player3") if p in model.cards]
        banker = [model.cards[p] for p in ("banker1", "banker2", "banker3") if p in model.cards]
        return (f'<div class="line dealing" data-round="{model.round_number or ""}">'
                f'{_e(translate("Prompts", "DEALING"))}</div><div class="hands">'
                f'{_hand(translate("Prompts", "PLAYER"), player, None, "player")}'
                f'{_hand(translate("Prompts", "BANKER"), banker, None, "banker")}</div>')
    result = model.result
    if not result:
        return '<div class="line none" data-winner="">&nbsp;</div>'
    winner = str(result.get("winner") or "")
    number = result.get("round_number", result.get("round"))
    line = result_line(result)
    flags = [bet_name(flag) for flag in ("player_natural", "banker_natural", "player_pair", "banker_pair")
             if result.get(flag)]
    marks = "".join(f'<span class="flag">{_e(f)}</span>' for f in flags)
    cls = winner or str(result.get("status") or "")
    hands = "".join(_hand(translate("Prompts", side.upper()), list(result.get(side) or ()), result.get(f"{side}_total"),
                          side) for side in ("player", "banker"))
    return (f'<div class="line {_e(cls)}" id="result-line" data-winner="{_e(winner)}" '
            f'data-status="{_e(str(result.get("status") or ""))}" data-round="{_e(str(number or ""))}">'
            f'<span class="label">{_e(translate("DealerScreen", "ROUND"))} {_e(str(number or ""))}</span> '
            f'{_e(line)}</div>'
            f'<div class="hands">{hands}</div><div class="flags">{marks}</div>')


def _stats(roads: Roads) -> str:
    return "".join(f'<div class="stat {key}"><span class="label">{_e(word)}</span>'
                   f'<b id="stat-{key}">{count}</b></div>' for key, word, count in stats_words(roads))


def _limits(model: TableDisplay) -> str:
    offered = model.round.get("bets_offered") or []
    if not offered:
        return ""
    limits = model.round.get("limits") or {}
    bets = limits.get("bets") if isinstance(limits.get("bets"), dict) else {}
    rows = []
    for bet in offered:
        limit = bets.get(bet) if isinstance(bets.get(bet), dict) else {}
        rows.append(f'<tr data-bet="{_e(bet)}"><th>{_e(bet_name(bet))}</th><td>{_e(money(limit.get("min")))}</td>'
                    f'<td>{_e(money(limit.get("max")))}</td></tr>')
    modes = {"commission": translate("Display", "COMMISSION"), "no-commission": translate("Display", "NO COMMISSION")}
    mode = modes.get(str(model.round.get("mode")), "")
    title, low, high = (translate("DealerScreen", "BETS OFFERED THIS ROUND"), translate("Display", "MIN"),
                        translate("Display", "MAX"))
    out = (f'<div class="title">{_e(title)}'
           f'{f" <span class=mode>{_e(mode)}</span>" if mode else ""}</div>'
           f'<table><thead><tr><th></th><th>{_e(low)}</th><th>{_e(high)}</th></tr></thead>'
           f'<tbody>{"".join(rows)}</tbody></table>')
    if "difference" in limits:
        words = translate("Display", "Player–Banker difference at most %1")
        out += f'<div class="difference">{_e(words.replace("%1", money(limits.get("difference"))))}</div>'
    return out


# ------------------------------------------------------------------ the roads
def _circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    more = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" {more}/>'


def _pair_dots(x: float, y: float, banker_pair: bool, player_pair: bool) -> str:
    r = CELL * 0.12
    out = ""
    if banker_pair:
        out += _circle(x + r * 1.3, y + r * 1.3, r, fill=COLOURS["banker"], stroke=COLOURS["paper"])
    if player_pair:
        out += _circle(x + CELL - r * 1.3, y + CELL - r * 1.3, r, fill=COLOURS["player"], stroke=COLOURS["paper"])
    return out


def _winner_colour(letter: str) -> str:
    return COLOURS["banker"] if letter == "B" else COLOURS["player"] if letter == "P" else COLOURS["tie"]


def _bead(cell: dict) -> str:
    x, y, c = cell["col"] * CELL, cell["row"] * CELL, CELL / 2
    return (_circle(x + c, y + c, CELL * 0.42, fill=_winner_colour(cell["winner"]))
            + f'<text x="{x + c:g}" y="{y + c:g}" class="bead-letter">{cell["winner"]}</text>'
            + _pair_dots(x, y, cell["banker_pair"], cell["player_pair"]))


def _big(cell: dict) -> str:
    x, y, c = cell["col"] * CELL, cell["row"] * CELL, CELL / 2
    colour = _winner_colour(cell["winner"])
    out = (_circle(x + c, y + c, CELL * 0.36, fill="none", stroke=colour, stroke_width=f"{CELL * 0.1:g}")
           + f'<text x="{x + c:g}" y="{y + c:g}" class="big-letter" fill="{colour}">{cell["winner"]}</text>')
    if cell["ties"]:
        d = CELL * 0.14
        out += (f'<line x1="{x + d:g}" y1="{y + CELL - d:g}" x2="{x + CELL - d:g}" y2="{y + d:g}" '
                f'stroke="{COLOURS["tie"]}" stroke-width="{CELL * 0.09:g}" stroke-linecap="round"/>')
        if cell["ties"] > 1:
            out += f'<text x="{x + CELL - 1:g}" y="{y + CELL * 0.3:g}" class="tie-count">{cell["ties"]}</text>'
    return out + _pair_dots(x, y, cell["banker_pair"], cell["player_pair"])


def _derived(cell: dict, k: int) -> str:
    x, y, c = cell["col"] * CELL, cell["row"] * CELL, CELL / 2
    blue = cell["colour"] == "blue"
    colour = COLOURS["player"] if blue else COLOURS["banker"]
    if k == 1:      # big eye boy: a ring (blue: a dot in the middle)
        out = _circle(x + c, y + c, CELL * 0.35, fill="none", stroke=colour, stroke_width=f"{CELL * 0.13:g}")
        return out + (_circle(x + c, y + c, CELL * 0.11, fill=colour) if blue else "")
    if k == 2:      # small road: a dot (blue: a white hole in the middle)
        out = _circle(x + c, y + c, CELL * 0.37, fill=colour)
        return out + (_circle(x + c, y + c, CELL * 0.12, fill=COLOURS["paper"]) if blue else "")
    d = CELL * 0.2  # cockroach pig: a slash (red "/", blue "\")
    y1, y2 = (y + d, y + CELL - d) if blue else (y + CELL - d, y + d)
    return (f'<line x1="{x + d:g}" y1="{y1:g}" x2="{x + CELL - d:g}" y2="{y2:g}" stroke="{colour}" '
            f'stroke-width="{CELL * 0.14:g}" stroke-linecap="round"/>')


_DRAW = {"bead_plate": _bead, "big_road": _big,
         "big_eye_boy": lambda cell: _derived(cell, 1), "small_road": lambda cell: _derived(cell, 2),
         "cockroach_pig": lambda cell: _derived(cell, 3)}


def _data(cell: dict) -> str:
    keys = ("col", "row", "winner", "ties", "colour", "round")
    return " ".join(f'data-{k}="{_e(str(cell[k]).lower() if isinstance(cell[k], bool) else str(cell[k]))}"'
                    for k in keys if k in cell)


def roads_svg(roads: Roads) -> dict[str, str]:
    """Each road (``bead_plate``, ``big_road``, ``big_eye_boy``, ``small_road``, ``cockroach_pig``) as an SVG
    element holding every cell of the whole shoe (the domain's :meth:`~dealer_station.domain.roads.Roads.cells`).
    """
    cells = roads.cells()
    columns = roads.columns()
    names = road_names()
    out = {}
    for name, draw in _DRAW.items():
        cols = max(columns[name], MIN_COLUMNS[name])
        width, height = cols * CELL, ROWS * CELL
        grid = "".join(f'<line x1="{c * CELL}" y1="0" x2="{c * CELL}" y2="{height}"/>' for c in range(cols + 1))
        grid += "".join(f'<line x1="0" y1="{r * CELL}" x2="{width}" y2="{r * CELL}"/>' for r in range(ROWS + 1))
        marks = "".join(f'<g class="cell" {_data(cell)}>{draw(cell)}</g>' for cell in cells[name])
        out[name] = (f'<svg id="road-{name}" class="road" viewBox="0 0 {width} {height}" '
                     f'preserveAspectRatio="xMinYMin meet" role="img" aria-label="{_e(names[name])}" '
                     f'data-columns="{columns[name]}" data-cells="{len(cells[name])}">'
                     f'<rect width="{width}" height="{height}" fill="{COLOURS["paper"]}"/>'
                     f'<g class="grid" stroke="{COLOURS["grid"]}" stroke-width="1">{grid}</g>{marks}</svg>')
    return out


def _roads(roads: Roads) -> str:
    names = road_names()
    svgs = roads_svg(roads)
    return "".join(f'<figure class="road-box {name}"><figcaption>{_e(names[name])}</figcaption>{svgs[name]}</figure>'
                   for name in _DRAW)


def parts(model: TableDisplay, progress: tuple[int, int] | None = None, *,
          roads_html: str | None = None) -> dict[str, str]:
    """Every part of the page (:data:`PARTS`) as HTML, for ``model``; ``progress`` (ids here, ids wanted) while
    the shoe so far is being fetched. ``roads_html``: the roads part drawn already (it changes only with a result).
    """
    return {"head": _head(model), "state": _state(model, progress), "result": _result(model),
            "stats": _stats(model.roads), "limits": _limits(model),
            "roads": roads_html if roads_html is not None else _roads(model.roads)}


def page(sections: dict[str, str], *, language: str, right_to_left: bool, overlay: bool, last_event_id: int) -> str:
    """The whole page: the parts as they are now (a page opened mid-shoe is current before its script runs),
    its style and its script (Server-Sent Events from ``events``, the countdown).
    """
    body = "".join(f'<section id="{name}">{sections.get(name, "")}</section>' for name in PARTS)
    title = _e(f"{translate('DealerScreen', 'TABLE')} {sections.get('_table', '')}".strip())
    return (f'<!doctype html><html lang="{_e(language)}" dir="{"rtl" if right_to_left else "ltr"}">'
            f'<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{title}</title><style>{STYLE}</style></head>'
            f'<body class="{"overlay" if overlay else "pole"}" data-last-event="{last_event_id}">{body}'
            f'<script>{SCRIPT}</script></body></html>')


STYLE = """
:root { --bg: #06100b; --panel: #0d2419; --edge: #1f5a3c; --text: #f2efe4; --muted: #9fb8a8; --gold: #e8c15a;
        --player: #3d8bfd; --banker: #e0483e; --tie: #3cc46e; --alert: #ffb020; --danger: #ff4d4d; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { background: var(--bg); color: var(--text); font-family: "DejaVu Sans", "Noto Sans", "Noto Sans Arabic",
       "Noto Sans Telugu", sans-serif; display: grid; gap: 1vh 1vw; padding: 1.2vh 1.2vw; min-height: 100vh;
       grid-template-columns: minmax(0, 1.15fr) minmax(0, 0.85fr) minmax(0, 0.8fr);
       grid-template-rows: auto auto auto 1fr;
       grid-template-areas: "head head head" "state state state" "result stats limits" "roads roads limits"; }
body.overlay { background: transparent; grid-template-rows: 1fr auto auto auto;
       grid-template-areas: ". . ." "head head head" "state result stats" "roads roads roads"; }
body.overlay section { background: rgba(6, 16, 11, 0.82); }
section { background: var(--panel); border: 2px solid var(--edge); border-radius: 14px; padding: 1vh 1vw;
          min-width: 0; }
#head { grid-area: head; display: flex; gap: 3vw; align-items: baseline; font-size: 3.2vh; }
#head .label, .stat .label, figcaption, .title { color: var(--muted); font-size: 0.7em; letter-spacing: 0.05em; }
#head b { font-size: 1.3em; }
#head .station { margin-inline-start: auto; }
#head .online { color: var(--tie); } #head .offline { color: var(--danger); font-weight: bold; }
#head .last-round { background: var(--gold); color: #1a1200; border-radius: 8px; padding: 0 0.6em; }
#state { grid-area: state; text-align: center; font-size: 5vh; font-weight: bold; letter-spacing: 0.04em; }
.state-betting_open { color: var(--tie); } .state-betting_open.last-seconds { color: var(--alert); }
.state-paused { color: var(--danger); } .waiting { color: var(--muted); font-size: 0.6em; }
#result { grid-area: result; }
#result .line { font-size: 5.5vh; font-weight: bold; line-height: 1.15; }
#result .line .label { display: block; font-size: 0.35em; color: var(--muted); font-weight: normal; }
#result .player { color: var(--player); } #result .banker { color: var(--banker); } #result .tie { color: var(--tie); }
#result .voided { color: var(--alert); }
.hands { display: flex; gap: 2vw; margin-top: 1vh; }
.hand { flex: 1; font-size: 2.4vh; } .hand .who { display: block; color: var(--muted); }
.hand .total { float: inline-end; font-size: 1.8em; font-weight: bold; }
.card { display: inline-block; background: #fbfaf5; color: #111; border-radius: 6px; padding: 0.2em 0.35em;
        margin-inline-end: 0.3em; font-weight: bold; font-size: 1.4em; direction: ltr; }
.card.red { color: #c8102e; }
.flags .flag { display: inline-block; border: 1px solid var(--gold); color: var(--gold); border-radius: 6px;
               padding: 0 0.4em; margin: 0.6vh 0.4vw 0 0; font-size: 2vh; }
#stats { grid-area: stats; display: grid; grid-template-columns: 1fr 1fr; gap: 0.6vh 1vw; font-size: 3vh;
         align-content: start; }
.stat b { display: block; font-size: 1.5em; } .stat.banker b { color: var(--banker); }
.stat.player b { color: var(--player); } .stat.tie b { color: var(--tie); }
#limits { grid-area: limits; font-size: 2.2vh; overflow: hidden; }
#limits table { width: 100%; border-collapse: collapse; margin-top: 0.5vh; }
#limits th, #limits td { padding: 0.25vh 0.4vw; text-align: start; border-bottom: 1px solid var(--edge); }
#limits td { text-align: end; direction: ltr; } #limits thead th { color: var(--muted); font-weight: normal; }
#limits .mode, #limits .difference { color: var(--gold); } #limits .difference { margin-top: 0.8vh; }
body.overlay #limits { display: none; }
#roads { grid-area: roads; display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 0.8vh 1vw;
         direction: ltr; align-content: start; }
.road-box { margin: 0; min-width: 0; grid-column: span 2; } .road-box.big_road { grid-column: span 4; }
.road-box svg { width: 100%; height: auto; display: block; border-radius: 4px; }
figcaption { margin-bottom: 0.3vh; font-size: 1.7vh; }
svg text { font-family: "DejaVu Sans", sans-serif; font-weight: bold; dominant-baseline: central; text-anchor: middle; }
.bead-letter { fill: #fff; font-size: 10px; } .big-letter { font-size: 7px; }
.tie-count { fill: #138a36; font-size: 6px; text-anchor: end; }
"""

SCRIPT = """
"use strict";
let offset = 0;   // the server's clock minus this browser's, from each message
window.displayUpdates = [];
function tick() {
  const banner = document.querySelector("[data-closes-at]");
  if (!banner) return;
  const left = Math.max(0, Math.ceil((Number(banner.dataset.closesAt) - (Date.now() + offset)) / 1000));
  const texts = JSON.parse(banner.dataset.countdown || "[]");
  banner.querySelector(".countdown").textContent = left < texts.length ? texts[left] : banner.dataset.open;
  banner.classList.toggle("last-seconds", left <= Number(banner.dataset.warn));
}
function connect() {
  const source = new EventSource("events");
  source.addEventListener("parts", (message) => {
    const update = JSON.parse(message.data);
    offset = update.server_ms - Date.now();
    for (const [id, markup] of Object.entries(update.parts)) {
      const element = document.getElementById(id);
      if (element) element.innerHTML = markup;
    }
    document.body.dataset.lastEvent = update.last_event_id;
    tick();
    const at = performance.timeOrigin + performance.now();
    window.displayUpdates.push({last_event_id: update.last_event_id, at_ms: at});
    if (window.displayUpdates.length > 2000) window.displayUpdates.splice(0, 1000);
  });
}
connect();
setInterval(tick, 200);
tick();
"""
