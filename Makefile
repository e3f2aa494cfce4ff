# dealer-station: `make run` and `make test` do all the set-up on a fresh Debian machine with Python 3.11+.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export PIP_DISABLE_PIP_VERSION_CHECK := 1
# Debian packages the tests need: umockdev (device replays), mosquitto (MQTT broker), rabbitmq-server (a second,
# clusterable MQTT broker: its plugin; the test starts a private node), postgresql (the consumer's central ledger:
# the tests start a private cluster with its initdb and pg_ctl), Qt runtime libraries, chromium (the table
# display's page, driven by Playwright).
QT_DEBS := libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0
# Qt's xcb platform plugin (a real window on an X display) needs these besides; without them Qt aborts.
XCB_DEBS := libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-render-util0 \
	libxcb-image0 libxcb-randr0 libxcb-xinerama0 libxcb-xkb1
# Fonts of the console's languages: DejaVu Sans (the theme's, with Arabic) and Noto (Telugu, and a better Arabic).
FONT_DEBS := fonts-dejavu-core fonts-noto-core
TEST_DEBS := umockdev mosquitto rabbitmq-server postgresql xvfb chromium strace $(QT_DEBS) $(XCB_DEBS) $(FONT_DEBS)
# The misread sound is played by ALSA's aplay when Qt Multimedia is not installed (PipeWire's or PulseAudio's player first).
SOUND_DEBS := alsa-utils
RUN_DEBS := $(QT_DEBS) $(XCB_DEBS) $(FONT_DEBS) $(SOUND_DEBS)
# The console's translations: Qt Linguist sources (.ts) and the compiled files shipped beside them (.qm).
I18N := dealer_station/console/i18n
TS_FILES := $(filter-out $(I18N)/console_en.ts,$(wildcard $(I18N)/console_*.ts))
# The tests' npm packages (Ajv for the schemas).
JS_TESTS := tests/js

.PHONY: run test lint bench clean debs-run debs-test translations

$(VENV)/.python-ok:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || \
	  { echo "dealer-station needs Python 3.11 or newer; '$(PYTHON)' is $$($(PYTHON) --version 2>&1). Run: make PYTHON=python3.11 ..."; exit 2; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@touch $@

# The stamps are older than pyproject.toml when it changes: the venv is then brought up to date.
$(VENV)/.installed: pyproject.toml $(VENV)/.python-ok
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

# Ajv (npm), to compile the shipped schemas in strict mode: the versions of tests/js/package-lock.json.
# Without npm the test that uses it is skipped with the reason.
$(JS_TESTS)/node_modules/.installed: $(JS_TESTS)/package.json $(JS_TESTS)/package-lock.json
	@if command -v npm >/dev/null; then \
	  cd $(JS_TESTS) && npm ci -s --no-audit --no-fund && touch node_modules/.installed; \
	else echo "npm is not installed: the schemas will not be compiled with Ajv"; fi

debs-run:
	@bash .ci/install-debs $(RUN_DEBS)

debs-test:
	@bash .ci/install-debs $(TEST_DEBS)

# The dealer console on the built-in simulated shoe; on a machine without a display, the same
# station headless (one shoe with the automatic dealer, on a scratch journal).
run: $(VENV)/.installed debs-run
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY$$QT_QPA_PLATFORM" ]; then \
	  $(VENV)/bin/dealer-station console; \
	else \
	  echo "no display: running the station headless instead (dealer-station run --headless --shoe sim --auto)"; \
	  $(VENV)/bin/dealer-station run --headless --shoe sim --auto --shoes 1 --journal :memory: --log-level WARNING; \
	fi

# The suite in TEST_WORKERS processes (pytest-xdist), each test file whole on one of them: most tests wait on
# brokers, stations and disks, so four overlap well even on two cores (tests/README.md "In parallel").
# TEST_WORKERS=0 runs it in this one process; PYTEST_ARGS come last and win (PYTEST_ARGS="-n 0 tests/cli").
TEST_WORKERS ?= 4
test: $(VENV)/.installed-test $(JS_TESTS)/node_modules/.installed debs-test
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# Pick up the console's strings into every .ts (a new string arrives as unfinished, a removed one goes),
# then compile each .ts into its .qm. Translate the unfinished ones (pyside6-linguist FILE.ts) and run it again.
# English is the source language: console_en.ts holds its plural forms only (-pluralonly).
translations: $(VENV)/.installed
	$(VENV)/bin/pyside6-lupdate -no-obsolete -locations relative dealer_station/console/*.py dealer_station/display/*.py \
	  -ts $(TS_FILES)
	$(VENV)/bin/pyside6-lupdate -pluralonly -no-obsolete -locations relative dealer_station/console/*.py \
	  -ts $(I18N)/console_en.ts
	@for ts in $(TS_FILES) $(I18N)/console_en.ts; do $(VENV)/bin/pyside6-lrelease -silent $$ts -qm $${ts%.ts}.qm || exit 1; done

bench: $(VENV)/.installed
	@for b in bench/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache $(JS_TESTS)/node_modules
