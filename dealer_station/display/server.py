"""The table display's web server: one page, its parts pushed live by Server-Sent Events (docs/display.md).

``GET /`` is the page as it is now (a page opened mid-shoe shows the shoe so far), ``GET /events`` the
stream of its parts as they change (``event: parts``, the parts that changed, the last event shown and the
server's clock), ``GET /state.json`` the same facts for a machine (the rounds, the last result, the roads'
cells). The MQTT side is the pit's :class:`~dealer_station.pit.feed.PitFeed` (its reading, its ``--trust``
check), made with ``asks_replays`` so that the display may ask the station for the shoe so far
(:class:`~dealer_station.display.catchup.ShoeCatchUp`). paho delivers on its own thread; every message is
handed to the asyncio loop (``call_soon_threadsafe``), where the :class:`DisplayHub` alone touches the model.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable

import structlog
from aiohttp import web

from dealer_station.display.catchup import ShoeCatchUp
from dealer_station.display.model import TableDisplay
from dealer_station.display.page import page, parts
from dealer_station.pit.feed import Connection, Delivery, PitFeed, Refused, Unreadable
from dealer_station.publish.config import BrokerConfig
from dealer_station.signing import TrustStore

__all__ = ["DisplayHub", "make_app", "run_display"]

log = structlog.get_logger(__name__)

TICK_SECONDS = 0.2
"""How often the hub asks for what is missing (the catch-up's own retry decides whether it is due)."""
HEARTBEAT_SECONDS = 15.0
"""An SSE comment this often keeps proxies and the browser from closing a quiet stream."""


class DisplayHub:
    """The display's state on the asyncio loop: the catch-up, the model, the parts as last sent, the listeners.

    Parameters
    ----------
    table_id : str
        The table shown.
    ask : callable
        ``ask(table_id, payload)`` publishes a replay request (the feed's :meth:`~PitFeed.ask`).
    request_prefix : str
        The display's replay request ids are ``{request_prefix}-{n}``; only answers to those change anything.
    """

    def __init__(self, table_id: str, ask: Callable[[str, bytes], None], request_prefix: str, *,
                 language: str = "en", right_to_left: bool = False, overlay: bool = False) -> None:
        self.table_id = table_id
        self.model = TableDisplay(table_id)
        self.catchup = ShoeCatchUp(table_id)
        self.language, self.right_to_left, self.overlay = language, right_to_left, overlay
        self._ask = ask
        self._prefix = request_prefix
        self._ids = itertools.count(1)
        self._listeners: set[asyncio.Queue] = set()
        self._roads_of: object = None
        self._roads_html = ""
        self.parts: dict[str, str] = {}
        self._sent_event_id = 0
        self.refused = 0
        self.unreadable = 0
        self.asks = 0
        self.subscribed = False
        """True while the broker has acknowledged the subscriptions (the feed's :class:`Connection` news)."""
        self._render()

    # ------------------------------------------------------------------ in
    def take(self, item: object) -> None:
        """One item of the feed (on the loop): a message read, refused, unreadable, or the connection's news."""
        now = time.monotonic()
        if isinstance(item, Delivery):
            message = item.message
            if message.kind == "events":
                self._release(self.catchup.offer(message.body, now))
            elif message.kind == "status":
                self.model.status(message.body)
                self._release(self.catchup.status(message.body))
            elif message.kind == "replay/error":
                request_id = message.body.get("request_id")
                if isinstance(request_id, str) and request_id.startswith(f"{self._prefix}-"):
                    log.warning("display_replay_answer", error=message.body.get("error"),
                                message=message.body.get("message"))
                    self._release(self.catchup.replay_error(message.body))
        elif isinstance(item, Refused):
            self.refused += 1
            log.error("display_message_refused", table_id=item.table_id, kind=item.kind, reason=item.reason)
        elif isinstance(item, Unreadable):
            self.unreadable += 1
        elif isinstance(item, Connection):
            self.subscribed = item.subscribed
            if item.subscribed:
                self.catchup.reconnected()
        self.tick(now)
        self._render()

    def _release(self, release) -> None:  # noqa: ANN001 - a Release or None
        if release is None:
            return
        if release.reset:
            self.model.reset()
        for envelope in release.events:
            self.model.apply(envelope)

    def tick(self, now: float | None = None) -> None:
        """Publish the replay requests due now."""
        for ask in self.catchup.due_asks(time.monotonic() if now is None else now):
            request_id = f"{self._prefix}-{next(self._ids)}"
            try:
                self._ask(self.table_id, ask.payload(request_id))
                self.asks += 1
                log.info("display_replay_asked", first=ask.first, last=ask.last, request_id=request_id)
            except Exception as err:  # noqa: BLE001 - not connected: asked again when due
                log.warning("display_replay_not_asked", reason=f"{type(err).__name__}: {err}")

    # ------------------------------------------------------------------ out
    def _render(self) -> None:
        roads = self.model.roads
        if roads is not self._roads_of:
            self._roads_of = roads
            self._roads_html = ""
        progress = None if self.catchup.live else self.catchup.progress()
        new = parts(self.model, progress, roads_html=self._roads_html or None)
        self._roads_html = new["roads"]
        changed = {k: v for k, v in new.items() if self.parts.get(k) != v}
        self.parts = new
        shown = self.model.last_event_id if self.catchup.live else 0
        if changed or shown != self._sent_event_id:   # an event that changes no part still says it is shown
            self._sent_event_id = shown
            self._send(changed)

    def _message(self, changed: dict[str, str]) -> str:
        data = {"parts": changed, "last_event_id": self.model.last_event_id if self.catchup.live else 0,
                "server_ms": round(time.time() * 1000)}
        return f"event: parts\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"

    def _send(self, changed: dict[str, str]) -> None:
        text = self._message(changed)
        for queue in list(self._listeners):
            if queue.qsize() > 100:   # a browser that stopped reading: it gets everything again when it is back
                queue.put_nowait(None)
                self._listeners.discard(queue)
            else:
                queue.put_nowait(text)

    def listen(self) -> tuple[asyncio.Queue, str]:
        """A new listener's queue and its first message (every part as it is now)."""
        queue: asyncio.Queue = asyncio.Queue()
        self._listeners.add(queue)
        return queue, self._message(dict(self.parts))

    def forget(self, queue: asyncio.Queue) -> None:
        """A listener went away."""
        self._listeners.discard(queue)

    def close(self) -> None:
        """End every listener's stream (the server is stopping)."""
        for queue in list(self._listeners):
            queue.put_nowait(None)
        self._listeners.clear()

    def html(self) -> str:
        """The whole page as it is now."""
        return page({**self.parts, "_table": self.table_id}, language=self.language,
                    right_to_left=self.right_to_left, overlay=self.overlay,
                    last_event_id=self.model.last_event_id if self.catchup.live else 0)

    def state(self) -> dict:
        """What the page shows, for a machine: table, shoe, round, state, the last result, rounds and road cells."""
        m = self.model
        roads = m.roads
        return {"table_id": m.table_id, "live": self.catchup.live, "last_event_id": m.last_event_id,
                "online": m.online, "state": m.state, "shoe_number": m.shoe_number, "round_number": m.round_number,
                "result": m.result, "stats": roads.stats.to_json(), "cells": roads.cells(),
                "bets_offered": m.round.get("bets_offered", []), "refused": self.refused,
                "subscribed": self.subscribed}


def make_app(hub: DisplayHub) -> web.Application:
    """The aiohttp application serving ``hub``'s page, its event stream and its state."""
    async def index(request: web.Request) -> web.Response:
        return web.Response(text=hub.html(), content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store"})

    async def state(request: web.Request) -> web.Response:
        return web.json_response(hub.state(), dumps=lambda v: json.dumps(v, ensure_ascii=False))

    async def events(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        queue, first = hub.listen()
        try:
            await response.write(b"retry: 1000\n\n" + first.encode())
            while True:
                try:
                    text = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    text = ": still here\n\n"
                if text is None:
                    break
                await response.write(text.encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            hub.forget(queue)
        return response

    app = web.Application()
    app.router.add_get("/", index)
    app.router.add_get("/events", events)
    app.router.add_get("/state.json", state)
    return app


def run_display(config: BrokerConfig, table_id: str, *, host: str, port: int, language: str,
                right_to_left: bool, overlay: bool, trust: TrustStore | None,
                on_ready: Callable[[str], None] | None = None) -> int:
    """Serve the table's display until SIGINT or SIGTERM; 0. ``on_ready(url)`` once it listens.

    Raises OSError when the port cannot be listened on.
    """
    async def main() -> None:
        loop = asyncio.get_running_loop()
        hub: DisplayHub | None = None
        feed = PitFeed(config, lambda item: loop.call_soon_threadsafe(deliver, item), [table_id], trust=trust,
                       asks_replays=True)

        def deliver(item: object) -> None:
            if hub is not None:
                hub.take(item)

        hub = DisplayHub(table_id, feed.ask, feed.client_id, language=language, right_to_left=right_to_left,
                         overlay=overlay)
        runner = web.AppRunner(make_app(hub), handle_signals=False, access_log=None, shutdown_timeout=2.0)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        stop = asyncio.Event()
        import signal

        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, stop.set)
        feed.start()
        bound = runner.addresses[0] if runner.addresses else (host, port)
        url = f"http://{bound[0]}:{bound[1]}/"
        log.info("display_serving", url=url, table_id=table_id, broker=config.url)
        if on_ready is not None:
            on_ready(url)
        try:
            while not stop.is_set():
                hub.tick()
                try:
                    await asyncio.wait_for(stop.wait(), TICK_SECONDS)
                except TimeoutError:
                    pass
        finally:
            feed.stop()
            hub.close()
            await site.stop()
            await runner.cleanup()

    asyncio.run(main())
    return 0
