# An amphibious assault's exact odds with the launch zone's powers' own national advantages and
# split (issue 16: the battle's options sea_defender_na, sea_defender_teched; engine_core/odds/
# assault.py), checked against fractions worked by hand.
from engine_core.odds import assault
from engine_core.errors import InputError, RuleError
from engine_core.numfmt import percent

EPS = 1e-5
# the recurrences below against their fractions: as close as the platform's floats carry
# (CircuitPython's are single precision: 1 + 1e-10 is 1 there)
TIGHT = 1e-12 if 1.0 + 1e-10 != 1.0 else 1e-6
# LHTR: 2 bombers and a transport (1 infantry aboard) against a battleship in the launch zone,
# then the infantry against 1 defending infantry
BB = ("revised_lhtr", {"infantry": 1}, {"infantry": 1}, {"infantry": 1},
      {"bomber": 2, "transport": 1}, {"battleship": 1})
JAPAN = {"defender": ["dug_in", "powerful_battleships"]}


def close(x, y, eps=EPS):
    if abs(x - y) >= eps:
        return False
    return not (0 <= y <= 1) or percent(x) == percent(y)


def _landing(q):
    """The sea battle worked by hand for a defending battleship hitting with probability q
    (LHTR-U-50: 2 hits; bombers at 4, 2/3 each; the attacker loses bombers first, its
    transport last, no retreat). L(b, h): the chance the infantry lands from b bombers left
    and h hits on the battleship. With no bomber the transport alone is sunk in the end:
    L(0, h) = 0. L(1, 1) = 2/3 + 1/3 (1 - q) L(1, 1) = 2 / (2 + q); L(1, 0) = 2/3 (1 - q)
    L(1, 1) + 1/3 (1 - q) L(1, 0) = 4 (1 - q) / (2 + q)^2; L(2, 1) = 8/9 + 1/9 ((1 - q)
    L(2, 1) + q L(1, 1)) = (8 + q L(1, 1)) / (8 + q); L(2, 0) = 4/9 (two hits) + 4/9 ((1 - q)
    L(2, 1) + q L(1, 1)) + 1/9 ((1 - q) L(2, 0) + q L(1, 0)): q = 2/3 gives 2319/2704, q = 5/6
    gives 649776/811801."""
    l11 = 2 / (2 + q)
    l10 = 4 * (1 - q) / (2 + q) ** 2
    l21 = (8 + q * l11) / (8 + q)
    return (4 + 4 * (1 - q) * l21 + 4 * q * l11 + q * l10) / (8 + q)


def test_hand_worked_landings():
    """The recurrences of _landing against their fractions (worked separately by hand)."""
    assert close(_landing(2 / 3), 2319 / 2704, TIGHT)
    assert close(_landing(5 / 6), 649776 / 811801, TIGHT)


def test_japanese_island_german_battleship_at_sea():
    """LHTR-O-02 "A power may not share its national advantages with friendly powers"; LHTR-O-43
    "Your battleships attack and defend on a 5"; LHTR-O-44; LHTR-C-42: the island is Japan's,
    the battleship in its zone Germany's (sea_defender_na: none): it defends at 4, q = 2/3:
    landing 2319/2704. Land: 1 infantry (1) against the dug-in infantry (3): per round the
    attacker alone hits 1/12, the defender alone 5/12, both 1/12, neither 5/12: win 1/7, draw
    1/7. Capture 2319/2704 * 1/7 = 2319/18928."""
    r = assault.odds(*BB, advantages=JAPAN, space=["island"], sea_defender_na=[])
    assert close(r["landing"], 2319 / 2704)
    assert close(r["sea"]["attacker_wins"], 2319 / 2704)
    assert close(r["attacker_captures"], 2319 / 18928)
    assert close(r["draw"], 2319 / 18928)


def test_without_the_option_the_land_owners_battleships_go_to_sea():
    """LHTR-O-43 LHTR-C-42 (the behaviour before the option): the zone's battleship takes the
    land owner's advantage, at 5, q = 5/6: landing 649776/811801, capture 1/7 of it."""
    r = assault.odds(*BB, advantages=JAPAN, space=["island"])
    assert close(r["landing"], 649776 / 811801)
    assert close(r["attacker_captures"], 649776 / 811801 / 7)


def test_japanese_battleship_at_sea_beside_another_powers_territory():
    """LHTR-O-02 LHTR-O-43 LHTR-C-42: no advantage on land, the zone's Japanese battleship at 5
    (sea_defender_na): landing 649776/811801. Land: 1 against 2: win 1/4 (per round 1/9 of 4/9),
    draw 1/8: capture 162444/811801."""
    r = assault.odds(*BB, sea_defender_na=["powerful_battleships"])
    assert close(r["landing"], 649776 / 811801)
    assert close(r["attacker_captures"], 162444 / 811801)
    assert close(r["draw"], 649776 / 811801 / 8)


# LHTR: a fighter and a transport (1 infantry aboard) against two subs, one with Super Submarines
SUBS = ("revised_lhtr", {"infantry": 1}, {"infantry": 1}, {"infantry": 1},
        {"fighter": 1, "transport": 1}, {"submarine": 2})


def test_two_powers_subs_in_the_zone():
    """LHTR-T-06 "Technology helps only the power that researched it"; LHTR-T-09 super subs
    "cannot be hit by enemy aircraft unless an enemy destroyer is in the zone"; LHTR-C-42: the
    fighter can never hit the super sub, which keeps firing at the transport (2: 1/3 a round)
    until it sinks it: nothing ever lands, the attacker loses transport and infantry (8 + 3).
    With sea_defender_teched 1 sub is of a power without them: the fighter hits it at 3 every
    round it fires, so in the end it is lost (8) -- the sea battle ends only when neither side
    can hit. Without the split both subs are super and the defender loses nothing."""
    r = assault.odds(*SUBS, sea_defender_tech=["super_submarines"],
                     sea_defender_teched={"submarine": 1})
    assert close(r["landing"], 0) and close(r["defender_wins"], 1)
    assert close(r["attacker_ipc_lost"], 11) and close(r["defender_ipc_lost"], 8)
    r = assault.odds(*SUBS, sea_defender_tech=["super_submarines"])
    assert close(r["landing"], 0) and close(r["defender_ipc_lost"], 0)


def test_sliced_solver_and_refusals():
    """LHTR-O-02 LHTR-T-06: the sliced Solver gives odds()'s figures; an unknown advantage or a
    split of more subs than defend at sea is refused before any slice."""
    s = assault.Solver(*BB, sea_defender_na=["powerful_battleships"])
    while not s.step(50):
        pass
    assert close(s.result()["landing"], 649776 / 811801)
    for kw, word in (({"sea_defender_na": ["banzai_charge"]}, "banzai_charge"),
                     ({"sea_defender_teched": {"submarine": 3}}, "sea_defender_teched: more submarine")):
        try:
            assault.Solver(*SUBS, sea_defender_tech=["super_submarines"], **kw)
            assert False, "accepted"
        except (InputError, RuleError) as e:
            assert word in str(e), str(e)
