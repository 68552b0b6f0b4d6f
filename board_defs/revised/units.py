"""Revised (2004) units and combat flags.

The sources hold Revised only as amended by LHTR, and LHTR-M-08 says the original
Revised wording of the changed combat rules is not recoverable; the unit values
are the same in both. So Revised uses the LHTR tables unchanged (documented
choice, see engine_core/battle/steps.py).
"""
from board_defs.revised_lhtr.units import UNITS, ALIASES, COMBAT_FLAGS  # noqa: F401
