# gate heap: 200K (smallest heap that passes: 184-188K on the unix port, 2026-11-29, measured 4K apart
# from run to run; +12K headroom, since the collector scans the C stack conservatively)
# Pacific 1940 / Global 1940 battles: rules an independent audit found wrong (issue 16), worked
# by hand from ../shared/seeds/pacific-1940-rulebook.txt. (Ledger rulings: test_rulings_audit_1940.)
from engine_core.battle.steps import Battle
from engine_core.battle.base import O_ATTACKER_WON
from engine_core.odds.exact import odds
from engine_core.dice import FixedDice
from portable_helpers import _named, _rolls, _finish

ED = "pacific_1940"
# The odds engine computes in the interpreter's float: single precision (float32) on every
# CircuitPython board, where a solved battle agrees with its exact fraction to about 1e-6
# (tools/cpgate.py); EPS says "the hand-worked fraction, in single precision".
EPS = 1e-5


# ----- item 1, 1940 side: AAA alone has no combat

def test_aaa_alone_has_no_combat():
    """P40-C-53: "If you moved any units into unoccupied hostile territories or hostile
    territories that contain only facilities and/or AAA units, no actual combat is necessary."
    Unlike the Classic / Revised AA gun, a lone AAA never fires: no die, the fighter is safe
    (battle and odds), the infantry takes the territory."""
    for ed in (ED, "global_1940"):
        b = Battle(ed, "land", {"fighter": 1, "infantry": 1}, {"aaa": 1})
        _finish(b, FixedDice([]))
        assert _rolls(b) == []
        assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1
        assert _named(b, b.result["survivors"][0]) == {"fighter": 1, "infantry": 1}
        r = odds(ed, "land", {"fighter": 1, "infantry": 1}, {"aaa": 1})
        assert abs(r["attacker_survivors"]["fighter"] - 1.0) < EPS


# ----- item 15: a carrier damaged earlier enters the battle with its planes as cargo

