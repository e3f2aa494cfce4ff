"""Shoe drivers: bytes and devices only. Never imports Qt or :mod:`dealer_station`.

Transports (serial, USB HID, simulator, replay) move bytes; codecs turn bytes into frames;
card-code maps turn tokens into cards; sessions record and read raw device traffic.

Modules: :mod:`drivers.frames` (what a shoe says), :mod:`drivers.profiles` (``open_shoe``:
``--shoe`` specs and profiles), :mod:`drivers.source` (the reader thread template),
:mod:`drivers.serial_shoe`, :mod:`drivers.usb_shoe`, :mod:`drivers.simulator`,
:mod:`drivers.replay` (transports), :mod:`drivers.codecs` (the codecs by name),
:mod:`drivers.codec_base`, :mod:`drivers.tokens`, :mod:`drivers.framing`, :mod:`drivers.hid_codec`,
:mod:`drivers.cardcodes`, :mod:`drivers.hidkeys` (decoding), :mod:`drivers.sessions`, :mod:`drivers.usbmon` (recordings
and captures), :mod:`drivers.deck` (shuffled shoes), :mod:`drivers.errors`; :mod:`drivers.util` (the back-off and
:func:`~drivers.util.short_repr`, shared with :mod:`dealer_station`, which may import drivers). See docs/drivers.md.
"""
