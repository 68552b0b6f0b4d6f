"""Global 1940 power-by-power variant: the Global 1940 units unchanged (004 changes no unit)."""
from board_defs.global_1940.units import UNITS, ALIASES, COMBAT_FLAGS  # noqa: F401
