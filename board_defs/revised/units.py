"""Revised (2004) units and combat flags.

The sources hold Revised only as amended by LHTR, and LHTR-M-08 says the original
Revised wording of the changed combat rules is not recoverable; the unit values
are the same in both. So Revised uses the LHTR tables (documented choice, see
engine_core/battle/steps.py), plus the few originals the FAQ keeps: CF_NA_FAQ_ORIGINAL
(Wolf Packs need 3 subs when the battle starts, LHTR-CHG-NA-02; Superfortresses are not
fired on by AA, LHTR-CHG-NA-05).
"""
from engine_core.units import CF_NA_FAQ_ORIGINAL
from board_defs.revised_lhtr.units import UNITS, ALIASES  # noqa: F401
from board_defs.revised_lhtr.units import COMBAT_FLAGS as _LHTR_FLAGS

COMBAT_FLAGS = _LHTR_FLAGS | CF_NA_FAQ_ORIGINAL
