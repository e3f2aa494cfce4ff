"""Shoe drivers: bytes and devices only. Never imports Qt or :mod:`dealer_station`.

Transports (serial, USB HID, simulator, replay) move bytes; codecs turn bytes into frames;
card-code maps turn tokens into cards; sessions record and read raw device traffic.
"""
