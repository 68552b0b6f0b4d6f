# Adjutant: two commands on a fresh machine -- `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test bench gate cpgate device pytest micropython clean goldens coverage boards

$(STAMP): requirements.txt constraints.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -r requirements.txt -c constraints.txt > $(VENV)/pip.log 2>&1 || (cat $(VENV)/pip.log; exit 1)
	touch $(STAMP)

# The simulated device on its default hardware profile and edition.
demo: $(STAMP)
	$(PY) -m host_sim

# Every test: the host pytest run, then the MicroPython gate and the CircuitPython gate (compile + portable tests).
test: $(STAMP)
	$(PY) tools/coverage.py --check
	# The simulator's own tests run in a process of their own (a simulated device boots into a
	# fresh interpreter state, which the firmware's fake-device tests would otherwise share),
	# beside the other tests on a second core; their output follows.
	@mkdir -p build
	@$(PY) -m pytest -q -p no:cacheprovider tests/host/test_host_sim_*.py > build/sim-tests.log 2>&1 & sim=$$!; \
	$(PY) -m pytest -q tests --ignore-glob='tests/host/test_host_sim_*.py'; main=$$?; \
	wait $$sim; simrc=$$?; echo "--- the simulator's tests (own process):"; cat build/sim-tests.log; \
	test $$main -eq 0 -a $$simrc -eq 0
	$(PY) tools/mpgate.py
	$(PY) tools/cpgate.py

# The MicroPython gate alone.
gate: $(STAMP)
	$(PY) tools/mpgate.py

# The CircuitPython gate alone (CircuitPython's mpy-cross and unix port from ../shared/circuitpython).
cpgate: $(STAMP)
	$(PY) tools/cpgate.py

# What to copy to a board's CIRCUITPY drive, in build/CIRCUITPY/ (BOARD: a profile of firmware/hardware/).
device: $(STAMP)
	@test -n "$(BOARD)" || (echo "usage: make device BOARD=<profile>  (see firmware/hardware/)"; exit 2)
	$(PY) tools/device.py $(BOARD)

bench: $(STAMP)
	$(PY) bench/run.py

# Regenerate the rules coverage table (tests/RULES_COVERAGE.md).
coverage: $(STAMP)
	$(PY) tools/coverage.py --write

# Regenerate board_defs/ from ../shared/data/boards (host only; needs ../shared).
boards: $(STAMP)
	$(PY) tools/gen_boards.py

# Regenerate the simulator's golden screenshots after an intended UI change.
goldens: $(STAMP)
	$(PY) -m host_sim.goldens

clean:
	rm -rf $(VENV) build .pytest_cache
