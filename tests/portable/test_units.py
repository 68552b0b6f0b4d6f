# Unit tables of every edition against the rulebooks' unit profiles.
from engine_core.units import (
    U_NAME, U_COST, U_ATTACK, U_DEFENSE, U_MOVE, U_HITS, U_KIND, U_ABILITIES, U_MAX_DAMAGE,
    LAND, AIR, SEA, FACILITY, AB_SUBMARINE, AB_DESTROYER, AB_TRANSPORT, AB_AA, AB_ARTILLERY,
    AB_SUPPORTABLE, AB_CAPTURES, AB_BOMBARD, AB_TAC_BOMBER, AB_PAIRS_TAC, AB_SURFACE_WARSHIP,
    AB_NEEDS_ESCORT, find,
)


def _stats(units, aliases, name):
    u = find(units, aliases, name)
    assert u >= 0, name
    r = units[u]
    return (r[U_COST], r[U_ATTACK], r[U_DEFENSE], r[U_MOVE], r[U_HITS])


def test_classic_unit_table():
    """CL-U-01 CL-U-02 CL-U-10 CL-U-20 CL-U-30 CL-U-40 CL-U-50 CL-U-60 CL-U-70 CL-U-80 CL-D-05 CL-D-06:
    the Classic reference chart (cost, attack, defense, move, hits)."""
    from board_defs.classic.units import UNITS, ALIASES
    names = tuple(r[U_NAME] for r in UNITS)
    assert names == ("infantry", "armor", "antiaircraft_gun", "fighter", "bomber", "battleship",
                     "aircraft_carrier", "submarine", "transport", "industrial_complex")
    assert _stats(UNITS, ALIASES, "infantry") == (3, 1, 2, 1, 1)
    assert _stats(UNITS, ALIASES, "tank") == (5, 3, 2, 2, 1)
    assert _stats(UNITS, ALIASES, "aa_gun") == (5, 0, 1, 1, 1)
    assert _stats(UNITS, ALIASES, "fighter") == (12, 3, 4, 4, 1)
    assert _stats(UNITS, ALIASES, "bomber") == (15, 4, 1, 6, 1)
    assert _stats(UNITS, ALIASES, "bb") == (24, 4, 4, 2, 1)      # one hit in Classic
    assert _stats(UNITS, ALIASES, "carrier") == (18, 1, 3, 2, 1)
    assert _stats(UNITS, ALIASES, "sub") == (8, 2, 2, 2, 1)
    assert _stats(UNITS, ALIASES, "transport") == (8, 0, 1, 2, 1)
    assert UNITS[find(UNITS, ALIASES, "ic")][U_COST] == 15
    assert find(UNITS, ALIASES, "artillery") == -1 and find(UNITS, ALIASES, "destroyer") == -1


def test_lhtr_unit_table():
    """LHTR-U-01 LHTR-U-03 LHTR-U-04 LHTR-U-10 LHTR-U-20 LHTR-U-33 LHTR-U-40 LHTR-U-50 LHTR-U-52
    LHTR-U-60 LHTR-U-70 LHTR-U-80: Revised/LHTR unit profiles (fighter 10 per errata)."""
    from board_defs.revised_lhtr.units import UNITS, ALIASES
    assert _stats(UNITS, ALIASES, "infantry") == (3, 1, 2, 1, 1)
    assert _stats(UNITS, ALIASES, "artillery") == (4, 2, 2, 1, 1)
    assert _stats(UNITS, ALIASES, "armor") == (5, 3, 3, 2, 1)
    assert _stats(UNITS, ALIASES, "antiaircraft_gun")[0] == 5
    assert _stats(UNITS, ALIASES, "fighter") == (10, 3, 4, 4, 1)
    assert _stats(UNITS, ALIASES, "bomber") == (15, 4, 1, 6, 1)
    assert _stats(UNITS, ALIASES, "battleship") == (24, 4, 4, 2, 2)
    assert _stats(UNITS, ALIASES, "destroyer") == (12, 3, 3, 2, 1)
    assert _stats(UNITS, ALIASES, "aircraft_carrier") == (16, 1, 3, 2, 1)
    assert _stats(UNITS, ALIASES, "transport") == (8, 0, 1, 2, 1)
    assert _stats(UNITS, ALIASES, "submarine") == (8, 2, 2, 2, 1)
    assert UNITS[find(UNITS, ALIASES, "ic")][U_COST] == 15
    from board_defs.revised.units import UNITS as R
    assert R == UNITS


