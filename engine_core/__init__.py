"""Adjutant's rules engine: pure logic, deterministic given its dice.

Runs unchanged on CPython and MicroPython. Modules are imported on demand
(the device has ~150 KB of heap), so this package imports nothing at load.
"""

__version__ = "0.1.0"
