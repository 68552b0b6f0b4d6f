"""Global 1940 units: those of Pacific 1940 (G40-U-01), same order, same flags
(kamikaze G40-U-05/G40-C-02 and scramble apply in Global too)."""
from board_defs.pacific_1940.units import UNITS, ALIASES, COMBAT_FLAGS  # noqa: F401
