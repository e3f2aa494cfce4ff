"""The publish package's names resolve on first use; reading the broker options imports no MQTT client."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import dealer_station.publish as publish


@pytest.mark.parametrize("name", publish.__all__)
def test_every_name_of_the_package_is_its_modules(name):
    module = importlib.import_module(f"dealer_station.publish.{publish._WHERE[name]}")
    assert getattr(publish, name) is getattr(module, name)
    assert name in dir(publish)


def test_a_submodule_is_an_attribute_of_the_package_as_before():
    code = "import dealer_station.publish as p; print(p.publisher.Publisher is p.Publisher, p.topics.__name__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.split() == ["True", "dealer_station.publish.topics"]


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        publish.Nothing  # noqa: B018


def test_the_broker_options_alone_import_neither_the_publisher_nor_paho():
    """A console or replay without a broker reads the broker options at start-up; the publisher waits for a broker."""
    code = ("import sys; import dealer_station.cli.broker_options; "
            "print(sorted(m for m in sys.modules if m.startswith(('paho', 'dealer_station.publish.publisher'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stdout
