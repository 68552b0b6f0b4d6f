# gate heap: 200K (smallest heap that passes: 188-192K on the unix port, 2026-11-29, measured 4K apart
# from run to run; +8-12K headroom, since the collector scans the C stack conservatively)
# Classic 2nd edition: rules an independent audit found wrong or unstatable (issue 16),
# each worked by hand from the manual (../shared/seeds/classic-2nd-edition-manual.txt).
from engine_core.battle.steps import Battle
from engine_core.battle.base import O_ATTACKER_WON, O_BOTH_DESTROYED, S_AA
from engine_core.odds.exact import odds
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from portable_helpers import _named, _rolls, _finish

ED = "classic"
# The odds engine computes in the interpreter's float: single precision (float32) on every
# CircuitPython board, where a solved battle agrees with its exact fraction to about 1e-6
# (tools/cpgate.py); EPS says "the hand-worked fraction, in single precision".
EPS = 1e-5


def _refused(rule, fn, *args):
    try:
        fn(*args)
    except RuleError as e:
        return e.rule == rule
    return False


# ----- item 1: an AA gun alone still fires at attacking planes

def test_lone_aa_gun_fires_at_the_planes():
    """CL-C-11: "If the defender has an AA gun present and the attacker has planes in the
    attack, then the defender exercises the air defense capability of the AA gun." A fighter
    and an infantry attack a territory held only by an AA gun: the gun rolls one die for the
    fighter; a 1 shoots it down. Nothing else fights (the gun never sits on the battle board,
    CL-U-12), the infantry takes the territory."""
    b = Battle(ED, "land", {"fighter": 1, "infantry": 1}, {"antiaircraft_gun": 1})
    d = FixedDice([1])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(1, S_AA, 1, (1,))]
    assert _named(b, b.result["lost"][0]) == {"fighter": 1}
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


def test_lone_aa_gun_misses():
    """CL-C-11: the gun rolls a 2: no plane lost, one die only, the attack takes the territory."""
    b = Battle(ED, "land", {"fighter": 1, "infantry": 1}, {"antiaircraft_gun": 1})
    d = FixedDice([2])
    _finish(b, d)
    assert d.remaining() == 0 and _rolls(b) == [(1, S_AA, 1, (2,))]
    assert _named(b, b.result["survivors"][0]) == {"fighter": 1, "infantry": 1}
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


def test_lone_aa_gun_and_a_lone_fighter():
    """CL-C-11: one fighter alone against the gun, the gun rolls 1: the fighter is gone and
    nothing is on the battle board on either side (the gun stays on the map): both destroyed,
    no capture."""
    b = Battle(ED, "land", {"fighter": 1}, {"antiaircraft_gun": 1})
    _finish(b, FixedDice([1]))
    assert b.result["outcome"] == O_BOTH_DESTROYED and b.result["captured"] == 0


def test_lone_aa_gun_no_planes_no_dice():
    """CL-C-11: "If there are no planes present, ignore this part of the sequence": tanks alone
    take a territory held only by the gun with no die rolled (CL-A-23)."""
    b = Battle(ED, "land", {"armor": 2}, {"antiaircraft_gun": 1})
    _finish(b, FixedDice([]))
    assert _rolls(b) == [] and b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


def test_lone_aa_gun_in_the_odds():
    """CL-C-11: the odds of the same battles. One fighter: the gun hits with 1/6, so the fighter
    survives with 5/6 and loses 12 IPCs with 1/6 (2 expected). With an infantry the attacker
    always takes the territory. Two fighters and a bomber: 3 dice; the default order of loss
    gives up fighters (12) before the bomber (15): P(3 hits) = 1/216 loses the bomber, fighters
    lost = (1*75 + 2*15 + 2*1)/216 = 107/216, so 2 - 107/216 = 325/216 fighters survive."""
    r = odds(ED, "land", {"fighter": 1}, {"antiaircraft_gun": 1})
    assert abs(r["attacker_survivors"]["fighter"] - 5.0 / 6) < EPS
    assert abs(r["attacker_wins"] - 5.0 / 6) < EPS and abs(r["draw"] - 1.0 / 6) < EPS
    assert abs(r["attacker_ipc_lost"] - 2.0) < EPS
    r = odds(ED, "land", {"fighter": 1, "infantry": 1}, {"antiaircraft_gun": 1})
    assert abs(r["attacker_captures"] - 1.0) < EPS
    assert abs(r["attacker_survivors"]["fighter"] - 5.0 / 6) < EPS
    r = odds(ED, "land", {"fighter": 2, "bomber": 1}, {"antiaircraft_gun": 1})
    assert abs(r["attacker_survivors"]["fighter"] - 325.0 / 216) < EPS
    assert abs(r["attacker_survivors"]["bomber"] - 215.0 / 216) < EPS


