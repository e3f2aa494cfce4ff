"""The table's own display: the pole screen beside the table and a stream's overlay, as a web page (docs/display.md).

- :mod:`dealer_station.display.catchup`: the table's events from the start of its current shoe, each once
  and in id order, asked of the station (its replay) when the page starts mid-shoe. Pure.
- :mod:`dealer_station.display.model`: those events folded into what the screen shows (the last result, the
  shoe's rounds for the roads, the limits and bets offered, the table's state). Pure.
- :mod:`dealer_station.display.page`: the page's parts in words of the chosen language, the roads as SVG
  drawn from the domain's road cells (:meth:`dealer_station.domain.roads.Roads.cells`).
- :mod:`dealer_station.display.server`: the aiohttp server (the page, its Server-Sent Events) and the MQTT
  side (the pit's feed, :class:`dealer_station.pit.feed.PitFeed`, which may ask for replays here).
"""
