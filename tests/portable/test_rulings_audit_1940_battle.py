# Pacific 1940 / Global 1940 battles: rules an independent audit found wrong (issue 16), worked
# by hand from ../shared/seeds/pacific-1940-rulebook.txt. (Ledger rulings: test_rulings_audit_1940.)
from engine_core.battle.steps import Battle
from engine_core.battle.base import O_ATTACKER_WON
from engine_core.odds.exact import odds
from engine_core.dice import FixedDice
from portable_helpers import _named, _rolls, _finish

ED = "pacific_1940"
EPS = 1e-9


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