# ----- item 3: carriers hold 2 fighters; fighters defend at sea only on a carrier

def test_carrier_holds_two_fighters():
    """CL-U-60: "Only 2 fighters per aircraft carrier!" Three fighters defending on one carrier
    are refused by the battle and by the odds; two are fine."""
    att = {"battleship": 1}
    assert _refused("CL-U-60", Battle, ED, "sea", att, {"aircraft_carrier": 1, "fighter": 3})
    assert _refused("CL-U-60", odds, ED, "sea", att, {"aircraft_carrier": 1, "fighter": 3})
    Battle(ED, "sea", att, {"aircraft_carrier": 1, "fighter": 2})
    odds(ED, "sea", att, {"aircraft_carrier": 1, "fighter": 2})


def test_fighters_defend_at_sea_only_on_a_carrier():
    """CL-U-30: fighters "defend in a sea zone only on an aircraft carrier" (and bombers never
    land on one, CL-U-32): a defending fighter or bomber at sea with no carrier is refused.
    Attacking planes need no carrier (they fly in from land)."""
    att = {"submarine": 1}
    assert _refused("CL-U-30", Battle, ED, "sea", att, {"transport": 1, "fighter": 1})
    assert _refused("CL-U-30", odds, ED, "sea", att, {"transport": 1, "fighter": 1})
    assert _refused("CL-U-30", Battle, ED, "sea", att, {"aircraft_carrier": 1, "bomber": 1})
    Battle(ED, "sea", {"fighter": 2, "bomber": 1}, {"transport": 1})


def test_cargo_needs_a_deck():
    """CL-U-60: fighters carried as cargo ride on carriers, 2 per carrier: one carrier with a
    fighter in the air and two more as cargo is refused."""
    assert _refused("CL-U-60", Battle, ED, "sea", {"battleship": 1},
                    {"aircraft_carrier": 1, "fighter": 1}, {"defender_cargo": {"fighter": 2}})


# ----- item 17: land units aboard a defending transport are lost with it

def test_land_units_aboard_a_sunk_transport_are_lost():
    """CL-U-70: "If a transport is hit, any cargo aboard is lost with it" (the manual: "if the
    transport is hit, the land units aboard are lost, too!"). A submarine attacks a transport
    carrying 2 infantry; its first shot (CL-C-31) rolls 1: the transport sinks without firing
    and the infantry go with it: 8 + 2 x 3 = 14 IPCs."""
    b = Battle(ED, "sea", {"submarine": 1}, {"transport": 1},
               {"defender_cargo": {"infantry": 2}, "retreat": ()})
    d = FixedDice([1])
    _finish(b, d)
    assert d.remaining() == 0
    assert _named(b, b.result["lost"][1]) == {"transport": 1, "infantry": 2}
    assert b.result["ipc_lost"] == [0, 14]


def test_land_cargo_in_the_odds():
    """CL-U-70, CL-C-31: the same battle's odds: the sub's first shot sinks the transport with
    1/3 before it fires; otherwise the transport hits with 1/6: win 1/3 / (1 - 5/9) = 3/4. The
    infantry are left with 1/4 (1/2 expected of 2); the defender loses 14 x 3/4 = 21/2."""
    from engine_core.odds import cargo
    r = cargo.odds(ED, "sea", {"submarine": 1}, {"transport": 1},
                   cargo={"defender": {"infantry": 2}})
    assert abs(r["attacker_wins"] - 0.75) < EPS
    assert abs(r["defender_cargo"]["infantry"] - 0.5) < EPS
    assert abs(r["defender_ipc_lost"] - 10.5) < EPS


def test_transport_loads():
    """CL-U-71: a transport carries 1 or 2 infantry, or 1 tank, or 1 AA gun; "No mixed loads":
    infantry with a tank, or three infantry, do not fit one transport (battle and odds)."""
    from engine_core.odds import cargo
    for load in ({"infantry": 1, "armor": 1}, {"infantry": 3}):
        assert _refused("CL-U-71", Battle, ED, "sea", {"submarine": 1}, {"transport": 1},
                        {"defender_cargo": load})
        assert _refused("CL-U-71", cargo.odds, ED, "sea", {"submarine": 1}, {"transport": 1},
                        {"defender": load})
    Battle(ED, "sea", {"submarine": 1}, {"transport": 2},
           {"defender_cargo": {"infantry": 1, "armor": 1}})
