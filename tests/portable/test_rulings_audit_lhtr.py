# gate heap: 200K (smallest heap that passes: 184-188K on the unix port, 2026-11-29, measured 4K apart
# from run to run; +12K headroom, since the collector scans the C stack conservatively)
# Revised / LHTR: rules an independent audit found wrong or unstatable (issue 16), each worked
# by hand from ../shared/seeds/revised-lhtr-tournament-rules.txt.
from engine_core.battle.steps import Battle
from engine_core.battle.base import O_ATTACKER_WON, P_BOMBARD, S_AA, S_BOMBARD
from engine_core.odds.exact import odds
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from portable_helpers import _named, _rolls, _finish

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

def test_lone_aa_gun_fires_lhtr_and_revised():
    """LHTR-C-21: "Whenever an air unit enters a territory containing an enemy anti-aircraft
    gun, the anti-aircraft gun fires during the opening fire step of combat. Roll one die for
    each attacking air unit". A fighter and a bomber with a tank against a territory held only
    by the gun: dice at the fighter (1: down), then at the bomber (3: missed); nothing else
    fights and the tank takes the territory. Revised plays the same table (LHTR-M-08)."""
    for ed in ("revised_lhtr", "revised"):
        b = Battle(ed, "land", {"fighter": 1, "bomber": 1, "armor": 1}, {"antiaircraft_gun": 1})
        d = FixedDice([1, 3])
        _finish(b, d)
        assert d.remaining() == 0, ed
        assert [r[3] for r in _rolls(b)] == [(1,), (3,)]
        assert [r[1] for r in _rolls(b)] == [S_AA, S_AA]
        assert _named(b, b.result["lost"][0]) == {"fighter": 1}
        assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


def test_lone_aa_gun_jets_are_not_fired_on():
    """LHTR-T-07: Jet Fighters are never fired on by AA: against a lone gun no die is rolled."""
    b = Battle("revised_lhtr", "land", {"fighter": 2, "infantry": 1}, {"antiaircraft_gun": 1},
               {"attacker_tech": ("jet_fighters",)})
    _finish(b, FixedDice([]))
    assert _rolls(b) == [] and b.result["captured"] == 1


def test_lone_aa_gun_in_the_odds_lhtr():
    """LHTR-C-21: odds of one fighter (10 IPCs) against a lone gun: it survives with 5/6, the
    attacker's expected loss is 10/6. A fighter and a bomber: each shot at once, each survives
    with 5/6 (dice by type)."""
    for ed in ("revised_lhtr", "revised"):
        r = odds(ed, "land", {"fighter": 1}, {"antiaircraft_gun": 1})
        assert abs(r["attacker_survivors"]["fighter"] - 5.0 / 6) < EPS
        assert abs(r["attacker_ipc_lost"] - 10.0 / 6) < EPS
        r = odds(ed, "land", {"fighter": 1, "bomber": 1, "infantry": 1}, {"antiaircraft_gun": 1})
        assert abs(r["attacker_survivors"]["fighter"] - 5.0 / 6) < EPS
        assert abs(r["attacker_survivors"]["bomber"] - 5.0 / 6) < EPS
        assert abs(r["attacker_captures"] - 1.0) < EPS


# ----- item 2: every battleship bombards (no cap by land units offloaded)

def test_every_battleship_bombards_battle():
    """LHTR-U-51: "your battleships in the same sea zone as the offloading transport can conduct
    shore bombardment. Each battleship fires once". Two battleships and one landed infantry
    against two infantry: both battleships may fire (4, 1: two hits at 4); the hit infantry
    are lost without firing back (LHTR-CHG-BOMB-01); no other die is rolled."""
    b = Battle("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 2},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 2}})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_BOMBARD and p.info[0] == 2
    b.answer({"battleship": 2})
    d = FixedDice([4, 1])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_BOMBARD, 4, (4, 1))]
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


def test_every_battleship_bombards_odds():
    """LHTR-U-51, LHTR-C-23: the same battle's odds. Bombardment hits at 4 (2/3 each): 0 hits
    1/9, 1 hit 4/9, 2 hits 4/9 (the attacker wins). 1 infantry (1) against 1 (2): win 1/4, lose
    5/8, both die 1/8. Against 2: a round gives A-only 1/6*4/9, D hits 5/9 (the attacker dies
    either way), nothing 5/6*4/9; so 1v1 with 2/17, lost 15/17: win 1/34, lose 65/68, both
    1/68. Win 4/9 + 4/9*1/4 + 1/9*1/34 = 171/306; lose 4/9*5/8 + 1/9*65/68 = 235/612; both
    4/9*1/8 + 1/9*1/68 = 35/612."""
    r = odds("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 2},
             bombard={"battleship": 2})
    assert abs(r["attacker_wins"] - 171.0 / 306) < EPS
    assert abs(r["defender_wins"] - 235.0 / 612) < EPS
    assert abs(r["draw"] - 35.0 / 612) < EPS


# ----- item 3: carriers hold 2 fighters; fighters defend at sea only on a carrier

def test_carrier_capacity_lhtr():
    """LHTR-U-33: "Up to two fighters may be on a friendly aircraft carrier at a time": three
    fighters on one carrier, or a defending fighter at sea with no carrier, are refused by the
    battle and the odds; guest fighters carried as cargo count against the same two places
    (LHTR-U-61)."""
    ed = "revised_lhtr"
    att = {"destroyer": 1}
    for fn in (Battle, odds):
        assert _refused("LHTR-U-33", fn, ed, "sea", att, {"aircraft_carrier": 1, "fighter": 3})
        assert _refused("LHTR-U-33", fn, ed, "sea", att, {"submarine": 1, "fighter": 1})
    assert _refused("LHTR-U-33", Battle, ed, "sea", {"aircraft_carrier": 1, "destroyer": 1},
                    {"submarine": 1}, {"attacker_cargo": {"fighter": 3}})
    b = Battle(ed, "sea", {"aircraft_carrier": 1, "destroyer": 1}, {"submarine": 1},
               {"attacker_cargo": {"fighter": 2}})
    assert b.result is None