def test_pacific_1940_unit_table():
    """P40-U-01 P40-U-02 P40-U-03 P40-U-04 P40-U-05 P40-U-06 P40-U-07 P40-U-08 P40-U-09
    P40-U-10 P40-U-11 P40-U-12 P40-U-13 P40-U-14 P40-U-18: the rulebook unit profiles
    (the 1942 battle strip in the box is wrong)."""
    from board_defs.pacific_1940.units import UNITS, ALIASES
    assert _stats(UNITS, ALIASES, "infantry") == (3, 1, 2, 1, 1)
    assert _stats(UNITS, ALIASES, "artillery") == (4, 2, 2, 1, 1)
    assert _stats(UNITS, ALIASES, "mech") == (4, 1, 2, 2, 1)
    assert _stats(UNITS, ALIASES, "tank") == (6, 3, 3, 2, 1)
    assert _stats(UNITS, ALIASES, "aaa") == (5, 0, 0, 1, 1)
    assert _stats(UNITS, ALIASES, "fighter") == (10, 3, 4, 4, 1)
    assert _stats(UNITS, ALIASES, "tac") == (11, 3, 3, 4, 1)
    assert _stats(UNITS, ALIASES, "bomber") == (12, 4, 1, 6, 1)
    assert _stats(UNITS, ALIASES, "bb") == (20, 4, 4, 2, 2)
    assert _stats(UNITS, ALIASES, "carrier") == (16, 0, 2, 2, 2)
    assert _stats(UNITS, ALIASES, "cruiser") == (12, 3, 3, 2, 1)
    assert _stats(UNITS, ALIASES, "destroyer") == (8, 2, 2, 2, 1)
    assert _stats(UNITS, ALIASES, "sub") == (6, 2, 1, 2, 1)
    assert _stats(UNITS, ALIASES, "transport") == (7, 0, 0, 2, 1)


def test_pacific_1940_facilities():
    """P40-U-15 P40-U-16 P40-U-17 P40-U-70 P40-U-26: facility costs and damage caps (20 major,
    6 minor and bases); facilities never sit on the battle strip (0 hits)."""
    from board_defs.pacific_1940.units import UNITS, ALIASES
    for name, cost, cap in (("major_ic", 30, 20), ("minor_ic", 12, 6), ("air_base", 15, 6),
                            ("naval_base", 15, 6)):
        r = UNITS[find(UNITS, ALIASES, name)]
        assert r[U_KIND] == FACILITY and r[U_COST] == cost and r[U_MAX_DAMAGE] == cap
        assert r[U_HITS] == 0 and r[U_ATTACK] == 0 and r[U_DEFENSE] == 0


def test_1940_unit_classes():
    """P40-U-20 P40-U-21 P40-U-23 P40-U-35 P40-U-41 P40-U-51 P40-U-54 P40-U-58: who captures,
    AAA never fires in combat, tac bomber pairs with fighter/tank, battleship and cruiser
    bombard, surface warships, carriers and transports cannot attack alone."""
    from board_defs.pacific_1940.units import UNITS, ALIASES

    def ab(name):
        return UNITS[find(UNITS, ALIASES, name)][U_ABILITIES]

    for name in ("infantry", "artillery", "mech", "tank"):
        assert ab(name) & AB_CAPTURES
    assert not ab("aaa") & AB_CAPTURES and ab("aaa") & AB_AA
    assert ab("infantry") & AB_SUPPORTABLE and ab("mech") & AB_SUPPORTABLE
    assert ab("artillery") & AB_ARTILLERY
    assert ab("tac") & AB_TAC_BOMBER and ab("fighter") & AB_PAIRS_TAC and ab("tank") & AB_PAIRS_TAC
    assert ab("battleship") & AB_BOMBARD and ab("cruiser") & AB_BOMBARD
    assert not ab("destroyer") & AB_BOMBARD
    for name in ("battleship", "carrier", "cruiser", "destroyer"):
        assert ab(name) & AB_SURFACE_WARSHIP
    assert not ab("sub") & AB_SURFACE_WARSHIP and not ab("transport") & AB_SURFACE_WARSHIP
    assert ab("carrier") & AB_NEEDS_ESCORT and ab("transport") & AB_NEEDS_ESCORT
    assert ab("sub") & AB_SUBMARINE and ab("destroyer") & AB_DESTROYER and ab("transport") & AB_TRANSPORT
    assert UNITS[find(UNITS, ALIASES, "fighter")][U_KIND] == AIR
    assert UNITS[find(UNITS, ALIASES, "infantry")][U_KIND] == LAND
    assert UNITS[find(UNITS, ALIASES, "sub")][U_KIND] == SEA


def test_global_1940_units_are_pacific_units():
    """G40-U-01: Global 1940 units, costs and values are those of P40-U-01..70."""
    from board_defs.pacific_1940.units import UNITS as P
    from board_defs.global_1940.units import UNITS as G
    from board_defs.global_1940_variant.units import UNITS as V
    assert G == P and V == P


def test_aliases():
    """Contract aliases: tank/armor, aaa/antiaircraft_gun/aa_gun, bomber/strategic_bomber,
    mech, tac, carrier, sub, bb, ic (CL-U-02 LHTR-U-04 P40-U-04)."""
    from board_defs.classic.units import UNITS as CU, ALIASES as CA
    from board_defs.pacific_1940.units import UNITS as PU, ALIASES as PA
    assert CU[find(CU, CA, "tank")][U_NAME] == "armor"
    assert PU[find(PU, PA, "armor")][U_NAME] == "tank"
    assert PU[find(PU, PA, "antiaircraft_gun")][U_NAME] == "aaa"
    assert CU[find(CU, CA, "aaa")][U_NAME] == "antiaircraft_gun"
    assert PU[find(PU, PA, "Strategic Bomber")][U_NAME] == "strategic_bomber"
    assert find(PU, PA, "zeppelin") == -1
