"""The editions Adjutant plays, the rules family of each, and the one loader of an edition's
unit tables (board_defs/<edition>/units.py: UNITS, ALIASES, COMBAT_FLAGS).

The family names the combat sequence and the rule-id prefix an edition shares with others:
Classic; Revised and Revised with the LHTR tournament rules (one combat sequence, LHTR-M-08);
the 1940 games (Pacific, Global and its power-by-power variant). Code that differs by family
asks `board.family` (Board and UnitsBoard both carry it), never the edition's name.
"""

from engine_core.errors import InputError

EDITIONS = ("classic", "revised", "revised_lhtr", "pacific_1940", "global_1940",
            "global_1940_variant")

# the name each edition has on the device's menus and in the command line: (edition, title)
# pairs (made from EDITIONS, so the edition names are not stored twice on the device)
EDITION_TITLES = tuple(zip(EDITIONS, ("Classic 2nd ed.", "Revised", "Revised LHTR", "Pacific 1940",
                                      "Global 1940", "Global 1940 var.")))

FAM_CLASSIC = 0
FAM_LHTR = 1
FAM_1940 = 2
_FAMILY = (FAM_CLASSIC, FAM_LHTR, FAM_LHTR, FAM_1940, FAM_1940, FAM_1940)   # by EDITIONS index


def check(edition):
    """The edition's index in EDITIONS; InputError names an unknown one."""
    for i in range(len(EDITIONS)):
        if EDITIONS[i] == edition:
            return i
    raise InputError("unknown edition: " + str(edition))


def family(edition):
    """FAM_CLASSIC, FAM_LHTR or FAM_1940."""
    return _FAMILY[check(edition)]


def unit_tables(edition):
    """The edition's units module (UNITS, ALIASES, COMBAT_FLAGS), imported on first use."""
    check(edition)
    return __import__("board_defs." + edition + ".units", None, None, ("UNITS",), 0)


class UnitsBoard:
    """The unit half of a board (units, aliases, combat flags, family) when no map is loaded:
    a battle, the odds or a raid given an edition's name costs only its unit tables."""

    def __init__(self, edition):
        mod = unit_tables(edition)
        self.edition = edition
        self.family = family(edition)
        self.units = mod.UNITS
        self.aliases = mod.ALIASES
        self.combat_flags = mod.COMBAT_FLAGS
        self.unit_count = len(mod.UNITS)

    def unit_name(self, u):
        return self.units[u][0]

    def unit_id(self, name):
        from engine_core.units import find
        u = find(self.units, self.aliases, str(name))
        if u < 0:
            raise InputError("unknown unit for %s: %s" % (self.edition, name))
        return u


def board_of(board):
    """A board as given, or the unit half of the named edition."""
    if isinstance(board, str):
        return UnitsBoard(board)
    return board