def test_damaged_carrier_enters_with_its_planes_as_cargo():
    """P40-U-55: "If a damaged carrier is attacked, the aircraft aboard are cargo: they can't
    defend and are lost with the carrier"; P40-C-85: a second hit destroys it. A destroyer
    (attack 2) rolls 2 against a carrier damaged by a kamikaze strike, 2 fighters aboard: the
    carrier sinks with both fighters (16 + 2 x 10 = 36 IPCs); the carrier's own 6 misses."""
    b = Battle(ED, "sea", {"destroyer": 1}, {"aircraft_carrier": 1},
               {"defender_damaged": {"aircraft_carrier": 1}, "defender_cargo": {"fighter": 2},
                "retreat": ()})
    d = FixedDice([2, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _named(b, b.result["lost"][1]) == {"aircraft_carrier": 1, "fighter": 2}
    assert b.result["ipc_lost"] == [0, 36]


def test_damaged_carrier_odds_with_cargo():
    """P40-U-55, P40-C-85: the same battle's odds. Each round the destroyer hits with 1/3 and
    the carrier (defense 2) with 1/3: both 1/9, destroyer only 2/9, carrier only 2/9, neither
    4/9: attacker wins 2/5, defender 2/5, both lost 1/5. The fighters survive only with the
    carrier: 2 x 2/5 = 4/5 expected; the defender loses 36 x 3/5 = 108/5 IPCs."""
    from engine_core.odds import cargo
    r = cargo.odds(ED, "sea", {"destroyer": 1}, {"aircraft_carrier": 1},
                   cargo={"defender": {"fighter": 2}}, damaged={"defender": {"aircraft_carrier": 1}})
    assert abs(r["attacker_wins"] - 0.4) < EPS and abs(r["defender_wins"] - 0.4) < EPS
    assert abs(r["defender_cargo"]["fighter"] - 0.8) < EPS
    assert abs(r["defender_ipc_lost"] - 108.0 / 5) < EPS


def test_damaged_carrier_planes_cannot_defend():
    """P40-U-55: the planes aboard a damaged carrier cannot defend (they are cargo); LHTR-U-50:
    LHTR repairs battleships after every combat, so no Revised battle starts with one damaged."""
    from engine_core.errors import RuleError
    for ed, spec, rule in ((ED, ({"aircraft_carrier": 1, "fighter": 2},
                                 {"defender_damaged": {"aircraft_carrier": 1}}), "P40-U-55"),
                           ("revised_lhtr", ({"battleship": 1},
                                             {"defender_damaged": {"battleship": 1}}), "LHTR-U-50")):
        try:
            Battle(ed, "sea", {"destroyer": 1}, spec[0], spec[1])
            assert False, ed
        except RuleError as e:
            assert e.rule == rule


def test_odds_refuse_what_the_battle_refuses_at_the_start():
    """P40-U-55: "If a damaged carrier is attacked, the aircraft aboard are cargo: they can't
    defend" -- the odds refused 2 defending fighters over a damaged carrier only when cargo was
    also given; now also without. LHTR-U-50: a battleship is repaired at the end of each combat,
    so none enters one damaged (rounds_done 0), while live odds in round 2 (rounds_done 1) keep
    its damage: LHTR destroyer (1/2) against the damaged battleship (2/3), simultaneous fire:
    attacker only 1/6, defender only 1/3, both 1/3, neither 1/6 -> attacker 1/5, draw 2/5."""
    from engine_core.errors import RuleError
    from engine_core.odds import cargo
    for ed, a, d, dmg, rule in (
            (ED, {"destroyer": 1}, {"aircraft_carrier": 1, "fighter": 2}, {"aircraft_carrier": 1},
             "P40-U-55"),
            ("revised_lhtr", {"destroyer": 1}, {"battleship": 1}, {"battleship": 1}, "LHTR-U-50")):
        try:
            cargo.odds(ed, "sea", a, d, damaged={"defender": dmg})
            assert False, ed
        except RuleError as e:
            assert e.rule == rule
    r = cargo.odds("revised_lhtr", "sea", {"destroyer": 1}, {"battleship": 1},
                   damaged={"defender": {"battleship": 1}}, rounds_done=1)
    assert abs(r["attacker_wins"] - 0.2) < EPS and abs(r["draw"] - 0.4) < EPS


# ----- found looking for the same kinds of gap: strikes and drops where the rules allow none

def test_options_of_another_kind_of_battle_refused():
    """P40-C-31 ("These strikes can be made only in sea zones"), P40-C-20 (scrambled planes
    go "into an adjacent sea zone that is under attack"), P40-C-60 (bombardment is step 2 of an
    amphibious assault) and P40-R-13 (paratroopers go to "an enemy-controlled territory" that
    "must also be under attack by your land units from adjacent territories and/or by
    amphibious assault"): a land battle given kamikaze tokens, scrambled fighters or a
    bombarding battleship, a sea battle given paratroopers, and 2 infantry that are both
    paratroopers were all taken and the extra silently ignored; now each is refused by its
    rule. With a tank attacking beside them the 2 paratroopers fight: their 1, 1 hit, the
    defending infantry's 6 misses, the attacker takes the territory with all three."""
    from engine_core.errors import RuleError
    inf = {"infantry": 1}
    for kind, a, opts, rule in (("land", inf, {"kamikaze": 1}, "P40-C-31"),
                                ("land", inf, {"scramble": {"fighter": 1}}, "P40-C-20"),
                                ("land", inf, {"bombard": {"battleship": 1}}, "P40-C-60"),
                                ("sea", {"destroyer": 1}, {"paratroopers": 1}, "P40-R-13"),
                                ("land", {"infantry": 2}, {"paratroopers": 2}, "P40-R-13")):
        try:
            Battle(ED, kind, a, {"destroyer": 1} if kind == "sea" else inf, opts)
            assert False, opts
        except RuleError as e:
            assert e.rule == rule, (opts, e.rule)
    b = Battle(ED, "land", {"infantry": 2, "tank": 1}, inf, {"paratroopers": 2})
    d = FixedDice([1, 1, 6])
    _finish(b, d)
    assert d.remaining() == 0 and b.result["outcome"] == O_ATTACKER_WON and b.result["captured"]
    assert _named(b, b.result["survivors"][0]) == {"infantry": 2, "tank": 1}
